"""A match driven by CPU players: used by simulation, soak tests and the bot harnesses."""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

from .cpu import CpuPlayer, choose_leader, wants_redeal
from .hand import Hand
from .match import HandResult, Match
from .moves import Move
from .playout import kernel_for, supports
from .rules import Rules
from .view import PlayerView

Observer = Callable[[Hand, int, Move], None]


class Table:
    """Seats CPU players at a match. Random players pick from the legal moves directly, for speed."""

    def __init__(
        self, rules: Rules, players: Sequence[CpuPlayer], seed: int = 0, rng: random.Random | None = None
    ) -> None:
        """`rng` is what random players draw from (default: a generator seeded from `seed`); a simulation
        passes one for all its matches, as seeding a generator costs more than playing a hand."""
        if len(players) != rules.players:
            raise ValueError(f"{rules.name} needs {rules.players} players, not {len(players)}")
        self.rules = rules
        self.players = list(players)
        self.match = Match(rules, seed)
        self.decision_ms: dict[str, list[float]] = defaultdict(list)
        self._fast_rng = random.Random(seed ^ 0x5EED) if rng is None else rng
        self._all_random = all(p.level == "random" for p in self.players)
        # Random players need no views, nor even a Hand: the playout kernel plays them from the shuffle.
        self._kernel = kernel_for(rules.set_top, rules.removed_tiles) if self._all_random and supports(rules) else None

    def deal(self, deal_seed: int | None = None) -> None:
        """Deal the next hand, dealt again if a player may and wants to."""
        match = self.match
        match.deal_next(deal_seed)
        for seat in match.redeal_seats():
            assert match.deal is not None
            if wants_redeal(match.deal.hands[seat], self.rules.redeal_doubles):
                match.request_redeal(seat)
                break

    def start_hand(self, deal_seed: int | None = None) -> Hand:
        self.deal(deal_seed)
        match = self.match
        assert match.plan is not None and match.deal is not None
        leader = None
        if len(match.plan.seats) > 1 and not self._all_random:  # random players need no strategy to choose
            leader = choose_leader({s: match.deal.hands[s] for s in match.plan.seats})
        return match.start_hand(leader)

    def step(self, observer: Observer | None = None) -> None:
        """One action: a pending claim or Muggins call if a player makes one, else the turn's move."""
        hand = self.match.hand
        assert hand is not None
        if hand.pending is not None:
            for seat in self._claim_order(hand):
                player = self.players[seat]
                claim = player.claim(PlayerView.of(self.match, seat))
                if claim is not None:
                    hand.apply(claim, seat)
                    if observer:
                        observer(hand, seat, claim)
                    return
        if hand.is_over:
            return
        seat = hand.turn
        player = self.players[seat]
        if player.level == "random":
            move = self._fast_rng.choice(hand.legal_moves())
        else:
            started = time.perf_counter()
            decision = player.decide(PlayerView.of(self.match, seat))
            self.decision_ms[player.level].append((time.perf_counter() - started) * 1000.0)
            move = decision.move
        hand.apply(move, seat)
        if observer:
            observer(hand, seat, move)

    def _claim_order(self, hand: Hand) -> list[int]:
        assert hand.pending is not None
        first = hand.pending.seat
        return [(first + i) % self.rules.players for i in range(self.rules.players)]

    def play_hand(self, observer: Observer | None = None, deal_seed: int | None = None) -> HandResult:
        match = self.match
        if observer is None and self._kernel is not None:
            self.deal(deal_seed)
            assert match.deal_order is not None and match.plan is not None
            leader = match.default_leader()
            outcome = self._kernel.play_deal(
                self.rules, match.deal_order, leader, match.plan.pose, self._fast_rng.random
            )
            return match.finish_hand(outcome)
        hand = self.start_hand(deal_seed)
        while not hand.is_over:
            self.step(observer)
        # The last play's points can still be claimed before the hand is scored.
        while hand.pending is not None:
            before = hand.pending
            self.step(observer)
            if hand.pending is before:
                break
        return self.match.finish_hand()

    def play_match(self, observer: Observer | None = None, max_hands: int = 1000) -> list[HandResult]:
        while not self.match.is_over and self.match.hand_index < max_hands:
            self.play_hand(observer)
        return self.match.results
