"""The table's look, the settings that keep it, the flags, and the lobby's house-rule options."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from dominoes_desktop.engine.tiles import Tile
from dominoes_desktop.ui.flags import FLAGS, flag_pixmap, matching_flags
from dominoes_desktop.ui.look import FINISHES, PIN_COLORS, PIP_STYLES, Look, themes
from dominoes_desktop.ui.look_dialog import LookDialog
from dominoes_desktop.ui.main_window import MainWindow
from dominoes_desktop.ui.settings import Settings, open_settings
from dominoes_desktop.ui.table.tile_item import TileItem


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
    lobby.deal_size.setValue(12)
    assert not lobby.start.isEnabled()
    assert "cannot each be dealt 12 tiles" in lobby.problem.text()
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
    assert "(custom)" in text
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


def test_every_seat_empty_without_cpus_filling_is_refused(qtbot: QtBot, window: MainWindow) -> None:
    lobby = window.lobby
    lobby.fill.setChecked(False)
    lobby.seat_rows[3].kind.setCurrentIndex(lobby.seat_rows[3].kind.findData("empty"))
    qtbot.mouseClick(lobby.start, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is lobby
    assert "seat 4 is empty" in lobby.problem.text()
