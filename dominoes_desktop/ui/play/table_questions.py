"""The questions a player who cannot see the table asks it, one key each, each answered in a sentence or two from
what their seat may see: the public table, their own rack, and what the engine infers from passes and draws
(engine.knowledge), never a hidden tile. The line and its arms, the open ends and (in the fives games) their
count, what each player has shown they lack, the tiles each holds, which of my tiles fit, and my turn."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...engine.hand import Hand
from ...engine.knowledge import Knowledge
from ...engine.layout import Layout
from ...engine.moves import Move, MoveKind
from ...engine.rules import EndScoring, LayoutKind
from ...engine.tiles import Tile
from ..shell.i18n import translate
from ..shell.wording import move_words
from .panels import figure_for

# The pose's four arms as a cross is drawn (geometry._plan_cross: east, west, north, south); later arms leave
# a spinner double.
ARM_NAMES = (
    QT_TRANSLATE_NOOP("TableQuestions", "Right"),
    QT_TRANSLATE_NOOP("TableQuestions", "Left"),
    QT_TRANSLATE_NOOP("TableQuestions", "Up"),
    QT_TRANSLATE_NOOP("TableQuestions", "Down"),
)


def joined(items: Sequence[str]) -> str:
    """'5', '5 and 2', '5, 2 and 6' in the language in use."""
    if len(items) < 2:
        return "".join(items)
    return translate("Voice", "{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def joined_or(items: Sequence[str]) -> str:
    """'3', '3 or 5', '3, 5 or 6': the ends a tile may go on."""
    if len(items) < 2:
        return "".join(items)
    return translate("TableQuestions", "{first} or {last}").format(first=", ".join(items[:-1]), last=items[-1])


def joined_lacking(items: Sequence[str]) -> str:
    """'3', '3 and 5' as the numbers a player is out of (Spanish after its negative: "no tiene 3 ni 5")."""
    if len(items) < 2:
        return "".join(items)
    words = QCoreApplication.translate("TableQuestions", "{first} and {last}", "the numbers a player is out of")
    return words.format(first=", ".join(items[:-1]), last=items[-1])


def arm_pairs(layout: Layout, index: int) -> list[tuple[int, int]]:
    """An arm's tiles from its origin outward, each as (the half joined, the half it shows next)."""
    arm = layout.arms[index]
    number = arm.start
    pairs = []
    for tile in arm.tiles:
        pairs.append((number, tile.other(number)))
        number = tile.other(number)
    return pairs


def line_words(layout: Layout) -> str:
    """The tiles on the table in order: a line left to right as it is drawn (arm 0 leaves the pose's high half
    to the left), or a cross's centre and then each arm from the centre outward."""
    pose = layout.pose
    if pose is None:
        return translate("TableQuestions", "No tile on the table yet.")
    if layout.kind is LayoutKind.LINE:
        left = [(b, a) for a, b in reversed(arm_pairs(layout, 0))]
        right = arm_pairs(layout, 1) if len(layout.arms) > 1 else []
        tiles = [f"{a}-{b}" for a, b in (*left, (pose.high, pose.low), *right)]
        return translate("TableQuestions", "The line, left to right: {tiles}.").format(tiles=", ".join(tiles))
    sentences = [translate("TableQuestions", "Centre {tile}.").format(tile=pose)]
    for index, arm in enumerate(layout.arms):
        if index < len(ARM_NAMES):
            name = translate("TableQuestions", str(ARM_NAMES[index]))
        else:
            name = translate("TableQuestions", "Branch of {tile}").format(tile=arm.origin)
        shown = ", ".join(f"{a}-{b}" for a, b in arm_pairs(layout, index))
        if shown:
            sentences.append(
                translate("TableQuestions", "{arm}: {tiles}, ends on {end}.").format(arm=name, tiles=shown, end=arm.end)
            )
        else:
            sentences.append(translate("TableQuestions", "{arm}: empty, open on {end}.").format(arm=name, end=arm.end))
    return " ".join(sentences)


def counts_doubles(hand: Hand) -> bool:
    return hand.rules.end_scoring is not EndScoring.NONE


def open_end_names(hand: Hand) -> list[str]:
    """The numbers a tile may join now; in the fives games a double at an end is named, as it counts twice (a
    double posed alone counts once: Layout.end_total)."""
    layout = hand.layout
    doubles = counts_doubles(hand) and len(layout.placements) > 1
    names = []
    for index in layout.open_arms():
        arm = layout.arms[index]
        if doubles and arm.double_at_end:
            names.append(translate("TableQuestions", "double {n}").format(n=arm.end))
        else:
            names.append(str(arm.end))
    return names


def count_words(hand: Hand) -> str:
    """Fives games: what the open ends add up to and what that scores ("" in other games)."""
    if not counts_doubles(hand) or hand.layout.pose is None:
        return ""
    total = hand.layout.end_total()
    points = hand.rules.end_scoring.points(total)
    if points:
        return translate("TableQuestions", "Count {total}: scores {points}.").format(total=total, points=points)
    return translate("TableQuestions", "Count {total}: scores nothing.").format(total=total)


def ends_words(hand: Hand | None) -> str:
    if hand is None:
        return translate("Voice", "No hand at the table.")
    if hand.layout.pose is None:
        return translate("Voice", "No tile on the table yet.")
    text = translate("Voice", "Open ends: {ends}").format(ends=joined(open_end_names(hand)))
    count = count_words(hand)
    return f"{text}. {count}" if count else text


def voids_words(knowledge: Knowledge | None, names: Sequence[str], me: int) -> str:
    """What each other player has shown they lack, by passing or drawing on open ends (engine.knowledge)."""
    if knowledge is None:
        return translate("Voice", "No hand at the table.")
    lines = [
        translate("TableQuestions", "{name} is out of {numbers}.").format(
            name=names[seat], numbers=joined_lacking([str(n) for n in sorted(void)])
        )
        for seat, void in enumerate(knowledge.voids)
        if seat != me and void
    ]
    if not lines:
        return translate("TableQuestions", "Nobody has shown a number they lack yet.")
    return " ".join(lines)


def count_after(layout: Layout, move: Move, doubles: bool) -> int:
    """The open ends' count once `move` is played (the fives games score it when it is a multiple of five)."""
    after = layout.copy()
    tile = move.tile
    assert tile is not None
    if move.end is None:
        after.place_pose(tile, -1)
    else:
        arm = after.arm_for(move.end, move.on_double, doubles)
        if arm is None:
            return 0
        after.place(tile, arm, -1)
    return after.end_total()


def fits(hand: Hand, rack: Sequence[Tile]) -> list[Move]:
    """The plays of `rack` on the table as it is now (whoever's turn it is)."""
    if hand.is_over:
        return []
    return hand.plays(list(rack))


def end_words(hand: Hand, move: Move) -> str:
    """The end a play goes on ("2", "double 5"), with what it scores in the fives games."""
    (end,) = plain_ends([move])
    return _scoring(hand, move, end)


def _scoring(hand: Hand, move: Move, words: str) -> str:
    """`words` for `move`, with what it scores in the fives games ("..., scoring 15")."""
    doubles = counts_doubles(hand)
    points = hand.rules.end_scoring.points(count_after(hand.layout, move, doubles)) if doubles else 0
    if points:
        return translate("TableQuestions", "{end}, scoring {points}").format(end=words, points=points)
    return words


def plain_ends(moves: Sequence[Move]) -> list[str]:
    """The ends of `moves` named without what they score."""
    return [translate("TableQuestions", "double {n}").format(n=m.end) if m.on_double else str(m.end) for m in moves]


def end_choice_words(hand: Hand, moves: Sequence[Move], index: int) -> str:
    """One of the ends a tile that fits several may go on, as the keys mark it: "5-2 on the 5 by the double (1 of
    2)", in the words of the move log, the coach and the skill page (move_words; it said "on double 5": review26b
    F4)."""
    move = moves[index]
    return translate("TableQuestions", "{move} ({k} of {n})").format(
        move=_scoring(hand, move, move_words(move)), k=index + 1, n=len(moves)
    )


def fits_words(hand: Hand | None, rack: Sequence[Tile]) -> str:
    """Which of my tiles fit and where; in the fives games what each play would score."""
    if hand is None and rack:
        # Dealt, the hand not begun (who leads is being asked): the tiles themselves, which a sighted player
        # looks at to choose; M said "No hand at the table" (a11y audit, session 22).
        return translate("TableQuestions", "Your tiles: {tiles}.").format(tiles=joined([str(t) for t in rack]))
    if hand is None or hand.is_over:
        return translate("Voice", "No hand at the table.")
    moves = fits(hand, rack)
    if not moves:
        return translate("TableQuestions", "None of your tiles fits.")
    if hand.layout.pose is None:
        tiles = [str(m.tile) for m in moves]
        if len(tiles) == 1 and hand.forced_pose is not None:
            return translate("TableQuestions", "You pose {tile}.").format(tile=tiles[0])
        return translate("TableQuestions", "You may pose {tiles}.").format(tiles=joined(tiles))
    by_tile: dict[Tile, list[Move]] = {}
    for move in moves:
        assert move.tile is not None
        by_tile.setdefault(move.tile, []).append(move)
    parts = []
    for tile, plays in by_tile.items():
        ends = [end_words(hand, move) for move in plays]
        if len(plays) > 1 and any(end != plain for end, plain in zip(ends, plain_ends(plays), strict=True)):
            # One part an end where one scores: "5-2 on double 5 or 2, scoring 15" was heard as both scoring
            # (a11y audit, session 22).
            parts += [translate("TableQuestions", "{tile} on {ends}").format(tile=tile, ends=end) for end in ends]
        else:
            parts.append(translate("TableQuestions", "{tile} on {ends}").format(tile=tile, ends=joined_or(ends)))
    return translate("TableQuestions", "Fits: {plays}.").format(plays="; ".join(parts))


def hand_counts(
    hand_in_play: Hand | None, remaining: Sequence[Sequence[Tile]] | None, sizes: Sequence[int]
) -> list[int]:
    """Tiles held per seat: the table's counts while a hand is played, what was left at its end after it."""
    if (hand_in_play is None or hand_in_play.is_over) and remaining is not None:
        return [len(tiles) for tiles in remaining]
    return list(sizes)


def counts_words(names: Sequence[str], counts: Sequence[int], stock: int) -> str:
    """`names` as said after a preposition ("you"): each count before its seat, as the scores are said ("7 for you,
    6 for CPU 1"), where "CPU 1 6" ran a name's number into the count."""
    parts = [figure_for(count, name) for name, count in zip(names, counts, strict=True)]
    text = translate("Voice", "Tiles in hand: {counts}.").format(counts=", ".join(parts))
    if stock:
        text += " " + translate("TableQuestions", "Stock: {count}.").format(count=stock)
    return text


def turn_words(hand: Hand, legal: Sequence[Move], name: str | None, short: bool, drawn: Sequence[Tile] = ()) -> str:
    """Said once as the person's turn comes: that it is theirs, the open ends, and whether anything fits.
    `name`: whose turn, when more than one person shares the screen; `short`: the ends alone."""
    if name is None:
        opening = translate("TableQuestions", "Your turn")
    else:
        opening = translate("TableQuestions", "{name}, your turn").format(name=name)
    if drawn:
        opening = (
            translate("TableQuestions", "You drew {tiles}.").format(tiles=joined([str(t) for t in drawn]))
            + " "
            + opening
        )
    stuck = legal[0].kind if legal and legal[0].kind is not MoveKind.PLAY else None
    if hand.layout.pose is None:
        lead = translate("TableQuestions", "{opening}: you lead.").format(opening=opening)
        return lead if short else lead + " " + fits_words(hand, [m.tile for m in legal if m.tile is not None])
    ends = open_end_names(hand)
    if short:
        text = translate("TableQuestions", "{opening}: {ends}.").format(opening=opening, ends=", ".join(ends))
        if stuck is MoveKind.PASS:
            text += " " + translate("TableQuestions", "Pass.")
        elif stuck is MoveKind.DRAW:
            text += " " + translate("TableQuestions", "Draw.")
        return text
    text = translate("TableQuestions", "{opening}. Open ends: {ends}.").format(opening=opening, ends=joined(ends))
    count = count_words(hand)
    if count:
        text += " " + count
    if stuck is MoveKind.PASS:
        return text + " " + translate("TableQuestions", "Nothing fits: pass (P).")
    if stuck is MoveKind.DRAW:
        return text + " " + translate("TableQuestions", "Nothing fits: draw (D).")
    tiles = {m.tile for m in legal if m.tile is not None}
    return text + " " + translate("TableQuestions", "Tiles that fit: {count}.").format(count=len(tiles))
