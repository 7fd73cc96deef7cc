"""What a match waits for (a pending decision and the seats that make it), the actions that answer it,
and the events applying one produces. Small immutable values: the one vocabulary of every driver."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .deal import Deal
from .fairness import FairDeal
from .hand import HandEnd, HandOutcome
from .moves import Move
from .tiles import Tile


class HandResult(NamedTuple):
    """How a hand ended and what it did to the scores: the hand summary."""

    hand_index: int
    seed: int | None
    leader: int
    end: HandEnd
    winner_seat: int | None
    winner_side: int | None
    points: int  # to the winning side, bonuses included; 0 when nobody won or on a six-love reply
    bonus: tuple[str, ...]
    reset: bool
    end_points: tuple[int, ...]
    pips: tuple[int, ...]
    remaining: tuple[tuple[Tile, ...], ...]
    scores: tuple[int, ...]  # per side after this hand

    def side_points(self) -> tuple[int, ...]:
        """What each side took from the hand: its end points, plus the hand's points to the winning side."""
        gains = list(self.end_points) + [0] * (len(self.scores) - len(self.end_points))
        if self.winner_side is not None:
            gains[self.winner_side] += self.points
        return tuple(gains)

    def as_json(self) -> dict[str, object]:
        return {
            "end": self.end.value,
            "winner_seat": self.winner_seat,
            "winner_side": self.winner_side,
            "points": self.points,
            "bonus": list(self.bonus),
            "reset": self.reset,
            "end_points": list(self.end_points),
            "pips": list(self.pips),
        }


# ---- pending decisions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextHand:
    """The next hand (or, after `redeal_by` asked for it, this hand again) is to be dealt: the table seals it
    (`Seal`), deals a finished deal again (`DealAgain`) or deals from a seed or a record (`DealHand`)."""

    hand_index: int
    redeal_by: int | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class CutDeck:
    """The coming deal is sealed (its `fingerprint` shown) and waits for its cuts: one from each of `seats`,
    or, when `seats` is empty, one from the table (the person at the screen, or the clock)."""

    hand_index: int
    fingerprint: str
    seats: tuple[int, ...]
    redeal_by: int | None = None


@dataclass(frozen=True, slots=True)
class RedealOffer:
    """`seat` was dealt enough doubles to ask for the whole table to be dealt again."""

    seat: int
    doubles: int

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class ChooseLeader:
    """A side picks which of its seats leads the hand; any of them may answer."""

    seats: tuple[int, ...]
    pose: Tile | None = None  # the tile the rules make the leader pose, if any


@dataclass(frozen=True, slots=True)
class PlayTurn:
    """`seat` must play, draw or pass: one of `moves`."""

    seat: int
    moves: tuple[Move, ...]

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class ClaimWindow:
    """`seat`'s last play scored `points`, which are theirs only if they claim them (or let them go)."""

    seat: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class MugginsWindow:
    """`owner` left `points` unclaimed: any of `seats` (opponents who have not let them go) may take them."""

    seats: tuple[int, ...]
    owner: int
    points: int


@dataclass(frozen=True, slots=True)
class MatchOver:
    winner: int  # the winning side

    @property
    def seats(self) -> tuple[int, ...]:
        return ()


Pending = NextHand | CutDeck | RedealOffer | ChooseLeader | PlayTurn | ClaimWindow | MugginsWindow | MatchOver

# ---- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealHand:
    """Deal the next hand unsealed: from the match's seeded shuffle, from a given deal seed, or a recorded deal
    (`deal`, then `leader` is the seat the record names, or None for the rules' leader; `proof` is the fair
    deal's proof the record keeps, `chosen` that a person chose the deal rather than chance)."""

    seed: int | None = None
    deal: Deal | None = None
    leader: int | None = None
    proof: FairDeal | None = None
    chosen: bool = False
    from_shuffle: bool = False  # the recorded deal came from the match's shuffle: draw it again to stay in step
    free_lead: bool = False  # `leader` leads it as after a won hand (any tile), not under the first-hand rule


@dataclass(frozen=True, slots=True)
class Seal:
    """Seal the coming deal with `commitment` (its fingerprint is shown, its seed kept secret); then each of
    `cutters` cuts it, in seat order (none: the table cuts it once)."""

    commitment: FairDeal
    cutters: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Cut:
    """A cut of the sealed deal: bytes mixed into the shuffle after the seal (at most 64)."""

    material: bytes


@dataclass(frozen=True, slots=True)
class DealAgain:
    """Deal a finished deal again from its proof (its seed and cuts, so the same tiles): a deal a person
    chose, not chance's, so deal luck leaves it out."""

    proof: FairDeal


@dataclass(frozen=True, slots=True)
class AnswerRedeal:
    redeal: bool


@dataclass(frozen=True, slots=True)
class Lead:
    seat: int  # the seat that leads


@dataclass(frozen=True, slots=True)
class LetGo:
    """The seat lets the unclaimed points go (does not claim, or does not call Muggins)."""


@dataclass(frozen=True, slots=True)
class PlayedOut:
    """The hand in play, played to its end by random players in the playout kernel (a simulation): its
    outcome stands for its moves, which are not kept."""

    outcome: HandOutcome


Action = DealHand | Seal | Cut | DealAgain | AnswerRedeal | Lead | LetGo | Move | PlayedOut

# ---- events: what applying an action did ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sealed:
    hand_index: int
    fingerprint: str


@dataclass(frozen=True, slots=True)
class CutBy:
    seat: int | None  # None: the table's one cut


@dataclass(frozen=True, slots=True)
class RedealAnswered:
    seat: int
    redeal: bool  # True: the table is dealt again (sealed and cut like any deal); False: play goes on


@dataclass(frozen=True, slots=True)
class Dealt:
    hand_index: int
    redeal_by: int | None = None  # the seat whose redeal request dealt this hand again


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand_index: int
    leader: int


@dataclass(frozen=True, slots=True)
class Moved:
    seat: int
    move: Move
    gains: tuple[int, ...]  # end points each side took by this move


@dataclass(frozen=True, slots=True)
class LetGoBy:
    seat: int


@dataclass(frozen=True, slots=True)
class HandScored:
    result: HandResult


@dataclass(frozen=True, slots=True)
class MatchWon:
    winner: int


Event = Sealed | CutBy | RedealAnswered | Dealt | HandStarted | Moved | LetGoBy | HandScored | MatchWon
