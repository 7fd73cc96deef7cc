"""The table's look: tile finishes, pip styles, centre pins and colour themes. All drawn, no bitmaps."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ...resources import resources_dir

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Finish:
    """How a tile's face is painted."""

    id: str
    name: str
    light: str  # gradient top-left
    dark: str  # gradient bottom-right
    pip: str  # classic pip colour, chosen to contrast with the face
    edge: str
    texture: str = "plain"  # plain, marble, pearl, wood, two_tone
    second: str = ""  # two-tone: the other half's colour; textures: the vein / grain colour


# Names shown to players are translated in the "LookDialog" context; lupdate finds them here.
_FINISH_NAMES = (
    QT_TRANSLATE_NOOP("LookDialog", "Ivory"),
    QT_TRANSLATE_NOOP("LookDialog", "Bone"),
    QT_TRANSLATE_NOOP("LookDialog", "Onyx"),
    QT_TRANSLATE_NOOP("LookDialog", "Butterscotch"),
    QT_TRANSLATE_NOOP("LookDialog", "Cherry"),
    QT_TRANSLATE_NOOP("LookDialog", "Jade"),
    QT_TRANSLATE_NOOP("LookDialog", "Mother-of-pearl"),
    QT_TRANSLATE_NOOP("LookDialog", "Marble"),
    QT_TRANSLATE_NOOP("LookDialog", "Ebony"),
    QT_TRANSLATE_NOOP("LookDialog", "Two-tone"),
    QT_TRANSLATE_NOOP("LookDialog", "Green felt"),
    QT_TRANSLATE_NOOP("LookDialog", "Mahogany"),
    QT_TRANSLATE_NOOP("LookDialog", "Beach"),
    QT_TRANSLATE_NOOP("LookDialog", "Rum shop"),
    QT_TRANSLATE_NOOP("LookDialog", "Night"),
    QT_TRANSLATE_NOOP("LookDialog", "High contrast"),
)

FINISHES: dict[str, Finish] = {
    f.id: f
    for f in (
        Finish("ivory", "Ivory", "#fffdf4", "#e9e1c8", "#1b1b1b", "#b9ae8f"),
        Finish("bone", "Bone", "#f3ead2", "#d6c7a1", "#2a2015", "#a8966b", "pearl", "#fffaf0"),
        Finish("onyx", "Onyx", "#3a3a3f", "#0d0d10", "#f5f5f5", "#000000", "pearl", "#6a6a78"),
        Finish("butterscotch", "Butterscotch", "#f7c870", "#d88f27", "#2b1704", "#9a5e12"),
        Finish("cherry", "Cherry", "#b34a3a", "#6e1f16", "#fff4e6", "#4a130d", "wood", "#5a1a12"),
        Finish("jade", "Jade", "#63c49a", "#1f7a55", "#06281a", "#175c3f", "marble", "#b8f0d6"),
        Finish("mother_of_pearl", "Mother-of-pearl", "#fbf7ff", "#d8e7f0", "#2b2240", "#a9b5c7", "pearl", "#f7d9f0"),
        Finish("marble", "Marble", "#f4f4f2", "#cfd0d2", "#202028", "#8f9096", "marble", "#7d7f88"),
        Finish("ebony", "Ebony", "#3b2a22", "#140c08", "#f7efe1", "#070403", "wood", "#0a0604"),
        Finish("two_tone", "Two-tone", "#fdfbf3", "#e4dcc4", "#14213d", "#9c9378", "two_tone", "#1d4e89"),
    )
}

PIP_STYLES = ("automatic", "classic", "colored", "numerals")  # automatic: dots to 6, numerals 7 to 12
ARMS = ("cross", "rows")  # cross and spinner games: drawn as a cross, or each arm a row (small screens)
PINS = ("brass", "silver", "none")
# One colour per number for coloured pips (0 has none); chosen to read on light and dark finishes.
PIP_COLORS = (
    "#000000",
    "#1e88e5",
    "#43a047",
    "#e53935",
    "#8e24aa",
    "#fb8c00",
    "#3949ab",
    "#00897b",
    "#6d4c41",
    "#d81b60",
    "#546e7a",
    "#c0ca33",
    "#5e35b1",
)
PIN_COLORS = {"brass": ("#f6d27a", "#9c7420"), "silver": ("#f4f6f8", "#8a9199")}


@dataclass(frozen=True, slots=True)
class Theme:
    """A colour scheme the whole window follows, read from resources/themes/*.json."""

    id: str
    name: str
    felt: str
    felt_edge: str
    rail: str
    panel: str
    panel_text: str
    accent: str
    highlight: str
    log: str


DEFAULT_THEME = Theme(
    "green_felt", "Green felt", "#1f6b3a", "#123f22", "#5a3a1e", "#173d26", "#f2efe4", "#f2c14e", "#ffe680", "#10301d"
)


def _load_theme(path: Path) -> Theme:
    data = json.loads(path.read_text(encoding="utf-8"))
    colors = data["colors"]
    fields = [f for f in Theme.__dataclass_fields__ if f not in ("id", "name")]
    return Theme(str(data["id"]), str(data["name"]), *(str(colors[f]) for f in fields))


@cache
def themes() -> dict[str, Theme]:
    """Every theme file that loads; a broken file is logged and skipped."""
    found: dict[str, Theme] = {}
    for path in sorted((resources_dir() / "themes").glob("*.json")):
        try:
            theme = _load_theme(path)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("skipping theme %s: %s", path.name, exc)
            continue
        found[theme.id] = theme
    found.setdefault(DEFAULT_THEME.id, DEFAULT_THEME)
    return found


@dataclass(frozen=True, slots=True)
class Look:
    """Everything about how the table is drawn, from the player's settings."""

    finish: Finish = FINISHES["ivory"]
    pips: str = "automatic"
    pin: str = "brass"
    theme: Theme = DEFAULT_THEME
    flag: str = "plain"
    camera: str = "top"
    motion: str = "full"
    speed: str = "normal"
    high_contrast: bool = False
    arms: str = "cross"

    @property
    def animation_ms(self) -> int:
        if self.motion == "reduced":
            return 0
        return {"slow": 650, "normal": 380, "fast": 180}.get(self.speed, 380)

    @property
    def cpu_pause_ms(self) -> int:
        """How long a CPU move stays on screen before the next, so a person can follow."""
        return {"slow": 1100, "normal": 700, "fast": 350}.get(self.speed, 700)
