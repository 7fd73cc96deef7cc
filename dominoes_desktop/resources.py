"""Where the game's bundled files (themes, flags, translations) live, installed, frozen or from source."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache  # found once: resolving the path asks the disk for each of its folders, and the lobby asks for it 9 times
def resources_dir() -> Path:
    here = Path(__file__).resolve().parent
    candidates = [
        here / "data",  # installed: pyproject maps resources/ into the package as data/
        here.parent / "resources",  # running from the source tree
    ]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.insert(0, Path(frozen) / "resources")
    for candidate in candidates:
        if (candidate / "themes").is_dir():
            return candidate
    return candidates[-1]
