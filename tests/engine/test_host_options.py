"""Rules made in code write the host options that rebuild them: a record saved or judged from a table whose
rules were built directly (a demonstration, a five-player cross) loads as it was played."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.errors import RulesError
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.presets import PRESETS, build_rules, host_options
from dominoes_desktop.engine.record import record_from_json, record_to_json
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.session.seats import SeededTable
from dominoes_desktop.session.table import Session

from ..session.test_loop import random_cpu

OPTION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "target": st.integers(1, 500),
    "single_round": st.booleans(),
    "set": st.sampled_from([6, 9, 12]),
    "players": st.integers(2, 6),
    "partners": st.booleans(),
    "style": st.sampled_from(["block", "draw"]),
    "deal_size": st.integers(1, 15),
}


@st.composite
def built_rules(draw: st.DrawFn) -> tuple[str, Rules]:
    preset_id = draw(st.sampled_from(sorted(PRESETS)))
    keys = draw(st.lists(st.sampled_from(sorted(OPTION_VALUES)), unique=True, max_size=4))
    options = {key: draw(OPTION_VALUES[key]) for key in keys}
    try:
        return preset_id, build_rules(preset_id, options)
    except RulesError:
        assume(False)
        raise


@settings(max_examples=300, deadline=None)
@given(built_rules())
def test_the_host_options_of_any_rules_build_them_again(made: tuple[str, Rules]) -> None:
    preset_id, rules = made
    assert build_rules(preset_id, host_options(rules)) == rules


def test_a_preset_as_it_stands_has_no_host_options() -> None:
    assert all(host_options(build_rules(preset_id)) == {} for preset_id in PRESETS)


def test_a_five_player_cross_record_written_with_its_rules_options_loads() -> None:
    rules = build_rules("cross", {"players": 5})
    session = Session(Match(rules, 3), [random_cpu(s) for s in range(5)], SeededTable(seeds=[1]))
    while not session.match.results:
        session.step()
    record = session.match.record
    assert any(seat == 4 for seat, _ in record.actions)
    written = record_to_json(record) | {"options": host_options(record.rules)}
    assert record_from_json(json.loads(json.dumps(written))).rules == rules
