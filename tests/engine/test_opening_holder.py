"""What leading shows under a rule that gives the lead to the holder of the highest double and lets it lead any tile
(`highest_double_any` and its redeal kind): the leader held the highest double dealt (`knowledge.opening_holder`),
read by the sampler, the coach's count and list of worlds, and `worlds.consistent`."""

from __future__ import annotations

import random

from dominoes_desktop.engine.analysis.worlds import consistent, count_worlds, every_world, view_at
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import dealer_for, infer, opening_holder, sample_world
from dominoes_desktop.engine.match import Match, highest_double_holder
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile

from .helpers import make_hand, play, start_hand


def room_after_the_lead() -> Hand:
    """COACH.md's room example: two seats, three tiles each; seat 1 (6-6, 4-4, 5-4) leads 5-4, seat 0 holds 4-0,
    5-3 and 3-3."""
    rules = build_rules("room", {"players": 2, "deal_size": 3})
    return play(make_hand(rules, ["4-0 5-3 3-3", "6-6 4-4 5-4"], leader=1), "5-4")


def test_the_leaders_highest_double_is_in_every_world_the_coach_counts_and_lists() -> None:
    hand = room_after_the_lead()
    view = view_at(hand, 0)
    # Seat 1 keeps two of the 24 tiles seat 0 has not seen; it led, so one of them is 4-4, 5-5 or 6-6.
    assert dealer_for(view).count == 276
    assert count_worlds(view) == 66
    worlds = every_world(view)
    assert len(worlds) == 66
    above = {Tile.of(4, 4), Tile.of(5, 5), Tile.of(6, 6)}
    assert all(above & set(w.hand.hands[1]) for w in worlds)
    assert len({frozenset(w.hand.hands[1]) for w in worlds}) == 66


def test_the_sampler_deals_only_worlds_where_the_leader_held_the_highest_double() -> None:
    hand = room_after_the_lead()
    view = view_at(hand, 0)
    knowledge = infer(view)
    rng = random.Random(3)
    seen: set[frozenset[Tile]] = set()
    for _ in range(400):
        world = sample_world(view, knowledge, rng)
        assert consistent(view, world.hands, world.stock)
        assert {Tile.of(4, 4), Tile.of(5, 5), Tile.of(6, 6)} & set(world.hands[1])
        seen.add(frozenset(world.hands[1]))
    assert len(seen) > 50  # most of the 66 fitting pairs, not a few


def test_a_world_that_would_have_given_the_lead_to_another_seat_is_not_consistent() -> None:
    hand = room_after_the_lead()
    view = view_at(hand, 0)
    holds = opening_holder(view)
    assert holds is not None
    mine = list(view.tiles)
    assert not holds([mine, [Tile.of(1, 1), Tile.of(6, 5)]])  # seat 0's 3-3 would have led
    assert not consistent(view, [mine, [Tile.of(1, 1), Tile.of(6, 5)]], [])
    assert holds([mine, [Tile.of(5, 5), Tile.of(1, 0)]])


def test_the_real_deal_always_fits_and_the_reading_tells_something() -> None:
    told = 0
    for preset in ("room", "all_fives", "fives_threes"):
        rules = build_rules(preset)
        rng = random.Random(preset)
        for game in range(12):
            match = Match(rules, rng.getrandbits(32))
            hand = start_hand(match)
            while not hand.is_over:
                for seat in range(rules.players):
                    view = view_at(hand, seat)
                    holds = opening_holder(view)
                    if holds is None:
                        continue
                    assert holds(hand.hands), (preset, game, seat)
                    # Deals the passes alone allow that would have given the lead to another seat: ruled out.
                    dealer = dealer_for(view)
                    deal_rng = random.Random(game)
                    told += sum(not holds(dealer.placed(view, dealer.deal(deal_rng))[0]) for _ in range(5))
                moves = hand.legal_moves()
                hand.apply(moves[rng.randrange(len(moves))])
    assert told > 0


def test_nothing_is_read_after_the_first_hand_after_a_draw_or_where_the_double_must_be_posed() -> None:
    rules = build_rules("all_fives")
    match = Match(rules, 7)
    hand = start_hand(match)
    assert opening_holder(view_at(hand, 1)) is not None
    assert opening_holder(view_at(hand, 1, hand_index=1)) is None
    rng = random.Random(1)
    while not any(t.move.kind is MoveKind.DRAW for t in hand.history) and not hand.is_over:
        moves = hand.legal_moves()
        hand.apply(moves[rng.randrange(len(moves))])
    if not hand.is_over:
        assert opening_holder(view_at(hand, 1)) is None
    pr = build_rules("puerto_rican")
    assert opening_holder(view_at(start_hand(Match(pr, 3)), 1)) is None
    assert highest_double_holder(((Tile.of(1, 0),), (Tile.of(2, 2),))) == (1, Tile.of(2, 2))
