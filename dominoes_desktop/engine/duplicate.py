"""A duplicate match: every deal is played once per side, the line-up moved round the table each time, so
the person's score can be set against the CPUs' on the very same cards and the luck of the deal drops out.

The plan
- A fixed list of deals, each sealed before it is first dealt (engine/fairness.py: a commitment to a secret
  seed, the cut taken when the deal first comes to the table, the seed revealed afterwards). Every play of a
  deal deals from that same proof, so the same tiles reach the same seats in the same stock order.
- The line-up is the seats as the lobby filled them for the first play; entry `e` of it sits at seat
  `(e + rotation) % players` in a deal's play number `rotation` (0, 1, ..., sides - 1). With two players the
  two swap; with partners everyone moves one seat on, so the person's side takes the other side's seats; with
  three or more sides every player holds every seat's cards once (a cutthroat deal is played three times).
- Order of play: every deal once in the first rotation, then every deal again in the next, and so on, so the
  person meets a deal again only after all the others (less to remember of it) and never two plays of a deal
  back to back.
- Moving on to the next play is a decision of the same loop: once the play at the table has scored its hand,
  the duplicate match waits for `NextPlay` (`pending()`), answered by `PlayNext` (`apply()`: the cut of the
  next play's deal when it deals it for the first time), which sets the next play at the table (`PlaySet`).
- Each play is a match of its own (`Match`, driven through `pending()` / `apply()` like any other), with the
  same seed for every play of a deal: it deals from the proof, the first-hand rule picks the leader (no
  winner-leads carry-over: plays are independent) and a side drawn at random is drawn the same each time. A
  redeal would give one play other tiles than the next, so duplicate rules never offer one. Only the play's
  first hand counts; a target the match may reach in that hand is ignored.

Scoring
A play's points for a side are what it took in that hand: end points plus the hand's points (hand-count
presets: 1 a won hand, plus any key bone). For each deal and each side's seats ("cards"), the person's
listed side scored X there, and every other listed side scored there in its own play. The person's total is
all their side made; the CPUs' figure on the same cards is the mean of the other listed sides (with two
sides, simply the other side's points). The margin is the first minus the second.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from .cases import CaseError, play_hand
from .deal import Deal
from .decisions import Action, DealAgain, Event, Pending, Seal
from .errors import IllegalMove
from .fairness import SALT_BYTES, SEED_BITS, FairDeal, fingerprint
from .hand import Hand
from .match import HandResult, Match
from .record import Entry, Record, RecordError
from .rules import Rules

MAX_DEALS = 12  # the longest match the lobby offers (lobby_page.DEAL_COUNTS): what a saved file holds


@dataclass(frozen=True, slots=True)
class NextPlay:
    """The play at the table has scored its hand: play `index` waits to be set at the table. `sealed`: the
    commitment of its deal when it deals it for the first time (the answer's cut cuts it), else None."""

    index: int
    sealed: FairDeal | None

    @property
    def seats(self) -> tuple[int, ...]:
        return ()  # the table's decision (the person's "Next play", or the clock)


@dataclass(frozen=True, slots=True)
class PlayNext:
    """The answer to NextPlay: set the next play at the table. `cut`: its deal's cut, when it is sealed."""

    cut: bytes | None = None


@dataclass(frozen=True, slots=True)
class PlaySet:
    """Play `index` is at the table, each seat holding the line-up entry `line_up[seat]`."""

    index: int
    line_up: tuple[int, ...]


DuplicatePending = Pending | NextPlay
DuplicateAction = Action | PlayNext
DuplicateEvent = Event | PlaySet


class DuplicateError(ValueError):
    """A duplicate match that cannot be rebuilt as recorded (a saved file that does not add up)."""


def duplicate_rules(rules: Rules) -> Rules:
    """The rules every play uses: as the lobby set them, without the redeal (both plays need the same tiles)."""
    return replace(rules, redeal_doubles=0) if rules.redeal_doubles else rules


def seat_of(entry: int, rotation: int, players: int) -> int:
    """The seat line-up entry `entry` takes in play number `rotation` of a deal."""
    return (entry + rotation) % players


def entry_at(seat: int, rotation: int, players: int) -> int:
    """The line-up entry sitting at `seat` in play number `rotation`."""
    return (seat - rotation) % players


def seeded_commitments(count: int, seed: int) -> tuple[FairDeal, ...]:
    """Commitments drawn from `seed` instead of the system's secrets: for tests and screenshots, which must
    deal the same every time."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        deal_seed = rng.getrandbits(SEED_BITS)
        salt = rng.getrandbits(8 * SALT_BYTES).to_bytes(SALT_BYTES, "little")
        found.append(FairDeal(deal_seed, salt, fingerprint(deal_seed, salt)))
    return tuple(found)


class Play(NamedTuple):
    deal: int  # index into the deals
    rotation: int  # 0: the line-up as the lobby seated it; r: everyone moved r seats on


@dataclass(frozen=True)
class PlayRecord:
    """A finished play: the deal as dealt, the hand played on it, and its result."""

    play: Play
    dealt: Deal
    hand: Hand
    result: HandResult
    practice: bool = False  # a move was taken back in it
    match: Match | None = None  # the play's own match, for what reads whole matches (the statistics)


@dataclass(frozen=True)
class DealScore:
    """One deal in the results: per side's cards (in first-play seats), the person's side's points and the
    CPUs' mean on the same cards; None where that play has not been played yet."""

    deal: int
    yours: tuple[int | None, ...]
    cpus: tuple[Fraction | None, ...]

    @property
    def complete(self) -> bool:
        return all(v is not None for v in self.yours) and all(v is not None for v in self.cpus)

    @property
    def your_total(self) -> int:
        return sum(v for v in self.yours if v is not None)

    @property
    def cpu_total(self) -> Fraction:
        return sum((v for v in self.cpus if v is not None), Fraction(0))

    @property
    def margin(self) -> Fraction:
        return self.your_total - self.cpu_total


@dataclass(frozen=True)
class Summary:
    deals: tuple[DealScore, ...]
    listed_totals: tuple[int, ...]  # every listed side's points over all plays (each held every side's cards)

    @property
    def your_total(self) -> int:
        return sum(d.your_total for d in self.deals)

    @property
    def cpu_total(self) -> Fraction:
        return sum((d.cpu_total for d in self.deals), Fraction(0))

    @property
    def complete_deals(self) -> int:
        return sum(1 for d in self.deals if d.complete)

    @property
    def margin(self) -> Fraction:
        """Your points less the CPUs' on the deals played from every seat: a deal half played sets the person's
        side on some cards against the CPUs on others, which says nothing yet (at the match's end every deal
        counts, and this is your total less theirs)."""
        return sum((d.margin for d in self.deals if d.complete), Fraction(0))


class DuplicateMatch:
    """The plays of a duplicate match: those finished, and the one at the table (`match`).

    Drive `match` as any match, through `pending()` and `apply()`; once it has scored its hand
    (`play_over`), `next_play()` sets the next play at the table. `line_up` is the lobby's seats in order;
    the person's entry is `person`."""

    def __init__(self, rules: Rules, proofs: Sequence[FairDeal], seed: int, person: int = 0) -> None:
        if not proofs:
            raise ValueError("a duplicate match needs at least one deal")
        if not 0 <= person < rules.players:
            raise ValueError(f"there is no seat {person}")
        self.base_rules = rules  # as the lobby made them: what a saved file names
        self.rules = duplicate_rules(rules)
        self.proofs = list(proofs)  # a deal's cut is filled in when it is first dealt
        self.seed = seed
        self.person = person
        self.finished: list[PlayRecord] = []
        self.next_cut: bytes | None = None  # the cut the next play's sealed deal was given with PlayNext
        self.match = self._new_match()

    @staticmethod
    def create(rules: Rules, deals: int, seed: int, person: int = 0, *, sealed_by: int | None = None) -> DuplicateMatch:
        """A new duplicate match of `deals` deals, each committed to now with a secret seed (`sealed_by`: from
        that seed instead, so that tests deal the same every time)."""
        if not 1 <= deals <= MAX_DEALS:
            raise ValueError(f"a duplicate match has 1 to {MAX_DEALS} deals")
        proofs = (
            tuple(FairDeal.commit() for _ in range(deals))
            if sealed_by is None
            else seeded_commitments(deals, sealed_by)
        )
        return DuplicateMatch(rules, proofs, seed, person)

    # ---- where play stands ------------------------------------------------------------------------

    @property
    def deals(self) -> int:
        return len(self.proofs)

    @property
    def rotations(self) -> int:
        """Plays per deal: one per side, so that every side's cards are held once by every listed side."""
        return self.rules.sides

    @property
    def total_plays(self) -> int:
        return self.deals * self.rotations

    def play_at(self, index: int) -> Play:
        """The order of play: all deals in rotation 0, then all in rotation 1, ..."""
        return Play(index % self.deals, index // self.deals)

    @property
    def index(self) -> int:
        """The number of the play at the table, from 0."""
        return len(self.finished)

    @property
    def current(self) -> Play:
        return self.play_at(self.index)

    def play_seed(self, deal: int) -> int:
        """The seed of every play of `deal`: the same, so a side drawn at random is the same each time."""
        return (self.seed + 7919 * (deal + 1)) % 2**32

    @property
    def play_over(self) -> bool:
        """The play at the table has scored its hand."""
        return bool(self.match.results)

    @property
    def is_over(self) -> bool:
        return self.index == self.total_plays - 1 and self.play_over

    def seat_of_person(self, play: Play | None = None) -> int:
        return seat_of(self.person, (play or self.current).rotation, self.rules.players)

    def line_up_at(self, play: Play | None = None) -> tuple[int, ...]:
        """The line-up entry in each seat for a play (the one at the table by default)."""
        rotation = (play or self.current).rotation
        return tuple(entry_at(seat, rotation, self.rules.players) for seat in range(self.rules.players))

    def listed_side(self, seat: int, play: Play) -> int:
        """The line-up side of whoever sits at `seat` in `play` (the person's is their first-play side)."""
        return self.rules.side_of(entry_at(seat, play.rotation, self.rules.players))

    # ---- moving on -----------------------------------------------------------------------------------

    def _new_match(self) -> Match:
        return Match(self.rules, self.play_seed(self.current.deal))

    def deal_action(self) -> Seal | DealAgain:
        """How the play at the table is dealt, the answer to its match's first NextHand: the deal's first play
        seals it (it then waits for its cut, like any deal); a later play deals again from the first play's
        proof (the same seed and cuts, so the same tiles), not chance's deal a second time, so deal luck
        leaves it out (Match.chosen_deals)."""
        proof = self.proof(self.current.deal)
        return DealAgain(proof) if proof.cut_taken else Seal(proof)

    def proof(self, deal: int) -> FairDeal:
        """A deal's proof, with its cuts once it has been dealt (the play at the table holds it until it is kept)."""
        sealed = self.proofs[deal]
        taken = self.match.proofs.get(0)
        same = taken is not None and (taken.seed, taken.salt) == (sealed.seed, sealed.salt)
        return taken if taken is not None and same and not sealed.cut_taken and self.current.deal == deal else sealed

    def next_sealed(self) -> FairDeal | None:
        """The commitment of the next play's deal when that play deals it for the first time (it waits for its
        cut), or None: no next play, or it deals again a deal already cut."""
        if self.is_over or not self.play_over or self.index + 1 >= self.total_plays:
            return None
        sealed = self.proof(self.play_at(self.index + 1).deal)  # the play at the table may have just cut it
        return None if sealed.cut_taken else sealed

    def pending(self) -> DuplicatePending:
        """What the duplicate match waits for: the play at the table's decision, or, once it has scored its
        hand and a play is left, the next play."""
        if self.play_over and not self.is_over:
            return NextPlay(self.index + 1, self.next_sealed())
        return self.match.pending()

    def apply(self, seat: int | None, action: DuplicateAction) -> list[DuplicateEvent]:
        """Answer what `pending()` waits for: PlayNext sets the next play at the table (its cut kept in
        `next_cut` for the table to cut the deal with); anything else goes to the play at the table."""
        pending = self.pending()
        if isinstance(pending, NextPlay):
            if not isinstance(action, PlayNext) or seat is not None:
                raise IllegalMove(
                    "the play at the table is over: the next play is to be set at the table", code="next_play"
                )
            self.next_cut = action.cut if pending.sealed is not None else None
            self.next_play()
            return [PlaySet(self.index, self.line_up_at())]
        if isinstance(action, PlayNext):
            raise IllegalMove("the play at the table has not finished its hand", code="wrong_action")
        return list(self.match.apply(seat, action))

    def next_play(self) -> Match:
        """Keep the play just finished and set the next one at the table (not dealt yet: its first
        `pending()` is the deal)."""
        if not self.play_over:
            raise ValueError("the play at the table has not finished its hand")
        if self.is_over:
            raise ValueError("the duplicate match is over")
        self.finished.append(self._record(self.match))
        self.match = self._new_match()
        return self.match

    def _record(self, match: Match) -> PlayRecord:
        deal = self.current.deal
        proof = match.proofs.get(0)
        if proof is not None:
            self.proofs[deal] = proof  # the cut taken as it was first dealt
        dealt, hand = match.archive[0]
        return PlayRecord(self.current, dealt, hand, match.results[0], match.practice, match)

    def restore_play(self, leader: int, moves: Sequence[str], practice: bool = False) -> None:
        """Play the next play again from its record (a saved match read back): its tiles come from the deal's
        proof, never from the record, so a replayed play has the same cards as every other play of its deal."""
        play = self.current
        proof = self.proofs[play.deal]
        if not proof.cut_taken:
            raise DuplicateError(f"deal {play.deal + 1} was played, but its cut is missing")
        match = Match(self.rules, self.play_seed(play.deal), practice=practice)
        try:
            # A later play was dealt again from the first play's proof: chance's deal is counted once.
            play_hand(match, 0, proof.deal(self.rules), leader, list(moves), proof=proof, chosen=play.rotation > 0)
        except CaseError as exc:
            detail = str(exc).removeprefix("hand 0: ").removeprefix("hand 0, ")  # the play is one hand
            raise DuplicateError(f"play {self.index + 1} (deal {play.deal + 1}): {detail}") from None
        self.match = match
        self.next_play()

    def restore_record(self, actions: Sequence[Entry], practice: bool = False) -> None:
        """Play the next play again from its record (a saved match read back). Its tiles come from its deal's
        proof: the record must deal the play from the sealed deal (its first play seals and cuts it, a later
        play deals it again from the proof as first cut), and score its one hand."""
        play = self.current
        proof = self.proofs[play.deal]
        where = f"play {self.index + 1} (deal {play.deal + 1})"
        if not proof.cut_taken:
            raise DuplicateError(f"deal {play.deal + 1} was played, but its cut is missing")
        try:
            match = Match.from_record(Record(self.rules, self.play_seed(play.deal), tuple(actions), practice))
        except RecordError as exc:
            raise DuplicateError(f"{where}: {exc}") from None
        taken = match.proofs.get(0)
        if taken is None or (taken.seed, taken.salt, taken.fingerprint) != (proof.seed, proof.salt, proof.fingerprint):
            raise DuplicateError(f"{where}: it is not dealt from its deal's seal")
        if taken.cuts != proof.cuts:
            raise DuplicateError(f"{where}: it is not dealt with the cut its deal was first dealt with")
        if (0 in match.chosen_deals) != (play.rotation > 0):
            raise DuplicateError(f"{where}: a deal is cut at its first play and dealt again at the others")
        if len(match.results) != 1 or len(match.archive) != 1:
            raise DuplicateError(f"{where}: a play is one hand, played to its end")
        self.match = match
        self.next_play()

    def resume_current(self, match: Match) -> None:
        """Put a saved play back at the table; DuplicateError unless it is the next play, on its deal's tiles."""
        play = self.current
        if match.rules != self.rules or len(match.results) > 1 or len(match.played_hands()) > 1:
            raise DuplicateError(f"play {self.index + 1} is not a single hand under these rules")
        proof = self.proofs[play.deal]
        played = match.played_hands()
        taken = match.proofs.get(0)
        if not proof.cut_taken and taken is not None and taken.fingerprint == proof.fingerprint:
            proof = self.proofs[play.deal] = taken  # the first play of the deal, cut as it was dealt
        if played:
            if not proof.cut_taken:
                raise DuplicateError(f"deal {play.deal + 1} was dealt, but its cut is missing")
            dealt, again = played[0][0], proof.deal(self.rules)
            if not dealt.same_tiles(again):
                raise DuplicateError(f"play {self.index + 1} does not hold the tiles of deal {play.deal + 1}")
        elif match.sealed is not None and match.sealed.fingerprint != proof.fingerprint:
            raise DuplicateError(f"play {self.index + 1} is sealed with another deal than deal {play.deal + 1}")
        self.match = match

    def records(self) -> list[PlayRecord]:
        """Every play whose hand is scored, the one at the table included."""
        found = list(self.finished)
        if self.play_over:
            found.append(self._record_now())
        return found

    def _record_now(self) -> PlayRecord:
        dealt, hand = self.match.archive[0] if self.match.archive else (self.match.deal, self.match.hand)
        assert dealt is not None and hand is not None
        return PlayRecord(self.current, dealt, hand, self.match.results[0], self.match.practice, self.match)

    @property
    def is_practice(self) -> bool:
        """A move was taken back in some play: the statistics keep the match apart."""
        return any(r.practice for r in self.finished) or self.match.practice

    # ---- the verdict ------------------------------------------------------------------------------

    def summary(self) -> Summary:
        rules = self.rules
        sides = rules.sides
        you = rules.side_of(self.person)
        # points[deal][card side][listed side], from the plays scored so far
        points: list[list[list[int | None]]] = [[[None] * sides for _ in range(sides)] for _ in range(self.deals)]
        listed = [0] * sides
        for record in self.records():
            gains = record.result.side_points()
            for card_side in range(sides):
                holder = self.listed_side(rules.seats_of(card_side)[0], record.play)
                points[record.play.deal][card_side][holder] = gains[card_side]
                listed[holder] += gains[card_side]
        rows = []
        for deal, by_cards in enumerate(points):
            yours = tuple(cards[you] for cards in by_cards)
            cpus: list[Fraction | None] = []
            for cards in by_cards:
                others = [v for side, v in enumerate(cards) if side != you]
                # A side's cards are held by the person's side in one play and by the others in the rest.
                known = [v for v in others if v is not None]
                cpus.append(Fraction(sum(known), len(others)) if len(known) == len(others) else None)
            rows.append(DealScore(deal, yours, tuple(cpus)))
        return Summary(tuple(rows), tuple(listed))

    def winner(self) -> int | None:
        """The listed side with the most points over every play, when the match is over (None on a tie)."""
        totals = self.summary().listed_totals
        best = max(totals)
        return totals.index(best) if self.is_over and totals.count(best) == 1 else None
