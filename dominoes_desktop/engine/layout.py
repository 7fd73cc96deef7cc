"""The tiles on the table: a pose with arms growing from it, and the open ends they show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .rules import LayoutKind
from .tiles import Tile


class Placement(NamedTuple):
    """Where one tile went: which arm, the number it was joined to (None for the pose)."""

    tile: Tile
    arm: int
    joined: int | None
    seat: int


@dataclass(slots=True)
class Arm:
    """A chain of tiles growing from `origin` (the pose, or a spinner double)."""

    origin: Tile
    start: int  # the number it showed before its first tile
    end: int  # the number this arm shows
    double_at_end: bool  # a double lies at the end, so it counts both halves
    from_pose: bool  # one of the pose's arms (cross: must all be started first)
    tiles: list[Tile] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return bool(self.tiles)


class Layout:
    """Open ends for line, cross and spinner games; the order of play is kept for drawing."""

    __slots__ = ("_unstarted_pose_arms", "arms", "kind", "placements", "pose")

    def __init__(self, kind: LayoutKind) -> None:
        self.kind = kind
        self.pose: Tile | None = None
        self.arms: list[Arm] = []
        self.placements: list[Placement] = []
        self._unstarted_pose_arms = 0

    def copy(self) -> Layout:
        twin = Layout(self.kind)
        twin.pose = self.pose
        twin.arms = [Arm(a.origin, a.start, a.end, a.double_at_end, a.from_pose, list(a.tiles)) for a in self.arms]
        twin.placements = list(self.placements)
        twin._unstarted_pose_arms = self._unstarted_pose_arms
        return twin

    @property
    def empty(self) -> bool:
        return self.pose is None

    @property
    def filling_pose_arms(self) -> bool:
        """Cross games: the pose's four arms must each get a tile before any is extended."""
        return self._unstarted_pose_arms > 0

    def open_arms(self) -> list[int]:
        """Indexes of the arms a tile may be joined to now."""
        if self._unstarted_pose_arms:
            return [i for i, a in enumerate(self.arms) if a.from_pose and not a.tiles]
        return list(range(len(self.arms)))

    def open_ends(self) -> list[int]:
        """The numbers showing at the ends a tile may be joined to now."""
        arms = self.arms
        return [arms[i].end for i in self.open_arms()]

    def place_pose(self, tile: Tile, seat: int) -> None:
        self.pose = tile
        count = 2 if self.kind is LayoutKind.LINE else 4
        if count == 2 and not tile.is_double:
            self.arms = [Arm(tile, tile.high, tile.high, False, True), Arm(tile, tile.low, tile.low, False, True)]
        else:
            self.arms = [Arm(tile, tile.high, tile.high, tile.is_double, True) for _ in range(count)]
        self._unstarted_pose_arms = 4 if count == 4 else 0
        self.placements.append(Placement(tile, -1, None, seat))

    def place(self, tile: Tile, arm_index: int, seat: int) -> None:
        arm = self.arms[arm_index]
        joined = arm.end
        if arm.from_pose and not arm.tiles and self._unstarted_pose_arms:
            self._unstarted_pose_arms -= 1
        arm.tiles.append(tile)
        arm.end = tile.other(joined)
        arm.double_at_end = tile.is_double
        if tile.is_double and self.kind is LayoutKind.SPINNERS:
            self.arms.append(Arm(tile, joined, joined, True, False))
            self.arms.append(Arm(tile, joined, joined, True, False))
        self.placements.append(Placement(tile, arm_index, joined, seat))

    def end_total(self) -> int:
        """Open ends added up for fives scoring: a double at an end counts twice, a lone pose once."""
        if self.pose is None:
            return 0
        if len(self.placements) == 1:
            return self.pose.pips
        return sum(a.end * 2 if a.double_at_end else a.end for a in self.arms)

    def arm_for(self, end: int | None, on_double: bool, doubles_count: bool) -> int | None:
        """The first open arm a play joined to `end` goes to: ends are the same to the rules when they show
        the same number and, where doubles count (fives), agree on whether a double lies there."""
        arms = self.arms
        for i in self.open_arms():
            arm = arms[i]
            if arm.end == end and (arm.double_at_end and doubles_count) == on_double:
                return i
        return None

    def tiles_on_table(self) -> list[Tile]:
        return [p.tile for p in self.placements]
