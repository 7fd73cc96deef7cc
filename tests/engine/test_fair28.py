"""The fair coach's verdict over sampled worlds (session 28): its options' means worked out once, for the line and
for the margin of error alike."""

from __future__ import annotations

import json

import pytest

from dominoes_desktop.engine.analysis import fair
from dominoes_desktop.engine.analysis.coach import decisions_to_judge, hands_of_case
from dominoes_desktop.engine.analysis.fair import WorldJudged, loss_and_margin, weighted_means

from .helpers import DATA


def test_a_sampled_verdict_works_its_means_out_once_and_its_margin_from_them(monkeypatch: pytest.MonkeyPatch) -> None:
    (recorded,) = hands_of_case(json.loads((DATA / "coach-cases" / "jamaican-every-world-late.json").read_text()))
    decision = next(d for d in decisions_to_judge(recorded, None) if len(d[1].legal_moves()) > 2)
    options = decision[1].legal_moves()
    weights = [0.1, 0.2, 0.3, 0.4]
    worlds = [
        WorldJudged((), (), w, tuple(float((3 * k + 5 * o) % 7) - 2.5 for o in range(len(options))), True)
        for k, w in enumerate(weights)
    ]
    calls = []

    def counted(found: list[WorldJudged], count: int) -> list[float]:
        calls.append(count)
        return weighted_means(found, count)

    monkeypatch.setattr(fair, "weighted_means", counted)
    verdict = fair._verdict(recorded, decision, worlds, False)
    assert calls == [len(options)]
    monkeypatch.undo()
    loss, margin = loss_and_margin(worlds, options, decision[2])
    assert (verdict.judged.loss, verdict.margin) == (loss, margin) and margin > 0
    assert list(verdict.judged.values) == weighted_means(worlds, len(options))
