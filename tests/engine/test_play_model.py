"""The fitted model of sensible play (engine/play_model.py) and its fit (benchmarks/evidence_fit.py)."""

from __future__ import annotations

import math
import random

import pytest

from benchmarks.evidence_fit import Choice, fit_model, held_out, options_of
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.play_model import (
    FEATURES,
    FITTED_SHARE,
    FITTED_WEIGHTS,
    Sighting,
    fitted_weight,
    option_chances,
    option_features,
    sightings_of,
)
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile

PLAY, PASS = MoveKind.PLAY, MoveKind.PASS


def test_sightings_keep_what_was_public_at_each_play() -> None:
    """Seat 0 poses 6-6; 1 plays 6-5; 2 passes on 6 and 5; 3 plays 5-3; 0 plays 6-1 (its partner 2 lacks
    6 and 5; the previous seat, 3, opened the 3s)."""
    rules = build_rules("puerto_rican")
    turns = [
        (0, PLAY, Tile(6, 6), None, ()),
        (1, PLAY, Tile(6, 5), 6, ()),
        (2, PASS, None, None, (6, 5)),
        (3, PLAY, Tile(5, 3), 5, ()),
        (0, PLAY, Tile(6, 1), 6, ()),
    ]
    first, second, third = sightings_of(rules, turns)
    assert (first.seat, first.ends, first.joined) == (1, (6, 6), 6)
    assert first.on_table == (0, 0, 0, 0, 0, 0, 1)
    assert (third.seat, third.ends, third.tile) == (0, (3, 6), Tile(6, 1))
    assert third.partner_void == frozenset({5, 6}) and third.next_void == frozenset()
    assert second.next_void == frozenset() and second.partner_void == frozenset()
    assert third.previous_opened == 3 and third.partner_opened is None
    assert third.on_table == (0, 0, 0, 1, 0, 2, 2)
    assert second.partner_opened == 5  # seat 1 opened the 5s and 5 is still an open end when seat 3 plays


def counted_directly(sighting: Sighting, held: set[Tile], tile: Tile, joined: int) -> tuple[float, ...]:
    """FEATURES counted from the tiles kept and the table after the play, one by one."""
    ends = list(sighting.ends)
    opened = tile.other(joined)
    ends[ends.index(joined)] = opened
    kept = [t for t in held if t != tile]
    per_number = len(sighting.on_table)
    counts = [sum(1 for t in kept if t.has(n)) for n in range(per_number)]
    after = [sighting.on_table[n] + tile.has(n) for n in range(per_number)]
    left = set(ends)
    return (
        tile.pips / 6,
        float(tile.is_double),
        float(counts[opened]),
        float(sum(1 for t in kept if t.high in left or t.low in left)),
        float(sum(1 for c in counts if c)),
        float(sum(1 for e in ends if e in sighting.next_void)),
        float(sum(1 for e in ends if e in sighting.partner_void)),
        float(sum(1 for e in left if after[e] + counts[e] == per_number)),
        float(joined == sighting.partner_opened),
        float(joined == sighting.previous_opened),
        float(per_number - after[opened] - counts[opened]),
    )


def test_features_counted_once_a_hand_agree_with_counting_each_play() -> None:
    rng = random.Random(5)
    tiles = [Tile(a, b) for a in range(7) for b in range(a + 1)]
    for _ in range(300):
        rng.shuffle(tiles)
        ends = (tiles[0].high, rng.choice([tiles[0].low, tiles[1].low]))
        held = set(tiles[2 : 2 + rng.randint(2, 7)])
        on_table = tuple(rng.randint(0, 3) for _ in range(7))
        sighting = Sighting(
            1, tiles[2], ends[0], ends, frozenset({ends[1]}), frozenset({ends[0], 2}), on_table, ends[0], ends[1]
        )
        for (tile, joined), row in option_features(sighting, held):
            assert len(row) == len(FEATURES)
            assert row == counted_directly(sighting, held, tile, joined), (tile, joined, held, sighting)


def sighting_on(ends: tuple[int, int], tile: Tile, joined: int, **public: object) -> Sighting:
    facts: dict[str, object] = {
        "next_void": frozenset(),
        "partner_void": frozenset(),
        "on_table": (1,) * 7,
        "partner_opened": None,
        "previous_opened": None,
    }
    facts.update(public)
    return Sighting(1, tile, joined, ends, **facts)  # type: ignore[arg-type]


def test_the_fitted_model_prefers_the_sensible_play() -> None:
    """On the ends 2 and 3, holding 5-2, 4-3 and 5-0: 5-2 opens the 5s, which the player holds more of; and
    a play that leaves the next seat an end it has shown it lacks is preferred to the same play without."""
    held = {Tile(5, 2), Tile(4, 3), Tile(5, 0)}
    chances = option_chances(sighting_on((2, 3), Tile(5, 2), 2), held)
    assert chances[(Tile(5, 2), 2)] > chances[(Tile(4, 3), 3)]
    assert sum(chances.values()) == pytest.approx(1.0)
    lacks_fours = option_chances(sighting_on((2, 3), Tile(5, 2), 2, next_void=frozenset({4})), held)
    assert lacks_fours[(Tile(4, 3), 3)] > chances[(Tile(4, 3), 3)]
    assert 0.5 < FITTED_SHARE < 1.0 and len(FITTED_WEIGHTS) == len(FEATURES)


def test_a_world_holding_the_preferred_play_weighs_less_but_never_nothing() -> None:
    seen = [sighting_on((2, 3), Tile(4, 3), 3)]  # seat 1 played 4-3 on the 3
    opened_fives = [[], [Tile(5, 2), Tile(5, 0)], [], []]  # it could have opened the 5s it held two of
    nothing_else = [[], [Tile(1, 0), Tile(1, 1)], [], []]  # no other play fitted: the play tells nothing
    assert fitted_weight(seen, nothing_else) == 1.0
    assert 0.0 < fitted_weight(seen, opened_fives) < fitted_weight(seen, nothing_else)
    assert fitted_weight(seen * 400, opened_fives) > 0.0  # an unlikely world, but one the sampler dealt


def test_the_fit_recovers_the_weights_plays_were_drawn_with() -> None:
    """Plays drawn from a known logit (mixed one in five with a uniform pick) give back its weights and share."""
    rng = random.Random(11)
    truth = [1.0, -0.5]
    options = []
    for _ in range(3000):
        rows = [(rng.gauss(0, 1), float(rng.random() < 0.5)) for _ in range(rng.randint(2, 5))]
        scores = [math.exp(truth[0] * a + truth[1] * b) for a, b in rows]
        drawn = rng.choices(range(len(rows)), weights=scores)[0]
        made = drawn if rng.random() < 0.8 else rng.randrange(len(rows))
        options.append((rows, made))
    weights, share = fit_model(options)
    assert weights == pytest.approx(truth, abs=0.2)
    assert share == pytest.approx(0.8, abs=0.1)


def test_held_out_scores_the_tile_played_against_a_uniform_pick() -> None:
    """With every weight 0 and the whole share on the model, the fitted model is a uniform pick of the plays:
    a tile that fits on both ends has two of them, so it is twice as likely as a uniform pick of the tiles."""
    sighting = sighting_on((2, 3), Tile(3, 2), 2)
    choice = Choice("hard", Tile(3, 2), (2, 3), frozenset({Tile(3, 2), Tile(5, 2)}), sighting)
    options = option_features(sighting, choice.held)
    [(rows, made)] = options_of([choice])
    assert rows == [row for _, row in options] and options[made][0] == (Tile(3, 2), 2)
    report = held_out([choice], [0.0] * len(FEATURES), 1.0)
    assert report["fitted_gain"] == pytest.approx(math.log(2 / 3) + math.log(2), abs=1e-4)
