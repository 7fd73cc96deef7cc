"""Every finished hand of each person at this screen, queued for the skill rating's judge (issue 33 item 1), and
the hand-end sheet's line that says its luck and the person's decisions once the judgement is in (item 4).

The recorder listens to the table (a hand ended, a hint was shown) and asks the store service to queue the hand;
the store keeps the queue in the statistics database and the judge works through it in the pool, at low
priority. The judgement may come after the sheet opened: the line is written again in place when it does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QBoxLayout, QLabel, QWidget

from ...engine.presets import host_options
from ..shell import store_service
from ..shell.announce import say
from ..shell.i18n import last_words_together, number, plain
from ..shell.store_service import StoreService

if TYPE_CHECKING:
    from PySide6.QtGui import QShowEvent

    from ...engine.analysis.rating import HandJudgement
    from ...engine.decisions import HandResult
    from ...engine.match import Match
    from ..shell.store_service import JudgedHand

RESUME_AFTER_MS = 20_000  # what a quit or crash left queued is judged this long after the window opens
SLIPS = ("loose", "blunder")  # the coach's grades that make a decision a slip


def slips_of(judgement: HandJudgement) -> int:
    return sum(1 for d in judgement.decisions if not d.forced and d.grade in SLIPS)


def amount(value: float, hands: bool) -> str:
    """A luck or a cost as the sheet says it: whole points, or hands to one decimal; the sign always shown,
    a true minus sign for a loss."""
    decimals = 1 if hands else 0
    return "0" if round(value, decimals) == 0 else number(value, decimals, signed=True)


class LuckLine(QLabel):
    """One line on the hand-end sheet: "Luck +8 · your decisions -2: one slip, see the coach"."""

    shown = Signal()  # on the screen: with the sheet, or alone

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("luckLine")
        self.setWordWrap(True)  # named by its text, "Luck +8 · your decisions …": a fixed name hid the judgement
        self.hide()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.shown.emit()

    def hand_words(self, judgement: HandJudgement, name: str, several: bool) -> str:
        hands = judgement.family.value == "hands"
        cost = -judgement.given_away()  # as the coach's "Given away in all" (a near tie's Best costs nothing)
        slips = slips_of(judgement)
        if slips == 0 and amount(cost, hands) != "0":
            # Losses each too small to be a slip still add up: "your decisions -14: no slip" read as a contradiction.
            said = self.tr("small losses only, no slip")
        elif slips == 0:
            said = self.tr("no slip")
        elif slips == 1:
            said = self.tr("one slip, see the coach")
        else:
            said = self.tr("{n} slips, see the coach").format(n=slips)
        line = self.tr("Luck {luck} · your decisions {cost}: {slips}").format(
            luck=amount(judgement.luck, hands), cost=amount(cost, hands), slips=said
        )
        return f"{escape(name)}: {line}" if several else line

    def match_words(self, judgements: list[HandJudgement], name: str, several: bool) -> str:
        hands = bool(judgements) and judgements[0].family.value == "hands"
        slips = self.tr("%n slip(s)", "", sum(slips_of(j) for j in judgements))
        line = self.tr("This match: luck {luck} · your decisions {cost} ({slips} in %n hand(s))", "", len(judgements))
        line = line.format(
            luck=amount(sum(j.luck for j in judgements), hands),
            cost=amount(-sum(j.given_away() for j in judgements), hands),
            slips=slips,
        )
        return f"{escape(name)}: {line}" if several else line

    def judging(self) -> None:
        self.setText("<small>" + self.tr("Luck and your decisions: being judged…") + "</small>")
        self.show()


class SkillRecorder(QObject):
    """Queues the finished hands of the people at a table for the judge, and writes the sheet's luck line."""

    judged = Signal(object)  # JudgedHand: a hand of this table's, judged

    def __init__(
        self,
        controller: Any,
        store: StoreService,
        run: Callable[[], Callable[..., Any]],
        parent: QObject | None = None,
        *,
        resume_after_ms: int = RESUME_AFTER_MS,
    ) -> None:
        """`controller`: the table (GameController: its match, seats, people and signals); `run`: gives the
        pool's `run` (asked when the judge starts, so the pool is not made for asking)."""
        super().__init__(parent)
        self.controller = controller
        self.store = store
        self._run = run
        self._started = False
        self._match: Match | None = None
        self._hinted: set[int] = set()  # hands of this match in which a hint was shown
        self._ours: dict[str, tuple[int, int]] = {}  # origins queued from this match: (hand, seat)
        self._judged: dict[tuple[int, int], HandJudgement] = {}  # this match's judged hands, by (hand, seat)
        self.line: LuckLine | None = None
        self._parts: list[str] = []  # the line's parts for the hand just ended (a person's words, a match's sum)
        self._said: list[str] = []  # those of them said: each judgement said the whole line again (review 22, 3)
        # A duplicate match: the person's results for each deal (its seed), one per play, to set the two plays of
        # the same cards against each other (the other table's result with the person's cards is minus theirs).
        self._duplicate: object | None = None
        self._deal_results: dict[int, list[float]] = {}  # deal seed -> the person's result in each play
        controller.handEnded.connect(self._hand_ended)
        controller.hintReady.connect(self._hint_shown)
        store.handJudged.connect(self._came)
        if store.folder is not None:
            QTimer.singleShot(resume_after_ms, self, self.start)

    def start(self) -> None:
        """Judge what waits (a quit or a crash left it queued); then every hand as it is queued."""
        if self._started or self.store.folder is None:
            return
        self._started = True
        self.store.judge_with(self._run())

    def show_on(self, sheet: QWidget) -> LuckLine:
        """Put the luck line on the hand-end sheet, under its result and above its buttons."""
        self.line = LuckLine(sheet)
        self.line.shown.connect(self._say_new)
        layout = sheet.layout()
        if isinstance(layout, QBoxLayout):
            layout.insertWidget(min(1, layout.count()), self.line)
        return self.line

    def _current(self) -> Match | None:
        match: Match | None = getattr(self.controller, "match", None)
        if match is not self._match:
            self._match = match
            self._hinted.clear()
            self._ours.clear()
            self._judged.clear()
        return match

    def _hint_shown(self, _decision: object) -> None:
        match = self._current()
        if match is not None:
            self._hinted.add(len(match.results))  # the hand in play

    def _hand_ended(self, _result: HandResult) -> None:
        match = self._current()
        if match is None or self.store.folder is None:
            return
        people = list(self.controller.people())
        if not people:
            return
        from ..play.panels import kept_name  # here: the table's panels wait until after the lobby's first paint

        hand = len(match.results) - 1
        # With the options that rebuild the match's rules: without them a five-player cross was read back as a
        # four-player one, and its judgement failed.
        record = replace(match.record, options=host_options(match.rules))
        duplicate = getattr(self.controller, "duplicate", None) is not None
        for seat in people:
            # Named as the Results page keeps them ("Player 1" at a shared screen).
            queued = store_service.QueuedHand.of(
                record,
                hand,
                seat,
                kept_name(self.controller.seats, seat),
                practice=hand in self._hinted,
                duplicate=duplicate,
            )
            self._ours[queued.origin] = (hand, seat)
            self.store.queue_hand(queued)
        self._parts, self._said = [], []
        if self.line is not None:
            self.line.judging()
        self.start()

    def _came(self, judged: JudgedHand) -> None:
        where = self._ours.get(judged.origin)
        if where is None:
            return
        self._judged[where] = judged.judgement
        duplicate = getattr(self.controller, "duplicate", None)
        if duplicate is not None and self._match is not None:
            if duplicate is not self._duplicate:
                self._duplicate, self._deal_results = duplicate, {}
            self._deal_results.setdefault(self._match.seed, []).append(judged.judgement.result)
        self.judged.emit(judged)
        self._write_line()

    def _write_line(self) -> None:
        """The sheet's line for the hand just ended (and the match's sum once it is over), for each person."""
        line, match = self.line, self._match
        if line is None or match is None or not match.results:
            return
        # Imported here: the table's panels bring its controller and the match, which the lobby's first paint
        # must not wait for (the main window imports this module).
        from ..play.panels import person_name

        hand = len(match.results) - 1
        people = list(self.controller.people())
        several = len(people) > 1
        said = []
        for seat in people:
            # Named as its plate and the scores name it: "Tú: Suerte…" stood beside plates saying "Jugador 1" at
            # pass-and-play (visual28).
            name = person_name(self.controller.seats[seat].name, seat, len(people))
            judgement = self._judged.get((hand, seat))
            if judgement is not None:
                said.append(line.hand_words(judgement, name, several))
            if match.is_over:
                judgements = [j for (_, s), j in sorted(self._judged.items()) if s == seat]
                if judgements:
                    said.append(line.match_words(judgements, name, several))
        plays = self._deal_results.get(match.seed, []) if self._duplicate is not None else []
        if len(plays) == 2 and not several:
            hands = match.rules.scoring.value == "one_per_hand"
            said.append(
                QCoreApplication.translate("LuckLine", "Against the other table, with the same cards: {diff}").format(
                    diff=amount(sum(plays), hands)
                )
            )
        if said:
            self._parts = [last_words_together(words) for words in said]
            line.setText("<br>".join(self._parts))
            line.show()
            self._say_new()

    def _say_new(self) -> None:
        """The line's words not said yet, once the sheet is in sight: a judgement comes after the sheet was said
        (one part for each person's, the match's sum at its end), or before the sheet shows (said as it shows)."""
        line = self.line
        if line is None or not line.isVisible():
            return
        new = [part for part in self._parts if part not in self._said]
        if new:
            self._said.extend(new)
            say(line, plain("<br>".join(new)))
