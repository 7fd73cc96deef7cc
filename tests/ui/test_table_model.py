"""One table model: the local table and a room's seat both offer every member of TableModel, and the table
page, its side panel and the views read the model alone (they never name a table nor ask which one it is)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import dominoes_desktop
from dominoes_desktop.session.table_model import TableModel
from dominoes_desktop.ui.play.controller import GameController
from dominoes_desktop.ui.room.room_controller import RoomController

from .driving import POOL

PACKAGE = Path(dominoes_desktop.__file__).parent
READERS = ["ui/play/game_page.py", "ui/play/panels.py", "ui/table/view.py", "ui/table/drawn.py"]
MEMBERS = sorted({name for name in vars(TableModel) if not name.startswith("_")} | set(TableModel.__annotations__))


def test_the_model_has_the_members_the_page_reads() -> None:
    assert len(MEMBERS) == 63 and {"waiting", "clock", "clock_ran_out", "stateChanged", "open_seats"} <= set(MEMBERS)


@pytest.mark.parametrize("table", ["local", "room"])
def test_both_tables_offer_every_member(qtbot: QtBot, table: str) -> None:
    model = GameController(pace_ms=0, pool=POOL) if table == "local" else RoomController()
    missing = [name for name in MEMBERS if not hasattr(model, name)]
    assert missing == []
    for name in MEMBERS:
        wanted = vars(TableModel).get(name)
        if inspect.isfunction(wanted):  # an intention or a query: callable with the same parameters
            got = inspect.signature(getattr(model, name))
            assert list(got.parameters) == list(inspect.signature(wanted).parameters)[1:], name
    assert model.waiting is None and not model.clock.running and model.people() == []


@pytest.mark.parametrize("path", READERS)
def test_the_readers_never_ask_which_table_they_have(path: str) -> None:
    tree = ast.parse((PACKAGE / path).read_text())
    named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    named |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert not named & {"GameController", "RoomController"}, path
    for node in ast.walk(tree):
        # No isinstance on the model, and nothing read of it beyond the model (a match, a socket, a seat number).
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
            assert "controller" not in ast.unparse(node.args[0]), f"{path}: {ast.unparse(node)}"
        if isinstance(node, ast.Attribute) and ast.unparse(node.value).endswith("controller"):
            assert node.attr in MEMBERS, f"{path}: {ast.unparse(node)} is not a member of the table model"
