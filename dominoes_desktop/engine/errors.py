"""Exceptions the engine raises. Each carries a code and its parameters, which the UI words in the
player's language, and an English message for command lines and logs."""

from __future__ import annotations


class DominoError(Exception):
    """Base class of every engine error: `code` names the problem, `params` fill in its wording."""

    default_code = "error"

    def __init__(self, message: str, *, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.params = params

    @property
    def message(self) -> str:
        return str(self)


class RulesError(DominoError):
    """A rule set or host option that cannot be played (a deal too large for the set, ...)."""

    default_code = "rules"


class IllegalMove(DominoError):
    """A move the rules do not allow in the current position."""

    default_code = "illegal"


class NotationError(DominoError):
    """Text that does not name a tile or a move."""

    default_code = "notation"


class DealError(DominoError):
    """A deal given from outside (a replay case, a bot request) that the rules in force never deal."""

    default_code = "deal"
