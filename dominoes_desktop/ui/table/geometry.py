"""Where each tile on the table goes: the line snakes and turns at the table's edges; cross and
spinner games show each arm as its own row, labelled by the tile it branches from. Pure geometry."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.layout import Layout
from ...engine.rules import LayoutKind
from ...engine.tiles import Tile

ROW_PITCH = 2.5  # rows of the snake, in units


@dataclass(frozen=True, slots=True)
class Spot:
    """A tile's centre, whether it stands vertically, and the number drawn on its top / left half."""

    x: float
    y: float
    vertical: bool
    first: int


@dataclass(frozen=True, slots=True)
class EndSpot:
    """Where the next tile on an arm would go: the scene puts end markers there."""

    arm: int
    x: float
    y: float
    vertical: bool
    number: int


@dataclass(frozen=True, slots=True)
class ArmLabel:
    x: float
    y: float
    text: str


@dataclass
class TablePlan:
    spots: dict[Tile, Spot]
    ends: list[EndSpot]
    labels: list[ArmLabel]

    def bounds(self, unit: float) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) around every tile and end spot; (0, 0, 0, 0) for an empty table."""
        boxes = [(s.x, s.y, s.vertical) for s in self.spots.values()]
        boxes += [(e.x, e.y, e.vertical) for e in self.ends if e.arm >= 0]
        if not boxes:
            return (0.0, 0.0, 0.0, 0.0)
        left = min(x - (unit / 2 if v else unit) for x, _, v in boxes)
        right = max(x + (unit / 2 if v else unit) for x, _, v in boxes)
        top = min(y - (unit if v else unit / 2) for _, y, v in boxes)
        bottom = max(y + (unit if v else unit / 2) for _, y, v in boxes)
        for label in self.labels:
            left, top = min(left, label.x), min(top, label.y - unit * 0.4)
        return (left, top, right, bottom)

    def shifted(self, dx: float, dy: float) -> TablePlan:
        """The same plan moved by (dx, dy): the scene centres the line on the felt."""
        return TablePlan(
            {t: Spot(s.x + dx, s.y + dy, s.vertical, s.first) for t, s in self.spots.items()},
            [EndSpot(e.arm, e.x + dx, e.y + dy, e.vertical, e.number) for e in self.ends],
            [ArmLabel(a.x + dx, a.y + dy, a.text) for a in self.labels],
        )


class _Snake:
    """Lays one arm of a line game: along its row, turning at the edge onto the next row."""

    def __init__(self, unit: float, x_edge: float, y: float, dx: int, dy: int, limit: float) -> None:
        self.u = unit
        self.x_edge = x_edge
        self.y = y
        self.dx = dx
        self.dy = dy
        self.limit = limit

    def _fits(self, width: float) -> bool:
        far = self.x_edge + self.dx * width
        return -self.limit <= far <= self.limit

    def place(self, tile: Tile, joined: int) -> Spot:
        u, dx = self.u, self.dx
        outer = tile.other(joined)
        width = u if tile.is_double else 2 * u
        if self._fits(width):
            x = self.x_edge + dx * width / 2
            self.x_edge += dx * width
            if tile.is_double:
                return Spot(x, self.y, True, joined)
            # Going left the joined half is on the right, so the left half shows the outer number.
            return Spot(x, self.y, False, joined if dx > 0 else outer)
        # Turn: a vertical tile beyond the edge, then the next row runs back the other way.
        x = self.x_edge + dx * u / 2
        y = self.y + self.dy * ROW_PITCH * u / 2
        self.y += self.dy * ROW_PITCH * u
        self.dx = -dx
        return Spot(x, y, True, joined if self.dy > 0 else outer)

    def next_spot(self, arm: int, number: int) -> EndSpot:
        u = self.u
        if self._fits(2 * u):
            return EndSpot(arm, self.x_edge + self.dx * u, self.y, False, number)
        return EndSpot(arm, self.x_edge + self.dx * u / 2, self.y + self.dy * ROW_PITCH * u / 2, True, number)


def _arm_joins(layout: Layout, arm_index: int) -> list[tuple[Tile, int]]:
    """The arm's tiles from its origin outward, each with the number it was joined to."""
    arm = layout.arms[arm_index]
    joins = []
    number = arm.start
    for tile in arm.tiles:
        joins.append((tile, number))
        number = tile.other(number)
    return joins


def plan_table(layout: Layout, unit: float, half_width: float, rows: bool = False) -> TablePlan:
    if layout.pose is None:
        return TablePlan({}, [EndSpot(-1, 0.0, 0.0, False, -1)], [])
    if layout.kind is LayoutKind.LINE:
        return _plan_line(layout, unit, half_width)
    return _plan_rows(layout, unit, half_width)


def _plan_line(layout: Layout, unit: float, half_width: float) -> TablePlan:
    pose = layout.pose
    assert pose is not None
    spots: dict[Tile, Spot] = {}
    pose_half = unit / 2 if pose.is_double else unit
    spots[pose] = Spot(0.0, 0.0, pose.is_double, pose.high)
    snakes = [
        _Snake(unit, -pose_half, 0.0, -1, -1, half_width),
        _Snake(unit, pose_half, 0.0, 1, 1, half_width),
    ]
    ends = []
    for i, snake in enumerate(snakes):
        for tile, joined in _arm_joins(layout, i):
            spots[tile] = snake.place(tile, joined)
        ends.append(snake.next_spot(i, layout.arms[i].end))
    return TablePlan(spots, ends, [])


def _plan_rows(layout: Layout, unit: float, half_width: float) -> TablePlan:
    """Cross and spinner games: the pose on the left, each arm a labelled row (wrapping if long)."""
    pose = layout.pose
    assert pose is not None
    spots: dict[Tile, Spot] = {}
    labels: list[ArmLabel] = []
    ends: list[EndSpot] = []
    left = -half_width
    pose_x = left + unit * 0.5
    rows_needed = []
    per_row = max(2, int((2 * half_width - 3 * unit) // (2 * unit)))
    for i in range(len(layout.arms)):
        count = len(layout.arms[i].tiles) + 1
        rows_needed.append(max(1, -(-count // per_row)))
    total_rows = sum(rows_needed)
    pitch = ROW_PITCH * unit * 0.8
    top = -pitch * (total_rows - 1) / 2
    spots[pose] = Spot(pose_x, 0.0, True, pose.high)
    row = 0
    for i, arm in enumerate(layout.arms):
        y = top + row * pitch
        start_x = left + unit * 2.2
        labels.append(ArmLabel(start_x, y - unit * 0.95, f"{arm.origin}"))
        x = start_x
        for k, (tile, joined) in enumerate(_arm_joins(layout, i)):
            if k and k % per_row == 0:
                y += pitch
                x = start_x
            width = unit if tile.is_double else 2 * unit
            spots[tile] = Spot(x + width / 2, y, tile.is_double, joined)
            x += width
        ends.append(EndSpot(i, x + unit, y, False, arm.end))
        row += rows_needed[i]
    return TablePlan(spots, ends, labels)
