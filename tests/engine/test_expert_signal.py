"""A convention between partners (expert.SIGNAL_POINTS, expert.PARTNER_SHARPNESS; session 28 screens them, off as
shipped): among near-best options the play the fitted model of play expects of the hand, and the partner's plays
read more sharply."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.cpu import expert
from dominoes_desktop.engine.knowledge import weighted_worlds
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.play_model import (
    FITTED_WEIGHTS,
    decision_sighting,
    fitted_weight,
    option_features,
    partner_of,
    play_log_chance,
    seen_plays,
)
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.engine.view import PlayerView

from .helpers import start_hand
from .test_expert import late_positions


def test_the_decision_sighting_is_the_public_table_the_seat_chooses_at() -> None:
    for view in late_positions("puerto_rican", 4, seed=11, tiles_left=5):
        sighting = decision_sighting(view)
        assert sighting is not None
        layout = view.public.layout
        assert sighting.seat == view.seat
        assert sorted(sighting.ends) == sorted(layout.open_ends())
        placed = [p.tile for p in layout.placements]
        assert list(sighting.on_table) == [sum(t.has(n) for t in placed) for n in range(view.rules.set_top + 1)]
        # Its options are the seat's plays, tile by tile and number by number.
        options = {option for option, _ in option_features(sighting, view.tiles)}
        plays = {(m.tile, m.end) for m in view.legal_moves() if m.kind is MoveKind.PLAY}
        assert options == plays


def test_no_sighting_at_the_pose() -> None:
    match = Match(build_rules("puerto_rican"), 5)
    hand = start_hand(match)
    view = PlayerView.of(match, hand.turn)
    assert not view.public.layout.placements
    assert decision_sighting(view) is None


def test_the_convention_is_off_as_shipped() -> None:
    assert expert.SIGNAL_POINTS == 0.0 and expert.SIGNAL_HANDS == 0.0
    assert expert.PARTNER_SHARPNESS == 1.0
    view = late_positions("puerto_rican", 1, seed=11, tiles_left=5)[0]
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    assert expert.signalled(view, dict.fromkeys(plays, 0.0), False) is None
    assert expert.partner_reader(view) is play_log_chance


def test_the_convention_picks_the_models_favourite_among_the_near_best(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "SIGNAL_POINTS", 2.0)
    checked = 0
    for view in late_positions("puerto_rican", 6, seed=12, tiles_left=6):
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        sighting = decision_sighting(view)
        assert sighting is not None
        score = {
            option: sum(w * f for w, f in zip(FITTED_WEIGHTS, row, strict=True))
            for option, row in option_features(sighting, view.tiles)
        }
        ranked = sorted(plays, key=lambda m: score[(m.tile, m.end)])
        if score[(ranked[0].tile, ranked[0].end)] == score[(ranked[-1].tile, ranked[-1].end)]:
            continue
        favourite, least = ranked[-1], ranked[0]
        # The model's least favourite is best by a point: within the margin, the favourite is played.
        means = dict.fromkeys(plays, -10.0)
        means[least] = 1.0
        means[favourite] = 0.0
        assert expert.signalled(view, means, False) == favourite
        # Best by more than the margin: the convention stands aside, the exact means decide.
        means[least] = 2.5
        assert expert.signalled(view, means, False) is None
        checked += 1
    assert checked >= 3


def test_the_partners_plays_are_read_more_sharply_and_the_others_as_shipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "PARTNER_SHARPNESS", 2.0)
    monkeypatch.setattr(expert, "PARTNER_SHARE", 0.9)
    view = late_positions("puerto_rican", 1, seed=6, tiles_left=4)[0]
    partner = partner_of(view.rules, view.seat)
    seen = seen_plays(view)
    assert any(s.seat == partner for s in seen) and any(s.seat != partner for s in seen)
    read = expert.partner_reader(view)
    sharp = tuple(2.0 * w for w in FITTED_WEIGHTS)
    for world, _ in weighted_worlds(view, random.Random(4), 4):
        held = [set(h) for h in world.hands]
        for sighting in seen:
            hand: set[Tile] = held[sighting.seat] | {sighting.tile}
            expected = (
                play_log_chance(sighting, hand, sharp, 0.9)
                if sighting.seat == partner
                else play_log_chance(sighting, hand)
            )
            assert read(sighting, hand) == expected
        weigh = expert.world_weigher(view)
        assert weigh(world.hands) == fitted_weight(seen, world.hands, read)
