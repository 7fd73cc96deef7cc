"""The Expert reading a careless seat and valuing its reply as that seat plays (careless.py, reply.CARELESS,
expert.EXPERT_REPLY "careless"; session 25)."""

from __future__ import annotations

import math
import random

import pytest

from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.solver import after_play
from dominoes_desktop.engine.cpu import careless, expert, reply
from dominoes_desktop.engine.knowledge import weight_back_in_time, weighted_worlds
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.play_model import Sighting, fitted_weight, option_chances, seen_plays, sightings
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView

from .helpers import start_hand
from .test_expert import late_positions
from .test_expert_reply import BUDGET, POSE, WORLDS, each_reply, pose_world

RULES = build_rules("puerto_rican")


def seat_zero_reading(deal: int, lightest: bool) -> tuple[float, int]:
    """Seat 0's read chance that seat 1 plays carelessly, late in a Puerto Rican hand where seat 1 played its
    lightest fitting tile every time (`lightest`) or its heaviest, the others their heaviest; and how many of
    seat 1's plays had heavier and lighter tiles to choose from."""
    match = Match(RULES, 7000 + deal)
    hand = start_hand(match)
    chosen = 0
    while not hand.is_over:
        plays = [m for m in hand.legal_moves() if m.kind is MoveKind.PLAY]
        if hand.turn == 0 and len(hand.hands[0]) <= 3 and hand.layout.placements:
            break
        if not plays:
            hand.apply(hand.legal_moves()[0])
            continue
        light = hand.turn == 1 and lightest
        if hand.turn == 1 and len({m.tile.pips for m in plays if m.tile}) > 1:
            chosen += 1
        hand.apply(min(plays, key=lambda m: (m.tile.pips if m.tile else 0) * (1 if light else -1)))
    view = PlayerView.of(match, 0)
    return careless.careless_chances(view, [1], random.Random(deal))[1], chosen


def test_a_seat_that_plays_its_lightest_tile_reads_more_careless_than_one_that_plays_its_heaviest() -> None:
    """The sensible kind prefers heavy tiles: a seat that kept playing the lightest tile that fitted when heavier
    ones fitted too reads careless-likely, well above the prior and above a seat that played the heaviest, deal by
    deal on most deals (heaviest-first is a habit, not the fitted model's sensible play: it may read either way)."""
    light, heavy = [], []
    for deal in range(12):
        p_light, chose_light = seat_zero_reading(deal, lightest=True)
        p_heavy, chose_heavy = seat_zero_reading(deal, lightest=False)
        if chose_light >= 2 and chose_heavy >= 2:
            light.append(p_light)
            heavy.append(p_heavy)
    assert len(light) >= 5
    assert sum(light) / len(light) > max(careless.CARELESS_PRIOR, sum(heavy) / len(heavy)) + 0.2
    assert sum(a > b for a, b in zip(light, heavy, strict=True)) > len(light) * 3 // 4


def test_a_seat_with_no_play_read_keeps_the_prior_and_the_posterior_is_bayes() -> None:
    match = Match(RULES, 5)
    start_hand(match)
    view = PlayerView.of(match, match.hand.turn if match.hand else 0)
    assert not sightings(view)
    seats = [s for s in range(RULES.players) if s != view.seat]
    assert careless.careless_chances(view, seats, random.Random(1)) == dict.fromkeys(seats, careless.CARELESS_PRIOR)
    assert careless.posterior(1.0, 1.0, 0.5) == 0.5
    assert careless.posterior(0.2, 0.1, 0.5) == pytest.approx(2 / 3)
    assert careless.posterior(0.1, 0.1, 0.2) == pytest.approx(0.2)


def test_a_careless_play_is_one_of_the_plays_that_fit_alike() -> None:
    view = late_positions("puerto_rican", 1, seed=4, tiles_left=4)[0]
    sighting = sightings(view)[-1]
    held = set(view.tiles) | {sighting.tile}
    fitting = option_chances(sighting, held)
    expected = -math.log(len(fitting)) if len(fitting) > 1 else 0.0
    assert careless.careless_log_chance(sighting, held) == pytest.approx(expected)


def test_a_careless_seat_for_sure_replies_with_the_uniform_mean_over_its_replies() -> None:
    """Hand-made: seat 1 holds 5-2 and 1-0 against the pose 2-1 (session 23's pose: -41 after 5-2, -52 after 1-0
    for seat 0's side). Careless for sure, the value is their plain mean; at a chance p, p of the mean and the
    rest the perfect reply's -52; at 0, PIMC's exact value."""
    world = pose_world("2-2 5-5", "5-2 1-0")
    assert sorted(each_reply(world, POSE).values()) == [-52, -41]

    def value(p: float) -> float:
        return reply.replied_value(reply.Points(Judge(RULES, world, BUDGET), 0), world, POSE, reply.CARELESS, None, p)

    assert value(1.0) == pytest.approx((-41 - 52) / 2)
    assert value(0.3) == pytest.approx(0.3 * (-41 - 52) / 2 + 0.7 * -52)
    assert value(0.0) == Judge(RULES, world, BUDGET).option_value(world, POSE, 0, True, 0) == -52


def test_on_late_positions_the_mixture_is_the_chances_mean_of_the_uniform_and_the_perfect_reply() -> None:
    chosen = 0
    for view in late_positions("puerto_rican", 3, seed=2, tiles_left=4):
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        side = RULES.side_of(view.seat)
        for world, _ in weighted_worlds(view, random.Random(5), 3):
            for move in plays:
                exact = Judge(RULES, world, BUDGET).option_value(world, move, side, True, 0)
                for p in (0.0, 0.4, 1.0):
                    leaves = reply.Points(Judge(RULES, world, BUDGET), side)
                    got = reply.replied_value(leaves, world, move, reply.CARELESS, None, p)
                    child = after_play(world, move)[0]
                    if p == 0.0 or child.is_over or len(child.legal_moves()) == 1:
                        assert got == exact
                        continue
                    chosen += 1
                    each = each_reply(world, move)
                    values = list(each.values()) if side == 0 else [-v for v in each.values()]
                    assert got == pytest.approx(p * sum(values) / len(values) + (1 - p) * exact)
                    assert got >= exact - 1e-9
    assert chosen > 0


def test_the_careless_chances_weigh_the_uniform_reply_and_the_perfect_one() -> None:
    assert reply.careless_chances_of([3.0, 1.0, 5.0], 0.0) == [0.0, 1.0, 0.0]
    assert reply.careless_chances_of([3.0, 1.0, 5.0], 0.6) == pytest.approx([0.2, 0.6, 0.2])
    assert reply.careless_chances_of([1.0, 1.0], 0.5) == pytest.approx([0.5, 0.5])


def pimc_means(view: PlayerView, plays: list[Move]) -> dict[Move, float]:
    return expert.exact_pimc(view, plays, 3, expert.now() + 60.0, max_worlds=WORLDS) or {}


def test_read_sensible_or_switched_off_the_experts_means_are_the_shipped_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off as shipped the reading never runs; on, a seat read below the floor gets the perfect reply, so
    exact_pimc's means over the same worlds are PIMC's to the last digit; read careless, they differ."""
    assert expert.EXPERT_REPLY == ""
    views = late_positions("puerto_rican", 3, seed=1, tiles_left=4)

    def never(*args: object) -> dict[int, float]:
        raise AssertionError("read with the switch off")

    with monkeypatch.context() as patch:
        patch.setattr(expert, "careless_chances", never)
        shipped = [pimc_means(v, [m for m in v.legal_moves() if m.kind is MoveKind.PLAY]) for v in views]
    monkeypatch.setattr(expert, "EXPERT_REPLY", reply.CARELESS)
    for chance, same in ((0.0, True), (expert.CARELESS_FLOOR / 2, True), (1.0, False)):
        with monkeypatch.context() as patch:
            patch.setattr(expert, "careless_chances", lambda view, seats, rng, p=chance: dict.fromkeys(seats, p))
            read = [pimc_means(v, [m for m in v.legal_moves() if m.kind is MoveKind.PLAY]) for v in views]
        assert (read == shipped) is same


def test_the_mixed_worlds_weigh_a_careless_seat_by_what_fitted_and_the_others_as_fitted() -> None:
    """careless.mixed_weigher: no seat read careless, the fitted model's weight; a seat careless for sure, its
    plays weigh a world by one over the plays that fitted, the others as fitted; in between, the mixture."""
    view = late_positions("puerto_rican", 1, seed=6, tiles_left=3)[0]
    seen = seen_plays(view)
    opponent = next(s.seat for s in seen if RULES.side_of(s.seat) != RULES.side_of(view.seat))
    told = 0
    for world, _ in weighted_worlds(view, random.Random(2), 6):
        hands = world.hands
        assert careless.mixed_weigher(view, {})(hands) == pytest.approx(fitted_weight(seen, hands))
        others = [s for s in seen if s.seat != opponent]
        mine = [s for s in seen if s.seat == opponent]

        def seat_of(s: Sighting) -> tuple[int, Tile]:
            return s.seat, s.tile

        lazy = weight_back_in_time(mine, hands, seat_of, careless.careless_log_chance)
        sensible = fitted_weight(mine, hands)
        rest = fitted_weight(others, hands)
        told += lazy < 1.0 and sensible != lazy
        assert careless.mixed_weigher(view, {opponent: 1.0})(hands) == pytest.approx(rest * lazy)
        assert careless.mixed_weigher(view, {opponent: 0.3})(hands) == pytest.approx(
            rest * (0.3 * lazy + 0.7 * sensible)
        )
    assert told > 0, "the opponent had a choice: the kinds weigh its plays apart"


def test_the_worlds_switch_off_weighs_them_as_shipped(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not expert.CARELESS_WORLDS
    view = late_positions("puerto_rican", 1, seed=6, tiles_left=3)[0]
    monkeypatch.setattr(expert, "careless_chances", lambda *args: pytest.fail("read with the switch off"))
    seen = seen_plays(view)
    for world, _ in weighted_worlds(view, random.Random(2), 4):
        assert expert.world_weigher(view)(world.hands) == fitted_weight(seen, world.hands)
