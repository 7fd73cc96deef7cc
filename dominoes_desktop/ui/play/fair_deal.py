"""Fair deals at the table (engine/fairness.py): before every deal the deck lies sealed with its fingerprint
and the person cuts it with one click or key; after the hand the seed is revealed, and "Verify this deal" in
hand review recomputes the deal from the seed and the cut.

- `CutPanel`: the sealed deck with its fingerprint. On the empty table before a match's first deal (or a
  redeal) it is an overlay; on the end-of-hand sheet it is a compact row, where "Next hand" cuts as well.
- `DealSeal`: what the end-of-hand sheet says of the hand just played (its proof) and holds the compact panel.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QCursor,
    QFont,
    QFontDatabase,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ...engine.deal import Deal
from ...engine.fairness import DOMAIN, SEED_BYTES, FairDeal, fingerprint, short, verify
from ...engine.match import Match
from ..look.look_style import scaled_cut_style
from ..look.looks import DEFAULT_THEME, Theme
from ..shell.i18n import last_words_together, translate
from ..table.tile_item import paint_tile_back
from .coach_button import place_beside

CUT_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_C)
CUT_PANEL_WIDTHS = (400, 480)  # the panel over the table: its least and greatest width at 1024x700
SEAL_LARGER = 1.15  # the panel's fingerprint beside its other words


class DeckButton(QAbstractButton):
    """The deck, face down in the theme's tile backs, drawn as two packets: hovering or focusing it parts
    them a little, as a hand about to cut would. A click, or Space, Enter or C, cuts."""

    cut = Signal(tuple)  # how it was cut: (how, x, y) for a click, (how, key) for a key

    def __init__(self, compact: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.compact = compact
        self.scale = 1.0  # the deck's size: as at 1024x700, larger over a larger table
        self.theme: Theme = DEFAULT_THEME
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)
        self.setAccessibleName(translate("FairDeal", "Cut the deck"))
        self.setToolTip(translate("FairDeal", "Cut the deck: click, or press Space"))

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(76, 48) if self.compact else QSize(round(176 * self.scale), round(112 * self.scale))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            where = event.globalPosition()
            self.cut.emit(("click", round(where.x()), round(where.y())))
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in CUT_KEYS and not event.isAutoRepeat():
            self.cut.emit(("key", event.key()))
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        theme = self.theme
        w, h = self.width(), self.height()
        apart = 8.0 if (self.underMouse() or self.hasFocus()) else 3.0
        tile_w, tile_h = w * 0.40, h * 0.46  # landscape backs, as the stock lies on the table
        layers = 3 if self.compact else 5
        step = h * (0.05 if self.compact else 0.045)
        # Two packets side by side; the right one, the cut, lifts as it parts.
        for x, lift in ((w * 0.5 - tile_w - apart / 2, 0.0), (w * 0.5 + apart / 2, apart)):
            for layer in range(layers):
                top = h - tile_h - 6 - layer * step - lift * (layer + 1) / layers
                body = QRectF(x, top, tile_w, tile_h)
                paint_tile_back(painter, body, body.height() * 0.14, theme, marked=layer == layers - 1)
        if self.hasFocus():
            painter.setPen(QPen(QColor(theme.highlight), 2.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(1, 1, w - 2, h - 2), 8, 8)
        painter.end()


class CutPanel(QFrame):
    """The sealed deck: the fingerprint the deal is bound to, and the invitation to cut it."""

    cutRequested = Signal(tuple)  # the gesture that cut (see DeckButton.cut)
    autoCutChanged = Signal(bool)  # "cut the deck for me" ticked or unticked

    def __init__(self, compact: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cutRow" if compact else "cutPanel")
        self.compact = compact
        self.deck = DeckButton(compact)
        self.deck.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)  # drawn whole, words beside it
        self.deck.cut.connect(self.cutRequested)
        self.title = QLabel(translate("FairDeal", "Cut the deck"))
        self.title.setObjectName("cutTitle")
        self.title.setWordWrap(True)
        self.seal = QLabel("")
        self.seal.setObjectName("dealFingerprint")
        self.seal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(max(9.0, self.font().pointSizeF() * (1.0 if compact else SEAL_LARGER)))
        mono.setWeight(QFont.Weight.Bold)
        self.seal.setFont(mono)
        self.hint = QLabel("")
        self.hint.setWordWrap(True)
        self.auto = QCheckBox(translate("FairDeal", "Cut the deck for me"))
        self.auto.setToolTip(
            translate("FairDeal", "The clock cuts each deal after its fingerprint is sealed; nobody waits for you.")
        )
        self.auto.toggled.connect(self.autoCutChanged)
        self.words = QGridLayout()
        self.words.setSpacing(3)
        self.words.setContentsMargins(0, 0, 0, 0)
        if compact:
            # The fingerprint on a line of its own across the sheet, so all of it shows in one piece on the
            # narrowest sheet (it wraps only on a sheet narrower still); the hint and the box beside the deck,
            # the box beside the hint on a wide sheet, to keep it low.
            self.seal.setWordWrap(True)
            self.words.addWidget(self.hint, 0, 0)
            self.words.addWidget(self.auto, 1, 0)
            row = QHBoxLayout()
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(self.deck, 0, Qt.AlignmentFlag.AlignVCenter)
            row.addLayout(self.words, 1)
            column = QVBoxLayout(self)
            column.setContentsMargins(0, 2, 0, 2)
            column.setSpacing(3)
            column.addWidget(self.seal)
            column.addLayout(row)
        else:
            self.words.addWidget(self.title, 0, 0)
            self.words.addWidget(self.seal, 1, 0)
            self.words.addWidget(self.hint, 2, 0)
            self.words.addWidget(self.auto, 3, 0, Qt.AlignmentFlag.AlignHCenter)
            column = QVBoxLayout(self)
            column.setContentsMargins(22, 16, 22, 16)
            column.addWidget(self.deck, 0, Qt.AlignmentFlag.AlignHCenter)
            column.addLayout(self.words)
            self.title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            self.seal.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            self.hint.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            self.setMinimumWidth(CUT_PANEL_WIDTHS[0])
            self.setMaximumWidth(CUT_PANEL_WIDTHS[1])
        self.hide()

    def set_scale(self, scale: float) -> None:
        """The panel over the table `scale` times its size at 1024x700 (the deck, the words, the room it takes), as
        the table round it and the sheets over it grow: at 1920x1080 it stayed small in the middle of the felt."""
        self.deck.scale = scale
        self.deck.updateGeometry()
        # The style's sizes: the fingerprint keeps its fixed-width letters, SEAL_LARGER than the words round it.
        self.setStyleSheet(scaled_cut_style(scale, SEAL_LARGER) if scale > 1.0 else "")
        low, high = CUT_PANEL_WIDTHS
        self.setMinimumWidth(round(low * scale))
        self.setMaximumWidth(round(high * scale))

    def set_theme(self, theme: Theme) -> None:
        self.deck.set_theme(theme)
        # Its square is the window's style's (look_style.stylesheet), which shows on every theme.
        self.auto.setStyleSheet(f"QCheckBox:focus {{ color: {theme.highlight}; }}")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_auto()

    def place_auto(self) -> None:
        """On the sheet, "Cut the deck for me" beside the hint when the hint's words still fit one line beside it,
        else under them: beside it on a 1920x1080 sheet the Spanish hint wrapped into three lines, "repartir." alone
        on the last, where under it the hint takes two."""
        if not self.compact:
            return
        self.words.removeWidget(self.auto)
        beside = self.width() - self.deck.sizeHint().width() - self.auto.sizeHint().width() - 4 * self.words.spacing()
        if self.hint.fontMetrics().horizontalAdvance(self.hint.text()) <= beside:
            self.words.addWidget(self.auto, 0, 1, Qt.AlignmentFlag.AlignRight)
        else:
            # One column: the hint wraps at the row's width, not at half of it beside an empty column.
            self.words.addWidget(self.auto, 1, 0)
        self.words.setColumnStretch(0, 1)
        self.words.setColumnStretch(1, 0)

    def show_fingerprint(self, fingerprint_hex: str, people: int, clock: bool, auto: bool) -> None:
        """The sealed deal, by its fingerprint alone (a room's deal is sealed by the host, and only its fingerprint
        reaches the other players before the hand's end); `people` at this screen (0: only CPUs), `clock`: the
        clock cuts (no person, or they asked it to)."""
        self.title.setText(translate("FairDeal", "Cut the deck"))
        self.seal.setText(translate("FairDeal", "Deal sealed: {fp} …").format(fp=short(fingerprint_hex)))
        self.seal.setToolTip(translate("FairDeal", "Fingerprint (SHA-256): {fp}").format(fp=fingerprint_hex))
        self.deck.setAccessibleDescription(self.seal.text())
        if clock:
            text = translate("FairDeal", "The clock cuts the deck when the next hand is dealt.")
        elif self.compact:
            text = translate("FairDeal", "Click the deck, or Next hand, to cut it and deal.")
        elif people > 1:
            text = translate("FairDeal", "Anyone at the screen: click the deck, or press Space, to cut it and deal.")
        else:
            text = translate("FairDeal", "Click the deck, or press Space, to cut it and deal.")
        self.hint.setText(last_words_together(text))
        self.place_auto()
        self.auto.blockSignals(True)
        self.auto.setChecked(auto)
        self.auto.blockSignals(False)
        self.auto.setVisible(people > 0)
        self.deck.setEnabled(not clock or self.compact)
        self.show()


class DealSeal:
    """On the end-of-hand sheet: the proof of the hand just played, and the next deal's sealed deck (the
    compact `CutPanel`); the sheet's "Next hand" cuts too."""

    def __init__(self, panel: QWidget, next_button: QPushButton) -> None:
        self.label = QLabel("")
        self.label.setObjectName("dealSeal")
        self.label.setWordWrap(True)  # named by its text, which says what it is ("This deal was sealed with…")
        self.cut = CutPanel(compact=True)
        aside = panel.findChild(QWidget, "handEndAside")
        layout = (aside if aside is not None else panel).layout()
        if isinstance(layout, QVBoxLayout):
            layout.insertWidget(0, self.label)
            layout.addWidget(self.cut)  # last: just above the buttons, or beside them at the foot of the aside
        self.next_button = next_button

    def seal(self, proof: FairDeal | None) -> None:
        """Show how the finished hand was dealt (its seed is revealed now that it is over); None: nothing to show
        here (a room's seat checks its deals in the room's panel)."""
        self.label.setVisible(proof is not None)
        self.cut.hide()
        if proof is not None:
            text = translate(
                "FairDeal", "This deal was sealed with fingerprint {fp}; its seed was {seed}, the cut {cut}."
            )
            # In the sheet's own size: in <small> it was about 10 px at 1024x700, the least legible line on it.
            self.label.setText(escape(text.format(fp=short(proof.fingerprint), seed=proof.seed, cut=cut_text(proof))))

    def checked(self, fingerprint: str, verdict: bool | None, why: str = "") -> None:
        """A room's finished deal: the fingerprint it was sealed with, and what this seat's check of the host's
        reveal found (None: nothing to check, the seat having joined mid-hand or no reveal come)."""
        fp = short(fingerprint)
        if verdict is None:
            text = translate("FairDeal", "This deal was sealed with fingerprint {fp}.").format(fp=fp)
        elif verdict:
            text = translate(
                "FairDeal", "This deal was sealed with fingerprint {fp}; the host's reveal checked out here: fair."
            ).format(fp=fp)
        else:
            text = translate(
                "FairDeal", "This deal was sealed with fingerprint {fp} and did NOT check out: {why}"
            ).format(fp=fp, why=why)
        self.label.setText(escape(text))
        self.label.show()

    def show_next(self, fingerprint: str | None, people: int, clock: bool, auto: bool) -> None:
        if fingerprint is None:
            self.cut.hide()
        else:
            self.cut.show_fingerprint(fingerprint, people, clock, auto)


def gesture_here(how: str) -> tuple[object, ...]:
    """A cut made by pressing a button: when, and where the pointer was."""
    where = QCursor.pos()
    return (how, where.x(), where.y())


def cut_text(proof: FairDeal) -> str:
    """The cuts, as hex, seat by seat."""
    return " · ".join(cut.hex() or "—" for cut in proof.cuts) or "—"


def verify_text(match: Match, index: int, deal: Deal) -> tuple[bool, str]:
    """The verdict on one hand's deal, in words."""
    proof = match.proofs.get(index)
    if proof is None:
        return False, translate(
            "FairDeal",
            "This hand was dealt from a bare deal seed, without a sealed fingerprint (a hand played before "
            "fair deals, or dealt again from its seed), so there is nothing to verify.",
        )
    verdict = verify(match.rules, proof, deal)
    facts = translate(
        "FairDeal", "Fingerprint shown before the deal: {fp}\nSeed revealed: {seed}\nSalt: {salt}\nCut: {cut}"
    ).format(fp=proof.fingerprint, seed=proof.seed, salt=proof.salt.hex(), cut=cut_text(proof))
    # How to check it without the program that dealt: a doubting player had only this program's word (audit25b).
    facts += "\n\n" + translate(
        "FairDeal",
        'To check the fingerprint yourself: it is the SHA-256 of the bytes of "{domain}", then the seed as {n} bytes '
        "(little-endian, two's complement), then the salt's bytes (the hex above, decoded).",
    ).format(domain=DOMAIN.decode(), n=SEED_BYTES)
    if verdict.ok:
        return True, translate(
            "FairDeal",
            "This deal is fair: the revealed seed gives the fingerprint shown before the deal, and "
            "the seed with the cut deals exactly these tiles.",
        ) + "\n\n" + facts
    if not verdict.fingerprint_ok:
        problem = translate(
            "FairDeal", "The revealed seed does not give the fingerprint shown before the deal ({fp})."
        ).format(fp=fingerprint(proof.seed, proof.salt))
    else:
        problem = translate("FairDeal", "The seed and the cut do not deal these tiles.")
    return False, problem + "\n\n" + facts


def add_verify_button(dialog: QWidget, beside: QPushButton, match: Match, current: Callable[[], object]) -> QPushButton:
    """A "Verify this deal" button next to `beside` in hand review; `current()` gives the hand shown."""
    button = QPushButton(translate("FairDeal", "Verify this deal"))
    button.setAccessibleName(translate("FairDeal", "Verify this deal"))

    def check() -> None:
        index = int(str(current()))
        deal, _ = match.archive[index]
        ok, text = verify_text(match, index, deal)
        box = QMessageBox.information if ok else QMessageBox.warning
        box(dialog, translate("FairDeal", "Verify this deal"), text)

    button.clicked.connect(check)
    place_beside(dialog, beside, button, after=False)
    return button
