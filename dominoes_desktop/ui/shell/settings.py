"""Typed, validated settings in QSettings (INI under --config DIR). A bad value falls back to its default."""

from __future__ import annotations

import logging
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from ...engine.inputs import MAX_DIGITS
from ...engine.levels import DEFAULT_LEVEL, TABLE_LEVELS
from ..look.flags import flag_codes
from ..look.looks import ARMS, FINISHES, PINS, PIP_STYLES, Look, themes
from .groups import HOME_GROUP
from .store_service import move_aside

log = logging.getLogger(__name__)

# The smallest room window: a kept size below it is not offered again (ui/room/room_window.MIN_ROOM is this).
MIN_ROOM_SIZE = (640, 480)
CAMERAS = ("top", "tilted")
MOTIONS = ("full", "reduced")
SPEEDS = ("slow", "normal", "fast")


ORGANIZATION = "DominoesDesktop"
APPLICATION = "Dominoes Desktop"
MAX_SETTINGS_BYTES = 256 * 1024  # a real settings file is under 2 KiB


def settings_path(config_dir: Path | None) -> Path:
    """The INI file: DIR/settings.ini, or Qt's per-user place (<config>/DominoesDesktop/Dominoes Desktop.ini).
    The per-user path is worked out from a probe that names no existing file, because constructing QSettings
    on the real one already reads it."""
    if config_dir is not None:
        return config_dir / "settings.ini"
    probe = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, f"{ORGANIZATION}-probe", "probe")
    return Path(probe.fileName()).parent.parent / ORGANIZATION / f"{APPLICATION}.ini"


def _settings_fault(path: Path) -> str:
    """Why the settings file cannot be read safely ("" when it can, or does not exist). QSettings reads a FIFO
    forever and /dev/zero until the memory is gone, so it only ever sees a regular file of a sane size."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "" if not os.path.lexists(path) else "it is a broken link"
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISREG(info.st_mode):
        return "it is not a regular file"
    if info.st_size > MAX_SETTINGS_BYTES:
        return f"it is larger than {MAX_SETTINGS_BYTES // 1024} KiB"
    if not os.access(path, os.R_OK):
        return "it cannot be read"
    return ""


class SettingsDamaged(str):
    """The sentence for a damaged settings file, in English (the log, a screenshot's standard error), with its
    parts: the file is read before the language is known (the language is read from it), so the window words it
    again in the player's language once the translator is installed (MainWindow.settings_damaged)."""

    kept_as: str  # the name the damaged file was kept as; "" when it could not be moved aside
    path: str  # the damaged file

    def __new__(cls, text: str, kept_as: str, path: str) -> SettingsDamaged:
        made = super().__new__(cls, text)
        made.kept_as = kept_as
        made.path = path
        return made


def open_settings_checked(config_dir: Path | None) -> tuple[QSettings, str]:
    """The settings, and one sentence for the player when the file was damaged (moved aside, or ignored when
    it cannot be moved: the game then keeps this session's settings in a temporary file)."""
    path = settings_path(config_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.warning("cannot make %s: %s", path.parent, exc)
    for _attempt in range(2):
        fault = _settings_fault(path)
        if not fault:
            store = QSettings(str(path), QSettings.Format.IniFormat)
            if store.status() != QSettings.Status.FormatError:
                return store, ""
            fault = "it is not a settings file"
            del store
        aside = move_aside(path)
        if aside is None:
            stand_in = Path(tempfile.mkdtemp(prefix=STAND_IN_PREFIX)) / "settings.ini"
            _stand_ins.append(stand_in.parent)
            return QSettings(str(stand_in), QSettings.Format.IniFormat), SettingsDamaged(
                f"The settings file {path} is damaged ({fault}) and could not be moved aside, so it was ignored.",
                "",
                str(path),
            )
        message = f"The settings file was damaged ({fault}); it was kept as {aside.name} and the defaults are used."
        return QSettings(str(path), QSettings.Format.IniFormat), SettingsDamaged(message, aside.name, str(path))
    raise AssertionError("unreachable")  # pragma: no cover


STAND_IN_PREFIX = "dominoes-desktop-settings-"
_stand_ins: list[Path] = []  # this session's stand-in settings folders


def remove_stand_in_settings() -> None:
    """Delete the temporary folders that held this session's settings in place of a file that could not be
    moved aside (app.py, as the game leaves): one was left behind on every start (issue 35 item 10)."""
    while _stand_ins:
        shutil.rmtree(_stand_ins.pop(), ignore_errors=True)


def open_settings(config_dir: Path | None) -> QSettings:
    store, message = open_settings_checked(config_dir)
    if message:
        log.warning("%s", message)
    return store


class Settings:
    """The player's choices, read and written with checks; nothing else touches QSettings."""

    def __init__(self, store: QSettings, flag_codes: Callable[[], Iterable[str]] = flag_codes) -> None:
        self.store = store
        self._flag_codes = flag_codes

    def _value(self, key: str, default: Any, kind: type | None = None) -> Any:
        """The stored value, or `default` when QSettings cannot convert what the file holds (a hand-edited
        @ByteArray of invalid UTF-8 raises UnicodeDecodeError; an @Variant of an unknown type, TypeError)."""
        try:
            return self.store.value(key, default) if kind is None else self.store.value(key, default, type=kind)
        except (UnicodeDecodeError, TypeError, ValueError, RuntimeError) as exc:
            log.warning("setting %s cannot be read (%s); using %r", key, exc, default)
            return default

    def _choice(self, key: str, allowed: Iterable[str], default: str) -> str:
        value = self._value(key, default, str)
        if value not in set(allowed):
            if self.store.contains(key):
                log.warning("setting %s=%r is not one of the allowed values; using %r", key, value, default)
            return default
        return str(value)

    def _int(self, key: str, default: int, low: int, high: int) -> int:
        raw: Any = self._value(key, default)
        try:
            if isinstance(raw, str) and len(raw.strip()) > MAX_DIGITS:
                raise ValueError("too many digits")  # refused before int() spends time on it
            value = int(raw)
        except (TypeError, ValueError, OverflowError):
            log.warning("setting %s=%r is not a number; using %r", key, raw, default)
            return default
        if not low <= value <= high:
            log.warning("setting %s=%r is out of range; using %r", key, value, default)
            return default
        return value

    def _bool(self, key: str, default: bool) -> bool:
        raw = self._value(key, default)
        if isinstance(raw, bool):
            return raw
        if str(raw).lower() in ("true", "1", "yes"):
            return True
        if str(raw).lower() in ("false", "0", "no"):
            return False
        log.warning("setting %s=%r is not true or false; using %r", key, raw, default)
        return default

    # ---- the look ("Your view") ------------------------------------------------------------

    def look(self) -> Look:
        default = Look()
        theme_id = self._choice("view/theme", themes(), default.theme.id)
        return Look(
            finish=FINISHES[self._choice("view/finish", FINISHES, default.finish.id)],
            pips=self._choice("view/pips", PIP_STYLES, default.pips),
            pin=self._choice("view/pin", PINS, default.pin),
            theme=themes()[theme_id],
            flag=self._choice("view/flag", ("plain", *self._flag_codes()), default.flag),
            camera=self._choice("view/camera", CAMERAS, default.camera),
            motion=self._choice("view/motion", MOTIONS, default.motion),
            speed=self._choice("view/speed", SPEEDS, default.speed),
            high_contrast=self._bool("view/high_contrast", default.high_contrast),
            arms=self._choice("view/arms", ARMS, default.arms),
        )

    def save_look(self, look: Look) -> None:
        values = {
            "view/finish": look.finish.id,
            "view/pips": look.pips,
            "view/pin": look.pin,
            "view/theme": look.theme.id,
            "view/flag": look.flag,
            "view/camera": look.camera,
            "view/motion": look.motion,
            "view/speed": look.speed,
            "view/high_contrast": look.high_contrast,
            "view/arms": look.arms,
        }
        for key, value in values.items():
            self.store.setValue(key, value)
        self.store.sync()

    def language(self) -> str:
        return self._choice("view/language", ("system", "en", "es"), "system")

    def save_language(self, choice: str) -> None:
        self.store.setValue("view/language", choice)
        self.store.sync()

    # ---- the window ---------------------------------------------------------------------------

    def window_geometry(self) -> QByteArray | None:
        raw = self.store.value("window/geometry")
        return raw if isinstance(raw, QByteArray) and not raw.isEmpty() else None

    def panel(self) -> tuple[int | None, bool]:
        """The side panel's width the player chose (None: automatic) and whether it is shown."""
        width = self._int("window/panel_width", 0, 0, 2000)
        return (width or None, self._bool("window/panel_shown", True))

    def save_window(self, geometry: QByteArray, panel_width: int | None, panel_shown: bool) -> None:
        self.store.setValue("window/geometry", geometry)
        self.store.setValue("window/panel_width", panel_width or 0)
        self.store.setValue("window/panel_shown", panel_shown)
        self.store.sync()

    def room_size(self) -> tuple[int, int] | None:
        """The size the player last gave a room's window (None: the room's own)."""
        width, height = self._int("rooms/width", 0, 0, 20000), self._int("rooms/height", 0, 0, 20000)
        return (width, height) if width >= MIN_ROOM_SIZE[0] and height >= MIN_ROOM_SIZE[1] else None

    def save_room_size(self, width: int, height: int) -> None:
        self.store.setValue("rooms/width", int(width))
        self.store.setValue("rooms/height", int(height))
        self.store.sync()

    # ---- sound ----------------------------------------------------------------------------------

    def sound(self) -> tuple[int, bool]:
        """(volume 0..100, muted)."""
        return self._int("sound/volume", 70, 0, 100), self._bool("sound/muted", False)

    def save_sound(self, volume: int, muted: bool) -> None:
        self.store.setValue("sound/volume", int(volume))
        self.store.setValue("sound/muted", bool(muted))
        self.store.sync()

    # ---- fair deals ------------------------------------------------------------------------------

    def auto_cut(self) -> bool:
        """The clock cuts each sealed deal for the person (issue 17); by default they cut it themselves."""
        return self._bool("play/auto_cut", False)

    def save_auto_cut(self, on: bool) -> None:
        self.store.setValue("play/auto_cut", bool(on))
        self.store.sync()

    # ---- no dead clicks (issue 27) -----------------------------------------------------------------

    def auto_pass(self) -> bool:
        """Pass for the person when no tile of theirs fits (there is nothing to decide); on by default."""
        return self._bool("play/auto_pass", True)

    def auto_next(self) -> bool:
        """Deal the next hand by itself after a short look at the result, without the hand-end sheet."""
        return self._bool("play/auto_next", False)

    def save_play_help(self, auto_pass: bool, auto_next: bool) -> None:
        self.store.setValue("play/auto_pass", bool(auto_pass))
        self.store.setValue("play/auto_next", bool(auto_next))
        self.store.sync()

    def leader_choice(self) -> str:
        """Who leads when the person's side wins a hand: "ask" (the table asks each time) or "me" (issue 34)."""
        return self._choice("play/leader", ("ask", "me"), "ask")

    def save_leader_choice(self, choice: str) -> None:
        self.store.setValue("play/leader", "me" if choice == "me" else "ask")
        self.store.sync()

    def player_name(self) -> str:
        """The name last given to join a room (offered the next time, so a guest need not type it again)."""
        from ...net.protocol import MAX_NAME  # the longest name a room takes (the lobby paints without net/)

        value = self._value("rooms/name", "", str)
        return str(value).strip()[:MAX_NAME] if isinstance(value, str) else ""

    def save_player_name(self, name: str) -> None:
        from ...net.protocol import MAX_NAME

        self.store.setValue("rooms/name", name.strip()[:MAX_NAME])
        self.store.sync()

    # ---- the lobby's last choices ----------------------------------------------------------

    def lobby_preset(self, presets: Iterable[str]) -> str:
        return self._choice("lobby/preset", presets, "jamaican")

    def lobby_level(self) -> str:
        return self._choice("lobby/level", TABLE_LEVELS, DEFAULT_LEVEL)

    def save_lobby(self, preset: str, level: str) -> None:
        self.store.setValue("lobby/preset", preset)
        self.store.setValue("lobby/level", level)
        self.store.sync()

    def lobby_table(self) -> dict[str, Any]:
        """The lobby's last table choices: timer, timeout action, open hands, tracker, stats group."""
        group = str(self._value("lobby/stats_group", HOME_GROUP, str)).strip()[:40] or HOME_GROUP
        return {
            "timer": self._int("lobby/timer", 0, 0, 600),
            "on_timeout": self._choice("lobby/on_timeout", ("best", "first", "pass"), "best"),
            "open_hands": self._bool("lobby/open_hands", False),
            "tracker": self._bool("lobby/tracker", False),
            "stats_group": group,
        }

    def save_lobby_table(self, choices: dict[str, Any]) -> None:
        for key, value in choices.items():
            self.store.setValue(f"lobby/{key}", value)
        self.store.sync()
