"""What a seat infers of the hidden tiles never rules out the truth: at every turn of hands played at random (many
passes and draws), in every preset, the real deal is one of the deals each seat's view allows, and the sampler can
draw it."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.analysis.worlds import consistent, view_at
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import dealer_for, infer
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.rules import Style

from .helpers import start_hand


def _turns(hand: Hand, rng: random.Random) -> list[Hand]:
    """Each position of `hand` played to its end by random legal moves (claims left alone) where a turn is over:
    not between a seat's draws and its play, when only the drawing seat decides."""
    seen = [hand.copy()]
    while not hand.is_over:
        hand.apply_legal(rng.choice(hand.legal_moves()))
        if hand.history[-1].move.kind is not MoveKind.DRAW:
            seen.append(hand.copy())
    return seen


def _truth_fits(position: Hand, seat: int) -> bool:
    view = view_at(position, seat)
    # The stock's order and the tiles asleep are not told apart here: the stock's tiles, whatever their order.
    stock = position.stock if view.stock else []
    return consistent(view, position.hands, stock[: view.stock]) and dealer_for(view).count > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_seat_infers_voids_the_real_deal_has(preset: str) -> None:
    rules = build_rules(preset)
    rng = random.Random(27)
    checked = 0
    for deal in range(6):
        match = Match(rules)
        for position in _turns(start_hand(match, seed=deal), rng):
            for seat in range(rules.players):
                assert _truth_fits(position, seat), (preset, deal, len(position.history), seat)
                checked += 1
    assert checked > 100


def test_a_draw_games_seat_that_drew_may_hold_what_it_lacked_before() -> None:
    """Draw game: a seat stuck on some numbers draws tiles that may hold numbers it passed on earlier; once its turn
    is over its hand lacks only what it was stuck on that time (session 27: the old inference kept every number it
    ever lacked, and the real deal of such hands was ruled out)."""
    rules = build_rules("draw")
    assert rules.style is Style.DRAW
    found = 0
    for deal in range(60):
        rng = random.Random(deal)
        for position in _turns(start_hand(Match(rules), seed=deal), rng):
            for seat in range(rules.players):
                view = view_at(position, seat)
                voids = infer(view).voids
                for other in range(rules.players):
                    if other == seat:
                        continue
                    draws = [t for t in position.history if t.seat == other and t.move.kind is MoveKind.DRAW]
                    stuck = {n for t in position.history if t.seat == other for n in t.stuck_on}
                    held = {n for tile in position.hands[other] for n in (tile.high, tile.low)}
                    if draws and stuck & held:
                        found += 1
                        assert not voids[other] & held, (deal, other)
    assert found  # such hands happen: the check above was exercised
