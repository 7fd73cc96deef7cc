"""Statistics ▸ Skill (issue 33) on the real window: a person's finished hands are queued, judged in the pool
in the background, told on the hand-end sheet in one line, and shown on the Skill page; a hint makes a hand
practice, kept apart; the page reads in Spanish and its record moves out and back in as one file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPalette
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.store.skill import Point
from dominoes_desktop.store.stats import Statistics
from dominoes_desktop.ui.look.look_style import contrast, palette
from dominoes_desktop.ui.look.looks import themes
from dominoes_desktop.ui.review.skill_page import SkillChart, SkillPage
from dominoes_desktop.ui.review.stats_dialog import StatsDialog
from dominoes_desktop.ui.shell.i18n import LANGUAGE
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.store_service import StoreService
from tests.store.test_stats import scripted_match

from .driving import cut_the_deck, idle, known_deal, make_window
from .test_duplicate import start_duplicate_from_lobby


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    win = make_window(qtbot, tmp_path)
    yield win
    win.controller.runner.wait(5000)
    LANGUAGE.install("en")


def finish_hand(qtbot: QtBot, window: MainWindow, *, hint: bool = False) -> None:
    """Play the hand in play to its end (the person's moves by a stand-in CPU), as the screenshot table does."""
    idle(window)
    if hint:
        with qtbot.waitSignal(window.controller.hintReady, timeout=30_000):
            window.game.ask_hint()
    window.controller.autoplay(200)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)


def judged_on_the_sheet(qtbot: QtBot, window: MainWindow) -> str:
    line = window.skill.line
    assert line is not None
    qtbot.waitUntil(lambda: "·" in line.text(), timeout=60_000)  # "Luck +8 · your decisions -2: …"
    assert line.isVisible()
    return line.text()


def a_draw_hand_judged(qtbot: QtBot, window: MainWindow) -> None:
    """The skill record started, a hand of the draw game played by a medium CPU for the person, and judged."""
    window.skill.start()
    window.quick_start(build_rules("draw", {"target": 300}), "medium", 4, known_deal(4))
    finish_hand(qtbot, window)
    judged_on_the_sheet(qtbot, window)


def skill_page(qtbot: QtBot, window: MainWindow) -> SkillPage:
    dialog = StatsDialog(window.store, "", window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.skill)
    page = dialog.skill
    qtbot.waitUntil(lambda: page.snapshot is not None and bool(page.snapshot.families), timeout=10_000)
    return page


def test_a_finished_hand_is_judged_in_the_background_and_shown(qtbot: QtBot, window: MainWindow) -> None:
    window.skill.start()
    window.quick_start(build_rules("draw", {"target": 300}), "medium", 4, known_deal(4))
    finish_hand(qtbot, window)
    said = judged_on_the_sheet(qtbot, window)
    assert "your decisions" in said and "slip" in said
    window.game.hand_end.next.click()  # a second hand: the rating has an interval
    finish_hand(qtbot, window)
    judged_on_the_sheet(qtbot, window)
    page = skill_page(qtbot, window)
    assert page.snapshot is not None
    [points] = page.snapshot.families
    assert points.all_time.hands == 2 and points.practice is None
    assert "Error rate:" in page.headline.text() and "provisional" in page.headline.text()
    assert "95% interval" in page.headline.accessibleDescription()
    assert any(word in page.headline.accessibleDescription() for word in ("trend", "Steady", "Improving", "Slipping"))
    assert page.chart.points and page.chart.accessibleDescription()
    # Two hands are too few to be placed among the CPU levels (a provisional rating); the calibration table's
    # levels are quoted, and the chart draws them as reference lines.
    assert "more decisions; the CPU levels: " in page.place.text() and "Expert" in page.place.text()
    assert set(page.chart.levels) >= {"easy", "medium", "hard", "expert"}
    shown = [b for b in page.costly_buttons if b.isVisibleTo(page)]
    assert len(shown) == len([c for c in page.snapshot.costly if c.family is points.family])
    if shown:  # the coach opens on the costliest decision's hand
        coach = page.open_coach(page.snapshot.costly[0])
        assert coach is not None and coach.isVisible()
        coach.close()


def test_a_hand_with_a_hint_is_practice_kept_apart(qtbot: QtBot, window: MainWindow) -> None:
    window.skill.start()
    window.quick_start(build_rules("draw", {"target": 300}), "medium", 6, known_deal(6))
    finish_hand(qtbot, window, hint=True)
    judged_on_the_sheet(qtbot, window)
    page = skill_page(qtbot, window)
    assert page.snapshot is not None
    [points] = page.snapshot.families
    assert points.all_time.hands == 0 and points.practice_hands == 1
    assert "kept apart" in page.practice.text()
    # Nothing to rate yet is said once, not again for the last 100 hands (it was, on two lines).
    for said in (page.headline.text(), page.headline.accessibleDescription()):
        assert said.count("no decision to rate yet") == 1, said


def test_the_skill_page_reads_in_spanish_and_the_record_moves_as_one_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    a_draw_hand_judged(qtbot, window)
    LANGUAGE.install("es")
    page = skill_page(qtbot, window)
    assert "Índice de error" in page.headline.text()
    # One decimal, written as the Deal luck page writes it: "10,3", not "10.3".
    assert re.search(r"\d,\d", page.headline.text()) and not re.search(r"\d\.\d", page.headline.text())
    # and the levels apart by semicolons, their decimals having the commas: "Fácil 26,8; Medio 17,8; …".
    assert re.search(r"Fácil \d+,\d; Medio \d+,\d; Difícil", page.place.text()), page.place.text()
    path = tmp_path / "moved.json"
    with qtbot.waitSignal(window.store.skillFile, timeout=10_000) as written:
        page.export_record(path)
    assert written.args == ["export", str(path), "", 1]
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    with qtbot.waitSignal(window.store.skillFile, timeout=10_000) as refused:
        window.store.import_skill(bad)
    assert refused.args[2] == "bad.json no es un historial de destreza de Dominó de Escritorio."
    assert page.status.text() == "No se pudo importar: bad.json no es un historial de destreza de Dominó de Escritorio."


def test_the_results_list_people_before_the_cpus(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 34: "CPU (medium)" came above "You" (its letters sort first), though only the person had a record."""
    stats = Statistics(tmp_path)
    players = [("You", True, "medium"), ("CPU 1", False, "medium"), ("Zoe", True, "medium"), ("CPU 3", False, "hard")]
    stats.record("Home", scripted_match(), players)
    stats.close()
    store = StoreService(tmp_path, threaded=False)
    store.start()
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.loading, timeout=10_000)
    assert [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())] == [
        "You",
        "Zoe",
        "CPU (hard)",
        "CPU (medium)",
    ]
    dialog.close()
    store.close()


def test_a_duplicate_deals_second_play_is_set_against_the_other_table(qtbot: QtBot, window: MainWindow) -> None:
    window.skill.start()
    start_duplicate_from_lobby(qtbot, window, deals=4)
    duplicate = window.controller.duplicate
    assert duplicate is not None
    seen: dict[int, int] = {}
    for _ in range(duplicate.total_plays):
        deal, _rotation = duplicate.current
        seen[deal] = seen.get(deal, 0) + 1
        window.controller.autoplay(300)
        qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)
        said = judged_on_the_sheet(qtbot, window)
        assert ("other table" in said) == (seen[deal] == 2), said
        if seen[deal] == 2:
            break
        window.game.hand_end.next.click()
        idle(window)
        if window.game.cut_panel.isVisible():
            cut_the_deck(qtbot, window)
    assert max(seen.values()) == 2


@pytest.mark.parametrize("theme_id", sorted(themes()))
def test_the_chart_s_lines_stand_out_from_its_ground(qtbot: QtBot, theme_id: str) -> None:
    """The CPU levels' lines (Medium's indigo, Expert's brown) stood 1.0 to 2.8 to 1 from the chart's ground, the
    rating's red 2.5 to 1 on the beach: each line stands out 3:1, as WCAG asks of the parts of a graphic."""
    chart = SkillChart()
    qtbot.addWidget(chart)
    chart.setPalette(palette(themes()[theme_id]))
    chart.resize(600, 300)
    levels = {"easy": (26.8, 0.0, 0.0), "medium": (17.8, 0.0, 0.0), "hard": (8.7, 0.0, 0.0), "expert": (0.8, 0.0, 0.0)}
    chart.show_series((Point(1, 12.0, 11.0, 13.0), Point(2, 12.0, 11.0, 13.0)), levels)  # clear of every level
    image = chart.grab().toImage()
    ground = chart.palette().color(QPalette.ColorRole.Base).name()
    area = QRectF(chart.rect()).adjusted(46, 24, -96, -26)  # where the chart draws at its words' size at 1024x700

    def stands_out(value: float) -> float:
        """The most a pixel of the rows where `value` is drawn stands out from the ground."""
        y = round(area.bottom() - area.height() * value / chart.top)
        return max(
            contrast(image.pixelColor(x, row).name(), ground)
            for row in (y - 1, y, y + 1)
            for x in range(round(area.left()) + 4, round(area.right()) - 4)
        )

    for level, (value, _low, _high) in levels.items():
        assert stands_out(value) >= 3.0, level
    assert stands_out(12.0) >= 3.0, "the rating's own line"
