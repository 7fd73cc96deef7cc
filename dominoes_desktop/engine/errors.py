"""Exceptions the engine raises, each with a message a player could read."""


class DominoError(Exception):
    """Base class of every engine error."""


class RulesError(DominoError):
    """A rule set or host option that cannot be played (a deal too large for the set, ...)."""


class IllegalMove(DominoError):
    """A move the rules do not allow in the current position."""


class NotationError(DominoError):
    """Text that does not name a tile or a move."""
