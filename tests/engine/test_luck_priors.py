"""What a hand is worth before its deal (hand_luck's prior), shipped for the presets in luck_priors: exactly what
working it out gives, found for every shipped preset that needs it, and worked out for house rules that change a
hand (not for those that change only the match)."""

from __future__ import annotations

import pytest

from dominoes_desktop.engine.analysis import hand_luck, luck_priors
from dominoes_desktop.engine.analysis.hand_luck import (
    LUCK_VERSION,
    PANEL_LEVEL,
    PRIOR_DEALS,
    REFERENCE_LEVEL,
    draws_from_stock,
    leader_can_be_known,
    prior,
    prior_key,
    shipped_prior,
    worked_out_prior,
)
from dominoes_desktop.engine.presets import PRESETS, build_rules


def test_every_shipped_preset_whose_leader_can_be_known_has_its_priors() -> None:
    assert (luck_priors.LUCK_VERSION, luck_priors.PRIOR_DEALS) == (LUCK_VERSION, PRIOR_DEALS), (
        "luck_priors is of another definition: run benchmarks/rating_priors.py"
    )
    needed = 0
    for name in PRESETS:
        rules = build_rules(name)
        if not leader_can_be_known(rules):
            continue
        levels = [REFERENCE_LEVEL] if draws_from_stock(rules) else [REFERENCE_LEVEL, PANEL_LEVEL]
        for level in levels:
            found = shipped_prior(rules, level)
            assert found is not None, f"{name}, {level}: run benchmarks/rating_priors.py"
            assert len(found) == rules.sides and sum(found) == pytest.approx(0.0, abs=1e-9)
            needed += 1
    assert needed >= 10 and len(luck_priors.PRIORS) <= needed


@pytest.mark.parametrize(("preset", "level"), [("jamaican", "medium"), ("cutthroat", "easy"), ("draw", "medium")])
def test_a_shipped_prior_is_exactly_what_working_it_out_gives(preset: str, level: str) -> None:
    rules = build_rules(preset)
    assert shipped_prior(rules, level) == worked_out_prior(rules, 0, level)


def test_house_rules_that_change_a_hand_work_their_prior_out(monkeypatch: pytest.MonkeyPatch) -> None:
    worked: list[tuple[str, int, str]] = []

    def counted(rules: object, leader: int, level: str) -> tuple[float, ...]:
        worked.append((prior_key(rules), leader, level))  # type: ignore[arg-type]
        return (1.0, -1.0)

    monkeypatch.setattr(hand_luck, "worked_out_prior", counted)
    hand_luck._prior.cache_clear()
    try:
        jamaican = build_rules("jamaican")
        shipped = shipped_prior(jamaican, "easy")
        assert shipped is not None
        assert prior(jamaican, 1, "easy") == tuple(reversed(shipped))  # turned round the table, not worked out
        assert prior(build_rules("jamaican", {"target": 3}), 0, "easy") == shipped  # the match's rule only
        assert worked == []
        nine = build_rules("jamaican", {"set": 9})  # a double-9 set: another hand
        assert shipped_prior(nine, "easy") is None
        assert prior(nine, 0, "easy") == (1.0, -1.0) and worked == [(prior_key(nine), 0, "easy")]
    finally:
        hand_luck._prior.cache_clear()  # not to leave the made-up prior to the other tests
