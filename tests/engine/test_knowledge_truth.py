"""What a seat infers of the hidden tiles never rules out the truth: at every turn of hands played at random (many
passes and draws), in every preset, the real deal is one of the deals each seat's view allows, and the sampler can
draw it."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.analysis.worlds import consistent, view_at
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import dealer_for, infer, opening_shows, sample_world
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import PRESETS, build_rules
from dominoes_desktop.engine.rules import Style
from dominoes_desktop.engine.tiles import Tile, heaviness

from .helpers import start_hand


def _turns(hand: Hand, rng: random.Random) -> list[Hand]:
    """Each position of `hand` played to its end by random legal moves (claims left alone), between a seat's
    draws too (the table shows each tile drawn)."""
    seen = [hand.copy()]
    while not hand.is_over:
        hand.apply_legal(rng.choice(hand.legal_moves()))
        seen.append(hand.copy())
    return seen


def _truth_fits(position: Hand, seat: int) -> bool:
    view = view_at(position, seat)
    # The stock's order and the tiles asleep are not told apart here: the stock's tiles, whatever their order.
    stock = position.stock if view.stock else []
    return consistent(view, position.hands, stock[: view.stock]) and dealer_for(view).count > 0


SMALLER_DEALS = [("block", 5), ("draw", 5), ("cutthroat", 5), ("barbados", 4), ("classic_block", 4)]


@pytest.mark.parametrize(("preset", "deal_size"), [(p, None) for p in sorted(PRESETS)] + SMALLER_DEALS)
def test_every_seat_infers_voids_the_real_deal_has(preset: str, deal_size: int | None) -> None:
    """Every preset, and smaller deals that leave tiles asleep or in the stock (where the first tile tells more)."""
    rules = build_rules(preset, {} if deal_size is None else {"deal_size": deal_size})
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


def _first_hand_posed(preset: str, double: bool, deal_size: int = 5) -> tuple[Hand, int]:
    """A first hand of `preset` just posed (by a double or not), and a seat other than the leader."""
    rules = build_rules(preset, {"deal_size": deal_size})
    for deal in range(400):
        hand = start_hand(Match(rules), seed=deal)
        hand.apply_legal(hand.legal_moves()[0])
        if hand.layout.placements[0].tile.is_double == double:
            return hand, (hand.leader + 1) % rules.players
    raise AssertionError(f"no first hand of {preset} posed {'a double' if double else 'another tile'}")


@pytest.mark.parametrize(("preset", "deal_size"), [("cutthroat", 5), ("block", 5), ("draw", 5)])
def test_no_seat_is_dealt_a_double_above_the_one_the_first_hand_was_opened_with(preset: str, deal_size: int) -> None:
    """The holder of the highest double must pose it: every double above it was asleep (or in the stock), never in
    a world's hand."""
    for deal in range(60):
        hand = start_hand(Match(build_rules(preset, {"deal_size": deal_size})), seed=deal)
        hand.apply_legal(hand.legal_moves()[0])
        pose = hand.layout.placements[0].tile
        view = view_at(hand, (hand.leader + 1) % hand.rules.players)
        above = {Tile(n, n) for n in range(pose.high + 1, hand.rules.set_top + 1)} - set(view.tiles)
        if not above:
            continue
        assert opening_shows(view) >= above
        rng = random.Random(deal)
        for _ in range(30):
            world = sample_world(view, infer(view), rng)
            assert not above & {t for s, h in enumerate(world.hands) if s != view.seat for t in h}
        return
    raise AssertionError(f"no first hand of {preset} opened under its highest possible double")


def test_where_no_double_was_dealt_the_heaviest_tile_posed_shows_every_double_and_heavier_tile_was_left_out() -> None:
    hand, seat = _first_hand_posed("cutthroat", double=False, deal_size=2)
    pose = hand.layout.placements[0].tile
    shown = opening_shows(view_at(hand, seat))
    assert all(t.is_double or heaviness(t) > heaviness(pose) for t in shown)
    doubles = {Tile(n, n) for n in range(7)} - set(hand.rules.removed_tiles)  # cutthroat sets the 0-0 aside
    assert doubles <= shown
    assert Tile(6, 5) in shown or pose == Tile(6, 5)


def test_the_opening_tells_nothing_after_the_first_hand_or_where_the_leader_may_lead_any_tile() -> None:
    hand, seat = _first_hand_posed("room", double=True)  # highest_double_any: the holder leads what it likes
    assert opening_shows(view_at(hand, seat)) == frozenset()
    hand, seat = _first_hand_posed("cutthroat", double=True)
    assert opening_shows(view_at(hand, seat, hand_index=1)) == frozenset()
    assert opening_shows(view_at(hand, seat)) or hand.layout.placements[0].tile == Tile(6, 6)


def test_a_seat_that_drew_one_tile_and_played_it_still_lacks_what_it_lacked() -> None:
    """Draw game: one tile drawn and played leaves the seat the hand it had, so a seat whose every draw was one tile
    it played at once still lacks every number it ever drew on (review27: all but the last ends were forgotten)."""
    rules = build_rules("draw")
    found = 0
    for deal in range(80):
        rng = random.Random(deal)
        hand = start_hand(Match(rules), seed=deal)
        while not hand.is_over:
            hand.apply_legal(rng.choice(hand.legal_moves()))
            turns = hand.history
            seat = turns[-1].seat
            mine = [t.move.kind for t in turns if t.seat == seat]
            runs = "".join("d" if k is MoveKind.DRAW else "p" if k is MoveKind.PLAY else "x" for k in mine)
            if runs.count("d") < 2 or "dd" in runs or "dx" in runs or runs.endswith("d"):
                continue  # wanted: two or more draws, each of one tile played at once
            lacked = {n for t in turns if t.seat == seat for n in t.stuck_on}
            voids = infer(view_at(hand, (seat + 1) % rules.players)).voids[seat]
            assert voids >= lacked, (deal, len(turns))
            found += 1
    assert found
