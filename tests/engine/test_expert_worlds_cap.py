"""The cap on the Expert's exact worlds a decision (expert.MAX_WORLDS), read when exact_pimc is called so that a
benchmark seat may raise it (session 26's `expert_worlds1200`)."""

from __future__ import annotations

import pytest

from dominoes_desktop.engine.cpu import expert
from dominoes_desktop.engine.moves import MoveKind

from .test_expert import late_positions
from .test_expert_weights import hand_means


def counted_draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    drawn = [0]
    sample = expert.sample_world

    def counting(*args: object) -> object:
        drawn[0] += 1
        return sample(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(expert, "sample_world", counting)
    return drawn


def test_the_cap_as_shipped_is_400_and_exact_pimc_draws_that_many_when_nothing_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert expert.MAX_WORLDS == 400
    view = late_positions("puerto_rican", 1, seed=3, tiles_left=3)[0]
    plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
    monkeypatch.setattr(expert, "SETTLED_AFTER", 10**6)  # no early stop on a clear lead
    drawn = counted_draws(monkeypatch)
    assert expert.exact_pimc(view, plays, 2, expert.now() + 120.0) is not None
    assert drawn[0] == 400
    # A cap given by the caller still wins over the module's.
    drawn[0] = 0
    assert expert.exact_pimc(view, plays, 2, expert.now() + 60.0, max_worlds=12) is not None
    assert drawn[0] == 12


def test_a_raised_cap_is_read_at_the_call_and_its_means_are_the_worlds_weighed_mean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Set as strength.SWITCHED_EXPERTS sets it (after import), the module's cap decides how many worlds are
    drawn; the means over them are the fitted weights' mean of the exact values, counted by hand."""
    monkeypatch.setattr(expert, "SETTLED_AFTER", 10**6)
    monkeypatch.setattr(expert, "MAX_WORLDS", 16)  # test_expert_weights.WORLDS, what hand_means counts
    drawn = counted_draws(monkeypatch)
    for view in late_positions("puerto_rican", 3, seed=9, tiles_left=4):
        plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
        drawn[0] = 0
        means = expert.exact_pimc(view, plays, 4, expert.now() + 60.0)
        assert drawn[0] == 16 and means is not None
        expected = hand_means(view, plays, 4, 1.0)
        assert means == pytest.approx(expected)
