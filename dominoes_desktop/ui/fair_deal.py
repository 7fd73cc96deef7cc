"""Fair deals at the table: the next deal sealed on the end-of-hand sheet, cut by the person's click, the seed
revealed afterwards, and "Verify this deal" in hand review (see engine/fairness.py)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton, QVBoxLayout, QWidget

from ..engine.deal import Deal
from ..engine.fairness import FairDeal, cut_from_gesture, fingerprint, short, verify
from ..engine.match import Match
from .coach_panel import place_beside
from .i18n import translate


class DealSeal:
    """On the end-of-hand sheet: the proof of the hand just played, and the next deal's fingerprint. The
    press of "Next hand" (mouse or key) is the cut."""

    def __init__(self, panel: QWidget, next_button: QPushButton) -> None:
        self.label = QLabel("")
        self.label.setObjectName("dealSeal")
        self.label.setWordWrap(True)
        self.label.setAccessibleName(translate("FairDeal", "Fair deal"))
        layout = panel.layout()
        if isinstance(layout, QVBoxLayout):
            layout.insertWidget(1, self.label)
        self.match: Match | None = None
        next_button.pressed.connect(self.cut)

    def seal(self, match: Match) -> None:
        """Show how the finished hand was dealt, and commit to the next deal (if the match goes on)."""
        self.match = match
        lines = []
        proof = match.proofs.get(len(match.results) - 1)
        if proof is not None:
            lines.append(
                translate(
                    "FairDeal", "This deal was sealed with fingerprint {fp}; its seed was {seed}, your cut {cut}."
                ).format(fp=short(proof.fingerprint), seed=proof.seed, cut=(proof.cut or b"").hex())
            )
        if not match.is_over:
            if match.fair_next is None:
                match.fair_next = FairDeal.commit()
            lines.append(
                translate("FairDeal", "Next deal sealed: fingerprint {fp}. Pressing Next hand cuts the deck.").format(
                    fp=short(match.fair_next.fingerprint)
                )
            )
        self.label.setText("<small>" + "<br>".join(escape(line) for line in lines) + "</small>")
        self.label.setVisible(bool(lines))

    def cut(self) -> None:
        """The person's cut: when and where they pressed. Taken once; a deal without a press cuts by clock."""
        match = self.match
        if match is not None and match.fair_next is not None:
            where = QCursor.pos()
            match.fair_next = match.fair_next.with_cut(cut_from_gesture(where.x(), where.y()))


def verify_text(match: Match, index: int, deal: Deal) -> tuple[bool, str]:
    """The verdict on one hand's deal, in words."""
    proof = match.proofs.get(index)
    if proof is None:
        return False, translate(
            "FairDeal",
            "This hand was dealt from the match's own seed, without a sealed fingerprint (the first hand of a "
            "match, a redeal, or a hand played before fair deals).",
        )
    verdict = verify(match.rules, proof, deal)
    facts = translate(
        "FairDeal", "Fingerprint shown before the deal: {fp}\nSeed revealed: {seed}\nSalt: {salt}\nCut: {cut}"
    ).format(fp=proof.fingerprint, seed=proof.seed, salt=proof.salt.hex(), cut=(proof.cut or b"").hex())
    if verdict.ok:
        return True, translate(
            "FairDeal",
            "This deal is fair: the revealed seed gives the fingerprint shown before the deal, and "
            "the seed with your cut deals exactly these tiles.",
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
