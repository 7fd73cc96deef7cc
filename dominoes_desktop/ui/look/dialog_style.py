"""The application's style: the platform's, with plain dialog buttons. Installed after the lobby's first paint (the
lobby has no dialog buttons): PySide makes QStyle's ~600 enum members when QStyle is first imported, a twentieth of
the start-up, so look_style, which the lobby needs for its colours, does not import it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget


class PlainDialogButtons(QProxyStyle):
    """The platform style, but OK / Cancel / Close buttons without its icons: those are drawn dark, and on the
    dark themes' buttons they were unreadable smudges beside the word."""

    def styleHint(
        self,
        hint: QStyle.StyleHint,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
        returnData: object = None,
    ) -> int:
        if hint is QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons:
            return 0
        return super().styleHint(hint, option, widget, returnData)  # type: ignore[arg-type]


def install_app_style(app: QApplication) -> None:
    """Every window, dialog and message box follows PlainDialogButtons."""
    app.setStyle(PlainDialogButtons(app.style().name()))
