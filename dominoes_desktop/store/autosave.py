"""The match in progress, saved after every move so nothing is lost when the laptop dies.

Each save is written to a temporary file, flushed and synced, then renamed over the current save, so
the current file is always a complete save; the previous generation is kept beside it. A damaged save
is never overwritten or deleted: it is moved aside, reported, and the previous generation is used.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .matchfile import MatchFileError, SavedMatch, loads

CURRENT = "autosave.domino"
PREVIOUS = "autosave.previous.domino"
FINISHED = "last-match.domino"


@dataclass(frozen=True)
class Loaded:
    saved: SavedMatch | None
    message: str = ""  # for the player when something had to be recovered


def _sync_folder(folder: Path) -> None:
    if os.name == "posix":
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that `path` is at every instant either the old or the new content."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    pause = os.environ.get("DOMINOES_DESKTOP_SAVE_PAUSE_MS")  # lets a test kill the game mid-write
    if pause:
        time.sleep(int(pause) / 1000)
    os.replace(temporary, path)
    _sync_folder(path.parent)


class Autosave:
    """The autosave files in the game's data folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.current = folder / CURRENT
        self.previous = folder / PREVIOUS

    def save(self, data: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.current.exists():
            # Keep the last good generation: copy it aside (atomically) before the new save replaces it.
            staging = self.previous.with_name(f".{PREVIOUS}.{os.getpid()}.tmp")
            shutil.copyfile(self.current, staging)
            os.replace(staging, self.previous)
        write_atomically(self.current, json.dumps(data))

    def finish(self) -> None:
        """The match is over: keep it as the last match, so the next start offers no resume (and drop
        the previous generation, an unfinished copy of the same match)."""
        if self.current.exists():
            os.replace(self.current, self.folder / FINISHED)
        self.previous.unlink(missing_ok=True)

    def _quarantine(self, path: Path) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
        n = 1
        while aside.exists():
            aside = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
            n += 1
        os.replace(path, aside)
        return aside

    def load(self) -> Loaded:
        """The unfinished match, if any; a damaged save falls back to the previous generation."""
        problems = []
        for path in (self.current, self.previous):
            if not path.exists():
                continue
            try:
                saved = loads(path.read_bytes())
            except (MatchFileError, OSError) as exc:
                aside = self._quarantine(path)
                problems.append(f"the save {path.name} is damaged ({exc}); it was kept as {aside.name}")
                continue
            message = "; ".join(problems)
            if problems:
                message += ". The previous save was used instead."
            return Loaded(saved if not saved.match.is_over else None, message)
        return Loaded(None, "; ".join(problems) + ("." if problems else ""))
