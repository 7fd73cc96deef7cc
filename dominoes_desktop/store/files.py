"""Keeping the data folder tidy: bad files moved aside, stale temporary files removed. The bounded readers
live in engine/inputs.py (the command-line tools use them too) and are re-exported here for the store."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from ..engine.inputs import (
    INT_MAX_STR_DIGITS,
    MAX_DIGITS,
    FileRefused,
    limit_int_conversion,
    parse_json,
    read_bounded,
    whole_number,
)

__all__ = [
    "INT_MAX_STR_DIGITS",
    "MAX_DIGITS",
    "FileRefused",
    "clean_stale_temporaries",
    "limit_int_conversion",
    "move_aside",
    "parse_json",
    "read_bounded",
    "whole_number",
]


def move_aside(path: Path, reason: str = "damaged") -> Path | None:
    """Rename a bad file (or folder, pipe, link) beside itself, never over another; None if it cannot be."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem, suffix = (path.stem, path.suffix) if path.suffix else (path.name, "")
    aside = path.with_name(f"{stem}.{reason}-{stamp}{suffix}")
    n = 1
    while os.path.lexists(aside):
        aside = path.with_name(f"{stem}.{reason}-{stamp}-{n}{suffix}")
        n += 1
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


# `write_atomically` names its temporary files ".NAME.PID.tmp"; one left behind means the write never finished.
_TEMPORARY = re.compile(r"^\..+\.(\d+)\.tmp$")


def clean_stale_temporaries(folder: Path, own_pid: int | None = None) -> list[str]:
    """Remove the temporary files interrupted writes left in the data folder. Call it holding the folder's
    lock, so no other copy of the game is writing there; the files of this process are kept. Returns the
    names removed."""
    own = os.getpid() if own_pid is None else own_pid
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = _TEMPORARY.match(entry.name)
        if found is None or int(found.group(1)[:12]) == own:
            continue
        try:
            if entry.is_file(follow_symlinks=False) or entry.is_symlink():
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue
    return removed
