"""Which search core runs: the compiled one (`_core`, built from _core.c when a C compiler was there at
install) or the pure-Python one, chosen once at import, with no switch.

The compiled core plays line games of sets with at most 64 tiles (double-9 and smaller; double-12 has 91)
and at most six seats, and searches cross and spinner games of sets up to double-12 (two 64-bit words a
hand past double-9); the solver and the kernel send anything else to their pure-Python code. Both give the
same values (tests/engine/test_search_core.py compares them on thousands of positions).

`python -m dominoes_desktop --version` says which one is in use ("search core: compiled").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import BlockedRule, LayoutKind, Rules, Scoring

if TYPE_CHECKING:
    from ._core import LineSearch, Playout

CompiledSearch: type[LineSearch] | None
CompiledPlayout: type[Playout] | None
try:
    from ._core import LineSearch as _LineSearch
    from ._core import Playout as _Playout

    CompiledSearch, CompiledPlayout = _LineSearch, _Playout
except ImportError:  # no compiler at install: the pure-Python path
    CompiledSearch = CompiledPlayout = None

# The rules' codes as _core.c numbers them.
SCORING_CODES = {
    Scoring.ONE_PER_HAND: 0,
    Scoring.OPPONENTS_PIPS: 1,
    Scoring.ALL_PIPS: 2,
    Scoring.PORCH: 3,
    Scoring.PORCH_FIVES: 4,
}
BLOCKED_CODES = {BlockedRule.LOWEST_PLAYER: 0, BlockedRule.LOWEST_SIDE: 1, BlockedRule.LOWEST_SIDE_STARTER_TIES: 2}
LAYOUT_CODES = {LayoutKind.LINE: 0, LayoutKind.CROSS: 1, LayoutKind.SPINNERS: 2}
MAX_TILES = 64  # one 64-bit mask a seat
MAX_WIDE_TILES = 128  # two 64-bit words a seat: the cross and spinner search of bigger sets
MAX_PLAYERS = 6
MAX_ARM_NUMBERS = 13  # the cross and spinner search keys each number's open ends in 4 bits of one word (up to
# double-12: a number shows on at most 4 + 12 ends, 16 only once all its tiles are down, kept there as 15)


def core_name() -> str:
    """What `--version` reports."""
    return "compiled" if CompiledSearch is not None else "pure Python"


def fits(tiles: int, players: int) -> bool:
    """Whether the compiled core is built and holds a set of `tiles` tiles and `players` seats."""
    return CompiledSearch is not None and tiles <= MAX_TILES and players <= MAX_PLAYERS


def solver_fits(rules: Rules, tiles: int) -> bool:
    """Whether the compiled solver can search these rules (its scoring is the C copy of scoring.py's)."""
    return fits(tiles, rules.players) and rules.scoring in SCORING_CODES and rules.blocked in BLOCKED_CODES


def arms_fit(rules: Rules, tiles: int) -> bool:
    """Whether the compiled cross and spinner search holds these rules (`solver.supports_arms` ones): sets up to
    double-12 (`MAX_ARM_NUMBERS`), of at most `MAX_WIDE_TILES` tiles."""
    return (
        CompiledSearch is not None
        and tiles <= MAX_WIDE_TILES
        and rules.players <= MAX_PLAYERS
        and rules.scoring in SCORING_CODES
        and rules.blocked in BLOCKED_CODES
        and rules.set_top + 1 <= MAX_ARM_NUMBERS
        and rules.layout in LAYOUT_CODES
    )
