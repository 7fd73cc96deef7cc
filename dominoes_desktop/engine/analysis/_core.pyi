# Types of the compiled search core (_core.c); see core.py.
from collections.abc import Callable, Sequence

from ..hand import Hand, HandEnd, HandOutcome
from ..rules import EndScoring, Style
from ..tiles import Tile

MAX_TILES: int
MAX_PLAYERS: int

class LineSearch:
    def __init__(
        self,
        n: int,
        players: int,
        teams: Sequence[int],
        signs: Sequence[int],
        suit: Sequence[int],
        high: Sequence[int],
        low: Sequence[int],
        stock: Sequence[int],
        draws: bool,
        draws_again: bool,
        keep_in_stock: int,
        counting: bool,
        threes: bool,
        leader: int,
        scoring: int,
        blocked: int,
        capicua_bonus: int,
        key_bone_bonus: int,
        max_entries: int,
        layout: int = 0,
        /,
    ) -> None: ...
    def search(
        self,
        hands: Sequence[int],
        stock_at: int,
        turn: int,
        left: int,
        ld: bool,
        right: int,
        rd: bool,
        alpha: int,
        beta: int,
        sleeping: int,
        nodes: int,
        budget: int,
        /,
    ) -> tuple[int | None, int]: ...
    def search_arms(
        self,
        hands: Sequence[int],
        stock_at: int,
        turn: int,
        counts: Sequence[int],
        unstarted: int,
        pose_end: int,
        alpha: int,
        beta: int,
        nodes: int,
        budget: int,
        /,
    ) -> tuple[int | None, int]: ...
    def entries(self) -> int: ...
    def blocked_value(self, hands: Sequence[int], /) -> int: ...

class Playout:
    def __init__(
        self,
        tiles: tuple[Tile, ...],
        high: Sequence[int],
        low: Sequence[int],
        suit: Sequence[int],
        outcome: type[HandOutcome],
        domino: HandEnd,
        blocked: HandEnd,
        style_block: Style,
        style_draw: Style,
        style_fives_draw: Style,
        end_none: EndScoring,
        end_threes: EndScoring,
        fallback: Callable[[Hand, Callable[[], float], float | None], HandOutcome],
        placement_tile: int,
        /,
    ) -> None: ...
    def run(self, hand: Hand, rnd: Callable[[], float], noise: float | None, /) -> HandOutcome: ...
