"""The table's look, the settings that keep it, the flags, and the lobby's house-rule options."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QSpinBox
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.cpu import TABLE_LEVELS
from dominoes_desktop.engine.presets import PRESETS
from dominoes_desktop.engine.rules import Style
from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.learn.learn_pages import cpus_html
from dominoes_desktop.ui.lobby.lobby_page import LobbyPage, domino_symbol, preset_icon, symbol_pixmap
from dominoes_desktop.ui.look.flags import FLAGS, flag_pixmap, matching_flags
from dominoes_desktop.ui.look.look_dialog import LookDialog
from dominoes_desktop.ui.look.looks import FINISHES, PIN_COLORS, PIP_STYLES, Look, themes
from dominoes_desktop.ui.shell.main_window import MainWindow
from dominoes_desktop.ui.shell.settings import Settings, open_settings
from dominoes_desktop.ui.table.tile_item import TileItem

from .driving import hand_over, idle, play_turn_by_clicks


def render(item: TileItem, scale: int = 3) -> QImage:
    rect = item.boundingRect()
    image = QImage(int(rect.width() * scale), int(rect.height() * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor("#206030"))
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(-rect.left(), -rect.top())
    item.paint(painter, None, None)  # type: ignore[arg-type]
    painter.end()
    return image


def pixels(image: QImage) -> bytes:
    """The image's pixels, copied while the image is alive."""
    data = image.constBits()
    return bytes(data)  # type: ignore[arg-type]


def test_every_finish_and_pip_style_looks_different(qtbot: QtBot) -> None:
    images: dict[tuple[str, str], bytes] = {}
    for finish in FINISHES.values():
        for pips in PIP_STYLES:
            # 9-5: "automatic" draws the 9 as a numeral and the 5 as dots, so it differs from both
            item = TileItem(Tile(9, 5), Look(finish=finish, pips=pips))
            images[(finish.id, pips)] = pixels(render(item))
    assert len(set(images.values())) == len(FINISHES) * len(PIP_STYLES)


def test_pips_contrast_with_every_finish(qtbot: QtBot) -> None:
    for finish in FINISHES.values():
        face = QColor(finish.light).lightness()
        pip = QColor(finish.pip).lightness()
        assert abs(face - pip) > 90, f"{finish.name}: pips must stand out"


@pytest.mark.parametrize("top", [9, 12])
def test_big_sets_stay_readable(qtbot: QtBot, top: int) -> None:
    """Every number of a big set draws a distinct face in every pip style."""
    for pips in PIP_STYLES:
        faces = {pixels(render(TileItem(Tile(n, n), Look(pips=pips)))) for n in range(top + 1)}
        assert len(faces) == top + 1


def test_centre_pins_differ(qtbot: QtBot) -> None:
    faces = {pixels(render(TileItem(Tile(3, 2), Look(pin=pin)))) for pin in (*PIN_COLORS, "none")}
    assert len(faces) == 3


def test_at_least_five_themes_load() -> None:
    loaded = themes()
    assert {"green_felt", "mahogany", "beach", "rum_shop", "night"} <= set(loaded)


def test_the_backs_carry_the_flag(qtbot: QtBot) -> None:
    plain = TileItem(None, Look(), face_up=False)
    flagged = TileItem(None, Look(flag="jm"), face_up=False)
    flagged.back_flag = flag_pixmap("jm")
    assert pixels(render(plain)) != pixels(render(flagged))


@pytest.mark.parametrize("code", sorted(FLAGS))
def test_every_flag_renders_inside_its_rectangle(qtbot: QtBot, code: str) -> None:
    pixmap = flag_pixmap(code, 60, 45)
    assert pixmap is not None and not pixmap.isNull()
    image = pixmap.toImage()
    colours = {image.pixel(x, y) for x in range(0, 60, 3) for y in range(0, 45, 3)}
    assert len(colours) >= 2, "the flag is not blank"
    corners = [image.pixelColor(x, y).alpha() for x, y in ((1, 1), (58, 1), (1, 43), (58, 43))]
    assert min(corners) > 200, "the flag fills its rectangle"
    # Drawn into a larger canvas with a frame, nothing spills outside the flag's own rectangle.
    canvas = QImage(100, 85, QImage.Format.Format_ARGB32)
    canvas.fill(QColor("#ff00ff"))
    painter = QPainter(canvas)
    painter.drawPixmap(QRectF(20, 20, 60, 45), pixmap, QRectF(0, 0, 60, 45))
    painter.end()
    outside = [canvas.pixelColor(x, y).name() for x in range(0, 100, 4) for y in (2, 10, 75, 82)]
    assert set(outside) == {"#ff00ff"}


def test_thirty_five_flags_and_search() -> None:
    assert len(FLAGS) == 35
    assert matching_flags("trin") == ["tt"]
    assert matching_flags("curacao") == ["cw"]
    assert matching_flags("zz top") == []


def test_settings_round_trip(tmp_path: Path) -> None:
    settings = Settings(open_settings(tmp_path))
    look = Look(
        finish=FINISHES["jade"],
        pips="numerals",
        pin="silver",
        theme=themes()["night"],
        flag="tt",
        camera="tilted",
        motion="reduced",
        speed="fast",
    )
    settings.save_look(look)
    again = Settings(open_settings(tmp_path)).look()
    assert again == look
    text = (tmp_path / "settings.ini").read_text()
    for line in (
        "finish=jade",
        "pips=numerals",
        "pin=silver",
        "theme=night",
        "flag=tt",
        "camera=tilted",
        "motion=reduced",
        "speed=fast",
    ):
        assert line in text


def test_corrupt_and_wrong_typed_settings_fall_back(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "settings.ini").write_text(
        "[view]\nfinish=plutonium\npips=42\npin=@Variant(\\0\\0\\0\\x7f)\ntheme=missing\nflag=xx\n"
        "camera=sideways\nmotion=\nspeed=ludicrous\nhigh_contrast=maybe\n[lobby]\npreset=martian\nlevel=godlike\n"
    )
    settings = Settings(open_settings(tmp_path))
    assert settings.look() == Look()
    assert settings.lobby_preset(["jamaican"]) == "jamaican" and settings.lobby_level() == "medium"
    assert "finish" in caplog.text


def test_a_damaged_settings_file_does_not_stop_the_game(tmp_path: Path, qtbot: QtBot) -> None:
    (tmp_path / "settings.ini").write_bytes(b"\x00\xff\xfe[[[view\nfinish=\xff\n")
    window = MainWindow(Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)), pace_ms=0)
    qtbot.addWidget(window)
    assert window.look == Look()


def test_the_look_dialog_previews_and_saves(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    dialog = LookDialog(window.look, window)
    qtbot.addWidget(dialog)
    before = pixels(dialog.preview.grab().toImage())
    dialog.finish.setCurrentIndex(dialog.finish.findData("cherry"))
    dialog.theme.setCurrentIndex(dialog.theme.findData("beach"))
    after = pixels(dialog.preview.grab().toImage())
    assert before != after, "the preview follows the choices live"
    dialog.search.setText("jam")
    assert dialog.flags.count() == 1 and not dialog.no_match.isVisible()
    dialog.flags.setCurrentRow(0)
    dialog.search.setText("atlantis")
    assert dialog.flags.count() == 0 and dialog.no_match.isVisibleTo(dialog)
    dialog.lookChosen.connect(window._look_chosen)
    dialog._accept()
    assert window.look.finish.id == "cherry" and window.look.theme.id == "beach" and window.look.flag == "jm"
    assert window.settings.look() == window.look


def test_the_lobby_refuses_an_impossible_mix(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    type_deal(qtbot, lobby, 12)
    assert not lobby.start.isEnabled()
    assert lobby.problem.text() == "Cannot start: a double-6 set deals 4 players at most 7 tiles each."
    lobby.set_top.setCurrentIndex(lobby.set_top.findData(9))
    assert lobby.start.isEnabled(), "a bigger set takes the bigger deal"
    assert "Custom" in lobby.custom.text()
    qtbot.mouseClick(lobby.reset, Qt.MouseButton.LeftButton)
    assert lobby.custom.text() == "" and lobby.deal_size.value() == 7


def test_a_custom_preset_rules_page_tells_the_rules_in_force(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    lobby.target.setValue(3)
    lobby.style_box.setCurrentIndex(lobby.style_box.findData("draw"))
    lobby.deal_size.setValue(5)
    text = lobby.rules_view.toPlainText()
    assert "Jamaican partners · custom" in text  # not "(custom)": names end in brackets
    assert "reach 3 hands" in text
    assert "draw from the stock" in text
    assert "Each player gets 5 tiles. The other 8 form the stock." in text


def test_the_lobby_starts_people_and_cpus(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    lobby.seat_rows[2].kind.setCurrentIndex(lobby.seat_rows[2].kind.findData("person"))
    lobby.seat_rows[2].name.setText("Marcia")
    lobby.level.setCurrentIndex(lobby.level.findData("hard"))
    qtbot.mouseClick(lobby.start, Qt.MouseButton.LeftButton)
    seats = window.controller.seats
    assert [s.human for s in seats] == [True, False, True, False]
    assert seats[2].name == "Marcia" and seats[1].level == "hard"


def test_the_lobby_offers_the_engines_levels_in_order(qtbot: QtBot, window: MainWindow) -> None:
    level = window.lobby.level
    assert tuple(level.itemData(i) for i in range(level.count())) == TABLE_LEVELS
    assert [level.itemText(i) for i in range(level.count())] == ["Easy", "Medium", "Hard", "Expert"]
    assert level.currentData() == "medium", "the default level"
    assert window.settings.lobby_level() == "medium"
    window.settings.save_lobby("jamaican", "expert")
    assert window.settings.lobby_level() == "expert"
    window.settings.save_lobby("jamaican", "random")
    assert window.settings.lobby_level() == "medium", "random is for tests and bots, not a table's choice"


def test_the_learn_page_tells_each_level_in_the_lobbys_order() -> None:
    page = cpus_html()
    at = [page.find(words) for words in ("Easy plays", "Medium has", "Hard counts", "Expert plays")]
    assert -1 not in at and at == sorted(at), at


def test_every_seat_empty_without_cpus_filling_is_refused(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    lobby.fill.setChecked(False)
    lobby.seat_rows[3].kind.setCurrentIndex(lobby.seat_rows[3].kind.findData("empty"))
    qtbot.mouseClick(lobby.start, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is lobby
    assert "player 4 is empty" in lobby.problem.text()


# ---- lobby helpers: they click and type on the real widgets ---------------------------------------------------


def click_preset(qtbot: QtBot, lobby: LobbyPage, preset_id: str) -> None:
    for row in range(lobby.presets.count()):
        item = lobby.presets.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == preset_id:
            lobby.presets.scrollToItem(item)
            rect = lobby.presets.visualItemRect(item)
            qtbot.mouseClick(lobby.presets.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            assert lobby.current_preset() == preset_id
            return
    raise AssertionError(f"{preset_id} is not listed")


def choose(qtbot: QtBot, combo: QComboBox, value: object) -> None:
    """Open the drop-down with a click and click the entry holding `value`."""
    index = combo.findData(value)
    assert index >= 0, f"{value!r} is not offered"
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # the popup ignores a release this soon after opening
    rect = view.visualRect(view.model().index(index, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentData() == value


def type_number(qtbot: QtBot, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert spin.value() == value


def type_deal(qtbot: QtBot, lobby: LobbyPage, value: int) -> None:
    type_number(qtbot, lobby.deal_size, value)


def rules_text(lobby: LobbyPage) -> str:
    return " ".join(lobby.rules_view.toPlainText().split())


def test_the_room_is_listed_with_its_own_symbol(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    symbol = symbol_pixmap("room")
    assert symbol is not None and not symbol.isNull()
    icon = pixels(preset_icon(PRESETS["room"]).toImage())
    assert icon == pixels(symbol.toImage()) and icon != pixels(domino_symbol("classic").toImage())
    click_preset(qtbot, lobby, "room")
    text = rules_text(lobby)
    assert text.startswith("Friends' room") and "custom" not in text
    assert "4 players, each playing for themselves" in text, "partners are off by default"
    assert "The holder of the highest double leads, with any tile." in text
    assert "After a win, the winner leads the next hand, any tile." in text
    assert "The player with the fewest pips wins; a tie means nobody wins." in text
    assert "The winner scores the pips left in the others' hands." in text
    assert "reach 100 points" in text and "Each player gets 7 tiles. The other 0" not in text
    assert (lobby.players.minimum(), lobby.players.maximum(), lobby.deal_size.value()) == (2, 4, 7)
    assert lobby.pairing.isEnabled() and lobby.pairing.currentData() == "none"
    offered = [lobby.set_top.model().index(row, 0).flags() & Qt.ItemFlag.ItemIsEnabled for row in range(3)]
    assert [bool(flag) for flag in offered] == [True, True, False], "the room is played on double-6 or double-9"
    choose(qtbot, lobby.set_top, 9)
    assert lobby.start.isEnabled() and lobby.deal_size.value() == 10
    assert "Each player gets 10 tiles. The other 15 sleep" in rules_text(lobby)
    choose(qtbot, lobby.goal, "single")
    assert "One hand decides the match" in rules_text(lobby)


def test_room_draw_deals_follow_the_rooms_table(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "room")
    choose(qtbot, lobby.style_box, "draw")
    assert lobby.deal_size.value() == 5 and lobby.start.isEnabled()
    assert "Each player gets 5 tiles. The other 8 form the stock." in rules_text(lobby)
    type_number(qtbot, lobby.players, 3)
    assert lobby.deal_size.value() == 5
    type_number(qtbot, lobby.players, 2)
    assert lobby.deal_size.value() == 7
    assert "Each player gets 7 tiles. The other 14 form the stock." in rules_text(lobby)
    choose(qtbot, lobby.set_top, 9)
    assert lobby.deal_size.value() == 10
    assert lobby.current_rules().hand_size == 10 and "deal_size" not in lobby.options()


@pytest.mark.parametrize(
    ("preset", "pairing", "order"),
    [
        ("room", "1-2", ["Ana", "Cai", "Bo", "Dee"]),
        ("room", "1-3", ["Ana", "Bo", "Cai", "Dee"]),
        ("jamaican", "1-4", ["Ana", "Bo", "Dee", "Cai"]),
        ("classic_block", "1-2", ["Ana", "Cai", "Bo", "Dee"]),
    ],
)
def test_the_pairing_decides_who_sits_where_and_partners_sit_opposite(
    qtbot: QtBot, window: MainWindow, preset: str, pairing: str, order: list[str]
) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, preset)
    for row in lobby.seat_rows[1:4]:  # the room's preset seats invited friends: CPUs here, to play at once
        choose(qtbot, row.kind, "cpu")
    for row, name in zip(lobby.seat_rows, ["Ana", "Bo", "Cai", "Dee"], strict=False):
        row.name.selectAll()
        qtbot.keyClicks(row.name, name)
    choose(qtbot, lobby.pairing, pairing)
    rules = lobby.current_rules()
    assert rules.partners and rules.teams == (0, 1, 0, 1), "the engine only knows partners on: seats 0 & 2, 1 & 3"
    assert lobby.options().get("partners", True) is True
    text = rules_text(lobby)
    assert "partners sit opposite, so turns alternate between the sides" in text
    first, second = pairing.split("-")
    rest = sorted({"1", "2", "3", "4"} - {first, second})
    assert f"Players {first} & {second} play against players {rest[0]} & {rest[1]}" in text
    names = ["Ana", "Bo", "Cai", "Dee"]
    assert f"around the table sit players {', '.join(str(names.index(n) + 1) for n in order)}." in text
    qtbot.mouseClick(lobby.start, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is not lobby
    assert [seat.name for seat in window.controller.seats] == order
    assert window.controller.seats[0].human, "player 1 (you) keeps seat 0"
    assert window.current_rules().seats_of(0) == (0, 2)


def test_every_player_for_themselves_keeps_the_list_order(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "jamaican")
    choose(qtbot, lobby.pairing, "none")
    assert lobby.options() == {"partners": False}
    assert lobby.seating() == (0, 1, 2, 3)
    assert "4 players, each playing for themselves" in rules_text(lobby)
    choose(qtbot, lobby.pairing, "1-2")
    assert lobby.options() == {} and lobby.seating() == (0, 2, 1, 3), "a pairing is seating, not a rule change"


def test_switching_to_draw_keeps_a_stock(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "jamaican")
    choose(qtbot, lobby.style_box, "draw")
    assert lobby.deal_size.value() == 4 and lobby.start.isEnabled()
    assert "Each player gets 4 tiles. The other 12 form the stock." in rules_text(lobby)
    assert lobby.options() == {"style": "draw"}, "the table's deal is not a typed one"
    choose(qtbot, lobby.style_box, "block")
    assert lobby.deal_size.value() == 7 and lobby.options() == {}
    click_preset(qtbot, lobby, "cutthroat")
    choose(qtbot, lobby.style_box, "draw")
    assert lobby.deal_size.value() == 5
    type_number(qtbot, lobby.players, 2)
    assert lobby.deal_size.value() == 7 and lobby.start.isEnabled()


def test_a_draw_deal_with_no_stock_is_refused(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "jamaican")
    choose(qtbot, lobby.style_box, "draw")
    type_deal(qtbot, lobby, 7)
    assert not lobby.start.isEnabled()
    assert lobby.problem.text() == (
        "Cannot start: a draw game must leave tiles in the stock: a double-6 set deals 4 players at most 6 tiles each."
    )
    type_deal(qtbot, lobby, 6)
    assert lobby.start.isEnabled() and lobby.current_rules().hand_size == 6
    click_preset(qtbot, lobby, "all_fives")
    type_deal(qtbot, lobby, 7)
    assert "must leave three tiles in the stock (two sleep, one can be drawn)" in lobby.problem.text()
    assert not lobby.start.isEnabled()


def test_a_typed_deal_stays_until_reset(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "classic_block")
    type_deal(qtbot, lobby, 5)
    assert lobby.deal_typed and lobby.options() == {"deal_size": 5}
    type_number(qtbot, lobby.players, 3)
    choose(qtbot, lobby.style_box, "draw")
    assert lobby.deal_size.value() == 5, "the host's own deal is kept"
    assert lobby.options() == {"players": 3, "style": "draw"}, "5 each is classic_draw's own size for 3"
    type_number(qtbot, lobby.players, 2)
    assert lobby.options() == {"players": 2, "style": "draw", "deal_size": 5}
    assert "deal size" in lobby.custom.text()
    qtbot.mouseClick(lobby.reset, Qt.MouseButton.LeftButton)
    assert not lobby.deal_typed and lobby.deal_size.value() == 6 and lobby.options() == {}
    type_number(qtbot, lobby.players, 2)
    assert lobby.deal_size.value() == 8, "untyped, the deal follows the table again"


def test_cuban_on_double_six_gets_a_fitting_deal(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "room")
    click_preset(qtbot, lobby, "cuban")
    assert all(lobby.set_top.model().index(row, 0).flags() & Qt.ItemFlag.ItemIsEnabled for row in range(3))
    assert lobby.deal_size.value() == 10
    choose(qtbot, lobby.set_top, 6)
    assert lobby.deal_size.value() == 7 and lobby.start.isEnabled() and lobby.problem.text() == ""
    assert "Each player gets 7 tiles." in rules_text(lobby)


def test_a_room_draw_game_for_three_plays_from_the_lobby(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    click_preset(qtbot, lobby, "room")
    for row in lobby.seat_rows[1:3]:  # CPUs in the seats the preset leaves to invited friends
        choose(qtbot, row.kind, "cpu")
    type_number(qtbot, lobby.players, 3)
    choose(qtbot, lobby.style_box, "draw")
    qtbot.mouseClick(lobby.start, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is not lobby
    rules = window.current_rules()
    assert (rules.preset, rules.players, rules.hand_size, rules.style) == ("room", 3, 5, Style.DRAW)
    idle(window)  # Start cut the first deal
    hand = window.controller.hand
    assert hand is not None and hand.forced_pose is None
    for _ in range(60):
        if hand_over(window):
            break
        play_turn_by_clicks(qtbot, window)
    assert hand_over(window), "the hand is played to its end through the table"


def test_dialog_buttons_carry_no_platform_icon(qtbot: QtBot) -> None:
    """The platform's OK / Close icons are drawn dark: on a dark theme's button they were unreadable smudges."""
    from PySide6.QtWidgets import QProxyStyle, QStyle

    from dominoes_desktop.ui.look.dialog_style import PlainDialogButtons

    hint = QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons

    class WithIcons(QProxyStyle):  # a platform whose dialog buttons have icons (KDE, for one)
        def styleHint(self, h, option=None, widget=None, data=None):  # type: ignore[no-untyped-def]
            return 1 if h is hint else super().styleHint(h, option, widget, data)

    assert WithIcons("fusion").styleHint(hint) == 1
    plain = PlainDialogButtons(WithIcons("fusion"))
    assert plain.styleHint(hint) == 0
    box = QDialogButtonBox()
    box.setStyle(plain)
    qtbot.addWidget(box)
    box.setStandardButtons(QDialogButtonBox.StandardButton.Close)
    close = box.button(QDialogButtonBox.StandardButton.Close)
    assert close is not None and close.icon().isNull()


def test_every_choice_and_tick_box_in_the_lobby_is_in_its_lists(qtbot: QtBot) -> None:
    """The lobby names its combo and tick boxes by hand (findChildren at start-up costs Python objects): one left
    out would miss its size policy, and a combo not a PageComboBox would miss the wheel guard (issue 34)."""
    from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

    from dominoes_desktop.ui.lobby.lobby_page import PageComboBox, PageSpinBox

    lobby = LobbyPage("jamaican")
    qtbot.addWidget(lobby)
    combos = lobby.findChildren(QComboBox)
    assert sorted(map(id, combos)) == sorted(map(id, lobby.choice_boxes)), "each combo box once in the list"
    assert all(isinstance(box, PageComboBox) for box in combos), "the wheel scrolls the page over a choice"
    ticks = lobby.findChildren(QCheckBox)
    assert sorted(map(id, ticks)) == sorted(map(id, lobby.tick_boxes)), "each tick box once in the list"
    assert all(isinstance(box, PageSpinBox) for box in lobby.findChildren(QSpinBox))


def test_a_friends_seat_shows_no_cpu_name(qtbot: QtBot) -> None:
    """A seat turned into "Friend (invited)" kept showing the greyed "CPU 1": the friend brings their own name."""
    lobby = LobbyPage("jamaican")
    qtbot.addWidget(lobby)
    row = lobby.seat_rows[1]
    assert row.name.text() == "CPU 1"
    row.kind.setCurrentIndex(row.kind.findData("friend"))
    assert row.name.text() == "" and row.name.placeholderText() == "Their name" and not row.name.isEnabled()
    row.kind.setCurrentIndex(row.kind.findData("person"))
    assert row.name.text() == "Player 2" and row.name.placeholderText() == ""
    row.kind.setCurrentIndex(row.kind.findData("friend"))
    row.kind.setCurrentIndex(row.kind.findData("cpu"))
    assert row.name.text() == "CPU 1" and row.name.isEnabled()


def test_seat_names_stay_readable_on_a_small_screen_in_spanish(qtbot: QtBot, window: MainWindow) -> None:
    """At 1024x700 in Spanish the name fields shrank to a sliver: "CPU 1" read "'U 1"."""
    window.set_language("es")
    try:
        window.resize(1008, 660)  # the first size on a 1024x700 screen
        window.show()
        qtbot.waitExposed(window)
        for row in window.lobby.seat_rows[:4]:
            needed = row.name.fontMetrics().horizontalAdvance(row.name.text())
            assert row.name.width() >= needed + 12, (row.name.text(), row.name.width())
    finally:
        window.set_language("en")


def test_the_rules_beside_the_options_show_that_there_is_more_in_spanish_at_1024(
    qtbot: QtBot, window: MainWindow
) -> None:
    """At 1024x700 in Spanish the preset's rules ("La mesa…") stopped halfway through a line and nothing showed
    there was more: the scroll bar's handle was the colour of its groove (green felt's button fill is the log
    colour). The whole text is reachable by the scroll bar, and its handle stands out from the groove."""
    window.set_language("es")
    try:
        window.resize(1008, 660)  # the first size on a 1024x700 screen
        window.show()
        qtbot.waitExposed(window)
        view = window.lobby.rules_view
        bar = view.verticalScrollBar()
        qtbot.waitUntil(lambda: bar.maximum() > 0)
        assert bar.isVisible() and bar.width() >= 8, "the rules have more than shows, and a scroll bar says so"
        assert bar.maximum() + view.viewport().height() >= view.document().size().height() - 1, "all reachable"
        image = bar.grab().toImage()
        groove = QColor(image.pixel(bar.width() // 2, image.height() - 2))  # the handle is at the top
        handle = QColor(image.pixel(bar.width() // 2, 12))
        difference = sum(abs(a - b) for a, b in zip(groove.getRgb()[:3], handle.getRgb()[:3], strict=True))
        assert difference >= 120, (groove.name(), handle.name())
    finally:
        window.set_language("en")
