"""The table's seat plates and the window's menus grow with the window as its pages do: at 1920x1080 the plates
(names, tile counts, whose turn) and the menus kept the size they have at 1024x700 beside a side panel and a lobby
half as large again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF
from PySide6.QtWidgets import QFormLayout, QMenu, QWidget
from pytestqt.qtbot import QtBot

from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.look.look_style import PAGE_SCALE_MAX
from dominoes_desktop.ui.review.review_dialog import ReviewDialog
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.table.scene import NamePlate

from .conftest import start
from .test_network_play import join_ben, open_host

SMALL, LARGE = (1024, 700), (1920, 1080)


def at_size(qtbot: QtBot, window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=2000)
    qtbot.wait(200)


def on_screen(window: MainWindow, plate: NamePlate) -> QRectF:
    """The plate's box in the table view's pixels."""
    view = window.game.table
    return plate.deviceTransform(view.viewportTransform()).mapRect(plate.boundingRect())


def line_height(window: MainWindow, plate: NamePlate) -> float:
    """A line of the plate's words, in the view's pixels."""
    return on_screen(window, plate).height() / max(1, len(plate.lines))


def plates(window: MainWindow) -> list[NamePlate]:
    scene = window.game.table.table
    return [*scene.plates.values(), *([scene.stock_plate] if scene.stock_plate.isVisible() else [])]


def plates_clear(window: MainWindow) -> None:
    """The plates cover neither each other nor any tile, and stay in the view."""
    view = window.game.table
    port = QRectF(view.viewport().rect())
    boxes = [on_screen(window, plate) for plate in plates(window)]
    for i, box in enumerate(boxes):
        assert port.contains(box), (box, port)
        assert not any(box.intersects(other) for other in boxes[i + 1 :]), boxes
    scene = view.table
    tiles = [*scene.rack_items.values(), *(item for items in scene.back_items.values() for item in items)]
    for item in tiles:
        tile_box = item.deviceTransform(view.viewportTransform()).mapRect(item.body_rect())
        assert not any(box.intersects(tile_box) for box in boxes), (tile_box, boxes)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_seat_plates_grow_with_the_window(qtbot: QtBot, window: MainWindow, language: str) -> None:
    window.set_language(language)
    at_size(qtbot, window, SMALL)
    start(window, "draw", seed=4)  # a stock: its plate too
    assert window.game.table.table.stock_plate.isVisible()
    small = [line_height(window, plate) for plate in plates(window)]
    at_size(qtbot, window, LARGE)
    large = [line_height(window, plate) for plate in plates(window)]
    for before, after in zip(small, large, strict=True):
        assert after >= before * PAGE_SCALE_MAX - 1, (small, large)
    plates_clear(window)
    at_size(qtbot, window, SMALL)
    assert [line_height(window, plate) for plate in plates(window)] == pytest.approx(small, abs=0.5)


def test_a_plate_s_words_fit_inside_it(qtbot: QtBot, window: MainWindow) -> None:
    """The plate's width is worked out from its words' length: the widest line, in bold (the seat to play), fits."""
    window.set_language("es")
    at_size(qtbot, window, LARGE)
    start(window, "draw", seed=4)
    font = QFont("DejaVu Sans")
    font.setPixelSize(16)
    font.setBold(True)
    metrics = QFontMetricsF(font)
    for plate in plates(window):
        for line in plate.lines:
            assert metrics.horizontalAdvance(line) <= plate.boundingRect().width() - 8, (line, plate.lines)


def words_px(widget: QWidget) -> int:
    widget.ensurePolished()
    return QFontInfo(widget.font()).pixelSize()


def test_the_menus_grow_with_the_window(qtbot: QtBot, window: MainWindow) -> None:
    bar = window.menuBar()
    menus = [menu for menu in bar.findChildren(QMenu) if menu.parent() is bar]
    assert len(menus) >= 2, "Game and View"
    at_size(qtbot, window, SMALL)
    small = [words_px(bar), words_px(window.statusBar()), *(words_px(menu) for menu in menus)]
    small_height = menus[0].sizeHint().height()
    at_size(qtbot, window, LARGE)
    large = [words_px(bar), words_px(window.statusBar()), *(words_px(menu) for menu in menus)]
    for before, after in zip(small, large, strict=True):
        assert abs(after - before * PAGE_SCALE_MAX) <= 1, (small, large)
    assert menus[0].sizeHint().height() >= small_height * 1.4, "its items as tall as their words"
    at_size(qtbot, window, SMALL)
    assert [words_px(bar), words_px(window.statusBar()), *(words_px(menu) for menu in menus)] == small


def test_a_field_s_own_menu_grows_with_the_page(qtbot: QtBot, window: MainWindow) -> None:
    """A field's menu (copy, paste: a menu of its own, made as it is asked for) reads as large as the field."""
    field = window.lobby.seat_rows[1].name
    sizes = []
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        menu = field.createStandardContextMenu()
        sizes.append((words_px(field), words_px(menu)))
        menu.deleteLater()
    (field_small, menu_small), (field_large, menu_large) = sizes
    assert field_large > field_small
    assert abs(menu_large - menu_small * PAGE_SCALE_MAX) <= 1, sizes


def test_the_room_s_seat_menu_grows_with_the_room_s_window(qtbot: QtBot) -> None:
    """The host's menu on a guest's seat (a CPU plays for them, remove them) reads as large as the side panel's
    list it opens from."""
    host, _ = open_host(qtbot, {"target": 30})
    try:
        ana = host.window
        join_ben(qtbot, host)
        ana.start_button.click()
        qtbot.waitUntil(lambda: ana.state == "playing", timeout=15000)
        sizes = []
        for size in (SMALL, LARGE):
            ana.resize(*size)
            qtbot.waitUntil(lambda size=size: (ana.width(), ana.height()) == size, timeout=2000)
            qtbot.wait(200)
            menu = ana.seat_menu(1)
            assert menu is not None
            sizes.append((words_px(ana.seats), words_px(menu)))
            menu.deleteLater()
        (list_small, menu_small), (list_large, menu_large) = sizes
        assert list_large > list_small
        assert abs(menu_large - menu_small * PAGE_SCALE_MAX) <= 1, sizes
    finally:
        host.stop()


def test_the_review_s_plates_grow_with_its_dialog(qtbot: QtBot, window: MainWindow) -> None:
    """The hand under review is the table drawn again: its plates as large as the dialog's other words."""
    start(window, "jamaican", seed=2)
    window.controller.autoplay(10_000)
    qtbot.waitUntil(lambda: window.game.hand_end.isVisible(), timeout=30_000)
    match = window.controller.match
    assert match is not None
    heights = []
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        review = ReviewDialog(match, window.controller.seats, window.look, window)
        qtbot.addWidget(review)
        review.show()
        qtbot.waitExposed(review)
        qtbot.wait(100)
        plate = review.scene_.plates[0]
        box = plate.deviceTransform(review.view.viewportTransform()).mapRect(plate.boundingRect())
        heights.append(box.height() / len(plate.lines))
        review.close()
    assert heights[1] >= heights[0] * PAGE_SCALE_MAX - 1, heights


@pytest.mark.parametrize("size", [SMALL, (1280, 800)])
def test_the_felt_holds_still_while_a_cpu_at_the_side_thinks(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    """A side seat's plate said "passed · thinking…" on its last line while that CPU thought: wide enough to push
    the felt back for that one turn, and the whole table jumped and came back (seed 3, its sixth move)."""
    at_size(qtbot, window, size)
    start(window, "jamaican", seed=3)
    scene = window.game.table.table
    felts = set()
    for _ in range(12):
        felts.add(scene.felt.rect().getRect())
        window.controller.autoplay(1)
    assert len(felts) == 1, felts


def test_a_side_plate_s_words_stand_in_its_middle(qtbot: QtBot, window: MainWindow) -> None:
    """A side seat's plate has room for a third line ("passed", "thinking…"): with none, its name and count stood at
    its top over an empty band, the plate looking half blank."""
    at_size(qtbot, window, LARGE)
    start(window, "jamaican", seed=2)
    view = window.game.table
    side = [p for p in view.table.plates.values() if len(p.lines) == 3 and not p.lines[-1] and not p.to_play]
    assert side, "a side seat with nothing more to say"
    image = view.viewport().grab().toImage()
    for plate in side:
        box = on_screen(window, plate).toAlignedRect().adjusted(6, 6, -6, -6)  # inside its border
        rows = [
            y
            for y in range(box.top(), box.bottom() + 1)
            if any(image.pixelColor(x, y).lightness() > 150 for x in range(box.left(), box.right() + 1, 2))
        ]
        assert rows, "its words are drawn"
        words_middle, box_middle = (rows[0] + rows[-1]) / 2, box.center().y()
        assert abs(words_middle - box_middle) <= 4, (plate.lines, rows[0], rows[-1], box.top(), box.bottom())


def tick_width(qtbot: QtBot, window: MainWindow) -> int:
    """The width of the tick beside View ▸ Side panel, in pixels: its light strokes left of the item's words."""
    view = next(m for m in window.menuBar().findChildren(QMenu) if window.panel_action in m.actions())
    window.panel_action.setChecked(True)
    view.popup(window.mapToGlobal(window.menuBar().geometry().bottomLeft()))
    qtbot.waitExposed(view)
    image = view.grab().toImage()
    view.hide()
    row = view.actionGeometry(window.panel_action)
    words = QFontMetricsF(view.font()).height()  # the tick stands left of the words, within their height or so
    columns = [
        x
        for x in range(row.left(), row.left() + round(2.5 * words))
        if any(image.pixelColor(x, y).lightness() > 200 for y in range(row.top(), row.bottom() + 1))
    ]
    assert columns, "the item is ticked"
    tick = columns[:1]
    for x in columns[1:]:  # the tick's own columns: its words start past a dark gap
        if x - tick[-1] > 2:
            break
        tick.append(x)
    return tick[-1] - tick[0] + 1


def test_a_menu_s_ticks_grow_with_its_words(qtbot: QtBot, window: MainWindow) -> None:
    """Qt's own tick stayed 7 px wide beside words half as large again."""
    at_size(qtbot, window, SMALL)
    small = tick_width(qtbot, window)
    at_size(qtbot, window, LARGE)
    large = tick_width(qtbot, window)
    assert small >= 8 and large >= small * PAGE_SCALE_MAX - 2, (small, large)


def test_the_plain_back_lines_up_with_the_flags(qtbot: QtBot, window: MainWindow) -> None:
    """Your view ▸ Flag: "Plain" has no flag; its row was a thin strip at the top of the list, its name at the
    list's edge left of every country's."""
    at_size(qtbot, window, LARGE)
    dialog = LookDialog(window.look, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    flags = dialog.flags
    plain, flag = flags.item(0), flags.item(1)
    assert plain.data(Qt.ItemDataRole.UserRole) == "plain"
    assert flags.visualItemRect(plain).height() == flags.visualItemRect(flag).height()
    flags.clearSelection()  # no row lit in the accent: its name is the only light in it
    qtbot.wait(50)
    words_x = []
    for item in (plain, flag):
        rect = flags.visualItemRect(item)
        image = flags.viewport().grab(rect).toImage()
        # The first column of its name (past its swatch: the plain back has one too): light on the dark ground.
        columns = [
            x
            for x in range(flags.iconSize().width() + 2, image.width())
            if any(image.pixelColor(x, y).lightness() > 150 for y in range(image.height()))
        ]
        words_x.append(columns[0] if columns else -1)
    assert words_x[0] == pytest.approx(words_x[1], abs=4), words_x  # a letter's own side bearing apart
    dialog.close()


@pytest.mark.parametrize("size", [LARGE, (1366, 768)])
@pytest.mark.parametrize(("preset", "players"), [("cutthroat", 3), ("classic_draw", 5), ("classic_block", 2)])
def test_larger_plates_stay_clear_at_every_table(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int], preset: str, players: int
) -> None:
    """Two, three and five at the table, in Spanish (the longer words): the grown plates find room of their own."""
    window.set_language("es")
    at_size(qtbot, window, size)
    start(window, preset, seed=3, players=players)
    assert len(window.game.table.table.plates) == players
    plates_clear(window)
    window.controller.autoplay(6)
    qtbot.wait(600)
    plates_clear(window)


def test_your_view_s_labels_stand_level_with_their_fields(qtbot: QtBot, window: MainWindow) -> None:
    """Your view's form: each label's words stand level with its field's (they sat about 4 px above them at
    1920x1080, the label at the top of a row as tall as its field)."""
    at_size(qtbot, window, LARGE)
    dialog = LookDialog(window.look, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    form = dialog.findChild(QFormLayout)
    assert form is not None and form.rowCount() >= 8
    for row in range(form.rowCount()):
        label = form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget()
        field = form.itemAt(row, QFormLayout.ItemRole.FieldRole).widget()
        label_middle = label.mapTo(dialog, label.rect().center()).y()
        field_middle = field.mapTo(dialog, field.rect().center()).y()
        assert abs(label_middle - field_middle) <= 1, (row, label_middle, field_middle)
    dialog.close()


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_the_lobby_s_rule_labels_stand_level_with_their_fields(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    """The lobby's house rules: "Set", "Partners", "Style", "Goal" and "Tiles each" sat 4 to 6 px above their
    fields' words (the labels at the top of rows as tall as their fields); "Seats", in the set's row, was level."""
    at_size(qtbot, window, size)
    group = window.lobby.pairing.parentWidget()
    form = group.layout()
    assert isinstance(form, QFormLayout)
    rows = 0
    for row in range(form.rowCount()):
        label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
        if label_item is None or field_item is None:
            continue
        label = label_item.widget()
        field = field_item.widget() or field_item.layout().itemAt(0).widget()  # a row's first field
        label_middle = label.mapTo(group, label.rect().center()).y()
        field_middle = field.mapTo(group, field.rect().center()).y()
        assert abs(label_middle - field_middle) <= 1, (label.text(), label_middle, field_middle)
        rows += 1
    assert rows == 5


def test_your_view_s_columns_stand_apart_as_they_grow(qtbot: QtBot, window: MainWindow) -> None:
    """Your view's choices and its rack flags were 6 px apart at every size: at 1920x1080 the fields' arrows all but
    touched the flags' list. The gap is a clear one at 1024x700 and grows with the dialog's words."""
    gaps = []
    for size in (SMALL, LARGE):
        at_size(qtbot, window, size)
        dialog = LookDialog(window.look, window)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.wait(50)
        left = [dialog.finish, dialog.pips, dialog.pin, dialog.theme, dialog.camera, dialog.motion, dialog.speed]
        left += [dialog.arms, dialog.preview]
        right = [dialog.search, dialog.flags]
        rights = max(widget.mapTo(dialog, widget.rect().topRight()).x() for widget in left)
        lefts = min(widget.mapTo(dialog, widget.rect().topLeft()).x() for widget in right)
        gaps.append(lefts - rights - 1)
        form = dialog.findChild(QFormLayout)
        assert form is not None and form.verticalSpacing() == dialog.layout().spacing(), "the rows keep theirs"
        dialog.close()
    small, large = gaps
    assert small >= 16 and large >= small * 1.4, gaps


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("jamaican", 4, 5), ("jamaican", 4, 1), ("classic_block", 2, 1), ("classic_draw", 5, 3)],
)
def test_a_thinking_plate_never_moves_the_felt_or_another_plate(
    qtbot: QtBot, window: MainWindow, preset: str, players: int, seed: int
) -> None:
    """At 1024x700 in Spanish the plate across the table grew to "4 fichas · pensando…" while that CPU thought:
    the side seat's plate left its corner for its column's top, and the felt lost 64 of its 966 units' width for
    that turn (jamaican, seed 5, the eleventh move). Every plate keeps room for the notes it may come to say."""
    window.set_language("es")
    at_size(qtbot, window, SMALL)
    start(window, preset, seed=seed, players=players)
    scene = window.game.table.table
    felts = set()
    spots: dict[tuple[str, ...], set[tuple[float, ...]]] = {}  # by the tile counts said: a count may move a plate
    for _ in range(16):
        if window.game.hand_end.isVisible():
            break
        felts.add(scene.felt.rect().getRect())
        counts = tuple(plate.lines[1].split(" · ")[0] for plate in scene.plates.values())
        spots.setdefault(counts, set()).add(
            tuple(plate.sceneBoundingRect().center().x() for plate in scene.plates.values())
        )
        window.controller.autoplay(1)
    assert window.controller.thinking is None
    assert len(felts) == 1, felts
    assert all(len(seen) == 1 for seen in spots.values()), spots
