"""The game window: the lobby, then the table with its side panel, and the hand-end summary."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QCursor,
    QKeySequence,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSlider,
    QStackedWidget,
    QWidget,
    QWidgetAction,
)

from ...engine.levels import DEFAULT_LEVEL
from ...engine.moves import Move, MoveKind
from ...engine.presets import PRESETS, host_options
from ...engine.rules import Rules
from ..learn.rules_page import RulesDialog, preset_name
from ..lobby.lobby_page import LobbyPage
from ..look.flags import flag_pixmap
from ..look.look_style import palette, scaled_menu_style, stylesheet, window_scale
from ..look.looks import FINISHES, Look, themes
from ..play.sound import SoundBoard
from ..review.skill_recorder import SkillRecorder
from ..room.actions import host_room, network_actions
from . import store_service
from .announce import ANNOUNCER, DESCRIBE_KEY, TableVoice, name_clear_buttons, read_bool
from .groups import HOME_GROUP, stored_group
from .i18n import LANGUAGE
from .settings import Settings, SettingsDamaged
from .store_service import StoreService

# The match's modules (the controller, the session, the CPU pool, most of the engine) and the table's are
# imported where they are first used: the lobby paints without them (start-up, issue 31 item 7).
if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from ...engine.decisions import DealHand
    from ...engine.fairness import FairDeal
    from ...session.cpu_pool import CpuPool
    from ..play.controller import GameController, MatchSetup
    from ..play.game_page import GamePage
    from .store_service import Loaded, SavedMatch, Statistics


# Message boxes and file dialogs are named only when one is shown: PySide6 builds a class the first time it is
# named, and the lobby paints without these (start-up, issue 31 item 7).
def _message_box() -> type[QMessageBox]:
    from PySide6.QtWidgets import QMessageBox

    return QMessageBox


def _file_dialog() -> type[QFileDialog]:
    from PySide6.QtWidgets import QFileDialog

    return QFileDialog


def named_by_title(menu: QMenu) -> QMenu:
    """A menu named by its title, for a screen reader: a popup with no name of its own was named after the
    program, in English, through AT-SPI ("Dominoes Desktop" for "Juego" and "Ver" in the Spanish game)."""
    menu.setAccessibleName(menu.title().replace("&&", "\0").replace("&", "").replace("\0", "&"))
    return menu


LANDING_MS = 120  # after a tile lands, a moment before the next one leaves a hand


def first_size(screen: QSize) -> QSize:
    """The window's size on a first start: 1280x800, or the screen's free area less a margin on a smaller
    screen (a 1024x700 laptop), so no part of the table starts off screen."""
    return QSize(min(1280, screen.width() - 16), min(800, screen.height() - 40)).expandedTo(QSize(640, 480))


class MainWindow(QMainWindow):
    # Ask before a match in progress is left (lobby, quit, closing the window). Tests switch it off for the
    # windows they close at teardown, and on where they check the question.
    ask_before_leaving = True

    def __init__(
        self,
        settings: Settings,
        *,
        pace_ms: int | None = None,
        threaded: bool = True,
        data_dir: Path | None = None,
        cpu_pool: CpuPool | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        # What the lobby does not show waits for the window's first paint (issue 31 item 7).
        self._painted = False
        self._after_paint: list[Callable[[], None]] = []
        # Every file the window keeps or reads goes through the store service, off the UI thread.
        self.store = StoreService(data_dir, threaded=threaded, parent=self)
        self.keeps_autosave = self.store.folder is not None  # a demonstration's table keeps nothing
        self._resume_without_asking = False
        self.look = settings.look()
        self.chrome_scale = 1.0  # how much larger than at 1024x700 the menus' and status bar's words are
        self.fixed_pace = pace_ms  # tests and screenshots fix it; players get it from the animation speed
        self.setWindowTitle(self.tr("Dominoes Desktop"))
        self.resize(first_size(self.screen().availableGeometry().size()))
        geometry = settings.window_geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        # The CPUs think in worker processes: a pool of the controller's own, or one the caller shares.
        self._cpu_pool = cpu_pool
        self._controller: GameController | None = None
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        volume, muted = settings.sound()
        self.sound = SoundBoard(volume, muted, self)
        self._game: GamePage | None = None
        # The look before the pages: each widget is styled once, as it is first shown, not made and then styled
        # again (the style sheet re-polishes every widget it finds: a tenth of the start-up). Rich text takes
        # its link colour from the application's palette when it is set.
        self.apply_look(self.look)
        # The next match's first deal, sealed now: the lobby shows its fingerprint in its first frame (filled in
        # after the first paint, the line changed what was on the screen), and the controller takes it when made.
        from ...engine.fairness import FairDeal

        self._first_seal = FairDeal.commit()
        self._make_pages()
        self.stack.setCurrentWidget(self.lobby)
        self.statusBar().showMessage(self.tr("Welcome to the table."), 8000)
        self._build_menu()
        self._resuming = False
        self._shown_once = False
        self._told_at_leaving = False  # the person said "Go to the lobby" to a question that said what Start ends
        self.store.problem.connect(self._store_problem)
        self.store.autosaveLoaded.connect(self._autosave_loaded)
        self.store.matchFileSaved.connect(self._match_file_saved)
        self.store.matchFileOpened.connect(self._match_file_opened)
        # After the first paint: the controller and its CPU worker process, the statistics database and its
        # thread, the sounds. Each also starts at its first use.
        self._after_paint += [self._start_cpu_worker, self.sound.load]
        if threaded:
            self._after_paint.append(self.store.start)
        else:
            self.store.start()  # no thread to wait for: tests and screenshots read the store at once
        # The table page, after the store's thread is under way: ready before the person can click Start.
        self._after_paint.append(self._make_game)
        self.lobby.start.setFocus()

    @property
    def controller(self) -> GameController:
        """The match's controller (the session, the turn clock, the CPUs' worker), made at its first use or just
        after the window's first paint: the lobby is on the screen before its modules are loaded."""
        if self._controller is None:
            self._make_controller()
        assert self._controller is not None
        return self._controller

    @property
    def skill(self) -> SkillRecorder:
        """What queues each person's finished hands for the skill rating's judge: made with the controller."""
        if self._controller is None:
            self._make_controller()
        return self._skill

    def _make_controller(self) -> None:
        from ..play.controller import GameController

        pace = self.fixed_pace if self.fixed_pace is not None else self._look_pace(self.look)
        controller = self._controller = GameController(self, pace_ms=pace, pool=self._cpu_pool)
        controller.auto_cut = self.settings.auto_cut()  # issue 17: the person cuts each deal, or the clock
        controller.auto_pass = self.settings.auto_pass()  # issue 27: no dead clicks
        controller.error.connect(lambda text: self.statusBar().showMessage(text, 8000))
        controller.movePlayed.connect(self._sound_move)
        controller.handStarted.connect(lambda _index: self.sound.play("shuffle"))
        controller.handStarted.connect(self._hand_dealt)
        controller.stateChanged.connect(self._autosave)
        controller.matchEnded.connect(self._match_over)
        controller.duplicateOver.connect(self._duplicate_over)
        controller.lead_when_won = self.settings.leader_choice() == "me"
        controller.coming_seal = self._first_seal  # the seal the lobby has shown since it was first painted
        controller.comingSealChanged.connect(lambda fingerprint: self.lobby.show_seal(fingerprint))
        controller.comingSealChanged.connect(self._rematch_seal)
        # Issue 33: each person's finished hands queued for the skill rating's judge (the pool, at low priority).
        self._skill = SkillRecorder(controller, self.store, lambda: controller.runner.pool.run, self)

    def _rematch_seal(self, fingerprint: str) -> None:
        if self._game is not None:  # the table page made since (or again, in another language) shows it as made
            self._game.hand_end.show_rematch_seal(fingerprint)

    def _start_cpu_worker(self) -> None:
        self.controller.runner.start()

    def end_workers(self) -> None:
        """The last autosave written and the CPU worker stopped (waited for), if it was ever made."""
        with contextlib.suppress(Exception):  # a store that cannot write has said so; the workers still stop
            self.store.close()
        if self._controller is not None:
            self._controller.runner.stop()

    @staticmethod
    def _look_pace(look: Look) -> int:
        """A CPU's move waits this long after the one before: always long enough for that tile to land."""
        return max(look.cpu_pause_ms, look.animation_ms + LANDING_MS)

    @property
    def stats(self) -> Statistics | None:
        """The statistics the store service writes (tests read them once the service is idle)."""
        return self.store.stats

    @property
    def game(self) -> GamePage:
        """The table page, built at its first use (or just after the window's first paint): the lobby shows
        first, and the table's modules and widgets are not needed for it (start-up, issue 31 item 7)."""
        if self._game is None:
            self._make_game()
        assert self._game is not None
        return self._game

    def _on_table(self) -> bool:
        """The table page is the one shown."""
        return self._game is not None and self.stack.currentWidget() is self._game

    def save_window(self) -> None:
        """Window size and place, and the side panel, kept for the next start."""
        if self._game is None:  # never built: the panel is as the settings keep it
            width, shown = self.settings.panel()
        else:
            width, shown = self._game.panel_width, not self._game.side.isHidden()
        self.settings.save_window(self.saveGeometry(), width, shown)

    def _make_pages(self) -> None:
        """The lobby, wired to the window (made again when the language changes); the table page follows."""
        self.lobby = LobbyPage(self.settings.lobby_preset(PRESETS), self.settings.lobby_level())
        self.lobby.show_table_choices(self.settings.lobby_table())
        self._game = None
        # The lobby's one field with a clear button (looked for under the whole lobby, every widget in it would
        # be made a Python object: a hundredth of the start-up).
        name_clear_buttons(self.lobby.search)
        self.stack.addWidget(self.lobby)
        # Start is the first deal's cut: its seal is shown beside it (issue 34, one click a hand).
        self.lobby.startRequested.connect(
            lambda setup: self.start_match(setup, start_cut=("start", QCursor.pos().x(), QCursor.pos().y()))
        )
        # The coming seal, in the lobby's first frame; once the controller is made, the one it holds.
        seal = self._first_seal if self._controller is None else self._controller.coming_seal
        self.lobby.show_seal(seal.fingerprint)
        self.lobby.roomRequested.connect(lambda: host_room(self, self.lobby))
        # While a match is open the lobby offers the way back to it.
        self.back_button = QPushButton(self.tr("Back to the table"))
        self.back_button.setObjectName("backToTable")
        self.back_button.setAccessibleName(self.tr("Back to the match at the table"))
        self.back_button.clicked.connect(self.back_to_table)
        self.back_button.hide()
        self.lobby.start_row.insertWidget(0, self.back_button)  # beside Start, its own size

    def _make_game(self) -> None:
        """The table page, wired to the window, in the window's look, its side panel as last kept."""
        if self._game is not None:
            return
        from ..play.game_page import GamePage  # with the table's modules: after the lobby's first paint
        from ..play.panels import RETURN_CLICKS

        # Enter clicks the lobby's focused buttons as it does the table's: "Back to the table" took only Space (a11y
        # audit, session 22). Start is the page's default button.
        for button in (self.back_button, self.lobby.reset):
            button.installEventFilter(RETURN_CLICKS)
        game = self._game = GamePage(self.controller, self.look)
        self.voice = TableVoice(game, self.settings.store)  # the keys that answer and what a screen reader is told
        self.stack.addWidget(game)
        game.table.status.connect(lambda text: self.statusBar().showMessage(text, 6000))
        game.happened.connect(self.statusBar().showMessage)  # stays until the next thing happens
        game.moment.connect(self._sound_moment)  # issue 27: a domino, capicúa, six-love or match won
        game.auto_next = self.auto_next_action.isChecked()  # the setting, or the menu's choice since the start
        game.autoCutChanged.connect(self.settings.save_auto_cut)
        game.leaderRuleChanged.connect(self._lead_rule_changed)
        game.table.rulesRequested.connect(self.show_rules)
        game.rules_button.clicked.connect(self.show_rules)
        game.lobby_button.clicked.connect(self.leave_for_lobby)
        game.hand_end.newMatchRequested.connect(self.leave_for_lobby)
        game.hand_end.rematchRequested.connect(self.rematch)
        game.hand_end.show_rematch_seal(self.controller.coming_seal.fingerprint)  # the sheet offers a rematch
        game.hand_end.review.clicked.connect(self.show_review)
        self.skill.show_on(game.hand_end)  # the sheet's luck line (issue 33 item 4)
        game.table.apply_look(self.look, flag_pixmap(self.look.flag))
        width, _ = self.settings.panel()
        game.panel_width = width
        game.show_panel(self.panel_action.isChecked())
        # Dragged shut by its handle: the menu shows it is off.
        game.splitter.splitterMoved.connect(lambda *_: self.panel_action.setChecked(not game.side.isHidden()))

    def set_language(self, choice: str) -> None:
        """Speak another language at once; the match in progress goes on untouched, and the lobby keeps what
        was chosen on it (issue 34: the preset and the seats went back to the last match's)."""
        chosen = self.lobby.choices()  # before the switch: names left as they came are told by their old words
        back_shown = not self.back_button.isHidden()
        self.settings.save_language(choice)
        LANGUAGE.install(choice)
        on_game = self._on_table()
        old_game = self._game
        setup = old_game.setup if old_game is not None else None
        bottom = old_game.table.bottom if old_game is not None else 0
        panel_width = old_game.panel_width if old_game is not None else self.settings.panel()[0]
        panel_shown = not old_game.side.isHidden() if old_game is not None else self.settings.panel()[1]
        old: list[QWidget] = [self.lobby] if old_game is None else [self.lobby, old_game]
        self._make_pages()
        self.lobby.restore(chosen)
        self.back_button.setVisible(back_shown)
        for page in old:
            self.stack.removeWidget(page)
            page.deleteLater()
        self.menuBar().clear()
        self._build_menu()
        self.panel_action.setChecked(panel_shown)  # the page made next shows the panel as it was
        if old_game is not None:
            self._make_game()
            self.game.panel_width = panel_width
            self.game.show_panel(panel_shown)
        self.setWindowTitle(self.tr("Dominoes Desktop"))
        self.apply_look(self.look)
        if setup is not None:
            self.game.start(setup)
            self.game.table.bottom = bottom
            self.game.table.reset_rack()
            self.game.show_history()
            if self.controller.hand is None and self.controller.last_result is not None:
                self.game.show_last_result()
            self.game.table.refresh()
            self.game.refresh()
        self.stack.setCurrentWidget(self.game if on_game else self.lobby)
        if not on_game:  # at the table a welcome would outlive its moment (shown at a hand's end)
            self.statusBar().showMessage(self.tr("Welcome to the table."), 4000)
        else:
            self.statusBar().clearMessage()

    def apply_look(self, look: Look) -> None:
        self.look = look
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setPalette(palette(look.theme))  # dialogs and popups without a parent read it too
        self.setPalette(palette(look.theme))
        self.setStyleSheet(stylesheet(look))
        if self._game is not None:  # otherwise it takes the look when it is made
            self._game.table.apply_look(look, flag_pixmap(look.flag))
        if self.fixed_pace is None and self._controller is not None:  # otherwise it takes the pace when made
            self._controller.pace_ms = self._look_pace(look)

    def set_high_contrast(self, on: bool) -> None:
        """Black table, white tiles with black pips, yellow marks: for low vision and bright sunlight."""
        theme = themes()["high_contrast"] if on else themes().get(self.settings.look().theme.id, self.look.theme)
        finish = FINISHES["ivory"] if on else self.settings.look().finish
        look = replace(
            self.look, high_contrast=on, theme=theme, finish=finish, pips="numerals" if on else self.look.pips
        )
        self.settings.store.setValue("view/high_contrast", on)
        self.apply_look(look)

    def show_look_dialog(self) -> None:
        from ..look.look_dialog import LookDialog  # screens opened on demand load on demand (start-up)

        dialog = LookDialog(self.look, self)
        dialog.lookChosen.connect(self._look_chosen)
        dialog.exec()

    def _look_chosen(self, look: Look) -> None:
        self.settings.save_look(look)
        self.apply_look(look)

    def _build_menu(self) -> None:
        game = named_by_title(self.menuBar().addMenu(self.tr("&Game")))
        new = QAction(self.tr("&New match"), self)
        new.setShortcut(QKeySequence.StandardKey.New)
        new.triggered.connect(self.leave_for_lobby)
        rules = QAction(self.tr("House &rules"), self)
        rules.setShortcut(QKeySequence(Qt.Key.Key_F1))
        rules.triggered.connect(self.show_rules)
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        save = QAction(self.tr("&Save match as…"), self)
        save.setShortcut(QKeySequence.StandardKey.Save)
        save.triggered.connect(self.save_match_as)
        open_action = QAction(self.tr("&Open match…"), self)
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        open_action.triggered.connect(lambda: self.open_match())
        stats = QAction(self.tr("S&tatistics…"), self)
        stats.setShortcut(QKeySequence("Ctrl+T"))
        stats.triggered.connect(self.show_stats)
        review = QAction(self.tr("Re&view hands…"), self)
        review.setShortcut(QKeySequence("Ctrl+R"))
        review.triggered.connect(self.show_review)
        duplicate = QAction(self.tr("&Duplicate results…"), self)
        duplicate.triggered.connect(self.show_duplicate_results)
        for action in (
            new,
            *network_actions(self, lambda: self.lobby),
            save,
            open_action,
            rules,
            review,
            duplicate,
            stats,
            quit_action,
        ):
            game.addAction(action)
        view = named_by_title(self.menuBar().addMenu(self.tr("&View")))
        looks = QAction(self.tr("Your &view…"), self)
        looks.setShortcut(QKeySequence("Ctrl+,"))
        looks.triggered.connect(self.show_look_dialog)
        view.addAction(looks)
        languages = named_by_title(view.addMenu(self.tr("&Language")))
        group = QActionGroup(self)
        current = self.settings.language()
        for code, label in (("system", self.tr("System")), ("en", "English"), ("es", "Español")):
            action = QAction(label, self, checkable=True)
            action.setChecked(code == current)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))
            group.addAction(action)
            languages.addAction(action)
        view.addSeparator()
        for text, key, step in (
            (self.tr("Zoom &in"), "Ctrl++", 1.15),
            (self.tr("Zoom &out"), "Ctrl+-", 1 / 1.15),
            (self.tr("&Actual size"), "Ctrl+0", 0.0),
        ):
            zoom = QAction(text, self)
            zoom.setShortcut(QKeySequence(key))
            zoom.triggered.connect(lambda _=False, f=step: self.game.table.zoom(f))
            view.addAction(zoom)
        self.panel_action = QAction(self.tr("Side &panel"), self, checkable=True)
        self.panel_action.setShortcut(QKeySequence("F9"))
        self.panel_action.setChecked(self.settings.panel()[1] if self._game is None else not self._game.side.isHidden())
        self.panel_action.triggered.connect(lambda shown: self.game.show_panel(shown))
        view.addAction(self.panel_action)
        self.auto_pass_action = QAction(self.tr("Pass for me when &nothing fits"), self, checkable=True)
        self.auto_pass_action.setChecked(
            self.settings.auto_pass() if self._controller is None else self._controller.auto_pass
        )
        self.auto_next_action = QAction(self.tr("&Go on to the next hand by itself"), self, checkable=True)
        self.auto_next_action.setChecked(self.settings.auto_next() if self._game is None else self._game.auto_next)
        for action in (self.auto_pass_action, self.auto_next_action):
            action.triggered.connect(self._play_help_changed)
            view.addAction(action)
        self.lead_action = QAction(self.tr("When my side &wins, I lead"), self, checkable=True)
        self.lead_action.setChecked(
            self.settings.leader_choice() == "me" if self._controller is None else self._controller.lead_when_won
        )
        self.lead_action.triggered.connect(self._lead_rule_changed)
        view.addAction(self.lead_action)
        sound = named_by_title(view.addMenu(self.tr("&Sound")))
        self.mute_action = QAction(self.tr("&Mute"), self, checkable=True)
        self.mute_action.setShortcut(QKeySequence("Ctrl+M"))
        self.mute_action.setChecked(self.sound.muted)
        self.mute_action.triggered.connect(self.set_muted)
        sound.addAction(self.mute_action)
        self.volume_slider = QSlider(Qt.Orientation.Horizontal)
        self.volume_slider.setRange(0, 100)
        self.volume_slider.setValue(self.sound.volume)
        self.volume_slider.setAccessibleName(self.tr("Volume"))
        self.volume_slider.setMinimumWidth(160)
        self.volume_slider.valueChanged.connect(self.set_volume)
        row = QWidget()
        row_layout = QHBoxLayout(row)
        row_layout.setContentsMargins(22, 4, 12, 4)
        row_layout.addWidget(QLabel(self.tr("Volume")))
        row_layout.addWidget(self.volume_slider)
        volume = QWidgetAction(self)
        volume.setText(self.tr("Volume"))  # the menu item's name for a screen reader: the slider inside is not read
        volume.setDefaultWidget(row)
        sound.addAction(volume)
        contrast = QAction(self.tr("&High contrast"), self, checkable=True)
        contrast.setChecked(self.look.high_contrast)
        contrast.triggered.connect(self.set_high_contrast)
        view.addAction(contrast)
        # Orca before 45.2 speaks none of the table's announcements: the same words go to the focused table's
        # description, which it reads (docs/ACCESSIBILITY.md). Off by default: a newer Orca would say them twice.
        self.describe_action = QAction(self.tr("Speak through the table's &description (Orca before 45.2)"), self)
        self.describe_action.setCheckable(True)
        self.describe_action.setChecked(read_bool(self.settings.store, DESCRIBE_KEY, False))
        ANNOUNCER.describe = self.describe_action.isChecked()
        self.describe_action.triggered.connect(self._describe_changed)
        view.addAction(self.describe_action)

    def _describe_changed(self, on: bool) -> None:
        ANNOUNCER.describe = on
        self.settings.store.setValue(DESCRIBE_KEY, on)
        self.settings.store.sync()  # on disk at once, as every other setting (review 22, finding 5)

    def _play_help_changed(self) -> None:
        self.controller.auto_pass = self.auto_pass_action.isChecked()
        self.game.auto_next = self.auto_next_action.isChecked()
        self.settings.save_play_help(self.controller.auto_pass, self.game.auto_next)

    def _lead_rule_changed(self, on: bool) -> None:
        self.controller.lead_when_won = on
        self.lead_action.setChecked(on)
        self.settings.save_leader_choice("me" if on else "ask")

    # ---- keeping the match -------------------------------------------------------------------

    def match_json(self) -> dict[str, Any] | None:
        match, setup = self.controller.match, self.game.setup
        if match is None or setup is None:
            return None
        seats = [store_service.SeatRecord(s.name, s.human, s.level) for s in self.controller.seats]
        data = store_service.match_to_json(match, setup.options, seats, setup.table())
        duplicate = self.controller.duplicate
        if duplicate is not None:  # issue 17: the duplicate match around the play at the table
            line_up = [store_service.SeatRecord(s.name, s.human, s.level) for s in self.controller.line_up]
            data["duplicate"] = store_service.duplicate_to_json(duplicate, line_up)
        return data

    def _autosave(self) -> None:
        if self._resuming:
            return  # the table now shows what the save holds: writing it back would change nothing
        data = self.match_json()
        if self.keeps_autosave and data is not None:
            self.store.save(data)

    def _match_over(self, _winner: int) -> None:
        match, setup = self.controller.match, self.game.setup
        record = None
        # A finished match opened again (a saved file, the last match) was counted when it ended (review25).
        if self.store.folder is not None and match is not None and setup is not None and not self._resuming:
            from ..play.panels import kept_name

            seats = self.controller.seats
            players = [(kept_name(seats, i), s.human, s.level) for i, s in enumerate(seats)]
            record = store_service.match_record(setup.stats_group, match, players)
        self.store.finish_match(record)

    def _duplicate_over(self) -> None:
        """A duplicate match's last play is scored: one record in the stats group Duplicate; the save is kept
        as the last match. The results sheet opens from the end-of-hand sheet."""
        duplicate = self.controller.duplicate
        record = None
        if self.store.folder is not None and duplicate is not None:
            record = store_service.duplicate_record(
                duplicate, [(s.name, s.human, s.level) for s in self.controller.line_up]
            )
        self.store.finish_match(record)

    def _store_problem(self, kind: str, detail: str) -> None:
        """Tell the player, in one sentence, what the store could not do; play goes on."""
        if kind in ("statistics", "pending-set-aside"):  # whole sentences in the player's language
            self.tell(self.tr("Statistics"), detail)
            return
        texts = {
            "autosave": self.tr("Could not save the match: {reason}"),
            "last-match": self.tr("Could not keep the finished match: {reason}"),
            "statistics-busy": self.tr(
                "The statistics are in use by another program; this result will be recorded later."
            ),
            "statistics-kept": self.tr(
                "The statistics cannot be written ({reason}); this result is kept and will be recorded later."
            ),
            "statistics-lost": self.tr("The statistics cannot be written ({reason}); this result could not be kept."),
        }
        text = texts.get(kind, self.tr("Could not read or write the game's files: {reason}"))
        self.statusBar().showMessage(text.format(reason=detail), 12_000)

    def settings_damaged(self, message: str) -> None:
        """At start: the settings file was damaged and set aside. Its sentence was made before the language was
        known, so it is worded here from its parts, in the player's language (the fault stays in the log)."""
        if isinstance(message, SettingsDamaged):
            print(f"Settings: {message}", file=sys.stderr)  # the fault, in English, as the store found it
            if message.kept_as:
                message = self.tr(
                    "The settings file was damaged; it was kept as {kept} and the defaults are used."
                ).format(kept=message.kept_as)
            else:
                message = self.tr(
                    "The settings file {file} was damaged and could not be moved aside, so it was ignored."
                ).format(file=message.path)
        self.tell(self.tr("Settings"), message)

    def tell(self, title: str, text: str) -> None:
        """A message that must not stop anything: a box that does not block (none when nobody is asked)."""
        QMessageBox = _message_box()

        print(f"{title}: {text}", file=sys.stderr)
        self.statusBar().showMessage(text, 12_000)
        if self._resume_without_asking:
            return
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setModal(False)
        box.show()

    def show_review(self) -> None:
        match = self.controller.match
        if match is None or not match.results:
            self.statusBar().showMessage(self.tr("No finished hand to review yet."), 6000)
            return
        from ..review.review_dialog import ReviewDialog

        dialog = ReviewDialog(match, self.controller.seats, self.look, self)
        dialog.replayDeal.connect(self.replay_deal)
        dialog.exec()

    def show_duplicate_results(self) -> None:
        """The duplicate match's results sheet, so far or final."""
        if self.controller.duplicate is None:
            self.statusBar().showMessage(self.tr("No duplicate match is being played."), 6000)
            return
        self.game.show_duplicate_results()

    def replay_deal(self, deal_seed: int | FairDeal | DealHand) -> None:
        """A new match with the same seats and rules, its first hand dealt again: from the deal's proof (the
        same seed and cut) or its bare deal seed."""
        from ...engine.decisions import DealHand
        from ...engine.fairness import FairDeal, short

        setup = self.game.setup
        if setup is None:
            return
        # The deal is played as a new match: the one under way would be dropped without a word.
        if not self.confirm(
            self.tr("Play this deal again?"),
            self.tr("This match is not over. Playing the deal again starts a new match and this one is lost."),
            self.tr("Play the deal again"),
            self.tr("Keep this match"),
        ):
            return
        if setup.duplicate_deals:  # a deal of a duplicate match played again is an ordinary match
            setup = replace(setup, duplicate_deals=0, stats_group=stored_group(self.lobby.stats_group.text()))
        self.stack.setCurrentWidget(self.game)
        self.game.start(setup)
        self.controller.new_match(setup.rules, list(setup.seats), random.SystemRandom().getrandbits(32), deal_seed)
        # Said, or the new match would look like any other: it is a chosen deal, left out of deal luck.
        proof = deal_seed.proof if isinstance(deal_seed, DealHand) else deal_seed
        if isinstance(proof, FairDeal):
            said = self.tr("A deal played again: the same tiles as sealed deal {fingerprint}, as a new match.")
            self.statusBar().showMessage(said.format(fingerprint=short(proof.fingerprint)), 15000)
        else:
            self.statusBar().showMessage(self.tr("A deal played again: the same tiles, as a new match."), 15000)

    def show_stats(self) -> None:
        if self.store.folder is None:
            self.statusBar().showMessage(self.tr("Statistics are kept when the game has a data folder."), 6000)
            return
        from ..review.stats_dialog import StatsDialog

        # On the group the last match went to (Practice after an Undo: the dialog says why); read through the
        # store's worker, never on this thread.
        dialog = StatsDialog(self.store, "", self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exec()

    def offer_resume(self, assume_yes: bool = False) -> None:
        """On start: offer the unfinished match, if there is one (read off the UI thread; the question comes
        when it is read). `assume_yes` resumes it without asking (--resume)."""
        self._resume_without_asking = assume_yes
        self.store.load_autosave()

    def _autosave_loaded(self, loaded: Loaded) -> None:
        QMessageBox = _message_box()

        if loaded.message:
            self.tell(self.tr("Saved match"), loaded.message)
        if loaded.saved is None or self.controller.match is not None:
            return  # nothing to resume, or the player has already started another match
        if not self._resume_without_asking:
            from ..play.controller import SeatConfig
            from ..play.panels import scores_said

            match = loaded.saved.match
            # Each score with its side, as the hand review's list names them: "0 to 2" said nobody's.
            seats = [SeatConfig(s.name, s.human, s.level) for s in loaded.saved.seats]
            scores = scores_said(match.rules, seats, match.scores)
            question = self.tr(
                "You have an unfinished {preset} match (hand {hand}; match score: {score}). Resume it where you left"
                " off?"
            ).format(preset=preset_name(match.rules.preset), hand=match.hand_index + 1, score=scores)
            duplicate = loaded.saved.duplicate
            if duplicate is not None:
                question = self.tr(
                    "You have an unfinished duplicate {preset} match (deal {deal} of {deals}, play {play} of {plays})."
                    " Resume it where you left off?"
                ).format(
                    preset=preset_name(match.rules.preset),
                    deal=duplicate.current.deal + 1,
                    deals=duplicate.deals,
                    play=duplicate.index + 1,
                    plays=duplicate.total_plays,
                )
            answer = QMessageBox.question(self, self.tr("Resume your match?"), question)
            if answer != QMessageBox.StandardButton.Yes or self.controller.match is not None:
                return
        self.resume(loaded.saved)

    def resume(self, saved: SavedMatch) -> None:
        from ..play.controller import MatchSetup, SeatConfig

        table = saved.table
        seats = tuple(SeatConfig(s.name, s.human, s.level) for s in saved.seats)
        setup = MatchSetup(
            rules=saved.match.rules,
            seats=seats,
            timer_seconds=int(table.get("timer_seconds", 0) or 0),
            on_timeout=str(table.get("on_timeout", "best")),
            open_hands=bool(table.get("open_hands", False)),
            tracker=bool(table.get("tracker", False)),
            hints=bool(table.get("hints", True)),
            stats_group=str(table.get("stats_group", HOME_GROUP))[:40],
            options=dict(saved.options),
        )
        if saved.duplicate is not None:
            seats = tuple(SeatConfig(s.name, s.human, s.level) for s in saved.line_up)
            setup = replace(setup, rules=saved.duplicate.base_rules, seats=seats, duplicate_deals=saved.duplicate.deals)
        self.stack.setCurrentWidget(self.game)
        self.game.start(setup)
        self._resuming = True
        try:
            if saved.duplicate is not None:
                self.controller.resume_duplicate(saved.duplicate, list(seats))
            else:
                self.controller.resume(saved.match, list(seats))
        finally:
            self._resuming = False
        self.game.show_history()
        self.keys_to_table()
        if saved.unverifiable:  # an edited seal: the match plays on, and the player is told (issue 24)
            from ..review.review_dialog import seal_mismatch_note

            self.tell(self.tr("Fair deals"), seal_mismatch_note(saved.unverifiable))

    def save_match_as(self) -> None:
        QFileDialog = _file_dialog()

        data = self.match_json()
        if data is None:
            self.statusBar().showMessage(self.tr("There is no match to save yet."), 6000)
            return
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save match"), "match.domino", self.tr("Dominoes matches (*.domino)")
        )
        if not name:
            return
        self.store.save_match_file(Path(name), data)

    def _match_file_saved(self, name: str, reason: str) -> None:
        QMessageBox = _message_box()

        if reason:
            QMessageBox.warning(
                self, self.tr("Save match"), self.tr("Could not save the match: {reason}").format(reason=reason)
            )
            return
        self.statusBar().showMessage(self.tr("Saved to {file}").format(file=name), 6000)

    def open_match(self, path: Path | None = None) -> None:
        QFileDialog = _file_dialog()

        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self, self.tr("Open match"), "", self.tr("Dominoes matches (*.domino)")
            )
            if not name:
                return
            path = Path(name)
        self.store.open_match_file(path)

    def _match_file_opened(self, name: str, saved: SavedMatch | None, reason: str) -> None:
        QMessageBox = _message_box()

        if saved is None:
            QMessageBox.warning(
                self,
                self.tr("Open match"),
                self.tr("Could not open {file}: {reason}").format(file=Path(name).name, reason=reason),
            )
            return
        self.resume(saved)

    def start_match(
        self,
        setup: MatchSetup,
        seed: int | None = None,
        first_deal: int | FairDeal | None = None,
        start_cut: tuple[object, ...] | None = None,
        rematch: bool = False,
    ) -> None:
        """A new match (`first_deal`: its first hand dealt again, from a proof or a deal seed, not sealed and cut;
        `start_cut`: the press that started it, which cuts the first deal sealed ahead; `rematch`: that press was
        the match's end sheet's Rematch, not the lobby's Start)."""
        # One question for a new match (issue 34): a person who left the table by answering "Go to the lobby"
        # was told then that starting another match ends this one.
        told = self._told_at_leaving
        self._told_at_leaving = False
        if (
            self.stack.currentWidget() is self.lobby
            and not told
            and not self.confirm(
                self.tr("Start a new match?"),
                self.tr("The match at the table is not over. Starting a new one ends it."),
                self.tr("Start a new match"),
                self.tr("Keep it"),
            )
        ):
            return
        level = next((s.level for s in setup.seats if not s.human), DEFAULT_LEVEL)
        self.settings.save_lobby(setup.rules.preset, level)
        if self.stack.currentWidget() is self.lobby:
            self.settings.save_lobby_table(self.lobby.table_choices())
        cut_by_start = start_cut is not None and not setup.duplicate_deals and first_deal is None
        if cut_by_start:
            # Said before the table takes the focus, from Start (focused): said after, an older Orca read the words
            # with the table's focus (its description by then) and again as the description changed.
            focus = QApplication.focusWidget()
            start = focus if focus is not None and focus.window() is self else self
            self.game.say_cut_by_start(self.controller.coming_seal.fingerprint, start, rematch)
        focus = QApplication.focusWidget()
        if focus is not None and focus.window() is self:
            # Let go of until the deal: Qt passed it on to the table as the lobby (or the sheet) hid, before the
            # tiles were dealt, and a screen reader read the table, then the rack's first tile as a change of its
            # description, and again with the focus (Orca 43.1 reads the description as it is when it gets there).
            focus.clearFocus()
        self.stack.setCurrentWidget(self.game)
        self.statusBar().clearMessage()  # the lobby's welcome is not said at the table
        self.game.start(setup)
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        if setup.duplicate_deals:
            self.controller.new_duplicate(setup.rules, list(setup.seats), setup.duplicate_deals, seed)
        else:
            self.controller.new_match(setup.rules, list(setup.seats), seed, first_deal, start_cut)
        self.keys_to_table()

    def rematch(self) -> None:
        """The match's end sheet's Rematch: the match just finished played again at once, with its rules, seats,
        names, CPU levels and table helpers; a new seed, and its first deal the seal the sheet showed, cut by the
        press, as the lobby's Start makes a new match (where Start, the same setup again, was two steps away)."""
        from ..play.fair_deal import gesture_here

        setup, match = self.game.setup, self.controller.match
        if setup is None or setup.duplicate_deals or match is None or not match.is_over:
            return
        self.start_match(setup, start_cut=gesture_here("rematch"), rematch=True)

    def watch(self, rules: Rules, seed: int | None = None, level: str = "hard") -> None:
        """CPUs in every seat: watch a match (and, in tests, a game process that saves as it plays)."""
        from ..play.controller import MatchSetup, SeatConfig

        seats = tuple(SeatConfig(self.tr("CPU {n}").format(n=i), False, level) for i in range(rules.players))
        self.stack.setCurrentWidget(self.game)
        self.game.start(MatchSetup(rules, seats, options=host_options(rules)))
        self.controller.new_match(rules, list(seats), random.SystemRandom().getrandbits(32) if seed is None else seed)

    def quick_start(
        self,
        rules: Rules,
        level: str = DEFAULT_LEVEL,
        seed: int | None = None,
        first_deal: int | FairDeal | None = None,
    ) -> None:
        """You and CPUs: the lobby's one-click default, and the screenshot command's table."""
        from ..play.controller import MatchSetup, default_seats

        seats = tuple(default_seats(rules.players, level))
        self.start_match(MatchSetup(rules, seats, options=host_options(rules)), seed, first_deal)

    def show_lobby(self) -> None:
        self.stack.setCurrentWidget(self.lobby)
        self.back_button.setVisible(self.match_in_progress())
        self.lobby.start.setFocus()

    def match_in_progress(self) -> bool:
        match = self.controller.match
        if self.controller.duplicate is not None:
            return not self.controller.duplicate.is_over and self._game is not None and self._game.setup is not None
        return match is not None and not match.is_over and self._game is not None and self._game.setup is not None

    def confirm(self, title: str, text: str, leave: str, stay: str) -> bool:
        """Ask before leaving a match in progress; True to go ahead. Staying is the default answer."""
        QMessageBox = _message_box()

        if not self.ask_before_leaving or not self.match_in_progress():
            return True
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, self)
        go = box.addButton(leave, QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(stay, QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.exec()
        return box.clickedButton() is go

    def leave_for_lobby(self) -> None:
        """New match: to the lobby, asking first if a match is under way (it stays open to go back to)."""
        asks = self._on_table() and self.ask_before_leaving and self.match_in_progress()
        if self._on_table() and not self.confirm(
            self.tr("Leave the table?"),
            self.tr(
                'This match is not over. It is kept: the lobby\'s "Back to the table" returns to it, until you '
                "start another."
            ),
            self.tr("Go to the lobby"),
            self.tr("Stay at the table"),
        ):
            self.keys_to_table()
            return
        self._told_at_leaving = asks
        self.show_lobby()

    def back_to_table(self) -> None:
        if self.controller.match is None:
            return
        self.stack.setCurrentWidget(self.game)
        self.back_button.hide()
        self._told_at_leaving = False
        self.keys_to_table()

    def keys_to_table(self) -> None:
        """The keys at the table: on the question it is asking (who leads, a redeal, pass-and-play's curtain, a claim
        or Muggins), or on the hand-end sheet or the sealed deck when one waits, else on the rack. Each had focused
        its answer; the rack took the keys from it, where Enter said "Wait for your turn" (or nothing, behind the
        curtain): a keyboard player could not answer, nor go on from "Back to the table" at a hand's end (audit24)."""
        page = self.game
        asking = (page.leader_choice, page.redeal, page.curtain, page.claim_box, page.hand_end, page.cut_panel)
        for question in asking:
            answer = question.focusWidget()
            if question.isVisible() and answer is not None and answer.isVisible():
                answer.setFocus()
                return
        self.game.table.setFocus()

    def current_rules(self) -> Rules:
        return self.controller.rules or self.lobby.current_rules()

    def show_rules(self) -> None:
        RulesDialog(self.current_rules(), self).exec()

    # ---- sound ------------------------------------------------------------------------------------

    def set_muted(self, muted: bool) -> None:
        self.sound.set_muted(muted)
        self.settings.save_sound(self.sound.volume, muted)

    def set_volume(self, volume: int) -> None:
        self.sound.set_volume(volume)
        self.settings.save_sound(self.sound.volume, self.sound.muted)

    def _sound_move(self, _seat: int, move: Move) -> None:
        if move.kind is MoveKind.PLAY and move.tile is not None:
            name = "clack_double" if move.tile.is_double else "clack"
            # Heard as the tile lands, not as it leaves the hand.
            QTimer.singleShot(self.look.animation_ms, self.sound, lambda: self.sound.play(name))
        elif move.kind is MoveKind.PASS:
            self.sound.play("knock")

    def _hand_dealt(self, _index: int) -> None:
        # What the last hand said ("You went out") is not news once the next is dealt; what resuming says
        # (a damaged save set aside, an edited seal) is about this very hand, and stays.
        if not self._resuming:
            self.statusBar().clearMessage()

    def _sound_moment(self, kind: str) -> None:
        # With the celebration, once the last tile has landed; quiet when muted (the board says so).
        QTimer.singleShot(self.look.animation_ms + 150, self.sound, lambda: self.sound.play(kind))

    def after_first_paint(self, work: Callable[[], None]) -> None:
        """Run `work` once the window has painted once (at once if it has): the player sees the lobby first."""
        if self._painted:
            work()
        else:
            self._after_paint.append(work)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            QTimer.singleShot(0, self, self._first_paint_done)  # after this paint reaches the screen

    def _first_paint_done(self) -> None:
        if self._painted:
            return
        self._painted = True
        waiting, self._after_paint = self._after_paint, []
        for work in waiting:
            work()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            # The game takes the keyboard as it opens: Start has the focus, and a screen reader says so (an X
            # session without a window manager would otherwise leave the window inactive and the keys nowhere).
            self._shown_once = True
            QTimer.singleShot(0, self, self.activateWindow)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale_chrome()

    def _scale_chrome(self) -> None:
        """The menu bar, its menus and the status bar grow with the window as its pages do (at 1920x1080 they kept
        the 13 px words of 1024x700); each takes the style of its own, which its menus read too."""
        scale = round(window_scale(self.width(), self.height()), 2)
        if scale == self.chrome_scale:
            return
        self.chrome_scale = scale
        style = scaled_menu_style(scale) if scale > 1.0 else ""
        status = self.statusBar()
        self.menuBar().setStyleSheet(style)
        status.setStyleSheet(style)
        # The window's first resize comes as it is shown, after its layout was made: the taller status bar is laid
        # out now, not after the first paint (the lobby's lower half moved up 4 px a moment later at 1920x1080).
        # The bar takes its new font as it is polished and its new height from a layout request.
        status.ensurePolished()
        QApplication.sendEvent(status, QEvent(QEvent.Type.LayoutRequest))
        layout = self.layout()
        if layout is not None:
            layout.activate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.WindowStateChange:
            self.sound.set_suspended(self.isMinimized())  # quiet while minimised
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        # Between hands nothing is in play (the match is kept and goes on at its next deal): no question, which
        # left a close at the hand's end waiting on a box nobody answered (scripts, a session logging out).
        in_play = self.controller.hand is not None and not self.controller.hand.is_over
        if in_play and not self.confirm(
            self.tr("Quit Dominoes Desktop?"),
            self.tr("This match is not over. It is kept, and offered to you the next time the game starts."),
            self.tr("Quit"),
            self.tr("Stay"),
        ):
            event.ignore()
            return
        self.save_window()
        self.store.close()  # the last autosave reaches the disk before the window goes
        super().closeEvent(event)
