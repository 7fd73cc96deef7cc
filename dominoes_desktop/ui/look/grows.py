"""A dialog that grows with the window it opens over, its words with it: the statistics, the rules, the look.

At 1920x1080 the game's pages (the lobby, the table's side panel and sheets) grow half as large again
(look_style.page_scale); a dialog opened at its 1024x700 size over such a window showed the 13 px words of a
1024x700 window beside them. It opens as much larger as the window is (within the screen), and its words follow
its own size, so a dialog the player makes larger reads larger too."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtWidgets import QWidget

from .look_style import page_scale, scaled_dialog_style, size_scale

FRAME_ROOM = 60  # the window manager's title bar and borders round a dialog, kept free on the screen


def page_scale_over(over: QWidget | None) -> float:
    """How much larger than at 1024x700 the page of the window under `over` is (look_style.page_scale); 1 with
    no window under it."""
    if over is None:
        return 1.0
    window = over.window()
    return page_scale(window.width(), window.height())


def opening_size(size_at_1: QSize, over: QWidget | None) -> QSize:
    """The size a dialog `size_at_1` at 1024x700 opens at over the window `over`: as much larger as that window's
    page is (page_scale_over), its frame within the screen (or the window, if that is the larger). Never taller
    than that room less a title bar, even when that is less than its 1024x700 size: on a 1024x700 screen the
    hand review opened 700 px tall, and its buttons lay under the screen's edge."""
    if over is None:
        return size_at_1
    window = over.window()
    scale = page_scale_over(over)
    width, height = round(size_at_1.width() * scale), round(size_at_1.height() * scale)
    room = window.size()
    screen = window.screen()
    if screen is not None:
        room = room.expandedTo(screen.availableGeometry().size())
    width = min(width, max(size_at_1.width(), room.width() - FRAME_ROOM))
    height = min(height, room.height() - FRAME_ROOM)
    return QSize(width, height)


class WordsGrowWithSize(QObject):
    """Watches a dialog's size: its words `scale` times their 1024x700 size when it is `scale` times its size there
    (look_style.size_scale), through a style sheet of its own; `scaled` is told each new scale (charts that paint
    their own words, tables whose columns fit their words)."""

    def __init__(
        self, dialog: QWidget, size_at_1: QSize, scaled: Callable[[float], None] = lambda _scale: None
    ) -> None:
        super().__init__(dialog)
        self.dialog = dialog
        self.size_at_1 = size_at_1
        self.scaled = scaled
        self.scale = 1.0
        dialog.installEventFilter(self)
        self.follow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Python's collector may clear this watcher's attributes (a closed dialog's reference cycle) before Qt
        # deletes the dialog and stops sending its events: a dialog on its way out has nothing to follow.
        if event.type() == QEvent.Type.Resize and watched is getattr(self, "dialog", None):
            self.follow()
        return False

    def follow(self) -> None:
        """The words at the dialog's present size (nothing done while its scale stays the same)."""
        size = self.dialog.size()
        scale = round(size_scale(size.width(), size.height(), self.size_at_1.width(), self.size_at_1.height()), 2)
        if scale == self.scale:
            return
        self.scale = scale
        self.dialog.setStyleSheet(scaled_dialog_style(scale) if scale > 1.0 else "")
        self.scaled(scale)


def grows_with_window(
    dialog: QWidget, size_at_1: QSize, scaled: Callable[[float], None] = lambda _scale: None
) -> WordsGrowWithSize:
    """Opens `dialog` (its size at 1024x700 `size_at_1`) as large as the window under it is (opening_size), its
    words following its size from then on (WordsGrowWithSize)."""
    dialog.resize(opening_size(size_at_1, dialog.parentWidget()))
    return WordsGrowWithSize(dialog, size_at_1, scaled)
