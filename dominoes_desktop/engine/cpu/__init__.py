"""CPU players. They see only a PlayerView, in the game exactly as through the bot protocol."""

from ..levels import DEFAULT_LEVEL, LEVELS, TABLE_LEVELS
from .players import (
    ANALYSIS_LEVELS,
    FAST_EXPERT,
    CpuPlayer,
    Decision,
    choose_leader,
    make_player,
    wants_redeal,
)

__all__ = [
    "ANALYSIS_LEVELS",
    "DEFAULT_LEVEL",
    "FAST_EXPERT",
    "LEVELS",
    "TABLE_LEVELS",
    "CpuPlayer",
    "Decision",
    "choose_leader",
    "make_player",
    "wants_redeal",
]
