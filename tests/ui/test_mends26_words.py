"""mends26: the player's language for the refusals and the store's sentences this session worded anew."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.wording import error_text

from ..engine.helpers import make_hand
from ..engine.test_hand import JAMAICAN_DEAL


@pytest.fixture
def spanish(qtbot: QtBot) -> Iterator[None]:
    LANGUAGE.install("es")
    yield
    LANGUAGE.install("en")


def test_a_refused_first_tile_is_worded_in_spanish_without_open_ends(spanish: None) -> None:
    hand = make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6")
    with pytest.raises(IllegalMove) as refused:
        hand.apply(parse_move("6-5"))
    assert error_text(refused.value) == "6-5 no puede ser la primera ficha: esta mano empieza con 6-6."
