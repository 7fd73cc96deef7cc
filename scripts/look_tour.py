"""Screenshots of the game as a player sees it, one PNG a screen, for looking over by eye.

    Xvfb :99 -screen 0 1920x1080x24 &
    DISPLAY=:99 python scripts/look_tour.py OUT_DIR [--size 1024x700] [--lang es] [--hands 3] [--only lobby,table]
        [--theme beach]

The lobby (three presets, five seats), a hand against CPUs (the sealed deck, mid-hand, a hint), the hand-end and match-end sheets, the coach,
the review dialog, Statistics (Results, Deal luck, Skill; opened as the game opens it, over the window), the Look
dialog, the rules and Learn pages, the pass-and-play curtain, and the room's dialogs (Join, a hosted room waiting
for players). The application's style is the game's (install_app_style), as `--screenshot` installs it. The person's moves are played by a stand-in CPU (the controller's
autoplay, as the screenshot table does); the game keeps its files in a fresh folder under OUT_DIR.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's game, not an installed one

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QTabWidget, QTextBrowser, QTreeWidget, QWidget

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.ui.look.dialog_style import install_app_style
from dominoes_desktop.ui.look.looks import themes
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Tour:
    def __init__(self, app: QApplication, out: Path, prefix: str) -> None:
        self.app, self.out, self.prefix, self.count = app, out, prefix, 0

    def pump(self, seconds: float, until: Callable[[], bool] = lambda: False) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.app.processEvents()
            if until():
                return True
            time.sleep(0.01)
        return until()

    def shot(self, widget: QWidget, name: str) -> None:
        self.pump(0.4)
        self.count += 1
        path = self.out / f"{self.prefix}-{self.count:02d}-{name}.png"
        widget.grab().save(str(path))
        print(path, flush=True)

    def shot_screen(self, name: str) -> None:
        """The whole screen: a dialog over the window, an open list over its dialog (popups are windows)."""
        self.pump(0.4)
        self.count += 1
        path = self.out / f"{self.prefix}-{self.count:02d}-{name}.png"
        self.app.primaryScreen().grabWindow(0).save(str(path))
        print(path, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--size", default="1024x700")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--hands", type=int, default=3, help="hands played for the statistics and skill pages")
    parser.add_argument(
        "--only", default="", help="comma-separated parts: lobby,duplicate,table,sheets,dialogs,room,pass"
    )
    parser.add_argument("--theme", default="", help="the table theme (beach, night, ...), else the game's own")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    parts = (
        set(args.only.split(",")) if args.only else {"lobby", "duplicate", "table", "sheets", "dialogs", "room", "pass"}
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data = out / f"data-{args.lang}-{args.size}"
    shutil.rmtree(data, ignore_errors=True)
    app = QApplication(sys.argv[:1])
    install_app_style(app)  # the game's dialog buttons (no icons), as the game installs after its first paint
    LANGUAGE.install(args.lang)
    tour = Tour(app, out, f"{args.lang}-{args.size}" + (f"-{args.theme}" if args.theme else ""))
    settings = Settings(open_settings(data / "config"))
    settings.save_language(args.lang)
    window = MainWindow(settings, pace_ms=0, data_dir=data)
    window.ask_before_leaving = False
    if args.theme:
        window.apply_look(replace(window.look, theme=themes()[args.theme]))
    window.resize(width, height)
    window.show()
    tour.pump(1.5)
    if "lobby" in parts:
        tour.shot(window, "lobby")
        lobby = window.lobby
        for preset in ("all_fives", "draw"):
            lobby.select(preset)
            tour.shot(window, f"lobby-{preset}")
        lobby.select("classic_block")  # five seats: the seats' column at its fullest
        lobby.players.setValue(5)
        tour.shot(window, "lobby-five-seats")
        lobby.select("jamaican")
        for menu in window.menuBar().findChildren(QMenu):  # Game, View and its submenus: the game's settings
            if menu.parent() is window.menuBar() and menu.title():  # not the bar's untitled overflow menu
                menu.popup(window.mapToGlobal(window.menuBar().geometry().bottomLeft()))
                tour.shot_screen(f"menu-{menu.title().replace('&', '')}")
                menu.hide()
    if "duplicate" in parts:
        # A duplicate match of four deals against CPUs, its results so far after the first deal's two plays.
        lobby = window.lobby
        lobby.duplicate.setChecked(True)
        lobby.duplicate_deals.setCurrentIndex(lobby.duplicate_deals.findData(4))
        lobby.start.click()
        controller = window.controller
        for _play in range(2):
            tour.pump(1.0)
            if window.game.cut_panel.isVisible():
                QTest.keyClick(window.game.cut_panel.deck, Qt.Key.Key_Space)
            while not window.game.hand_end.isVisible():
                controller.autoplay(200)
                tour.pump(10, lambda: window.game.hand_end.isVisible() or controller.thinking is None)
            window.game.hand_end.next.click()
        window.show_duplicate_results()
        tour.pump(1.0)
        if window.game.results is not None:
            tour.shot_screen("duplicate-results")
            window.game.results.close()
        lobby.duplicate.setChecked(False)
    if parts & {"table", "sheets", "dialogs"}:
        window.skill.start()
        window.quick_start(build_rules("draw", {"target": 60}), "medium", 7)
        tour.pump(1.0)
        tour.shot(window, "table-sealed-deck")
        deck = window.game.cut_panel.deck
        if window.game.cut_panel.isVisible():
            QTest.keyClick(deck, Qt.Key.Key_Space)
        controller = window.controller

        def waits_for_me() -> bool:
            return controller.thinking is None and controller.human_turn() is not None

        tour.pump(20, waits_for_me)
        tour.shot(window, "table-first-turn")
        controller.autoplay(3)
        tour.pump(20, waits_for_me)
        tour.shot(window, "table-mid-hand")
        if window.game.hint_button.isEnabled():
            window.game.hint_button.click()
            tour.pump(30, lambda: "Hint" not in window.game.turn.text() and bool(window.game.turn.text()))
            tour.pump(3)
            tour.shot(window, "table-hint")
        for hand in range(args.hands):
            while (
                not window.game.hand_end.isVisible() and controller.match is not None and not controller.match.is_over
            ):
                controller.autoplay(200)
                tour.pump(10, lambda: window.game.hand_end.isVisible() or waits_for_me())
            tour.pump(90, lambda: window.skill.line is not None and "·" in window.skill.line.text())
            if hand == 0 or ("sheets" in parts and hand == args.hands - 1):
                tour.shot(window, f"hand-end-{hand + 1}")
            if hand == 0 and window.game.hand_end.details_button.isVisible():
                window.game.hand_end.details_button.click()
                tour.shot(window, "hand-end-details")
                window.game.hand_end.details_button.click()
            if hand == 0 and window.game.coach_button.isVisible():
                before = set(app.topLevelWidgets())
                window.game.coach_button.click()
                tour.pump(2)
                coach = next((w for w in app.topLevelWidgets() if w not in before and w.isVisible()), None)
                if coach is not None:
                    tree = coach.findChild(QTreeWidget)
                    tour.pump(60, lambda tree=tree: tree is None or not tree.isHidden())
                    tour.shot(coach, "coach")
                    coach.close()
            if controller.match is None or controller.match.is_over:
                break
            if hand < args.hands - 1:
                window.game.hand_end.next.click()
                tour.pump(2)
                if window.game.cut_panel.isVisible():
                    QTest.keyClick(window.game.cut_panel.deck, Qt.Key.Key_Space)
                tour.pump(20, waits_for_me)
    if "sheets" in parts:
        # A match to one game of Jamaican ends with its first hand: the match-end sheet.
        window.quick_start(build_rules("jamaican", {"target": 1}), "medium", 11)
        tour.pump(1.0)
        if window.game.cut_panel.isVisible():
            QTest.keyClick(window.game.cut_panel.deck, Qt.Key.Key_Space)
        controller = window.controller
        tour.pump(20, lambda: controller.thinking is None)
        while not window.game.hand_end.isVisible():
            controller.autoplay(200)
            tour.pump(10, lambda: window.game.hand_end.isVisible() or controller.thinking is None)
        line = window.skill.line
        tour.pump(60, lambda: line is not None and "·" in line.text())
        tour.shot(window, "match-end")
    if "dialogs" in parts:
        from dominoes_desktop.ui.learn.rules_page import RulesDialog
        from dominoes_desktop.ui.look.look_dialog import LookDialog
        from dominoes_desktop.ui.review.review_dialog import ReviewDialog
        from dominoes_desktop.ui.review.stats_dialog import StatsDialog

        def show(dialog: QDialog, name: str) -> None:
            dialog.show()
            tour.pump(1.0)
            tour.shot(dialog, name)

        if window.controller.match is not None and window.controller.match.results:
            review = ReviewDialog(window.controller.match, window.controller.seats, window.look, window)
            show(review, "review")
            review.close()
        stats = StatsDialog(window.store, "", window)
        stats.show()
        for combo in (stats.group,):  # an open list, as large as its field
            combo.showPopup()
            tour.shot_screen("stats-open-list")
            combo.hidePopup()
        tour.pump(3)
        for index in range(stats.tabs.count()):
            stats.tabs.setCurrentIndex(index)
            tour.pump(3, lambda: stats.skill.snapshot is not None)
            tour.shot(stats, f"stats-{index}")
        stats.resize(width - 40, height - 60)
        stats.tabs.setCurrentWidget(stats.skill)
        tour.shot(stats, "stats-skill-large")
        stats.close()
        look = LookDialog(window.look, window)
        show(look, "look")
        look.close()
        rules = RulesDialog(window.current_rules(), window)
        show(rules, "rules")
        browser = rules.findChild(QTextBrowser)
        if browser is not None:
            for anchor in ("play-well", "how-cpus-play"):
                browser.scrollToAnchor(anchor)
                tour.shot(rules, f"learn-{anchor}")
        rules.close()
        tabs = window.findChildren(QTabWidget)
        del tabs
    if "pass" in parts:
        from dominoes_desktop.session.table_model import SeatConfig
        from dominoes_desktop.ui.play.controller import MatchSetup

        two = (
            SeatConfig("Ana", True),
            SeatConfig("CPU 1", False),
            SeatConfig("Beto", True),
            SeatConfig("CPU 3", False),
        )
        window.start_match(MatchSetup(build_rules("jamaican"), two), 5)
        tour.pump(1.0)
        if window.game.cut_panel.isVisible():
            QTest.keyClick(window.game.cut_panel.deck, Qt.Key.Key_Space)
        tour.pump(20, lambda: window.game.curtain.isVisible())
        tour.shot(window, "pass-curtain")
    if "room" in parts:
        from dominoes_desktop.ui.room.net_dialogs import JoinDialog, RoomHost

        join = JoinDialog(window, discovery_port=free_udp_port(), name="Ana")
        join.show()
        tour.pump(1.0)
        tour.shot(join, "room-join")
        join.close()
        request = {"t": "create", "name": "Ana", "preset": "jamaican", "options": {"single_round": True},
                   "seats": ["host", "friend", "cpu:easy", "cpu:easy"], "wait_s": 30, "cpu_delay_ms": 200}  # fmt: skip
        host = RoomHost(request, port=0, discovery_port=free_udp_port())
        host.window.resize(width, height)
        host.window.show()
        tour.pump(2.0)
        tour.shot(host.window, "room-waiting")
        host.window.tabs.setCurrentIndex(1)  # the players and the table talk
        tour.shot(host.window, "room-players-and-talk")
        host.window.close()
        tour.pump(1.0)
    window.close()
    tour.pump(0.5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
