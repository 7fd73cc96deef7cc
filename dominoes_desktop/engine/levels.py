"""The CPU levels' names: the one list of them, weakest first, the order every list of them shows.

A module of its own, with no imports, so the lobby and the settings can name the levels without loading the
CPU players (and the engine under them) before the window's first paint (issue 31 item 7); engine.cpu
re-exports them.
"""

from __future__ import annotations

# "random" is for tests and bots; a table offers the others.
LEVELS = ("random", "easy", "medium", "hard", "expert")
TABLE_LEVELS = LEVELS[1:]  # the levels a person picks at a table (the lobby, settings, rooms' CPU seats)
DEFAULT_LEVEL = "medium"  # a table's CPUs until the person picks
