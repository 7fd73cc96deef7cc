"""The rule object: every parameter of the rule book as data, one frozen value per match."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from .errors import RulesError
from .tiles import Tile


class Style(StrEnum):
    BLOCK = "block"  # pass when stuck; undealt tiles sleep
    DRAW = "draw"  # draw until a tile plays or the stock is empty
    ALL_FIVES_DRAW = "all_fives_draw"  # draw one tile and the turn ends; the last two sleep


class LayoutKind(StrEnum):
    LINE = "line"
    CROSS = "cross"  # a double pose opens four arms that must all be started first
    SPINNERS = "spinners"  # as cross, and every later double adds two branches


class Opening(StrEnum):
    HIGHEST_DOUBLE_MUST = "highest_double_must"
    HIGHEST_DOUBLE_ANY = "highest_double_any"
    RANDOM_TEAM_ANY = "random_team_any"
    HIGHEST_DOUBLE_REDEAL = "highest_double_redeal"
    HIGHEST_DOUBLE_ANY_REDEAL = "highest_double_any_redeal"

    @property
    def redeals_without_double(self) -> bool:
        return self in (Opening.HIGHEST_DOUBLE_REDEAL, Opening.HIGHEST_DOUBLE_ANY_REDEAL)

    @property
    def must_pose_double(self) -> bool:
        return self in (Opening.HIGHEST_DOUBLE_MUST, Opening.HIGHEST_DOUBLE_REDEAL)


class AfterWin(StrEnum):
    WINNING_TEAM_CHOICE = "winning_team_choice"
    WINNER = "winner"
    FIRST_HAND_RULE = "first_hand_rule"  # the opening rule applies to every hand


class AfterNoWinner(StrEnum):
    FIRST_HAND_RULE = "first_hand_rule"
    ROTATE = "rotate"


class BlockedRule(StrEnum):
    LOWEST_PLAYER = "lowest_player"
    LOWEST_SIDE = "lowest_side"
    LOWEST_SIDE_STARTER_TIES = "lowest_side_starter_ties"


class Scoring(StrEnum):
    ONE_PER_HAND = "one_per_hand"
    OPPONENTS_PIPS = "opponents_pips"
    ALL_PIPS = "all_pips"
    PORCH = "porch"
    PORCH_FIVES = "porch_fives"

    @property
    def counts_hands(self) -> bool:
        return self is Scoring.ONE_PER_HAND


class EndScoring(StrEnum):
    NONE = "none"
    FIVES = "fives"
    FIVES_AND_THREES = "fives_and_threes"

    def points(self, total: int) -> int:
        """What an open-ends total scores under this rule."""
        if total <= 0 or self is EndScoring.NONE:
            return 0
        if total % 5 == 0 or (self is EndScoring.FIVES_AND_THREES and total % 3 == 0):
            return total
        return 0


@cache
def _seats_by_side(teams: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(s for s, t in enumerate(teams) if t == side) for side in range(max(teams) + 1))


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that decides how a match is played. Presets are instances; host options make new ones."""

    preset: str
    name: str
    set_top: int
    players: int
    teams: tuple[int, ...]  # side of each seat: (0, 1, 0, 1) with partners, who always sit opposite; else 0..P-1
    hand_size: int
    style: Style
    layout: LayoutKind
    opening: Opening
    after_win: AfterWin
    after_no_winner: AfterNoWinner
    blocked: BlockedRule
    scoring: Scoring
    target: int
    end_scoring: EndScoring = EndScoring.NONE
    claims: bool = False
    capicua_bonus: int = 0
    key_bone_bonus: int = 0
    six_love_reset: bool = False
    cutthroat_reset: bool = False
    target_needs_zero_opponent: bool = False
    single_round: bool = False
    redeal_doubles: int = 0  # a seat dealt this many doubles may ask for a redeal; 0 = never
    removed_tiles: tuple[Tile, ...] = ()
    customised: tuple[str, ...] = field(default=())  # host options changed from the preset
    sides: int = field(init=False, repr=False, compare=False)  # from `teams`; kept, as scoring asks every hand

    def __post_init__(self) -> None:
        # RULES.md §9b: partners sit opposite so that turns alternate sides; no other pairing of seats exists.
        if self.teams not in ((0, 1, 0, 1), tuple(range(self.players))):
            raise RulesError(f"seats {self.teams} cannot be sides: partners sit opposite, (0, 1, 0, 1) at 4 players")
        object.__setattr__(self, "sides", max(self.teams) + 1)  # frozen: the one way to fill a derived field

    @property
    def partners(self) -> bool:
        return self.sides < self.players

    def side_of(self, seat: int) -> int:
        return self.teams[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        return _seats_by_side(self.teams)[side]
