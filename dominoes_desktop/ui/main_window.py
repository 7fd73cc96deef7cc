"""The game window: the lobby, then the table with its side panel, and the hand-end summary."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..engine.match import HandResult
from ..engine.moves import Move, MoveKind
from ..engine.presets import PRESETS
from ..engine.rules import Rules
from .controller import GameController, MatchSetup, default_seats
from .flags import flag_pixmap
from .lobby import LobbyPage
from .look import Look
from .look_dialog import LookDialog
from .panels import RETURN_CLICKS, HandEndPanel, MoveLog, ScorePanel, describe_move
from .rules_page import rules_html
from .settings import Settings
from .table.view import TableView


def stylesheet(look: Look) -> str:
    t = look.theme
    return f"""
    QMainWindow, QDialog, QWidget#lobby, QWidget#side, QWidget#lobbyOptions {{ background: {t.panel};
        color: {t.panel_text}; }}
    QScrollArea {{ background: {t.panel}; }}
    QCheckBox {{ color: {t.panel_text}; }}
    QLabel {{ color: {t.panel_text}; }}
    QLabel#title {{ font-size: 26px; font-weight: bold; color: {t.accent}; }}
    QLabel#panelTitle {{ font-size: 16px; font-weight: bold; color: {t.accent}; }}
    QLabel#turn {{ font-size: 15px; font-weight: bold; padding: 6px; border-radius: 6px;
                   background: {t.log}; }}
    QListWidget, QTextBrowser {{ background: {t.log}; color: {t.panel_text}; border: 1px solid {t.rail};
                                border-radius: 6px; }}
    QListWidget::item:selected {{ background: {t.accent}; color: #111; }}
    QPushButton {{ background: {t.rail}; color: {t.panel_text}; border: 1px solid {t.accent};
                   border-radius: 6px; padding: 7px 14px; font-size: 14px; }}
    QPushButton:focus {{ border: 3px solid {t.highlight}; }}
    QPushButton:disabled {{ color: #888; border-color: #555; }}
    QPushButton#start {{ background: {t.accent}; color: #111; font-size: 18px; font-weight: bold; }}
    QFrame#handEnd, QFrame#leaderChoice, QFrame#curtain {{
        background: rgba(10, 10, 10, 225); border: 2px solid {t.accent}; border-radius: 12px; }}
    QLabel#problem {{ color: #ff8a80; font-weight: bold; }}
    QLabel#custom {{ color: {t.accent}; font-style: italic; }}
    QComboBox, QSpinBox, QLineEdit {{ background: {t.log}; color: {t.panel_text}; border: 1px solid {t.rail};
                                      padding: 4px; }}
    QComboBox:focus, QListWidget:focus, QTextBrowser:focus {{ border: 2px solid {t.highlight}; }}
    QGroupBox {{ color: {t.panel_text}; border: 1px solid {t.rail}; border-radius: 6px; margin-top: 12px; }}
    QGroupBox::title {{ subcontrol-origin: margin; left: 8px; color: {t.accent}; font-weight: bold; }}
    QStatusBar {{ background: {t.log}; color: {t.panel_text}; }}
    """


class RulesDialog(QDialog):
    def __init__(self, rules: Rules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"House rules: {rules.name}")
        self.resize(620, 640)
        text = QTextBrowser()
        text.setAccessibleName("House rules")
        text.setHtml(rules_html(rules))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)


class GamePage(QWidget):
    """The table view with the side panel; overlays for the hand end and the leader choice."""

    def __init__(self, controller: GameController, look: Look, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.table = TableView(controller, look)
        self.side = QWidget()
        self.side.setObjectName("side")
        self.side.setFixedWidth(300)
        self.scores = ScorePanel()
        self.turn = QLabel("")
        self.turn.setObjectName("turn")
        self.turn.setWordWrap(True)
        self.turn.setAccessibleName("Whose turn")
        self.log = MoveLog()
        self.draw_button = QPushButton("Draw (D)")
        self.pass_button = QPushButton("Pass (P)")
        self.rules_button = QPushButton("Rules (?)")
        self.lobby_button = QPushButton("New match")
        for button, name in (
            (self.draw_button, "Draw a tile"),
            (self.pass_button, "Pass"),
            (self.rules_button, "House rules"),
            (self.lobby_button, "New match"),
        ):
            button.setAccessibleName(name)
        self.draw_button.clicked.connect(lambda: self.table.draw_or_pass(MoveKind.DRAW))
        self.pass_button.clicked.connect(lambda: self.table.draw_or_pass(MoveKind.PASS))
        actions = QHBoxLayout()
        actions.addWidget(self.draw_button)
        actions.addWidget(self.pass_button)
        more = QHBoxLayout()
        more.addWidget(self.rules_button)
        more.addWidget(self.lobby_button)
        side = QVBoxLayout(self.side)
        side.addWidget(self.scores)
        side.addWidget(self.turn)
        side.addLayout(actions)
        log_title = QLabel("Moves")
        log_title.setObjectName("panelTitle")
        side.addWidget(log_title)
        side.addWidget(self.log, 1)
        side.addLayout(more)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.side)
        self.hand_end = HandEndPanel(self.table)
        self.leader_choice = QFrame(self.table)
        self.leader_choice.setObjectName("leaderChoice")
        self.leader_choice.hide()
        self.curtain = QFrame(self.table)
        self.curtain.setObjectName("curtain")
        self.curtain_text = QLabel("")
        self.curtain_text.setObjectName("curtainText")
        self.curtain_button = QPushButton("Show my tiles")
        self.curtain_button.installEventFilter(RETURN_CLICKS)
        self.curtain_button.clicked.connect(self._lift_curtain)
        curtain_layout = QVBoxLayout(self.curtain)
        curtain_layout.addWidget(self.curtain_text)
        curtain_layout.addWidget(self.curtain_button)
        self.curtain.hide()
        self.setup: MatchSetup | None = None
        self.table.installEventFilter(self)
        controller.stateChanged.connect(self.refresh)
        controller.movePlayed.connect(self._log_move)
        controller.handStarted.connect(self._hand_started)
        controller.handEnded.connect(self._hand_ended)
        controller.leaderChoiceNeeded.connect(self._choose_leader)
        self.hand_end.nextRequested.connect(self._next_hand)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.Resize:
            self._place_overlays()
        return False

    def _place_overlays(self) -> None:
        rect = self.table.rect()
        width = min(rect.width() - 40, 640)
        self.hand_end.setFixedWidth(max(300, width))
        self.hand_end.adjustSize()
        self.hand_end.move(
            (rect.width() - self.hand_end.width()) // 2, max(10, (rect.height() - self.hand_end.height()) // 2)
        )
        self.leader_choice.adjustSize()
        self.leader_choice.move(
            (rect.width() - self.leader_choice.width()) // 2, (rect.height() - self.leader_choice.height()) // 2
        )

    def refresh(self) -> None:
        controller = self.controller
        match = controller.match
        if match is None:
            return
        self._check_curtain()
        scores = list(match.scores)
        self.scores.show_scores(match.rules, controller.seats, scores, match.hand_index)
        moves = controller.legal_moves()
        can_draw = any(m.kind is MoveKind.DRAW for m in moves)
        can_pass = any(m.kind is MoveKind.PASS for m in moves)
        self.draw_button.setEnabled(can_draw)
        self.pass_button.setEnabled(can_pass)
        self.draw_button.setVisible(match.rules.style.value != "block")
        hand = controller.hand
        if hand is None or hand.is_over:
            self.turn.setText("Hand over")
        elif controller.human_turn() is not None:
            if can_pass:
                self.turn.setText("Your turn: no tile fits, so pass (P).")
            elif can_draw:
                self.turn.setText("Your turn: no tile fits, so draw (D).")
            else:
                self.turn.setText("Your turn: click a highlighted tile, or use the arrows and Enter.")
        else:
            name = controller.seats[hand.turn].name
            self.turn.setText(f"{name} is thinking…" if controller.thinking is not None else f"{name} to play")

    def _check_curtain(self) -> None:
        """Pass-and-play: before a person's turn, hide every rack until that person shows theirs."""
        controller = self.controller
        people = [i for i, s in enumerate(controller.seats) if s.human]
        seat = controller.human_turn()
        if len(people) < 2 or seat is None or seat == self.table.bottom or self.table.curtain:
            return
        self.table.curtain = True
        self.curtain_seat = seat
        name = controller.seats[seat].name
        self.curtain_text.setText(f"<h2>Pass to {name}</h2><p>Everyone else, look away.</p>")
        self.curtain_button.setText(f"I'm {name}: show my tiles")
        self.curtain_button.setAccessibleName(f"Show {name}'s tiles")
        self.curtain.show()
        self.curtain.raise_()
        self._place_overlays()
        self.curtain_button.setFocus()
        self.table.refresh()

    def _lift_curtain(self) -> None:
        self.table.bottom = self.curtain_seat
        self.table.curtain = False
        self.curtain.hide()
        self.table.refresh()
        self.refresh()
        self.table.setFocus()

    def _log_move(self, seat: int, move: Move) -> None:
        self.log.add(describe_move(self.controller.seats[seat].name, move))

    def _hand_started(self, index: int) -> None:
        self.hand_end.hide()
        self.leader_choice.hide()
        self.log.clear()
        self.log.add(f"— Hand {index + 1} —")
        self.table.setFocus()

    def _hand_ended(self, result: HandResult) -> None:
        match = self.controller.match
        assert match is not None
        self.curtain.hide()
        self.table.curtain = False
        self.table.reveal = True
        self.table.refresh()
        self.hand_end.show_result(match.rules, self.controller.seats, result, match.winner)
        self._place_overlays()

    def _next_hand(self) -> None:
        self.hand_end.hide()
        self.controller.start_next_hand()

    def _choose_leader(self, seats: tuple[int, ...]) -> None:
        for child in self.leader_choice.findChildren(QWidget):
            child.deleteLater()
        box = self.leader_choice.layout()
        if box is None:
            box = QVBoxLayout(self.leader_choice)
        box.addWidget(QLabel("Your side won: who leads this hand?"))
        for seat in seats:
            button = QPushButton(f"{self.controller.seats[seat].name} leads")
            button.setAccessibleName(f"{self.controller.seats[seat].name} leads")
            button.clicked.connect(lambda _=False, s=seat: self._leader_chosen(s))
            button.installEventFilter(RETURN_CLICKS)
            box.addWidget(button)
        self.leader_choice.show()
        self.leader_choice.raise_()
        self._place_overlays()
        first = self.leader_choice.findChildren(QPushButton)
        if first:
            first[0].setFocus()

    def _leader_chosen(self, seat: int) -> None:
        self.leader_choice.hide()
        self.controller.choose_leader(seat)


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, *, pace_ms: int | None = None, threaded: bool = True) -> None:
        super().__init__()
        self.settings = settings
        self.look = settings.look()
        self.fixed_pace = pace_ms  # tests and screenshots fix it; players get it from the animation speed
        self.setWindowTitle("Dominoes Desktop")
        self.resize(1280, 800)
        pace = self.look.cpu_pause_ms if pace_ms is None else pace_ms
        self.controller = GameController(self, pace_ms=pace, threaded=threaded)
        self.lobby = LobbyPage(settings.lobby_preset(PRESETS), settings.lobby_level())
        self.lobby.show_table_choices(settings.lobby_table())
        self.game = GamePage(self.controller, self.look)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.lobby)
        self.stack.addWidget(self.game)
        self.setCentralWidget(self.stack)
        self.statusBar().showMessage("Welcome to the table.")
        self.lobby.startRequested.connect(self.start_match)
        self.game.table.status.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.controller.error.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.game.table.rulesRequested.connect(self.show_rules)
        self.game.rules_button.clicked.connect(self.show_rules)
        self.game.lobby_button.clicked.connect(self.show_lobby)
        self.game.hand_end.newMatchRequested.connect(self.show_lobby)
        self._build_menu()
        self.apply_look(self.look)
        self.lobby.start.setFocus()

    def apply_look(self, look: Look) -> None:
        self.look = look
        self.setStyleSheet(stylesheet(look))
        self.game.table.apply_look(look, flag_pixmap(look.flag))
        if self.fixed_pace is None:
            self.controller.pace_ms = look.cpu_pause_ms

    def show_look_dialog(self) -> None:
        dialog = LookDialog(self.look, self)
        dialog.lookChosen.connect(self._look_chosen)
        dialog.exec()

    def _look_chosen(self, look: Look) -> None:
        self.settings.save_look(look)
        self.apply_look(look)

    def _build_menu(self) -> None:
        game = self.menuBar().addMenu("&Game")
        new = QAction("&New match", self)
        new.setShortcut(QKeySequence.StandardKey.New)
        new.triggered.connect(self.show_lobby)
        rules = QAction("House &rules", self)
        rules.setShortcut(QKeySequence(Qt.Key.Key_F1))
        rules.triggered.connect(self.show_rules)
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        for action in (new, rules, quit_action):
            game.addAction(action)
        view = self.menuBar().addMenu("&View")
        looks = QAction("Your &view…", self)
        looks.setShortcut(QKeySequence("Ctrl+,"))
        looks.triggered.connect(self.show_look_dialog)
        view.addAction(looks)

    def start_match(self, setup: MatchSetup, seed: int | None = None) -> None:
        level = next((s.level for s in setup.seats if not s.human), "medium")
        self.settings.save_lobby(setup.rules.preset, level)
        if self.stack.currentWidget() is self.lobby:
            self.settings.save_lobby_table(self.lobby.table_choices())
        self.stack.setCurrentWidget(self.game)
        self.game.setup = setup
        self.game.table.bottom = next(i for i, s in enumerate(setup.seats) if s.human)
        self.game.table.open_hands = setup.open_hands
        self.game.hand_end.hide()
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        self.controller.new_match(setup.rules, list(setup.seats), seed)
        self.game.table.setFocus()

    def quick_start(self, rules: Rules, level: str = "medium", seed: int | None = None) -> None:
        """You and CPUs: the lobby's one-click default, and the screenshot command's table."""
        self.start_match(MatchSetup(rules, tuple(default_seats(rules.players, level))), seed)

    def show_lobby(self) -> None:
        self.stack.setCurrentWidget(self.lobby)
        self.lobby.start.setFocus()

    def current_rules(self) -> Rules:
        return self.controller.rules or self.lobby.current_rules()

    def show_rules(self) -> None:
        RulesDialog(self.current_rules(), self).exec()
