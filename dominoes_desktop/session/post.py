"""The one type of a call carrier: `post(call)` runs `call` later on the thread that owns what it touches (the
UI thread's relay, ui/shell/ui_thread.py). Its own module, importing nothing heavy, so that the start-up path
and the session's seats and judge name the same alias."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Post"]

Post = Callable[[Callable[[], None]], None]
