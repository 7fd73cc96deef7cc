"""The protocol's words, now net/codec.py (the one codec): kept for net/record.py's imports."""

from .codec import DECLINE, KEEP, REDEAL, ActionError, parse

__all__ = ["DECLINE", "KEEP", "REDEAL", "ActionError", "parse"]
