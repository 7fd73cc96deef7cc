"""The statistics' default group: the one name the store keeps it under, and its name in the player's language.

Light on purpose: the lobby shows and reads the group before its first paint, without the store's modules or
the statistics window (tests/ui/test_startup.py)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from .i18n import translate

HOME_GROUP = "Home"  # as the store keeps it (store.HOME_GROUP: views may not import the store)
HOME_WORDS = QT_TRANSLATE_NOOP("StatsDialog", "Home")


def shown_group(group: str) -> str:
    """A group as the player reads it: the default group in their language, any other as it was typed."""
    return translate("StatsDialog", str(HOME_WORDS)) if group == HOME_GROUP else group


def stored_group(text: str) -> str:
    """The group as the store keeps it: the default group's shown name (or nothing) is the default group."""
    text = text.strip()
    return HOME_GROUP if not text or text == shown_group(HOME_GROUP) else text
