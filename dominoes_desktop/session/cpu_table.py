"""CPU players seated at a match, driven by the session one decision at a time: simulations, the soak, the
strength benchmarks and tests. Every CPU sees only its seat's view."""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

from ..engine.analysis.playout import play_out, supports
from ..engine.cpu import CpuPlayer
from ..engine.decisions import Event, HandScored, MatchOver, Moved, PlayedOut
from ..engine.errors import DominoError
from ..engine.hand import Hand
from ..engine.match import HandResult, Match
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .seats import Cpu, SeededTable
from .table import Answerer, Ask, Session

Observer = Callable[[Match, int, Move], None]


class CpuTable:
    """A match with a CPU in every seat, dealt unsealed from its seeded shuffle."""

    def __init__(
        self,
        rules: Rules,
        players: Sequence[CpuPlayer],
        seed: int = 0,
        rng: random.Random | None = None,
        *,
        match: Match | None = None,
        table: Answerer | None = None,
    ) -> None:
        """`rng` is what random players draw from (default: a generator seeded from `seed`); a simulation
        passes one for all its matches, as seeding a generator costs more than playing a hand. `match` and
        `table` seat the CPUs at a given match dealt by a given table (a duplicate match's play)."""
        if len(players) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} players, not {len(players)}")
        self.rules = rules
        self.players = list(players)
        self.match = Match(rules, seed) if match is None else match
        self.decision_ms: dict[str, list[float]] = defaultdict(list)
        self._fast_rng = random.Random(seed ^ 0x5EED) if rng is None else rng
        self._deals = SeededTable()
        seats = [Cpu(player, think=self._timed, rng=self._fast_rng) for player in self.players]
        self.session = Session(self.match, seats, self._deals if table is None else table)
        # Random players need no views: once a hand has begun, the playout kernel plays it for them.
        self._kernel_plays = all(p.level == "random" for p in self.players) and supports(rules)

    def _timed(self, session: Session, ask: Ask, player: CpuPlayer, view: PlayerView) -> Move:
        started = time.perf_counter()
        move = player.decide(view).move
        self.decision_ms[player.level].append((time.perf_counter() - started) * 1000.0)
        return move

    def step(self, observer: Observer | None = None, deal_seed: int | None = None) -> list[Event]:
        """Answer the one decision the match waits for (a new hand from `deal_seed`, if given)."""
        if deal_seed is not None:
            self._deals.seeds[:] = [deal_seed]
        events = self.session.step()
        if deal_seed is not None:
            self._deals.seeds.clear()
        if not events:
            pending = self.match.pending()
            if isinstance(pending, MatchOver):
                raise DominoError(f"the match is over: side {pending.winner} won it", code="match_over")
            raise DominoError(f"nobody at this table answers {type(pending).__name__}", code="stuck")
        if observer is not None:
            for event in events:
                if isinstance(event, Moved):
                    observer(self.match, event.seat, event.move)
        return events

    def start_hand(self, deal_seed: int | None = None) -> Hand:
        """Play until a hand is in play (deal it, answer redeal offers, choose the leader)."""
        match = self.match
        while match.hand is None:
            self.step(deal_seed=deal_seed)
        return match.hand

    def play_hand(self, observer: Observer | None = None, deal_seed: int | None = None) -> HandResult:
        """Play until the match scores a hand."""
        match = self.match
        if match.hand is None:
            self.start_hand(deal_seed)
        hand = match.hand
        assert hand is not None
        if self._kernel_plays and observer is None and hand.outcome is None and hand.pending is None:
            # Random players: the match deals and starts the hand, the kernel plays it out, the match scores it.
            match.apply(None, PlayedOut(play_out(hand, self._fast_rng.random)))
            return match.results[-1]
        while True:
            for event in self.step(observer):
                if isinstance(event, HandScored):
                    return event.result

    def play_match(self, observer: Observer | None = None, max_hands: int = 1000) -> list[HandResult]:
        while not self.match.is_over and self.match.hand_index < max_hands:
            self.play_hand(observer)
        return self.match.results
