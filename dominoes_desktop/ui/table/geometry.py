"""Where each tile on the table goes: the line snakes and turns at the table's edges; cross and spinner
games are drawn as a cross (the pose in the middle, four arms leaving it, later spinners branching from
their double), or, as a View setting for small screens, each arm as its own labelled row. Pure geometry."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.layout import Layout
from ...engine.rules import LayoutKind
from ...engine.tiles import Tile

ROW_PITCH = 2.0  # rows of the snake, in units: a crosswise double in one row just meets one in the next


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

    def bounds(self, unit: float, ends: bool = True) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) around every tile and (with `ends`) every open end's next spot; (0, 0, 0, 0)
        for an empty table."""
        boxes = [(s.x, s.y, s.vertical) for s in self.spots.values()]
        if ends or not boxes:
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
    """Lays one arm of a line game: along its row, turning at the edge onto the next row as a domino table does:
    a tile laid across the corner, its joined half level with the row it ends, and the next row running back
    from beneath its far half (one row's pitch: two units)."""

    def __init__(self, unit: float, x_edge: float, y: float, dx: int, dy: int, limit: float) -> None:
        self.u = unit
        self.x_edge = x_edge
        self.y = y
        self.dx = dx
        self.dy = dy
        self.limit = limit
        self.turned = False  # the last tile laid was a corner: the next one lies under its far half

    def _fits(self, width: float) -> bool:
        far = self.x_edge + self.dx * width
        return -self.limit <= far <= self.limit

    def place(self, tile: Tile, joined: int) -> Spot:
        u, dx = self.u, self.dx
        outer = tile.other(joined)
        after_corner, self.turned = self.turned, False
        width = u if tile.is_double and not after_corner else 2 * u
        if after_corner or self._fits(width):
            x = self.x_edge + dx * width / 2
            self.x_edge += dx * width
            if tile.is_double:
                # Crosswise, except just under a corner tile, where a crosswise double would reach up into it.
                return Spot(x, self.y, not after_corner, joined)
            # Going left the joined half is on the right, so the left half shows the outer number.
            return Spot(x, self.y, False, joined if dx > 0 else outer)
        # Turn: a vertical tile beyond the edge, its joined half beside the row's last tile; the next row runs back
        # the other way from under its far half.
        x = self.x_edge + dx * u / 2
        y = self.y + self.dy * u / 2
        self.y += self.dy * ROW_PITCH * u
        self.x_edge += dx * u
        self.dx = -dx
        self.turned = True
        return Spot(x, y, True, joined if self.dy > 0 else outer)

    def next_spot(self, arm: int, number: int) -> EndSpot:
        u = self.u
        if self.turned or self._fits(2 * u):
            return EndSpot(arm, self.x_edge + self.dx * u, self.y, False, number)
        return EndSpot(arm, self.x_edge + self.dx * u / 2, self.y + self.dy * u / 2, True, number)


def _arm_joins(layout: Layout, arm_index: int) -> list[tuple[Tile, int]]:
    """The arm's tiles from its origin outward, each with the number it was joined to."""
    arm = layout.arms[arm_index]
    joins = []
    number = arm.start
    for tile in arm.tiles:
        joins.append((tile, number))
        number = tile.other(number)
    return joins


def plan_table(
    layout: Layout, unit: float, half_width: float, rows: bool = False, half_height: float | None = None
) -> TablePlan:
    if layout.pose is None:
        return TablePlan({}, [EndSpot(-1, 0.0, 0.0, False, -1)], [])
    if layout.kind is LayoutKind.LINE:
        return _plan_line(layout, unit, half_width)
    if rows:
        return _plan_rows(layout, unit, half_width)
    return _plan_cross(layout, unit, half_width, half_width * 0.6 if half_height is None else half_height)


# Directions as (dx, dy), y growing downward; turning left (counter-clockwise on screen) and right.
EAST, NORTH, WEST, SOUTH = (1, 0), (0, -1), (-1, 0), (0, 1)
_LEFT = {EAST: NORTH, NORTH: WEST, WEST: SOUTH, SOUTH: EAST}
_RIGHT = {v: k for k, v in _LEFT.items()}

Box = tuple[float, float, float, float]  # left, top, right, bottom


def _overlaps(box: Box, boxes: list[Box], slack: float) -> bool:
    left, top, right, bottom = box
    return any(
        left < b[2] - slack and b[0] + slack < right and top < b[3] - slack and b[1] + slack < bottom for b in boxes
    )


def _overlap_area(box: Box, boxes: list[Box]) -> float:
    return sum(
        max(0.0, min(box[2], b[2]) - max(box[0], b[0])) * max(0.0, min(box[3], b[3]) - max(box[1], b[1])) for b in boxes
    )


HEMMED_STEPS = 6  # how many steps further on an arm hemmed in by others looks for room before it lies on a tile


class _Turtle:
    """One arm of a cross: the point where its next tile joins, and the way it is heading."""

    def __init__(self, x: float, y: float, heading: tuple[int, int]) -> None:
        self.x, self.y, self.heading = x, y, heading


class _CrossPlanner:
    """Lays the arms of a cross or spinner game tile by tile, in the order they were played. An arm runs straight
    until the table's edge or another arm is in the way, then turns (left first, then right), so arms wind round
    the table instead of crossing each other."""

    def __init__(self, unit: float, half_width: float, half_height: float) -> None:
        self.u = unit
        self.hw = half_width
        self.hh = half_height
        self.boxes: list[Box] = []

    def _inside(self, box: Box, margin: float = 0.0) -> bool:
        hw, hh = self.hw + margin + 1e-6, self.hh + margin + 1e-6
        return box[0] >= -hw and box[2] <= hw and box[1] >= -hh and box[3] <= hh

    def _straight(self, turtle: _Turtle, double: bool) -> tuple[Box, Spot, tuple[float, float], tuple[int, int]]:
        u = self.u
        dx, dy = turtle.heading
        length = u if double else 2 * u  # a double lies crosswise: one unit along the arm
        cx, cy = turtle.x + dx * length / 2, turtle.y + dy * length / 2
        along_x = dx != 0
        vertical = along_x if double else not along_x
        w, h = (u, 2 * u) if vertical else (2 * u, u)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        spot = Spot(cx, cy, vertical, 0)
        return box, spot, (turtle.x + dx * length, turtle.y + dy * length), turtle.heading

    def _corner(self, turtle: _Turtle, turn: tuple[int, int]) -> tuple[Box, Spot, tuple[float, float], tuple[int, int]]:
        """A tile just beyond the end, lying along the new heading, its joined half beside the end."""
        u = self.u
        dx, dy = turtle.heading
        tx, ty = turn
        cx = turtle.x + dx * u / 2 + tx * u / 2
        cy = turtle.y + dy * u / 2 + ty * u / 2
        vertical = tx == 0
        w, h = (u, 2 * u) if vertical else (2 * u, u)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        end = (turtle.x + dx * u / 2 + tx * 1.5 * u, turtle.y + dy * u / 2 + ty * 1.5 * u)
        return box, Spot(cx, cy, vertical, 0), end, turn

    def options(self, turtle: _Turtle, double: bool) -> list[tuple[Box, Spot, tuple[float, float], tuple[int, int]]]:
        found = [
            self._straight(turtle, double),
            self._corner(turtle, _LEFT[turtle.heading]),
            self._corner(turtle, _RIGHT[turtle.heading]),
        ]
        # Hemmed in: the same three a step further on, a small gap rather than a tile on top of another.
        for step in range(1, HEMMED_STEPS + 1):
            dx, dy = turtle.heading
            ahead = _Turtle(turtle.x + dx * self.u * step, turtle.y + dy * self.u * step, turtle.heading)
            found += [
                self._straight(ahead, double),
                self._corner(ahead, _LEFT[turtle.heading]),
                self._corner(ahead, _RIGHT[turtle.heading]),
            ]
        return found

    def choose(self, turtle: _Turtle, double: bool) -> tuple[Box, Spot, tuple[float, float], tuple[int, int]]:
        options = self.options(turtle, double)
        slack = self.u * 0.05
        for k, option in enumerate(options):
            # A turning tile may stand a unit past the edge the arm runs to, as at the end of a snake's row.
            if self._inside(option[0], self.u if k % 3 else 0.0) and not _overlaps(option[0], self.boxes, slack):
                return option
        for option in options:  # off the table's edge is better than on top of another tile
            if not _overlaps(option[0], self.boxes, slack):
                return option
        return min(options, key=lambda option: _overlap_area(option[0], self.boxes))  # as little on top as may be


def _first_shown(spot: Spot, heading: tuple[int, int], joined: int, tile: Tile) -> int:
    """The number on the tile's top / left half: the joined end faces back along the arm."""
    if tile.is_double:
        return joined
    backwards = heading in (WEST, NORTH)  # heading left or up, the joined half is the right / bottom one
    return tile.other(joined) if backwards else joined


def _plan_cross(layout: Layout, unit: float, half_width: float, half_height: float) -> TablePlan:
    """The pose in the middle, standing across the east-west line; arms leave east, west, north and south."""
    pose = layout.pose
    assert pose is not None
    u = unit
    planner = _CrossPlanner(u, half_width, half_height)
    spots: dict[Tile, Spot] = {pose: Spot(0.0, 0.0, True, pose.high)}
    planner.boxes.append((-u / 2, -u, u / 2, u))
    starts = [(u / 2, 0.0, EAST), (-u / 2, 0.0, WEST), (0.0, -u, NORTH), (0.0, u, SOUTH)]
    turtles = [_Turtle(x, y, heading) for x, y, heading in starts]
    for placement in layout.placements[1:]:
        while placement.arm >= len(turtles):
            turtles.append(_Turtle(0.0, 0.0, EAST))  # a branch made before it is reached below: never drawn so
        turtle = turtles[placement.arm]
        tile = placement.tile
        joined = placement.joined if placement.joined is not None else tile.high
        box, spot, end, heading = planner.choose(turtle, tile.is_double)
        spots[tile] = Spot(spot.x, spot.y, spot.vertical, _first_shown(spot, heading, joined, tile))
        planner.boxes.append(box)
        turtle.x, turtle.y = end
        turtle.heading = heading
        if tile.is_double and layout.kind is LayoutKind.SPINNERS:
            # A spinner: two new arms leave the double's long sides, across its arm.
            left, right = _LEFT[heading], _RIGHT[heading]
            for branch in (left, right):
                turtles.append(_Turtle(spot.x + branch[0] * u, spot.y + branch[1] * u, branch))
    ends = []
    for i, arm in enumerate(layout.arms):
        turtle = turtles[i] if i < len(turtles) else _Turtle(0.0, 0.0, EAST)
        box, spot, _, _ = planner.choose(turtle, False)
        ends.append(EndSpot(i, spot.x, spot.y, spot.vertical, arm.end))
    return TablePlan(spots, ends, [])


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
    pitch = 2.5 * unit * 1.08  # crosswise doubles in neighbouring rows never touch
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
