"""mends26: the player's language for the refusals and the store's sentences this session worded anew."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import Statistics, StoreService, stats_sentence
from dominoes_desktop.ui.shell.wording import error_text

from ..engine.helpers import make_hand
from ..engine.test_hand import JAMAICAN_DEAL
from ..store.test_stats import scripted_match
from ..store.test_stats_troubles import PLAYERS, Lock


def test_a_refused_first_tile_is_worded_in_spanish_without_open_ends(spanish: None) -> None:
    hand = make_hand(build_rules("jamaican"), JAMAICAN_DEAL, pose="6-6")
    with pytest.raises(IllegalMove) as refused:
        hand.apply(parse_move("6-5"))
    assert error_text(refused.value) == "6-5 no puede ser la primera ficha: esta mano empieza con 6-6."


def opened(qtbot: QtBot, path: Path) -> str:
    """The reason the store service gives for a match file it could not open."""
    service = StoreService(None, threaded=False)
    answers: list[str] = []
    service.matchFileOpened.connect(lambda _name, saved, reason: answers.append(reason if saved is None else ""))
    try:
        service.start()
        service.open_match_file(path)
        qtbot.waitUntil(lambda: bool(answers))
    finally:
        service.close()
    return answers[0]


def test_a_match_file_that_cannot_be_opened_gives_its_reason_in_spanish(
    qtbot: QtBot, spanish: None, tmp_path: Path
) -> None:
    """It was the reader's English line: "No se pudo abrir x.domino: the file is not a Dominoes Desktop match"."""
    not_a_match = tmp_path / "list.domino"
    not_a_match.write_text(json.dumps({"format": "shopping-list"}))
    other_version = tmp_path / "future.domino"
    other_version.write_text(json.dumps({"format": "dominoes-desktop-match", "version": 99}))
    damaged = tmp_path / "damaged.domino"
    damaged.write_text('{"format": "dominoes-desktop-match", "version"')
    edited = tmp_path / "edited.domino"
    edited.write_text(json.dumps({"format": "dominoes-desktop-match", "version": 2, "preset": "no-such-game"}))
    large = tmp_path / "large.domino"
    with large.open("wb") as out:
        out.truncate(5 * 1024 * 1024)
    assert opened(qtbot, tmp_path / "missing.domino") == "no se pudo leer el archivo"
    assert opened(qtbot, not_a_match) == "no es una partida de Dominoes Desktop"
    assert opened(qtbot, other_version) == "lo hizo otra versión del juego"
    assert opened(qtbot, damaged) == "el archivo está dañado"
    assert opened(qtbot, edited) == "el archivo está dañado"
    assert opened(qtbot, large) == "el archivo es demasiado grande para ser una partida"


def test_busy_statistics_and_an_unexpected_fault_are_told_in_spanish(
    qtbot: QtBot, spanish: None, tmp_path: Path, window: MainWindow
) -> None:
    stats = Statistics(tmp_path)
    stats.record("Home", scripted_match(), PLAYERS)
    stats.close()
    lock = Lock(tmp_path)
    try:
        busy = Statistics(tmp_path, busy_ms=100)
        assert stats_sentence(busy) == (
            "Otro programa está usando las estadísticas; los resultados se registrarán más tarde."
        )
        assert "database" not in stats_sentence(busy) and "locked" not in stats_sentence(busy)
    finally:
        lock.release()
    window.store._guarded(lambda: 1 / 0)  # a store task that fails as none was foreseen to
    assert window.statusBar().currentMessage() == (
        "No se pudieron leer o escribir los archivos del juego: un fallo inesperado; el registro tiene los detalles"
    )


def test_a_damaged_file_of_waiting_results_is_set_aside_and_told_once_in_spanish(
    qtbot: QtBot, spanish: None, tmp_path: Path
) -> None:
    """It was moved aside without a word: the player never learnt the results in it had not been recorded. A second
    one in the session was set aside silently (review26 8): each file is told once."""
    Statistics(tmp_path).close()
    waiting = tmp_path / "statistics-pending.json"
    waiting.write_text("{not json")
    service = StoreService(tmp_path, threaded=False)
    told: list[tuple[str, str]] = []
    service.problem.connect(lambda kind, detail: told.append((kind, detail)))
    try:
        service.start()
        qtbot.waitUntil(lambda: bool(told))
        kept = [p.name for p in tmp_path.iterdir() if p.name.startswith("statistics-pending.damaged-")]
        assert len(kept) == 1 and not waiting.exists(), "kept beside, under another name"
        assert told == [
            (
                "pending-set-aside",
                f"El archivo de resultados pendientes de registrar (statistics-pending.json) estaba dañado; se guardó "
                f"como {kept[0]}. No se perdió nada más.",
            )
        ]
        service._pending_news()  # the store's news read again: the same file is not told twice
        assert len(told) == 1
        waiting.write_text("[]")  # another damaged file in the same session: told too, under its own name
        service.stats.pending()  # type: ignore[union-attr]
        service._pending_news()
        service._pending_news()
        second = [p.name for p in tmp_path.iterdir() if p.name.startswith("statistics-pending.damaged-")]
        assert len(second) == 2 and not waiting.exists()
        (later,) = set(second) - set(kept)
        assert told[1:] == [
            (
                "pending-set-aside",
                f"El archivo de resultados pendientes de registrar (statistics-pending.json) estaba dañado; se guardó "
                f"como {later}. No se perdió nada más.",
            )
        ], "each file set aside is told once (review26 8)"
    finally:
        service.close()
