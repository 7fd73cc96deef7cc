"""Who answers a seat, or the table: the answerers a session hands decisions to.

- `Waiting`: a person at this screen or a remote player. Asking notifies the host (the window draws the
  decision, the room sends the seat its view); the answer comes later through `Session.answer`.
- `Cpu`: a CPU player in this process (simulations, the soak, tests: never a window's or a room's loop). It
  answers every decision at once from what its seat may see (its turns by `think`).
- `PoolCpu`: a CPU player that lives in the CPU pool (a window's CPUs, a room's): every decision of its, quick
  ones too, is made in its worker process from what its seat may see; nothing of it is built where it is
  asked.
- Tables: `ClockTable` seals every deal and lets the clock cut it; `SeededTable` deals unsealed from the
  match's seeded shuffle (simulations, the soak, the benchmarks).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from ..engine.cpu import CpuPlayer, choose_leader, wants_redeal
from ..engine.decisions import (
    Action,
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    Cut,
    CutDeck,
    DealHand,
    Lead,
    LetGo,
    MugginsWindow,
    NextHand,
    PlayTurn,
    RedealOffer,
    Seal,
)
from ..engine.duplicate import DuplicateMatch, NextPlay, PlayNext
from ..engine.fairness import FairDeal, cut_from_gesture
from ..engine.moves import Move
from ..engine.view import PlayerView
from .cpu_pool import ChooseLead, ClaimNow, CpuPool, PlayerKey, Question, Redeal
from .post import Post as Post  # re-exported: the play window names it from here
from .table import Answerer, Ask, Session


@dataclass
class Waiting:
    """A person or a remote player: `notify` tells the host what they are asked; the answer comes later."""

    notify: Callable[[Ask], None]
    waits: bool = True

    def ask(self, session: Session, ask: Ask) -> Action | None:
        self.notify(ask)
        return None


Think = Callable[[Session, Ask, CpuPlayer, PlayerView], Move | None]


def think_now(session: Session, ask: Ask, player: CpuPlayer, view: PlayerView) -> Move:
    """Decide in this process, at once: for simulations and tests, never on a window's or a server's loop."""
    return player.decide(view).move


@dataclass
class Cpu:
    """A CPU player in a seat. It sees only its seat's view (PlayerView), as in the bot protocol; a side of
    CPUs choosing its leader looks at the side's own tiles, as partners at a table agree who leads."""

    player: CpuPlayer
    think: Think = think_now
    waits: bool = False
    rng: random.Random = field(default_factory=lambda: random.Random(0))  # a random player's choices
    cut: Callable[[int], bytes] = lambda seat: cut_from_gesture("cpu", seat)  # the seat's cut (a room: its wire cut)

    def ask(self, session: Session, ask: Ask) -> Action | None:
        pending = ask.pending
        match = session.match
        seat = ask.seat
        assert seat is not None
        if isinstance(pending, PlayTurn):
            if self.player.level == "random":
                return self.rng.choice(pending.moves)  # a random player needs no view
            return self.think(session, ask, self.player, PlayerView.of(match, seat))
        if isinstance(pending, ChooseLeader):  # before the rarer decisions: a simulation meets it every hand
            assert match.deal is not None
            if self.player.level == "random":
                return Lead(match.default_leader())  # random players need no strategy to choose
            return Lead(choose_leader({s: match.deal.hands[s] for s in pending.seats}))
        if isinstance(pending, CutDeck):
            return Cut(self.cut(seat))
        if isinstance(pending, RedealOffer):
            assert match.deal is not None
            return AnswerRedeal(wants_redeal(match.deal.hands[seat], pending.doubles))
        if isinstance(pending, ClaimWindow | MugginsWindow):
            claim = self.player.claim(PlayerView.of(match, seat))
            return LetGo() if claim is None else claim
        return None


@dataclass
class PoolCpu:
    """A CPU player kept in the CPU pool as `key` (owner, seat, level, seed). Its turns and its quick decisions
    are made in its worker from what its seat may see (its view; choosing its side's leader, each partner's
    own tiles), never where it is asked. Answers are handed to `post` (a turn's) or `post_quick` (the others')
    to run on the host's loop, where they answer the session unless the decision has gone meanwhile; with no
    `post`, it waits for each answer (a screenshot's autoplay, tests: never a window's loop). `thinks` hears of
    each decision before it is sent (the window shows the seat thinking; False: not now, `autoplay` plays it). A CPU that
    fails answers as simply as it may (its first legal move, the side's first seat, no redeal, no claim), and
    `failed` hears why."""

    pool: CpuPool
    key: PlayerKey
    post: Post | None = None
    post_quick: Post | None = None
    failed: Callable[[int, str], None] = lambda seat, why: None
    thinks: Callable[[Ask], bool] = lambda ask: True
    movetime_ms: float | None = None
    cut: Callable[[int], bytes] = lambda seat: cut_from_gesture("cpu", seat)
    waits: bool = False

    def ask(self, session: Session, ask: Ask) -> Action | None:
        pending = ask.pending
        match = session.match
        seat = ask.seat
        assert seat is not None
        if isinstance(pending, CutDeck):
            return Cut(self.cut(seat))
        if isinstance(pending, PlayTurn):
            if not self.thinks(ask):
                return None
            view = PlayerView.of(match, seat)
            return self._send(session, ask, self.pool.think(self.key, view, self.movetime_ms), self.post)
        question: Question
        if isinstance(pending, ChooseLeader):
            assert match.deal is not None
            question = ChooseLead({s: tuple(match.deal.hands[s]) for s in pending.seats})
        elif isinstance(pending, RedealOffer):
            assert match.deal is not None
            question = Redeal(tuple(match.deal.hands[seat]), pending.doubles)
        elif isinstance(pending, ClaimWindow | MugginsWindow):
            question = ClaimNow(PlayerView.of(match, seat))
        else:
            return None
        if not self.thinks(ask):
            return None
        return self._send(session, ask, self.pool.decide(self.key, question), self.post_quick or self.post)

    def _send(self, session: Session, ask: Ask, future: Future[Any], post: Post | None) -> Action | None:
        if post is None:
            return self._action(ask, future)

        def arrived(done: Future[Any]) -> None:
            post(lambda: self._answer(session, ask, done))

        future.add_done_callback(arrived)
        return None

    def _answer(self, session: Session, ask: Ask, done: Future[Any]) -> None:
        if session.serial != ask.serial:
            return  # the decision it was asked is gone (a move taken back, a person back in the seat)
        session.answer(ask.seat, self._action(ask, done), ask.serial)

    def _action(self, ask: Ask, done: Future[Any]) -> Action:
        """The worker's answer as the action it means; the simplest answer if it failed or does not fit."""
        pending, seat = ask.pending, ask.seat
        assert seat is not None
        try:
            value = done.result()
        except Exception as exc:  # a CPU must never stop the game
            self.failed(seat, f"{type(exc).__name__}: {exc}")
            value = None
        if isinstance(pending, PlayTurn):
            move = value.move if value is not None else pending.moves[0]
            if move not in pending.moves:
                self.failed(seat, f"it chose {move.notation()}, which is not legal")
                move = pending.moves[0]
            return move
        if isinstance(pending, ChooseLeader):
            return Lead(value if value in pending.seats else pending.seats[0])
        if isinstance(pending, RedealOffer):
            return AnswerRedeal(value is True)
        return value if isinstance(value, Move) else LetGo()


@dataclass
class ClockTable:
    """The table of a game nobody at a screen cuts: every deal is sealed (`cutters` cut it, each asked through
    their seat; none: the clock cuts it once for the table)."""

    cutters: tuple[int, ...] = ()
    waits: bool = False

    def ask(self, session: Session, ask: Ask) -> Action | None:
        if isinstance(ask.pending, NextHand):
            return Seal(FairDeal.commit(), self.cutters)
        if isinstance(ask.pending, CutDeck):
            return Cut(cut_from_gesture("table"))
        return None


@dataclass
class DuplicateDeals:
    """The table of a duplicate match: it deals each play as the duplicate match says (sealed at a deal's
    first play, dealt again from its proof after), lets the clock cut, and between plays answers the duplicate
    match's NextPlay: at once when the clock plays (`clock_plays`: simulations, tests), otherwise when a person
    asks for it (`play_next`). `reseat` gives the answerers of the next play's seats (None: the same)."""

    duplicate: DuplicateMatch
    clock_plays: bool = False
    reseat: Callable[[DuplicateMatch], list[Answerer] | None] = lambda duplicate: None
    waits: bool = False

    def ask(self, session: Session, ask: Ask) -> Action | None:
        duplicate = self.duplicate
        if isinstance(ask.pending, NextHand):
            if not duplicate.play_over:
                return duplicate.deal_action()
            if self.clock_plays and isinstance(duplicate.pending(), NextPlay):
                self.play_next(session, cut_from_gesture("table"))
            return None
        if isinstance(ask.pending, CutDeck):
            cut, duplicate.next_cut = duplicate.next_cut, None  # the cut given with "Next play", if any
            return Cut(cut if cut is not None else cut_from_gesture("table"))
        return None

    def play_next(self, session: Session, cut: bytes | None) -> bool:
        """The next play to the table (`cut`: its deal's cut, when it deals it for the first time); False if
        the play at the table has not finished, or none is left."""
        duplicate = self.duplicate
        if not isinstance(duplicate.pending(), NextPlay):
            return False
        duplicate.apply(None, PlayNext(cut))
        session.moved_on(duplicate.match, self.reseat(duplicate))
        return True


FROM_THE_SHUFFLE = DealHand()  # made once: a simulation deals thousands of hands a second


@dataclass
class SeededTable:
    """Deals unsealed, from the match's seeded shuffle (or `seeds`, one a hand while they last): simulations."""

    seeds: list[int] = field(default_factory=list)
    waits: bool = False

    def ask(self, session: Session, ask: Ask) -> Action | None:
        if isinstance(ask.pending, NextHand):
            return DealHand(self.seeds.pop(0)) if self.seeds else FROM_THE_SHUFFLE
        if isinstance(ask.pending, CutDeck):  # a deal sealed by other means is cut by the clock
            return Cut(cut_from_gesture("table"))
        return None
