"""The lobby as a player uses it (issue 34): the wheel scrolls the page, a language switch keeps the choices,
and every setting can be reached at 1024x700."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QComboBox, QMessageBox, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import PRESETS
from dominoes_desktop.ui.lobby.lobby_page import LobbyPage
from dominoes_desktop.ui.shell.main_window import MainWindow

from .conftest import start


def wheel(widget: QWidget, notches: int) -> None:
    """`notches` turns of the mouse wheel (negative: towards the player, scrolling down) with the pointer over
    `widget`'s middle, delivered as Qt delivers the system's: to the widget under the pointer, then to each
    parent in turn while none takes it (Qt does that only for the system's events, not for one a test sends)."""
    top = widget.window()
    at = widget.mapTo(top, widget.rect().center())
    target: QWidget | None = top.childAt(at)
    while target is not None:
        here = QPointF(target.mapFrom(top, at))
        event = QWheelEvent(
            here,
            QPointF(top.mapToGlobal(at)),
            QPoint(0, 0),
            QPoint(0, 120 * notches),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(target, event)
        if event.isAccepted() or target.isWindow():
            return
        target = target.parentWidget()


def options_area(lobby: LobbyPage) -> QScrollArea:
    areas = [
        a for a in lobby.findChildren(QScrollArea) if a.widget() is not None and a.widget().isAncestorOf(lobby.set_top)
    ]
    assert len(areas) == 1
    return areas[0]


def test_the_wheel_scrolls_the_page_and_leaves_the_seats_alone(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1024, 560)  # short enough that the options scroll
    qtbot.wait(50)
    lobby = window.lobby
    area = options_area(lobby)
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0, "the options scroll at this height"
    window.lobby.start.setFocus()
    seat = lobby.seat_rows[1].kind

    def value(widget: QWidget) -> object:
        return widget.currentData() if isinstance(widget, QComboBox) else widget.value()  # type: ignore[attr-defined]

    for widget in (lobby.set_top, lobby.players, seat, lobby.level, lobby.deal_size):
        area.ensureWidgetVisible(widget)
        before, scrolled = value(widget), bar.value()
        notches = -1 if scrolled < bar.maximum() else 1  # down, unless the page is at its end
        wheel(widget, notches)
        assert value(widget) == before, f"the wheel changed {widget.accessibleName()}"
        assert bar.value() != scrolled, f"the page did not scroll under {widget.accessibleName()}"
    assert seat.currentData() == "cpu", "player 2 is still a CPU (it became Empty)"
    # Once chosen (clicked or tabbed to), a box answers the wheel as usual.
    seat.setFocus()
    wheel(seat, -1)
    assert seat.currentData() != "cpu"


def test_a_language_switch_keeps_the_preset_the_seats_and_the_options(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    lobby.select("cuban")
    lobby.seat_rows[2].kind.setCurrentIndex(lobby.seat_rows[2].kind.findData("person"))
    lobby.seat_rows[2].name.setText("Marcia")
    lobby.seat_rows[3].kind.setCurrentIndex(lobby.seat_rows[3].kind.findData("empty"))
    lobby.level.setCurrentIndex(lobby.level.findData("hard"))
    lobby.target.setValue(150)
    lobby.timer.setCurrentIndex(lobby.timer.findData(30))
    window.set_language("es")
    lobby = window.lobby
    assert lobby.current_preset() == "cuban"
    kinds = [row.kind.currentData() for row in lobby.seat_rows[:4]]
    assert kinds == ["person", "cpu", "person", "empty"]
    assert lobby.seat_rows[0].name.text() == "Tú", "a name left as it came speaks the new language"
    assert lobby.seat_rows[1].name.text() == "CPU 1"
    assert lobby.seat_rows[2].name.text() == "Marcia", "a typed name is kept"
    assert lobby.level.currentData() == "hard" and lobby.target.value() == 150
    assert lobby.timer.currentData() == 30
    assert lobby.start.text() != "Start", "the page is the Spanish one"
    window.set_language("en")
    assert window.lobby.current_preset() == "cuban" and window.lobby.seat_rows[0].name.text() == "You"
    assert window.lobby.options() == {"target": 150}


def test_every_setting_is_on_the_screen_at_1024x700(qtbot: QtBot, window: MainWindow) -> None:
    for language in ("en", "es"):
        window.set_language(language)
        window.resize(1024, 700)
        qtbot.wait(50)
        lobby = window.lobby
        # The most rows the page shows: a game for five, every player's seat.
        lobby.select(next(pid for pid, preset in PRESETS.items() if preset.max_players == 5))
        lobby.players.setValue(5)
        qtbot.wait(20)
        for widget in (
            *(row.kind for row in lobby.seat_rows),
            lobby.level,
            lobby.reset,
            lobby.duplicate,
            lobby.duplicate_deals,
            lobby.timer,
            lobby.on_timeout,
            lobby.stats_group,
            lobby.start,
        ):
            assert widget.isVisible(), widget.accessibleName()
            top_left = widget.mapTo(window, QPoint(0, 0))
            inside = window.rect().contains(top_left) and window.rect().contains(
                top_left + QPoint(widget.width() - 1, widget.height() - 1)
            )
            assert inside, f"{widget.accessibleName()} is outside the window ({language})"
            # Not scrolled away: the whole widget shows in every scroll area around it.
            parent = widget.parentWidget()
            while parent is not None and parent is not window:
                if isinstance(parent, QAbstractScrollArea):
                    port = parent.viewport()
                    corner = widget.mapTo(port, QPoint(0, 0))
                    assert port.rect().contains(corner) and port.rect().contains(
                        corner + QPoint(widget.width() - 1, widget.height() - 1)
                    ), f"{widget.accessibleName()} is scrolled out of sight ({language})"
                parent = parent.parentWidget()


def answer_when_asked(qtbot: QtBot, button_text: str, asked: list[str], within_ms: int = 10_000) -> None:
    """Click `button_text` in the question box if one comes up within `within_ms` (the real QMessageBox, run
    modally)."""
    tries = [within_ms // 20]

    def click() -> None:
        boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not boxes:
            tries[0] -= 1
            if tries[0] > 0:
                QTimer.singleShot(20, click)
            return
        asked.append(boxes[0].text())
        next(b for b in boxes[0].buttons() if b.text() == button_text).click()

    QTimer.singleShot(20, click)


def test_a_new_match_from_the_table_asks_once(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34: "Leave the table?" and then "Start a new match?" for one new match."""
    window.ask_before_leaving = True
    try:
        start(window, "jamaican", seed=4)
        window.controller.autoplay(3)
        old = window.controller.match
        asked: list[str] = []
        answer_when_asked(qtbot, "Go to the lobby", asked)
        qtbot.mouseClick(window.game.lobby_button, Qt.MouseButton.LeftButton)
        assert len(asked) == 1 and window.stack.currentWidget() is window.lobby
        assert "until you start another" in asked[0], "the one question says Start ends the match"
        answer_when_asked(qtbot, "Keep it", asked, within_ms=500)  # a second question, if one came, is answered
        qtbot.mouseClick(window.lobby.start, Qt.MouseButton.LeftButton)
        qtbot.wait(600)
        assert len(asked) == 1, f"a second question: {asked[1:]}"
        assert window.stack.currentWidget() is window.game and window.controller.match is not old
        # Back at the table and to the lobby by another way than the question: Start asks (once).
        window.controller.autoplay(3)
        window.show_lobby()
        answer_when_asked(qtbot, "Keep it", asked)
        qtbot.mouseClick(window.lobby.start, Qt.MouseButton.LeftButton)
        assert len(asked) == 2 and "Starting a new one ends it" in asked[1]
        assert window.stack.currentWidget() is window.lobby
    finally:
        window.ask_before_leaving = False


def test_the_friends_room_preset_seats_friends(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34: "Friends' room" seated three CPUs beside the host. It seats invited friends (open seats); another
    preset seats CPUs again, and a seat the host set by hand stays as they set it."""
    lobby = window.lobby
    lobby.select("jamaican")
    lobby.seat_rows[3].kind.setCurrentIndex(lobby.seat_rows[3].kind.findData("empty"))
    lobby.select("room")
    assert [row.kind.currentData() for row in lobby.seat_rows[:4]] == ["person", "friend", "friend", "empty"]
    assert not lobby.seat_rows[1].name.isEnabled(), "a friend brings their own name"
    lobby.select("cuban")
    assert [row.kind.currentData() for row in lobby.seat_rows[:4]] == ["person", "cpu", "cpu", "empty"]


def test_the_default_statistics_group_speaks_the_players_language(qtbot: QtBot, window: MainWindow) -> None:
    """Issue 34: the lobby's statistics group read "Home" in Spanish. It is shown in the player's language and
    kept under the store's own name, so the statistics keep counting in the same group."""
    window.set_language("es")
    lobby = window.lobby
    assert lobby.stats_group.text() == "Casa"
    assert lobby.table_choices()["stats_group"] == "Home" and lobby.setup().stats_group == "Home"
    lobby.stats_group.setText("Los viernes")
    assert lobby.table_choices()["stats_group"] == "Los viernes"
    lobby.stats_group.setText("Casa")
    window.set_language("en")
    assert window.lobby.stats_group.text() == "Home" and window.lobby.table_choices()["stats_group"] == "Home"


def test_a_search_that_hides_the_chosen_preset_starts_the_chosen_one(qtbot: QtBot, window: MainWindow) -> None:
    """audit26 F1: All Fives chosen, "Cross" typed in the search (the list shows only the crosses, no row
    chosen), Start began a Jamaican match, and a language switch showed the Jamaican rules: the preset the form
    shows stays chosen while a search hides its row, and typing in the search leaves the host's options alone."""
    lobby = window.lobby
    lobby.select("all_fives")
    lobby.target.setValue(250)
    lobby.search.setText("Cross")
    assert lobby.presets.currentItem() is None or lobby.presets.currentItem().data(Qt.ItemDataRole.UserRole) is None
    assert lobby.current_preset() == "all_fives" and lobby.target.value() == 250
    window.set_language("es")
    lobby = window.lobby
    assert lobby.current_preset() == "all_fives" and lobby.target.value() == 250
    assert lobby.search.text() == "Cross"
    window.set_language("en")
    lobby = window.lobby
    lobby.start.click()
    match = window.controller.match
    assert match is not None and match.rules.preset == "all_fives" and match.rules.target == 250
