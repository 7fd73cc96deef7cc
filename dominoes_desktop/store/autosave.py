"""The match in progress, saved after every move so nothing is lost when the laptop dies.

Each save is written to a temporary file, flushed and synced, then renamed over the current save, so
the current file is always a complete save; the previous generation is kept beside it. A damaged save
is never overwritten or deleted: it is moved aside, reported, and the previous generation is used. One
that cannot be moved (a read-only folder) is left alone, named to the player, and never copied over the
previous generation.
"""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import FileRefused, move_aside, parse_json, read_bounded
from .matchfile import MAX_BYTES, MatchFileError, SavedMatch, loads

CURRENT = "autosave.domino"
PREVIOUS = "autosave.previous.domino"
FINISHED = "last-match.domino"


@dataclass(frozen=True)
class Damaged:
    """A save that could not be read: its name, why (for the log), and the name it was kept as ("" when it
    could not be moved aside and was ignored)."""

    name: str
    reason: str
    kept_as: str = ""


@dataclass(frozen=True)
class Loaded:
    saved: SavedMatch | None
    message: str = ""  # for the log, one sentence, when something had to be recovered
    damaged: tuple[Damaged, ...] = ()  # the same in parts, for the player's sentence in their language
    fell_back: bool = False  # the previous save was used in place of a damaged one


def _sync_folder(folder: Path) -> None:
    if os.name == "posix":
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def temporary_name(path: Path) -> Path:
    """Where `write_atomically` stages `path` (files.clean_stale_temporaries knows this pattern)."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def write_atomically(path: Path, text: str | bytes, *, sync: bool = True) -> None:
    """Write `text` to `path` so that `path` is at every instant either the old or the new content."""
    temporary = temporary_name(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        pause = os.environ.get("DOMINOES_DESKTOP_SAVE_PAUSE_MS", "")  # lets a test kill the game mid-write
        if pause.isdigit() and len(pause) < 7:
            time.sleep(int(pause) / 1000)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    if sync:
        _sync_folder(path.parent)


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _sentence(problems: list[str], tail: str = "") -> str:
    text = "; ".join(problems) + tail
    return (text[:1].upper() + text[1:] + ".") if text else ""


def persons_save(folder: Path) -> Path | None:
    """The first save in `folder` of a match a person plays or played (the autosave, its previous generation,
    the last match), or None when there is none: what a demonstration (--watch, --screenshot) must never
    write over. A save that cannot be read counts as a person's: it may be, and it is theirs to recover."""
    for name in (CURRENT, PREVIOUS, FINISHED):
        path = folder / name
        if not _is_regular(path):
            continue  # a pipe or a link is no save: the store moves it aside, and nobody's match is in it
        try:
            data = parse_json(read_bounded(path, MAX_BYTES))
        except FileRefused:
            return path
        if not isinstance(data, dict):
            return path
        duplicate = data.get("duplicate")
        line_ups = [data.get("seats")] + ([duplicate.get("line_up")] if isinstance(duplicate, dict) else [])
        for seats in line_ups:  # a person's seat, or seats that cannot be told apart: theirs
            if not isinstance(seats, list) or any(
                not isinstance(s, dict) or s.get("human") is not False for s in seats
            ):
                return path
    return None


class Autosave:
    """The autosave files in the game's data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.current = folder / CURRENT
        self.previous = folder / PREVIOUS
        self._unusable: set[Path] = set()  # damaged saves that could not be moved aside

    def save(self, data: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self._keep_previous()
        write_atomically(self.current, json.dumps(data))
        self._unusable.discard(self.current)

    def _keep_previous(self) -> None:
        """Keep the last good generation: copy the current save aside (atomically) before the new save
        replaces it; never a damaged one, nor anything but a regular file of a save's size."""
        if self.current in self._unusable or not _is_regular(self.current):
            return
        try:
            data = read_bounded(self.current, MAX_BYTES)
        except FileRefused:
            return
        write_atomically(self.previous, data, sync=False)

    def finish(self) -> None:
        """The match is over: keep it as the last match, so the next start offers no resume (and drop
        the previous generation, an unfinished copy of the same match)."""
        if _is_regular(self.current):
            os.replace(self.current, self.folder / FINISHED)
        self.previous.unlink(missing_ok=True)

    def load(self) -> Loaded:
        """The unfinished match, if any; a damaged save falls back to the previous generation."""
        problems = []
        damaged: list[Damaged] = []
        for path in (self.current, self.previous):
            if not os.path.lexists(path):
                continue
            try:
                saved = loads(read_bounded(path, MAX_BYTES))
            except (MatchFileError, FileRefused) as exc:
                reason = " ".join(str(exc).split())[:300]
                aside = move_aside(path)
                damaged.append(Damaged(path.name, reason, aside.name if aside is not None else ""))
                if aside is not None:
                    problems.append(f"the save {path.name} is damaged ({reason}); it was kept as {aside.name}")
                else:
                    self._unusable.add(path)
                    problems.append(
                        f"the save {path.name} is damaged ({reason}) and could not be moved aside, so it was ignored"
                    )
                continue
            tail = ", and the previous save was used instead" if problems else ""
            return Loaded(
                saved if not saved.is_over else None, _sentence(problems, tail), tuple(damaged), bool(problems)
            )
        return Loaded(None, _sentence(problems), tuple(damaged))
