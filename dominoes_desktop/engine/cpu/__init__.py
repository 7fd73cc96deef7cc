"""CPU players. They see only a PlayerView, in the game exactly as through the bot protocol."""

from .players import (
    ANALYSIS_LEVELS,
    DEFAULT_LEVEL,
    FAST_EXPERT,
    LEVELS,
    TABLE_LEVELS,
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
