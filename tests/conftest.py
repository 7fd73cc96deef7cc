"""Test set-up: Qt without a screen, and settings kept in a temporary folder."""

from __future__ import annotations

import os
import sys

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists
os.environ.setdefault("QT_ACCESSIBILITY", "1")


@pytest.fixture(autouse=True)
def deals_from_the_seed(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game seals every deal and waits for the person to cut it (issue 17): its tiles come from a secret
    seed and the cut, not from the match's seed. Tests of other features deal from the match's seed, as the
    game did before, so that a seed keeps giving the tiles they count on; tests marked `person_cuts`
    (tests/ui/test_fair_deal.py) play the sealed deals."""
    if request.node.get_closest_marker("person_cuts") is not None:
        return
    # Whatever imports the UI is collected before any test runs, so the class is loaded by now if needed.
    controller = sys.modules.get("dominoes_desktop.ui.play.controller")
    if controller is not None:
        monkeypatch.setattr(controller.GameController, "sealed_deals", False)
