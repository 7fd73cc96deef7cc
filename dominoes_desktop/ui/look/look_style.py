"""The window's colours for a theme: a Qt palette and a style sheet that keep every widget readable.

Every text colour is chosen against the background it sits on (dark text on light fills, light on dark), so
a theme whose rail or accent is light (high contrast, beach) never gives light text on a light button. Popups
(combo lists, menus, tooltips), spin boxes, table headers and grids are styled as well as the panels.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ...resources import resources_dir
from .looks import Look, Theme


def luminance(color: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb colour, 0 black to 1 white."""
    c = QColor(color)

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: str, preferred: str = "") -> str:
    """A text colour that reads on `background`: `preferred` when it contrasts well, else near-black or white."""
    if preferred and contrast(preferred, background) >= 4.5:
        return preferred
    return "#111111" if contrast("#111111", background) >= contrast("#ffffff", background) else "#ffffff"


DISABLED_CONTRAST = 3.0  # the least a disabled control's words stand out from its fill: faint, still legible
DISABLED_GREY = "#777777"


def mixed(a: str, b: str, share: float) -> str:
    """The colour `share` of the way from `a` to `b` (0: `a`, 1: `b`)."""
    ca, cb = QColor(a), QColor(b)
    return QColor(
        round(ca.red() + (cb.red() - ca.red()) * share),
        round(ca.green() + (cb.green() - ca.green()) * share),
        round(ca.blue() + (cb.blue() - ca.blue()) * share),
    ).name()


def readable_toward(start: str, end: str, background: str, least: float) -> str:
    """The first of the colours from `start` to `end`, a twentieth of the way apart, that stands out at least `least`
    to 1 from `background` (`end` if none does)."""
    steps = 20
    shades = (mixed(start, end, step / steps) for step in range(steps + 1))
    return next((shade for shade in shades if contrast(shade, background) >= least), end)


def disabled_text_on(background: str, enabled: str, usual: str = DISABLED_GREY) -> str:
    """A disabled control's words on `background`: `usual` where it stands out DISABLED_CONTRAST to 1, else the
    `enabled` words' colour faded toward the background as far as that allows (the beach's grey on its teal
    buttons stood out 1.2 to 1)."""
    if contrast(usual, background) >= DISABLED_CONTRAST:
        return usual
    return readable_toward(background, enabled, background, DISABLED_CONTRAST)


def readable_on(colour: str, ground: str, least: float) -> str:
    """`colour` lightened or darkened (toward the words that read best on `ground`) as little as makes it stand out
    at least `least` to 1 from `ground`."""
    return readable_toward(colour, text_on(ground), ground, least)


def accent_words(theme: Theme) -> str:
    """Titles' colour on the panel: the accent as near as it reads 4.5 to 1 (the beach's coral on its teal panel read
    2.3 to 1)."""
    return readable_on(theme.accent, theme.panel, 4.5)


def button_fill(theme: Theme) -> str:
    """Buttons sit on the rail colour unless it is too close to the panel to see; then on the log colour."""
    return theme.rail if contrast(theme.rail, theme.panel) >= 1.3 else theme.log


def disabled_button(theme: Theme) -> tuple[str, str]:
    """A disabled button's fill and words: no face of its own (the panel's colour, inside a dashed edge) and the
    panel's words faint but legible on it (disabled_text_on). On the beach a disabled button kept a teal face a
    shade darker than an enabled one's and dark words 1.3:1 from its words, and read as enabled."""
    return theme.panel, disabled_text_on(theme.panel, text_on(theme.panel, theme.panel_text))


def palette(theme: Theme) -> QPalette:
    """Qt's palette for the theme: what popups, spin box arrows and native parts of widgets are drawn with."""
    pal = QPalette()
    button = button_fill(theme)
    roles = {
        QPalette.ColorRole.Window: theme.panel,
        QPalette.ColorRole.WindowText: theme.panel_text,
        QPalette.ColorRole.Base: theme.log,
        QPalette.ColorRole.AlternateBase: theme.panel,
        QPalette.ColorRole.Text: text_on(theme.log, theme.panel_text),
        QPalette.ColorRole.Button: button,
        QPalette.ColorRole.ButtonText: text_on(button, theme.panel_text),
        QPalette.ColorRole.Highlight: theme.accent,
        QPalette.ColorRole.HighlightedText: text_on(theme.accent),
        QPalette.ColorRole.ToolTipBase: theme.log,
        QPalette.ColorRole.ToolTipText: text_on(theme.log, theme.panel_text),
        QPalette.ColorRole.PlaceholderText: QColor(theme.panel_text).darker(140).name(),
        QPalette.ColorRole.Link: theme.highlight,
        QPalette.ColorRole.BrightText: theme.highlight,
    }
    for role, color in roles.items():
        pal.setColor(role, QColor(color))
    text = text_on(theme.panel, theme.panel_text)
    disabled = QColor(text)
    disabled.setAlpha(130)  # half faded over whatever it is on, unless that is too faint on the panel
    if contrast(mixed(text, theme.panel, 1 - disabled.alphaF()), theme.panel) < DISABLED_CONTRAST:
        disabled = QColor(readable_toward(theme.panel, text, theme.panel, DISABLED_CONTRAST))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return pal


# A page's size in a 1024x700 window (its menu bar and status bar aside), where its words are as the look's style
# sheet sets them; in a larger window they grow with it, as the table's tiles do, up to half as large again.
PAGE_WIDTH_AT_1 = 1024
PAGE_HEIGHT_AT_1 = 660
WINDOW_HEIGHT_AT_1 = 700  # the window round such a page
PAGE_SCALE_MAX = 1.5


def size_scale(width: int, height: int, width_at_1: int, height_at_1: int) -> float:
    """How much larger than at its size `width_at_1` x `height_at_1` the words of a page or dialog `width` x `height`
    are: 1 at that size and smaller, at most PAGE_SCALE_MAX."""
    return max(1.0, min(PAGE_SCALE_MAX, height / height_at_1, width / width_at_1))


def window_scale(width: int, height: int) -> float:
    """How much larger than at 1024x700 the words of a window `width` x `height` are, menu bar and status bar
    included: the scale of its pages (page_scale) for its chrome, its menus and the table's name plates."""
    return size_scale(width, height, PAGE_WIDTH_AT_1, WINDOW_HEIGHT_AT_1)


def page_scale(width: int, height: int) -> float:
    """How much larger than at 1024x700 the words of a page `width` x `height` are: the one scale the table's side
    panel, its sheets over the table and the lobby grow by (1 at 1024x700 and smaller, at most PAGE_SCALE_MAX)."""
    return size_scale(width, height, PAGE_WIDTH_AT_1, PAGE_HEIGHT_AT_1)


TEXT_PX = 14  # the words of the score and of the hand-end sheet, and every button's
PANEL_TITLE_PX = 16  # the side panel's titles ("Score · hand 1", "Moves")
TURN_PX = 15  # whose turn it is, in the side panel
CLOCK_PX = 18  # the turn clock
SIDE_BUTTON_PX = 13  # the side panel's buttons (Draw, Pass, Hint, Undo, Rules, New match)
CHECK_PX = 13  # a check box's square
# A focused list, tree or table's edge, as thick as a focused button's: at 2 px, as fields have, the coach's list
# of decisions (no edge at all) and Your view's flags (beside a selected row in the accent) were hard to tell focused.
# With it the views draw no box round their current cell (outline: 0): the style's box overlapped the edge.
VIEW_FOCUS_PX = 3


def scaled_check_style(scale: float) -> str:
    """A check box's square `scale` times its size, beside its words grown as much."""
    return f" QCheckBox::indicator {{ width: {_px(CHECK_PX, scale)}; height: {_px(CHECK_PX, scale)}; }}"


def _px(size: int, scale: float) -> str:
    """A style sheet's length: `size` pixels at 1024x700, `scale` times as many on a larger page."""
    return f"{round(size * scale)}px"


def _base_font_size(scale: float) -> str:
    """The application's font size `scale` times over, as a style sheet says it."""
    font = QGuiApplication.font()
    # A font sized in pixels (a platform theme may set one) has no point size: pointSizeF() is -1.
    return f"{font.pointSizeF() * scale:.1f}pt" if font.pointSizeF() > 0 else f"{round(font.pixelSize() * scale)}px"


def scaled_words_style(scale: float) -> str:
    """The own style of a sheet or panel laid over the table (the hand's end, who leads, a redeal, the curtain) in
    a window larger than 1024x700: its words `scale` times their size, as the table round it has grown."""
    px = round(TEXT_PX * scale)
    return (
        f"QLabel, QCheckBox {{ font-size: {_base_font_size(scale)}; }}"
        f" QLabel#handEndText, QLabel#luckLine {{ font-size: {px}px; }}"
        f" QPushButton {{ font-size: {px}px; }}" + scaled_check_style(scale)
    )


def scaled_panel_style(scale: float) -> str:
    """The side panel's own style in a window larger than 1024x700: its words, buttons and move log `scale` times
    their size in the look's style sheet, whose colours, padding and weights stay in force (a widget's own sheet
    wins only where both set the same property)."""

    return (
        # A room's side panel has its moves and table talk in tabs, a phrase to pick and a line to type.
        "QLabel, QCheckBox, QListWidget, QTabBar, QPlainTextEdit, QComboBox, QLineEdit"
        f" {{ font-size: {_base_font_size(scale)}; }}"
        + scaled_popup_style(scale)
        + scaled_menu_style(scale)
        + f" QLabel#scoreBody {{ font-size: {_px(TEXT_PX, scale)}; }}"
        f" QLabel#panelTitle {{ font-size: {_px(PANEL_TITLE_PX, scale)}; }}"
        f" QLabel#turn {{ font-size: {_px(TURN_PX, scale)}; }}"
        f" QLabel#clock {{ font-size: {_px(CLOCK_PX, scale)}; }}"
        f" QPushButton {{ font-size: {_px(SIDE_BUTTON_PX, scale)}; }}" + scaled_check_style(scale)
    )


MENU_ITEM_PAD = (5, 22)  # a menu item's padding above and below, and left and right
MENU_CHECK_PX = 12  # a ticked menu item's mark (the theme's check.svg), and its gap from the menu's edge
MENU_CHECK_GAP = 4


def scaled_menu_style(scale: float) -> str:
    """A menu `scale` times its size, its items' padding with it: the menu bar's and a field's or a list's own
    menu (a menu is a window of its own and takes no font from its widget, so at 1920x1080 the menus kept the
    words of 1024x700 under a page half as large again), its ticks with them (the style's own mark, check.svg: Qt's
    own stayed 7 px). The status bar's words grow as the menu bar's."""
    vertical, horizontal = (_px(pad, scale) for pad in MENU_ITEM_PAD)
    return (
        f" QMenuBar, QMenu, QMenu QLabel, QStatusBar, QStatusBar QLabel {{ font-size: {_base_font_size(scale)}; }}"
        f" QMenu::item {{ padding: {vertical} {horizontal} {vertical} {horizontal}; }}"
        f" QMenu::indicator {{ width: {_px(MENU_CHECK_PX, scale)}; height: {_px(MENU_CHECK_PX, scale)};"
        f" margin-left: {_px(MENU_CHECK_GAP, scale)}; }}"
    )


TITLE_PX = 26  # a page's title ("Host a match")
START_PX = 18  # the lobby's Start
CUT_TITLE_PX = 20  # "Cut the deck" on the sealed deck's panel
FIELD_PX = 22  # a field's least height, and its arrows' width
POPUP_ITEM_PX = 24  # a combo box's open list: an item's least height


def scaled_popup_style(scale: float) -> str:
    """A combo box's open list `scale` times its size: the list is a window of its own, which takes no font from
    the combo box, so a larger page's combo boxes showed their 1024x700 words once opened."""
    return (
        f" QComboBox QAbstractItemView {{ font-size: {_base_font_size(scale)}; }}"
        f" QComboBox QAbstractItemView::item {{ min-height: {_px(POPUP_ITEM_PX, scale)}; }}"
    )


def _scaled_fields_style(scale: float) -> str:
    """The fields as tall as their larger words, their arrows as wide (the look's sheet: 22 px at 1024x700), and
    their open lists as large."""

    return (
        f" QComboBox, QSpinBox, QLineEdit {{ min-height: {_px(FIELD_PX, scale)}; }}"
        f" QComboBox {{ padding-right: {_px(FIELD_PX + 4, scale)}; }}"
        f" QComboBox::drop-down {{ width: {_px(FIELD_PX, scale)}; }}"
        f" QSpinBox {{ padding-right: {_px(FIELD_PX + 2, scale)}; }}"
        f" QSpinBox::up-button, QSpinBox::down-button {{ width: {_px(FIELD_PX, scale)}; }}"
        + scaled_popup_style(scale)
        + scaled_menu_style(scale)
        + scaled_check_style(scale)
    )


def scaled_lobby_style(scale: float) -> str:
    """The lobby's own style in a window larger than 1024x700: its words, fields, lists and buttons `scale` times
    their size in the look's style sheet, as the table's side panel grows (scaled_panel_style)."""

    return (
        "QLabel, QCheckBox, QComboBox, QSpinBox, QLineEdit, QListWidget, QTextBrowser, QGroupBox"
        f" {{ font-size: {_base_font_size(scale)}; }}"
        f" QLabel#title {{ font-size: {_px(TITLE_PX, scale)}; }}"
        f" QPushButton {{ font-size: {_px(TEXT_PX, scale)}; }}"
        f" QPushButton#start {{ font-size: {_px(START_PX, scale)}; }}" + _scaled_fields_style(scale)
    )


def scaled_dialog_style(scale: float) -> str:
    """A dialog's own style when it is larger than its size at 1024x700 (it opened over a larger window, or was
    made larger): its words, tables, tabs, fields and buttons `scale` times their size in the look's style sheet,
    as the lobby's grow (scaled_lobby_style)."""

    return (
        "QLabel, QCheckBox, QRadioButton, QComboBox, QSpinBox, QLineEdit, QListWidget, QTextBrowser, QGroupBox,"
        " QTableView, QTreeView, QHeaderView, QTabBar, QPlainTextEdit"
        f" {{ font-size: {_base_font_size(scale)}; }}"
        f" QLabel#title {{ font-size: {_px(TITLE_PX, scale)}; }}"
        f" QLabel#panelTitle {{ font-size: {_px(PANEL_TITLE_PX, scale)}; }}"
        f" QPushButton {{ font-size: {_px(TEXT_PX, scale)}; }}" + _scaled_fields_style(scale)
    )


def scaled_cut_style(scale: float, seal_larger: float) -> str:
    """The sealed deck's panel over the table in a window larger than 1024x700: its words `scale` times their size
    (a sheet's words, scaled_words_style), its title, and the fingerprint `seal_larger` than its words."""
    return (
        scaled_words_style(scale)
        + f" QLabel#cutTitle {{ font-size: {round(CUT_TITLE_PX * scale)}px; }}"
        + f" QLabel#dealFingerprint {{ font-size: {_base_font_size(scale * seal_larger)}; }}"
    )


def stylesheet(look: Look) -> str:
    # A hovered or focused button's thicker border is taken from its padding: a button keeps its size, so the
    # lobby's Start (focused as the window opens) no longer grew 4 px at the first re-layout after the first paint.
    t = look.theme
    text = text_on(t.panel, t.panel_text)
    field_text = text_on(t.log, t.panel_text)
    button = button_fill(t)
    button_text = text_on(button, t.panel_text)
    accent_text = text_on(t.accent)
    titles = accent_words(t)
    # A disabled button's look is every disabled field's too: the lobby's deals of an unticked duplicate match, the
    # partners of five seats, kept their accent arrow and bright words and looked ready to choose.
    disabled_fill, disabled_words = disabled_button(t)
    # A scroll bar's handle on its log-coloured groove: the button fill is the log colour itself when the rail is
    # too close to the panel (green felt), and the lobby's rules showed half a line and no sign of the rest.
    handle = button if contrast(button, t.log) >= 1.5 else t.accent
    sheet_bg = QColor(t.panel).darker(115).name()  # the hand-end sheet: opaque, a shade off the panel
    # A check box's square, edged and filled in the accent where it stands out from the panel (3:1), else in the
    # colour that stands out most (the beach's coral on its teal panel: 2.3:1).
    check = (
        t.accent
        if contrast(t.accent, t.panel) >= 3.0
        else max((t.accent, t.highlight, text), key=lambda colour: contrast(colour, t.panel))
    )
    arrows = (resources_dir() / "themes" / "arrows").as_posix()
    return f"""
    QMainWindow, QDialog, QMessageBox, QWidget#lobby, QWidget#side, QWidget#lobbyOptions {{ background: {t.panel};
        color: {text}; }}
    QScrollArea {{ background: {t.panel}; }}
    QCheckBox, QRadioButton {{ color: {text}; }}
    QCheckBox::indicator {{ width: {CHECK_PX}px; height: {CHECK_PX}px; border: 2px solid {check}; border-radius: 3px;
        background: {t.log}; }}
    QCheckBox::indicator:checked {{ background: {check}; image: url({arrows}/check.svg); }}
    QCheckBox::indicator:disabled {{ border-color: #555555; }}
    QLabel {{ color: {text}; }}
    QLabel#title {{ font-size: {TITLE_PX}px; font-weight: bold; color: {titles}; }}
    QLabel#panelTitle {{ font-size: {PANEL_TITLE_PX}px; font-weight: bold; color: {titles}; }}
    QLabel#scoreBody, QLabel#handEndText, QLabel#luckLine {{ font-size: {TEXT_PX}px; }}
    QLabel#turn {{ font-size: {TURN_PX}px; font-weight: bold; padding: 6px; border-radius: 6px;
                   background: {t.log}; color: {field_text}; }}
    QListWidget, QTextBrowser, QTableWidget, QTableView, QTreeView {{ background: {t.log}; color: {field_text};
        border: 1px solid {button}; border-radius: 6px; gridline-color: {button};
        alternate-background-color: {t.panel}; }}
    QListWidget::item:selected, QTableView::item:selected {{ background: {t.accent}; color: {accent_text}; }}
    QHeaderView::section {{ background: {button}; color: {button_text}; border: 0px;
        border-right: 1px solid {t.panel}; padding: 4px 6px; font-weight: bold; }}
    QTableCornerButton::section {{ background: {button}; border: 0px; }}
    QPushButton {{ background: {button}; color: {button_text}; border: 1px solid {t.accent};
                   border-radius: 6px; padding: 7px 14px; font-size: {TEXT_PX}px; }}
    QWidget#side QPushButton {{ padding: 6px 6px; font-size: {SIDE_BUTTON_PX}px; }}
    QTabWidget#roomTabs QTabBar::tab {{ background: {t.log}; color: {field_text}; border: 1px solid {t.log};
                   border-top-left-radius: 5px; border-top-right-radius: 5px; padding: 3px 6px; margin-right: 2px; }}
    QTabWidget#roomTabs QTabBar::tab:selected {{ border: 1px solid {t.accent}; border-bottom: 3px solid {t.accent};
                   font-weight: bold; }}
    QTabWidget#roomTabs QTabBar::tab:focus {{ border: 2px solid {t.highlight}; }}
    QSplitter::handle {{ background: {t.log}; }}
    QSplitter::handle:hover {{ background: {t.accent}; }}
    QPushButton:hover {{ border: 2px solid {t.highlight}; padding: 6px 13px; }}
    QPushButton:focus {{ border: 3px solid {t.highlight}; padding: 5px 12px; }}
    QWidget#side QPushButton:hover {{ padding: 5px 5px; }}
    QWidget#side QPushButton:focus {{ padding: 4px 4px; }}
    QPushButton#start {{ background: {t.accent}; color: {accent_text}; font-size: {START_PX}px; font-weight: bold; }}
    QPushButton:disabled, QPushButton#start:disabled {{ background: {disabled_fill}; color: {disabled_words};
        border: 1px dashed {disabled_words}; }}
    QPushButton#backToTable {{ font-size: 15px; font-weight: bold; padding: 9px 16px; }}
    QPushButton#backToTable:hover {{ padding: 8px 15px; }}
    QPushButton#backToTable:focus {{ padding: 7px 14px; }}
    QFrame#leaderChoice, QFrame#curtain, QFrame#redeal, QFrame#cutPanel {{
        background: {sheet_bg}; border: 2px solid {t.accent}; border-radius: 12px; }}
    QFrame#handEnd {{ background: {sheet_bg}; border: none; border-left: 2px solid {t.accent}; }}
    QLabel#cutTitle {{ font-size: {CUT_TITLE_PX}px; font-weight: bold; color: {titles}; }}
    QLabel#problem {{ color: {"#ff8a80" if luminance(t.panel) < 0.4 else "#b00020"}; font-weight: bold; }}
    QFrame#claimBox {{ background: {t.log}; border: 2px solid {t.highlight}; border-radius: 8px; }}
    QLabel#clock {{ font-size: {CLOCK_PX}px; font-weight: bold; color: {t.highlight}; }}
    QLabel#tracker {{ background: {t.log}; color: {field_text}; border-radius: 6px; padding: 4px; }}
    QLabel#custom {{ color: {titles}; font-style: italic; }}
    QComboBox, QSpinBox, QLineEdit {{ background: {t.log}; color: {field_text}; border: 1px solid {button};
                                      border-radius: 4px; padding: 4px 6px; min-height: {FIELD_PX}px; }}
    QComboBox {{ padding-right: {FIELD_PX + 4}px; }}
    QComboBox:focus, QSpinBox:focus, QLineEdit:focus, QTextBrowser:focus {{ border: 2px solid {t.highlight}; }}
    QListView, QTreeView, QTableView {{ outline: 0; }}
    QListView:focus, QTreeView:focus, QTableView:focus {{ border: {VIEW_FOCUS_PX}px solid {t.highlight}; }}
    QComboBox QAbstractItemView:focus {{ border: 1px solid {t.accent}; }}
    QComboBox::drop-down {{ subcontrol-origin: padding; subcontrol-position: top right; width: {FIELD_PX}px;
        background: {t.accent}; border-left: 1px solid {button}; border-top-right-radius: 4px;
        border-bottom-right-radius: 4px; }}
    QComboBox::down-arrow {{ image: url({arrows}/down.svg); width: 10px; height: 7px; }}
    QPushButton::menu-indicator {{ image: url({arrows}/down.svg); width: 10px; height: 7px;
        subcontrol-origin: padding; subcontrol-position: right center; }}
    QComboBox QAbstractItemView {{ background: {t.log}; color: {field_text}; border: 1px solid {t.accent};
        selection-background-color: {t.accent}; selection-color: {accent_text}; outline: 0px; }}
    QComboBox QAbstractItemView::item {{ min-height: 24px; padding: 2px 6px; color: {field_text};
        background: {t.log}; }}
    QComboBox QAbstractItemView::item:selected, QComboBox QAbstractItemView::item:hover {{
        background: {t.accent}; color: {accent_text}; }}
    QSpinBox {{ padding-right: {FIELD_PX + 2}px; }}
    QSpinBox::up-button, QSpinBox::down-button {{ subcontrol-origin: border; width: {FIELD_PX}px; background: {t.accent};
        border-left: 1px solid {button}; }}
    QSpinBox::up-button {{ subcontrol-position: top right; border-top-right-radius: 4px; }}
    QSpinBox::down-button {{ subcontrol-position: bottom right; border-bottom-right-radius: 4px; }}
    QSpinBox::up-arrow {{ image: url({arrows}/up.svg); width: 10px; height: 7px; }}
    QSpinBox::down-arrow {{ image: url({arrows}/down.svg); width: 10px; height: 7px; }}
    QSpinBox::up-button:disabled, QSpinBox::down-button:disabled {{ background: {button}; }}
    QComboBox:disabled, QSpinBox:disabled, QLineEdit:disabled {{ background: {disabled_fill}; color: {disabled_words};
        border: 1px dashed {disabled_words}; }}
    QComboBox::drop-down:disabled {{ background: {button}; }}
    QGroupBox {{ color: {text}; border: 1px solid {button}; border-radius: 6px; margin-top: 12px; }}
    QGroupBox::title {{ subcontrol-origin: margin; left: 8px; color: {titles}; font-weight: bold; }}
    QStatusBar {{ background: {t.log}; color: {field_text}; }}
    QMenuBar {{ background: {t.log}; color: {field_text}; }}
    QMenuBar::item:selected {{ background: {t.accent}; color: {accent_text}; }}
    QMenu {{ background: {t.log}; color: {field_text}; border: 1px solid {t.accent}; }}
    QMenu::item {{ padding: {MENU_ITEM_PAD[0]}px {MENU_ITEM_PAD[1]}px {MENU_ITEM_PAD[0]}px {MENU_ITEM_PAD[1]}px; }}
    QMenu::item:selected {{ background: {t.accent}; color: {accent_text}; }}
    QMenu::item:disabled {{ color: {disabled_text_on(t.log, field_text)}; }}
    QMenu::indicator {{ width: {MENU_CHECK_PX}px; height: {MENU_CHECK_PX}px; margin-left: {MENU_CHECK_GAP}px; }}
    QMenu::indicator:checked {{ image: url({arrows}/check.svg); }}
    QMenu::separator {{ height: 1px; background: {button}; margin: 4px 8px; }}
    QToolTip {{ background: {t.log}; color: {field_text}; border: 1px solid {t.accent}; }}
    QSlider::groove:horizontal {{ height: 6px; background: {button}; border: 1px solid {t.accent};
                   border-radius: 4px; }}
    QSlider::sub-page:horizontal {{ background: {t.accent}; border: 1px solid {t.accent}; border-radius: 4px; }}
    QSlider::handle:horizontal {{ background: {t.accent}; width: 16px; margin: -6px 0; border-radius: 8px; }}
    QScrollBar:vertical {{ background: {t.log}; width: 12px; }}
    QScrollBar::handle:vertical {{ background: {handle}; border-radius: 5px; min-height: 24px; }}
    QScrollBar:horizontal {{ background: {t.log}; height: 12px; }}
    QScrollBar::handle:horizontal {{ background: {handle}; border-radius: 5px; min-width: 24px; }}
    QScrollBar::add-line, QScrollBar::sub-line {{ width: 0px; height: 0px; }}
    """
