"""What a screen reader meets at the table: announcements, the overlays on the table in the accessibility tree,
and keys that answer one question each about what is otherwise only drawn (docs/ACCESSIBILITY.md lists them):
L the line, E the open ends, N the numbers each player lacks, C the tiles each holds, M my tiles that fit,
S the score, T whose turn, V shorter turn announcements, K the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLineEdit, QWidget

from ...engine.moves import Move, MoveKind
from ...engine.tiles import Tile
from .i18n import plain, translate

# Qt's accessibility, shortcut and rich-text classes (and the Qt namespace, whose hundreds of enum members PySide
# makes at its first use) are imported where they are used: the lobby's first paint needs none of them.
if TYPE_CHECKING:
    from PySide6.QtGui import QAccessibleInterface

    from ...engine.match import HandResult  # for its type only: the lobby paints without the match's modules
    from ..play.game_page import GamePage

TABLE_VIEW_CLASS = "TableView"


class Announcer(QObject):
    """Speaks through the platform's accessibility bridge (AT-SPI on Linux: Orca reads it at once) and tells
    anyone listening in the window (the status bar, tests) what was said."""

    said = Signal(str)
    saidBy = Signal(QWidget, str)  # the widget it was said from, and what: a window hears only its own table

    def __init__(self) -> None:
        super().__init__()
        # Said through the focused table's description too (View menu, DESCRIBE_KEY): Orca before 45.2 speaks no
        # announcement at all, but it reads the focused object's description as it changes, as it reads the
        # rack's tiles (a11y audit, session 22: Debian 12's Orca 43.1 heard no turn, no move, no answer).
        self.describe = False
        self._lent: tuple[QWidget, str, str] | None = None  # the widget holding our words, its own, ours
        self._watching = False  # the focus's moves followed, to give a widget its own description back

    def say(self, source: QWidget, text: str, asked: bool = False, shown_on: QWidget | None = None) -> None:
        """`asked`: the answer to a key the player pressed, said at once over what was still being read (an
        assertive announcement); news of the table waits its turn (polite). `shown_on`: the panel that shows these
        words and has taken the focus with them (the hand-end sheet), which a screen reader reads as the focus
        comes in: they are not put in the focused button's description as well (heard twice, session 22)."""
        text = text.strip()
        if not text:
            return
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        if QAccessible.isActive():
            event = QAccessibleAnnouncementEvent(source, text)
            if asked:
                event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
            QAccessible.updateAccessibility(event)
        if self.describe and not read_with_focus(shown_on):
            self._describe(source, text)
        self.said.emit(text)
        self.saidBy.emit(source, text)

    def _describe(self, source: QWidget, text: str) -> None:
        """The words as the description of the focused widget of `source`'s window, whatever it is (the sheet's
        button, a question's: the hand's result was lost while the focus was off the table; review 22, finding
        2b), a change a screen reader reads. The same words twice in a row differ by a trailing no-break space,
        or they would be no change. The widget's own description comes back as the focus leaves it."""
        from PySide6.QtWidgets import QApplication

        focus = QApplication.focusWidget()
        if focus is None or focus.window() is not source.window():
            return
        if not self._watching:
            app = QApplication.instance()
            if isinstance(app, QApplication):
                app.focusChanged.connect(self._focus_moved)
                self._watching = True
        if self._lent is not None and self._lent[0] is not focus:
            self._give_back()
        current = focus.accessibleDescription()
        if self._lent is not None and self._lent[0] is focus and current == self._lent[2]:
            own = self._lent[1]  # still ours: what it had before the first words we put there
        else:
            own = current  # it set its own since (the table: a tile the arrows moved to)
        self._lent = (focus, own, describe_anew(focus, text))

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The widget the focus left gets its own description back once the screen reader has been told of the
        focus's move: Qt tells it after this signal, and a description changed before was read on the widget
        still focused for it (the rack's tile's stale words, between the last move and the hand-end sheet)."""
        lent = self._lent
        if lent is None or lent[0] is new:
            return
        self._lent = None
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, self, lambda: self._restore(lent))

    def _give_back(self) -> None:
        """The widget's own description again, unless it set another since."""
        lent, self._lent = self._lent, None
        if lent is not None:
            self._restore(lent)

    def _restore(self, lent: tuple[QWidget, str, str]) -> None:
        widget, own, put = lent
        try:
            if widget.accessibleDescription() == put:
                widget.setAccessibleDescription(own)
        except RuntimeError:  # the widget is gone (a sheet closed with its window)
            pass


def describe_anew(widget: QWidget, text: str) -> str:
    """`text` as the widget's accessible description, read as a change even when it is already there: the same
    words again get a trailing no-break space (the same description is no change to a screen reader). What was set."""
    if widget.accessibleDescription() == text:
        text += "\u00a0"
    widget.setAccessibleDescription(text)
    return text


def read_with_focus(panel: QWidget | None) -> bool:
    """Whether `panel` is shown and holds the focus: a screen reader has read its words as the focus came in."""
    if panel is None or not panel.isVisible():
        return False
    from PySide6.QtWidgets import QApplication

    focus = QApplication.focusWidget()
    return focus is not None and panel.isAncestorOf(focus)


ANNOUNCER = Announcer()


def say(source: QWidget, text: str, asked: bool = False, shown_on: QWidget | None = None) -> None:
    ANNOUNCER.say(source, text, asked, shown_on)


def _table_interface(key: str, widget: QObject) -> QAccessibleInterface | None:
    """The table view as a plain widget: Qt's scroll-area interface lists only the viewport and scroll bars, so
    the sheets and panels laid over the table (hand end, cut, leader, curtain, redeal) were out of the tree."""
    if key == TABLE_VIEW_CLASS and isinstance(widget, QWidget):
        from PySide6.QtGui import QAccessible
        from PySide6.QtWidgets import QAccessibleWidget

        return QAccessibleWidget(widget, QAccessible.Role.Client, "")
    return None


_installed: list[bool] = []


def expose_table_overlays() -> None:
    """Once per process, before the first table view is made (the lobby paints without Qt's accessibility
    classes): the table's overlays join the accessibility tree where they are drawn."""
    if not _installed:
        from PySide6.QtGui import QAccessible

        QAccessible.installFactory(_table_interface)
        _installed.append(True)


def name_clear_buttons(root: QWidget) -> None:
    """A search field's clear button says what it does (Qt leaves it without a name)."""
    fields = root.findChildren(QLineEdit) + ([root] if isinstance(root, QLineEdit) else [])
    for field in fields:
        action = field.findChild(QAction, "_q_qlineeditclearaction")
        if action is not None:
            action.setText(translate("Voice", "Clear the search"))
            action.setToolTip(translate("Voice", "Clear the search"))


def spoken_symbols(text: str) -> str:
    """The sheet's symbols in words: a rounding's "→" ("to"), which a speech synthesizer read as "rightwards
    arrow", or not at all (a11y audit, session 22). An empty rack is "no tiles" on the sheet itself."""
    return text.replace(" → ", translate("Voice", " to "))


DESCRIBE_KEY = "voice/describe"  # what is said also set as the focused table's description (older Orca)
SHORT_TURN_KEY = "voice/short_turn"  # the turn said as its open ends alone ("Your turn: 6, 3.")

# The table's questions, one key each (none of them a key the table already uses: arrows, Tab, Enter, Space, Esc,
# D, P, H, F, ?, Ctrl+Z), in the order the keys list says them.
QUESTION_KEYS = ("L", "E", "N", "C", "M", "S", "T", "V", "K")


class TableVoice(QObject):
    """Says at the table what a sighted player sees: the person's turn once as it comes with the open ends,
    others' moves once (the move log says them), points scored, claims and offers, the hand-end sheet whole;
    and answers one question per key at any time. `store`: where the shorter-turn setting is kept."""

    def __init__(self, page: GamePage, store: QSettings | None = None) -> None:
        super().__init__(page)
        self.page = page
        self.store = store
        self.short = read_bool(store, SHORT_TURN_KEY, False)
        self.last_turn = ""  # the turn's words last said (the end choice, a hint: said again when they change)
        self.turn_key: tuple[object, ...] | None = None  # the turn last announced: said once as it comes
        self.rack_seen: tuple[Tile, ...] = ()  # the rack when the turn was last said: what is new was drawn
        self.last_kind: MoveKind | None = None  # the last move at the table
        self.my_last_kind: MoveKind | None = None  # the person's last move
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QKeySequence, QShortcut

        controller = page.controller
        answers = (
            self.speak_line,
            self.speak_ends,
            self.speak_voids,
            self.speak_counts,
            self.speak_fits,
            self.speak_score,
            self.speak_turn,
            self.toggle_short,
            self.speak_keys,
        )
        for key, answer in zip(QUESTION_KEYS, answers, strict=True):
            shortcut = QShortcut(QKeySequence(key), page)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)  # typing in a chat box is not eaten
            shortcut.activated.connect(answer)
        # Connected after the page's own slots: these read what the page has just written.
        controller.stateChanged.connect(self._turn_changed)
        page.table.choosingChanged.connect(self._turn_changed)
        page.table.refused.connect(self._answer)  # why a key did nothing: the status bar's line was all
        page.curtain_button.clicked.connect(self._turn_changed)  # pass-and-play: the rack shown to its person
        controller.hintReady.connect(self._hint_ready)  # a method: gone with the page when the language changes
        controller.movePlayed.connect(self._moved)
        controller.pointsScored.connect(self._scored)
        controller.claimOffered.connect(self._offered)
        controller.mugginsOffered.connect(self._offered)
        controller.redealOffered.connect(self._redeal_offered)
        controller.handEnded.connect(self._hand_ended)
        self._name_overlays()

    def _say(self, text: str, asked: bool = False, shown_on: QWidget | None = None) -> None:
        say(self.page.log, text, asked, shown_on)

    def _answer(self, text: str) -> None:
        self._say(text, asked=True)

    def _name_overlays(self) -> None:
        page = self.page
        for widget, name in (
            (page.hand_end, translate("Voice", "End of the hand")),
            (page.cut_panel, translate("Voice", "Sealed deal")),
            (page.leader_choice, translate("Voice", "Who leads")),
            (page.curtain, translate("Voice", "Pass the screen")),
            (page.redeal, translate("Voice", "Redeal")),
        ):
            widget.setAccessibleName(name)

    # ---- what is said as it happens -------------------------------------------------------------

    def _mine(self) -> bool:
        page = self.page
        return page.controller.human_turn() == page.table.bottom and not page.table.curtain

    def _turn_changed(self) -> None:
        """The person's turn is said once as it comes, with the open ends (and, after a draw, the tile drawn);
        while it lasts, what the turn's line then asks (choose an end) is said when it changes. A CPU's turn is
        told by its move."""
        page = self.page
        if not self._mine():
            self.last_turn = ""
            self.turn_key = None
            return
        controller = page.controller
        hand = controller.shown_hand()
        rack = controller.rack(page.table.bottom)
        key = (controller.hand_number, len(hand.history) if hand is not None else -1, len(rack))
        text = page.turn.text()
        if key != self.turn_key:
            self.turn_key = key
            self.last_turn = text
            drawn = [t for t in rack if t not in self.rack_seen] if self.my_last_kind is MoveKind.DRAW else []
            self.rack_seen = rack
            self._say(self.turn_words(drawn))
        elif text != self.last_turn:
            self.last_turn = text
            if page.table.choosing is not None:
                self._say(f"{text} {page.table.choice_words()}")  # and the end Enter takes as it stands

    def turn_words(self, drawn: list[Tile] | None = None) -> str:
        from ..play.table_questions import turn_words

        page = self.page
        controller = page.controller
        hand = controller.shown_hand()
        if hand is None or not self._mine():
            return page.turn.text()
        name = None if len(controller.people()) < 2 else self._name(page.table.bottom)
        return turn_words(hand, controller.legal_moves(), name, self.short, drawn or ())

    def _hint_ready(self, _decision: object) -> None:
        self.last_turn = self.page.turn.text()
        self._say(self.last_turn)

    def _moved(self, seat: int, move: Move) -> None:
        """Every move is said once, by the move log's line (the page's); here only what later words need."""
        self.last_kind = move.kind
        if seat == self.page.table.bottom:
            self.my_last_kind = move.kind

    def _scored(self, side: int, points: int) -> None:
        """End points taken by a play (not by a claim or Muggins: the log's line says those)."""
        from ..play.panels import side_name

        if self.last_kind in (MoveKind.CLAIM, MoveKind.MUGGINS):
            return
        rules = self.page.controller.rules
        if rules is None or points <= 0:
            return
        name = side_name(rules, self.page.controller.seats, side, after_preposition=True)
        self._say(QCoreApplication.translate("HandEndPanel", "%n point(s) to {side}.", "", points).format(side=name))

    def _offered(self, *_details: object) -> None:
        """A claim or Muggins waits on the person: what the panel asks (its first button has the focus)."""
        self._say(self.page.claim_text.text())

    def _redeal_offered(self, _seat: int) -> None:
        self._say(plain(self.page.redeal_text.text()))

    def _hand_ended(self, result: HandResult) -> None:
        """The sheet whole after its headline, which the page says: points, bonuses, every rack's pips."""
        page = self.page
        self.turn_key = None
        self.my_last_kind = None
        sheet = plain(page.hand_end.text.text())
        rules = page.controller.rules
        if rules is not None:  # (the hand just ended was played by them)
            sheet = sheet.replace(page.hand_end.headline(rules, result, page.controller.seats), "", 1)
        # Said once: the page's headline began "Match over." already (a11y audit, session 22).
        over = translate("HandEndPanel", "Match over") + "."
        if page.controller.match_over and sheet.startswith(over):
            sheet = sheet[len(over) :]
        self._say(spoken_symbols(sheet), shown_on=page.hand_end)

    # ---- what is said when asked ----------------------------------------------------------------

    def _name(self, seat: int, after_preposition: bool = False) -> str:
        from ..play.panels import person_name  # the table's own wording of names

        # Two people at one screen: a seat left as "You" is "Player 1", as on its plate and the curtain, not "Tú, tu
        # turno" / "You, your turn" for whichever person holds the screen (audit24).
        controller = self.page.controller
        return person_name(controller.seats[seat].name, seat, len(controller.people()), after_preposition)

    def _names(self) -> list[str]:
        return [self._name(seat) for seat in range(len(self.page.controller.seats))]

    def score_words(self) -> str:
        from ..play.panels import running_scores_said

        controller = self.page.controller
        rules = controller.rules
        if rules is None:
            return translate("Voice", "No match at the table.")
        # The points made this hand and not yet in the score, as the panel's "+10" shows them (S left them out).
        hand = controller.hand
        running = list(hand.end_points) if hand is not None else [0] * len(controller.scores)
        made = [running[side] if side < len(running) else 0 for side in range(len(controller.scores))]
        # Each score before its side, as the sheet and the review say them: "CPU 1 & CPU 3 10" ran a name into it;
        # a side's points made this hand after its score, so the sides are a semicolon apart then.
        said = running_scores_said(rules, controller.seats, controller.scores, made)
        from PySide6.QtGui import QTextDocumentFragment

        title = self.page.scores.title.text()
        lines = QTextDocumentFragment.fromHtml(self.page.scores.body.text()).toPlainText().splitlines()
        # The goal's line alone: the panel's footnote on the points made this hand was read glued to it.
        goal = next((line.strip() for line in lines[len(made) :] if line.strip()), "")
        return translate("Voice", "{title}: {sides}. {goal}.").format(title=title, sides=said, goal=goal)

    def line_words(self) -> str:
        from ..play.table_questions import line_words

        hand = self.page.controller.shown_hand()
        return line_words(hand.layout) if hand is not None else translate("Voice", "No hand at the table.")

    def ends_words(self) -> str:
        from ..play.table_questions import ends_words

        return ends_words(self.page.controller.shown_hand())

    def voids_words(self) -> str:
        from ..play.table_questions import voids_words

        page = self.page
        hand = page.controller.hand
        knowledge = page.controller.knowledge(page.table.bottom) if hand is not None and not hand.is_over else None
        return voids_words(knowledge, self._names(), page.table.bottom)

    def counts_words(self) -> str:
        from ..play.table_questions import counts_words, hand_counts

        controller = self.page.controller
        if controller.shown_hand() is None:
            return translate("Voice", "No hand at the table.")
        result = controller.last_result
        remaining = result.remaining if result is not None else None
        sizes = [controller.rack_size(seat) for seat in range(len(controller.seats))]
        counts = hand_counts(controller.hand, remaining, sizes)
        hand = controller.hand
        stock = controller.stock_size() if hand is not None and not hand.is_over else 0
        names = [self._name(seat, after_preposition=True) for seat in range(len(controller.seats))]
        return counts_words(names, counts, stock)

    def fits_words(self) -> str:
        from ..play.table_questions import fits_words

        page = self.page
        hand = page.controller.hand
        if page.table.curtain:
            return translate("Voice", "No hand at the table.")
        return fits_words(hand, page.controller.rack(page.table.bottom))

    def keys_words(self) -> str:
        """K: every key the table answers (view.py's keys, the page's Ctrl+Z, the rules' F1), as the doc lists them."""
        return translate(
            "Voice",
            "Keys: L the line; E the open ends; N the numbers each player has shown they lack; C the tiles each "
            "holds; M your tiles that fit; S the score; T whose turn; V shorter or longer turn announcements; "
            "K these keys. Arrows choose a tile, Enter plays it; for a tile that fits two ends the arrows choose the "
            "end, Enter plays it there and Esc puts it back. D draws, P passes, H gives a hint, F turns a tile end "
            "over end, Ctrl+Z takes a move back, ? or F1 the rules, Ctrl+Tab leaves the table and Ctrl+Shift+Tab "
            "comes back.",
        )

    def speak_line(self) -> None:
        self._answer(self.line_words())

    def speak_score(self) -> None:
        self._answer(self.score_words())

    def speak_ends(self) -> None:
        self._answer(self.ends_words())

    def speak_voids(self) -> None:
        self._answer(self.voids_words())

    def speak_counts(self) -> None:
        self._answer(self.counts_words())

    def speak_fits(self) -> None:
        self._answer(self.fits_words())

    def speak_turn(self) -> None:
        """T: the turn again, with the turn timer's time left when one runs."""
        clock = self.page.clock
        left = clock.text() if clock.isVisible() and self._mine() else ""
        self._answer(f"{self.turn_words()} {left}".strip())

    def speak_keys(self) -> None:
        self._answer(self.keys_words())

    def toggle_short(self) -> None:
        """V: the turn said as its open ends alone, or in full; kept in the settings."""
        self.short = not self.short
        if self.store is not None:
            self.store.setValue(SHORT_TURN_KEY, self.short)
            self.store.sync()
        self._answer(
            translate("Voice", "Short turn announcements.")
            if self.short
            else translate("Voice", "Full turn announcements.")
        )


def read_bool(store: QSettings | None, key: str, default: bool) -> bool:
    """A true-or-false setting, `default` when absent or unreadable (a hand-edited file)."""
    if store is None:
        return default
    try:
        return bool(store.value(key, default, type=bool))
    except (TypeError, ValueError, RuntimeError, UnicodeDecodeError):
        return default
