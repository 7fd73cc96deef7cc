"""docs/COACH.md against the code and against its own definition of a value.

Every shell example of the document is run through the real coach command (a process, in a fresh folder, as a
reader pasting them runs it) and what it prints compared with the document's word for word. Then the outside
reader's check, done once by us: each face-up value the document shows, and each world's value of its `--judge
view` example, is derived again by a small brute-force minimax written here from the document's definition alone
(the minimax imports nothing of the engine): the case's moves replayed by hand, every option tried, every reply
searched to the hand's end. Then the same on random small hands of six games, against the coach run in-process."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from . import doc_examples

COMMAND = "python -m dominoes_desktop.engine.coach"


def document() -> str:
    return doc_examples.document("COACH.md")


def examples() -> list[tuple[str, str]]:
    return doc_examples.shell_examples(document(), COMMAND)


def case_files() -> dict[str, dict[str, Any]]:
    """The case files the examples write (`cat > NAME.json <<'EOF'`), by name."""
    pattern = r"cat > (\S+\.json) <<'EOF'\n(.*?)\nEOF\n"
    return {name: json.loads(text) for script, _ in examples() for name, text in re.findall(pattern, script, re.S)}


def runs() -> list[tuple[str, list[str], list[str]]]:
    """Each coach command alone on its line whose printed lines the document shows right after it: the case's
    name, the command's options and the JSON lines it printed (an example of one command only)."""
    found = []
    for script, shown in examples():
        commands = [line for line in script.splitlines() if line.startswith(COMMAND)]
        if len(commands) != 1 or "|" in commands[0] or "2>" in commands[0]:
            continue
        words = shlex.split(commands[0])[3:]
        found.append((words[0], words[1:], [line for line in shown.splitlines() if line.startswith("{")]))
    return found


def test_the_document_has_its_examples() -> None:
    cases = case_files()
    presets = {case["preset"] for case in cases.values()}
    assert {"room", "all_fives", "block", "jamaican"} <= presets  # each for himself, end points, partners, hands
    assert any(case.get("options", {}).get("players") == 3 for case in cases.values())  # a paranoid search
    options = " ".join(" ".join(args) for _, args, _ in runs())
    assert "--judge view" in options and "--worlds" in options and "--seed" in options
    assert "--seat" in options and "--hands" in options
    face_up = [lines for _, args, lines in runs() if "view" not in args]
    assert sum(len(lines) for lines in face_up) >= 10
    # Every shell block that names the command is followed by what it prints.
    assert len(re.findall(r"```sh\n[^`]*" + re.escape(COMMAND), document())) == len(examples())


def test_the_examples_print_what_the_document_shows(tmp_path: Path) -> None:
    doc_examples.assert_examples_print_what_is_shown(examples(), tmp_path, 300)


# ---- the outside reader's solver: the document's definition, nothing of the engine ------------------------------

# What the rules of the examples' presets say (docs/REPLAY.md's tables): how a blocked hand is won, what a won
# hand scores, whether ends score, what a stuck seat does, what may be posed.
PRESETS = {
    "room": {"blocked": "lowest_side", "scoring": "opponents_pips", "fives": False, "draw": False, "must": False},
    "block": {"blocked": "lowest_player", "scoring": "opponents_pips", "fives": False, "draw": False, "must": True},
    "all_fives": {"blocked": "lowest_side", "scoring": "porch_fives", "fives": True, "draw": True, "must": False},
    "jamaican": {"blocked": "lowest_player", "scoring": "one_per_hand", "fives": False, "draw": False, "must": True},
}


def tile(text: str) -> tuple[int, int]:
    a, b = (int(n) for n in text.split("-"))
    return (max(a, b), min(a, b))


def name(t: tuple[int, int]) -> str:
    return f"{t[0]}-{t[1]}"


@dataclass(frozen=True)
class Game:
    preset: str
    players: int
    partners: bool

    def side(self, seat: int) -> int:
        return seat % 2 if self.partners else seat

    @property
    def sides(self) -> int:
        return 2 if self.partners else self.players


@dataclass(frozen=True)
class Pos:
    """A position with every tile known. `arms`: the two open ends, each (number, a double lies there), empty
    before the pose; `alone`: only the pose is down; `gains`: end points made so far, by side."""

    hands: tuple[frozenset[tuple[int, int]], ...]
    stock: tuple[tuple[int, int], ...]
    arms: tuple[tuple[int, bool], ...]
    alone: bool
    turn: int
    passes: int
    gains: tuple[int, ...]


def ends_total(pos: Pos) -> int:
    """The open ends added up, a double at an end counted twice (a lone pose counts its two halves: `apply`)."""
    return sum(n * 2 if double else n for n, double in pos.arms)


def options(game: Game, pos: Pos, forced: tuple[int, int] | None) -> list[tuple[str, Any]]:
    """(notation, what it does) for every distinct option of the seat to play."""
    rule = PRESETS[game.preset]
    hand = pos.hands[pos.turn]
    if not pos.arms:
        tiles = [forced] if forced is not None else sorted(hand, reverse=True)
        return [(name(t), ("pose", t)) for t in tiles]
    found = []
    for t in sorted(hand, reverse=True):
        seen = []
        for i, (n, double) in enumerate(pos.arms):
            key = (n, double and rule["fives"])
            if n in t and key not in seen:
                seen.append(key)
                found.append((f"{name(t)}@{n}{'d' if key[1] else ''}", ("play", t, i)))
    if found:
        return found
    if rule["draw"] and len(pos.stock) > 2:
        return [("draw", ("draw",))]
    return [("pass", ("pass",))]


def apply(game: Game, pos: Pos, action: Any) -> Pos:
    """The position after `action`."""
    rule = PRESETS[game.preset]
    seat = pos.turn
    nxt = (seat + 1) % game.players
    if action[0] == "pass":
        return replace(pos, turn=nxt, passes=pos.passes + 1)
    if action[0] == "draw":
        hands = list(pos.hands)
        hands[seat] = hands[seat] | {pos.stock[0]}
        return replace(pos, hands=tuple(hands), stock=pos.stock[1:], turn=nxt, passes=0)
    t = action[1]
    hands = list(pos.hands)
    hands[seat] = hands[seat] - {t}
    if action[0] == "pose":
        arms = ((t[0], t[0] == t[1]), (t[1], t[0] == t[1]))
        alone = True
    else:
        i = action[2]
        n = pos.arms[i][0]
        other = t[1] if t[0] == n else t[0]
        arms = tuple((other, t[0] == t[1]) if j == i else arm for j, arm in enumerate(pos.arms))
        alone = False
    after = replace(pos, hands=tuple(hands), arms=arms, alone=alone, turn=nxt, passes=0)
    if rule["fives"]:
        total = t[0] + t[1] if alone else ends_total(after)
        if total > 0 and total % 5 == 0:
            gains = list(pos.gains)
            gains[game.side(seat)] += total
            after = replace(after, gains=tuple(gains))
    return after


def pips(hand: frozenset[tuple[int, int]]) -> int:
    return sum(a + b for a, b in hand)


def hand_points(game: Game, pos: Pos, winner: int, blocked: bool) -> int:
    rule = PRESETS[game.preset]
    side = game.side(winner)
    by_side = [0] * game.sides
    for seat, hand in enumerate(pos.hands):
        by_side[game.side(seat)] += pips(hand)
    if rule["scoring"] == "one_per_hand":
        return 1
    if rule["scoring"] == "opponents_pips":
        return sum(p for s, p in enumerate(by_side) if s != side)
    total = 0  # porch_fives: each losing side's pips (less the winners' on a blocked hand), to the nearest 5
    for s, p in enumerate(by_side):
        if s != side:
            left = max(0, p - by_side[side]) if blocked else p
            total += (left + 2) // 5 * 5
    return total


def blocked_winner(game: Game, pos: Pos) -> int | None:
    seat_pips = [pips(h) for h in pos.hands]
    if PRESETS[game.preset]["blocked"] == "lowest_player":
        low = min(seat_pips)
        at_low = [s for s in range(game.players) if seat_pips[s] == low]
        return at_low[0] if len({game.side(s) for s in at_low}) == 1 else None
    by_side = [0] * game.sides
    for seat, p in enumerate(seat_pips):
        by_side[game.side(seat)] += p
    low = min(by_side)
    if by_side.count(low) > 1:
        return None
    side = by_side.index(low)
    mine = [s for s in range(game.players) if game.side(s) == side]
    return min(mine, key=lambda s: (seat_pips[s], s))


def value(game: Game, pos: Pos, judged_side: int) -> int:
    """The document's value: the judged side's points in the hand minus every other side's, the end points made
    so far included, everybody playing on perfectly: the judged side's seats maximise it, every other seat
    minimises it."""

    @cache
    def search(p: Pos) -> int:
        gains = list(p.gains)
        last = (p.turn - 1) % game.players
        if not p.hands[last] and p.passes == 0 and p.arms:  # the last play was a domino
            gains[game.side(last)] += hand_points(game, p, last, False)
            return 2 * gains[judged_side] - sum(gains)
        if p.passes == game.players:
            winner = blocked_winner(game, p)
            if winner is not None:
                gains[game.side(winner)] += hand_points(game, p, winner, True)
            return 2 * gains[judged_side] - sum(gains)
        found = [search(apply(game, p, action)) for _, action in options(game, p, None)]
        return max(found) if game.side(p.turn) == judged_side else min(found)

    return search(pos)


def replay(case: dict[str, Any], hand: dict[str, Any], upto: int) -> tuple[Game, Pos]:
    """The case's hand replayed to just before move `upto` (claims and Muggins calls skipped: the value counts
    end points as made by the seat that made them)."""
    opts = case.get("options", {})
    players = opts.get("players", 4)
    game = Game(case["preset"], players, opts.get("partners", case["preset"] in ("block", "jamaican")))
    hands = tuple(frozenset(tile(t) for t in seat) for seat in hand["deal"])
    leader = hand["leader"] if "leader" in hand else leader_of(hands)
    pos = Pos(hands, tuple(tile(t) for t in hand.get("stock") or []), (), False, leader, 0, (0,) * game.sides)
    for move in hand["moves"][:upto]:
        if move == "claim" or move.startswith("muggins"):
            continue
        pos = apply(game, pos, find(game, pos, move, forced_pose(game, pos)))
    return game, pos


def leader_of(hands: tuple[frozenset[tuple[int, int]], ...]) -> int:
    """The seat holding the highest double (every example's deal has one)."""
    return max(range(len(hands)), key=lambda s: max((t[0] for t in hands[s] if t[0] == t[1]), default=-1))


def forced_pose(game: Game, pos: Pos) -> tuple[int, int] | None:
    if pos.arms or not PRESETS[game.preset]["must"]:
        return None
    return max((t for t in pos.hands[pos.turn] if t[0] == t[1]), default=None)


def find(game: Game, pos: Pos, move: str, forced: tuple[int, int] | None) -> Any:
    for notation, action in options(game, pos, forced):
        if notation == move or notation.split("@")[0] == move:
            return action
    raise AssertionError(f"{move} is not an option")


def option_values(
    case: dict[str, Any], hand: dict[str, Any], ply: int, world: dict[str, Any] | None = None
) -> dict[str, int]:
    """Every option's value at move `ply` of the hand (in `world`'s hands and stock, when given)."""
    game, pos = replay(case, hand, ply)
    forced = forced_pose(game, pos)
    if world is not None:
        hands = [frozenset(tile(t) for t in world["hands"].get(str(s), [])) for s in range(game.players)]
        hands[pos.turn] = pos.hands[pos.turn]
        pos = replace(pos, hands=tuple(hands), stock=tuple(tile(t) for t in world["stock"]))
    side = game.side(pos.turn)
    found = {}
    for notation, action in options(game, pos, forced):
        found[notation] = value(game, apply(game, pos, action), side)
    return found


def graded(preset: str, loss: float) -> str:
    """The document's grade table: the loss's grade in the preset's scoring family."""
    if loss == 0:
        return "best"
    if preset == "jamaican":  # hands: one point per hand won
        return "fine" if loss < 0.5 else "loose" if loss < 1.5 else "blunder"
    loose = 15 if PRESETS[preset]["fives"] else 20
    return "fine" if loss <= 5 else "loose" if loss <= loose else "blunder"


def test_every_face_up_value_follows_from_the_definition() -> None:
    cases = case_files()
    checked = 0
    for case_name, args, lines in runs():
        if "view" in args or "--budget" in args:
            continue
        case = cases[case_name]
        for line in lines:
            judged = json.loads(line)
            hand = case["hands"][judged["hand"]]
            assert judged["values"] == option_values(case, hand, judged["ply"]), line
            assert judged["loss"] == max(judged["values"].values()) - judged["values"][judged["played"]]
            assert judged["grade"] == graded(case["preset"], judged["loss"])
            checked += 1
    assert checked >= 10


def test_every_world_of_the_view_example_follows_from_the_definition() -> None:
    cases = case_files()
    checked = 0
    for case_name, args, lines in runs():
        if "--worlds" not in args:
            continue
        case = cases[case_name]
        for line in lines:
            judged = json.loads(line)
            hand = case["hands"][judged["hand"]]
            worlds = judged["worlds"]
            assert sum(w["weight"] for w in worlds) == pytest.approx(1.0)
            for world in worlds:
                assert world["values"] == option_values(case, hand, judged["ply"], world)
                checked += 1
            means = {move: sum(w["weight"] * w["values"][move] for w in worlds) for move in judged["values"]}
            for move, shown in judged["values"].items():
                assert shown == pytest.approx(means[move], abs=0.005)
            loss = max(means.values()) - means[judged["played"]]
            assert judged["loss"] == pytest.approx(loss, abs=0.005)
    assert checked >= 10


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("room", {"players": 2, "deal_size": 3}),
        ("room", {"players": 3, "deal_size": 3}),
        ("block", {"deal_size": 2}),
        ("jamaican", {"deal_size": 3}),
        ("all_fives", {"players": 2, "deal_size": 3}),
        ("all_fives", {"players": 4, "partners": True, "deal_size": 3}),
    ],
)
def test_the_definition_gives_the_coachs_values_in_random_hands(preset: str, options: dict[str, Any]) -> None:
    """Beyond the document's examples: random small deals, played at random by the moves the definition allows,
    judged by the coach (in this process) and by the minimax above; every decision's values the same. Draws, a
    double's end and paranoid searches come up here more often than in the examples."""
    import random

    from dominoes_desktop.cli.coach import coach_case

    rng = random.Random(f"{preset} {options}")
    tiles = [(a, b) for a in range(7) for b in range(a + 1)]
    players = options.get("players", 4)
    size = options["deal_size"]
    judged = 0
    while judged < 12:
        rng.shuffle(tiles)
        if not any(a == b for a, b in tiles[: players * size]):
            continue  # every preset here finds its leader by the highest double
        hand: dict[str, Any] = {"deal": [[name(t) for t in tiles[s * size : (s + 1) * size]] for s in range(players)]}
        if PRESETS[preset]["draw"]:
            hand["stock"] = [name(t) for t in tiles[players * size :]]
        case = {"preset": preset, "options": options, "hands": [hand]}
        hand["moves"] = []
        game, pos = replay(case, hand, 0)
        while not hand["moves"] or not over(game, pos):
            notation, action = rng.choice(options_of(game, pos))
            hand["moves"].append(notation)
            pos = apply(game, pos, action)
        for one in coach_case(case):
            line = one.as_json()
            assert line["values"] == option_values(case, hand, line["ply"]), (case, line)
            judged += 1


def options_of(game: Game, pos: Pos) -> list[tuple[str, Any]]:
    return options(game, pos, forced_pose(game, pos))


def over(game: Game, pos: Pos) -> bool:
    last = (pos.turn - 1) % game.players
    return (not pos.hands[last] and pos.passes == 0) or pos.passes == game.players
