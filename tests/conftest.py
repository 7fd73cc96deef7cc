"""Test set-up: Qt without a screen, and settings kept in a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists
os.environ.setdefault("QT_ACCESSIBILITY", "1")
