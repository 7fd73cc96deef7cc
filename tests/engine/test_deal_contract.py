"""REPLAY.md's contract for deals and stocks, and for what may follow a hand's end, at every command that reads
cases: replay, the coach and fairness refuse the same cases with the same one line (exit 2).

Every seat holds exactly the rules' deal size (RULES.md sections 9, 9b and 10, after host options); a draw
style lists every undealt tile in its stock, once; a block style has no stock (undealt tiles sleep)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.cli import bot, coach, fairness, replay
from dominoes_desktop.engine.cases import CaseError, parse_deal
from dominoes_desktop.engine.cases import replay as replay_case
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.deal import Dealer, check_deal_counts, read_deal
from dominoes_desktop.engine.decisions import (
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    DealHand,
    Lead,
    LetGo,
    Moved,
    MugginsWindow,
    PlayTurn,
    RedealOffer,
)
from dominoes_desktop.engine.errors import DealError
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Style
from dominoes_desktop.engine.tiles import full_set

from .helpers import RULE_CASES

COMMANDS: dict[str, Callable[[list[str]], int]] = {
    "replay": replay.main,
    "coach": lambda args: coach.main([*args, "--workers", "1", "--budget", "50"]),
    "fairness": fairness.main,
}


def _shared(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RULE_CASES / name).read_text())
    return data


def _first_hand(name: str) -> dict[str, Any]:
    """A rule case cut to its first hand, without "expect": the deal is what the tests below change."""
    case = _shared(name)
    case["hands"] = case["hands"][:1]
    case.pop("expect", None)
    return case


def _run(command: str, case: Any, tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = COMMANDS[command]([str(path)])
    return code, out.getvalue(), err.getvalue()


# ---- the cases each command must refuse ----------------------------------------------------------------


def _jamaican_six_each() -> dict[str, Any]:
    case = _first_hand("jamaican-match-1.json")
    for seat in case["hands"][0]["deal"]:
        seat.pop()
    return case


def _all_fives_six_each() -> dict[str, Any]:
    case = _first_hand("all_fives-match-1.json")
    hand = case["hands"][0]
    for seat in hand["deal"]:
        seat.append(hand["stock"].pop(0))
    return case


def _draw_seven_each_no_stock() -> dict[str, Any]:
    case = _first_hand("draw-match-1.json")
    hand = case["hands"][0]
    every = [t for seat in hand["deal"] for t in seat] + hand["stock"]
    hand["deal"] = [every[s * 7 : s * 7 + 7] for s in range(4)]
    hand["stock"] = []
    return case


def _draw_stock_omitted() -> dict[str, Any]:
    case = _first_hand("draw-match-1.json")
    del case["hands"][0]["stock"]
    return case


def _draw_stock_short() -> dict[str, Any]:
    case = _first_hand("draw-match-1.json")
    case["hands"][0]["stock"].pop()
    return case


def _all_fives_stock_short() -> dict[str, Any]:
    """The all-fives draw is a draw style: its stock lists the two tiles that sleep too."""
    case = _first_hand("all_fives-match-1.json")
    del case["hands"][0]["stock"][-2:]
    return case


def _sleeping(case: dict[str, Any]) -> list[str]:
    rules = build_rules(case["preset"], case.get("options") or {})
    dealt = {t for seat in case["hands"][0]["deal"] for t in seat}
    return [str(t) for t in full_set(rules.set_top, rules.removed_tiles) if str(t) not in dealt]


def _cuban_with_a_stock() -> dict[str, Any]:
    case = _first_hand("cuban-match-1.json")
    case["hands"][0]["stock"] = _sleeping(case)
    return case


def _classic_block_with_one_stock_tile() -> dict[str, Any]:
    case = _first_hand("classic_block-match-1.json")
    case["hands"][0]["stock"] = _sleeping(case)[:1]
    return case


def _cuban_seven_each_on_double_9() -> dict[str, Any]:
    case = _first_hand("cuban-match-1.json")
    for seat in case["hands"][0]["deal"]:
        del seat[7:]
    return case


REFUSED: list[tuple[str, Callable[[], dict[str, Any]], str]] = [
    (
        "jamaican dealt 6 each",
        _jamaican_six_each,
        "error: hand 0, deal: seat 0 is dealt 6 tiles, but Jamaican partners deals 7 each to 4 players "
        "from a double-6 set",
    ),
    (
        "all fives dealt 6 each",
        _all_fives_six_each,
        "error: hand 0, deal: seat 0 is dealt 6 tiles, but All Fives (Muggins) deals 5 each to 4 players "
        "from a double-6 set",
    ),
    (
        "draw dealt 7 each, empty stock",
        _draw_seven_each_no_stock,
        "error: hand 0, deal: seat 0 is dealt 7 tiles, but Draw (house rules) deals 5 each to 4 players "
        "from a double-6 set",
    ),
    (
        "draw, stock omitted",
        _draw_stock_omitted,
        "error: hand 0, stock: missing; a draw game lists its 8 undealt tiles, in drawing order",
    ),
    (
        "draw, stock short",
        _draw_stock_short,
        "error: hand 0, stock: 7 tiles listed, but a draw game stacks every undealt tile, 8 here",
    ),
    (
        "all fives, stock short of its sleepers",
        _all_fives_stock_short,
        "error: hand 0, stock: 6 tiles listed, but a draw game stacks every undealt tile, 8 here",
    ),
    (
        "cuban (block) with a stock",
        _cuban_with_a_stock,
        "error: hand 0, stock: a block game has no stock (its 15 undealt tiles sleep), but 15 are listed",
    ),
    (
        "classic block with one stock tile",
        _classic_block_with_one_stock_tile,
        "error: hand 0, stock: a block game has no stock (its 4 undealt tiles sleep), but 1 is listed",
    ),
    (
        "cuban dealt 7 each on double-9",
        _cuban_seven_each_on_double_9,
        "error: hand 0, deal: seat 0 is dealt 7 tiles, but Cuban deals 10 each to 4 players from a double-9 set",
    ),
]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(("name", "make", "line"), REFUSED, ids=[name for name, _, _ in REFUSED])
def test_every_case_reader_refuses_the_deal_with_the_same_line(
    command: str, name: str, make: Callable[[], dict[str, Any]], line: str, tmp_path: Path
) -> None:
    code, out, err = _run(command, make(), tmp_path)
    assert (code, out, err) == (2, "", line + "\n"), name


@pytest.mark.parametrize("name", ["jamaican-match-1.json", "all_fives-match-1.json", "draw-match-1.json"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_unchanged_hands_are_accepted_by_every_reader(command: str, name: str, tmp_path: Path) -> None:
    """The refusals above come from the change made, not from cutting the case to one hand."""
    code, out, err = _run(command, _first_hand(name), tmp_path)
    assert (code, err) == (0, ""), err
    if command != "fairness":  # these cases carry no proof: fairness has nothing to print
        assert out


def test_a_block_case_may_give_an_empty_stock(tmp_path: Path) -> None:
    case = _first_hand("cuban-match-1.json")
    case["hands"][0]["stock"] = []
    assert _run("replay", case, tmp_path)[0] == 0


def test_the_refusals_come_from_the_commands_too(tmp_path: Path) -> None:
    """The real processes, once each: exit 2 and one line on stderr."""
    path = tmp_path / "case.json"
    path.write_text(json.dumps(_jamaican_six_each()))
    for module, extra in (("replay", ["--check"]), ("coach", ["--workers", "1"]), ("fairness", [])):
        run = subprocess.run(
            [sys.executable, "-m", f"dominoes_desktop.engine.{module}", str(path), *extra],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 2 and run.stdout == "", (module, run.stderr)
        assert run.stderr == REFUSED[0][2] + "\n", module


def test_a_draw_game_cannot_be_set_up_to_deal_7_each() -> None:
    case = _first_hand("draw-match-1.json")
    case["options"] = {"deal_size": 7}
    with pytest.raises(CaseError, match="a draw game must leave tiles in the stock: 4 players can each be dealt"):
        replay_case(case)


def test_the_one_check_counts_a_seats_tiles_as_dealt() -> None:
    rules = build_rules("classic_draw", {"players": 2})  # 7 each, 14 in the stock
    check_deal_counts(rules, [7, 7], 14)
    with pytest.raises(DealError) as caught:
        check_deal_counts(rules, [7, 8], 13)
    assert caught.value.code == "deal_size" and caught.value.params == {"seat": 1, "held": 8, "size": 7}
    with pytest.raises(DealError, match="stock: 1 tile listed"):
        check_deal_counts(rules, [7, 7], 1)
    check_deal_counts(build_rules("jamaican"), [7, 7, 7, 7], None)


# ---- a hand played through the match, as a case --------------------------------------------------------


def _played(preset: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One hand dealt from `seed` and played with random legal moves through the match's decisions, written as
    a replay case (claims let go)."""
    rules = build_rules(preset, options)
    match = Match(rules, seed)
    match.apply(None, DealHand(seed=seed))
    assert match.deal is not None
    deal = match.deal
    rng = random.Random(seed)
    moves: list[str] = []
    leader = None
    while match.hand_index == 0:
        pending = match.pending()
        if isinstance(pending, RedealOffer):
            match.apply(pending.seat, AnswerRedeal(False))
        elif isinstance(pending, ChooseLeader):
            leader = pending.seats[0]
            match.apply(None, Lead(leader))
        elif isinstance(pending, ClaimWindow | MugginsWindow):
            match.apply(pending.seats[0], LetGo())
        else:
            assert isinstance(pending, PlayTurn)
            events = match.apply(None, rng.choice(pending.moves))
            moves += [event.move.notation() for event in events if isinstance(event, Moved)]
    hand: dict[str, Any] = {
        "deal": [[str(t) for t in seat] for seat in deal.hands],
        "stock": [str(t) for t in deal.stock],
        "moves": moves,
    }
    if leader is not None:
        hand["leader"] = leader
    return {"preset": preset, "options": options, "hands": [hand]}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cuban_on_a_double_6_set_deals_7_each_and_replays(seed: int, tmp_path: Path) -> None:
    """RULES.md §9b: ten each would need 40 tiles; a double-6 Cuban deals 7 and every reader takes the case."""
    case = _played("cuban", {"set": 6}, seed)
    assert [len(seat) for seat in case["hands"][0]["deal"]] == [7, 7, 7, 7] and case["hands"][0]["stock"] == []
    for command in sorted(COMMANDS):
        code, _, err = _run(command, case, tmp_path)
        assert (code, err) == (0, ""), (command, err)
    broken = copy.deepcopy(case)
    broken["hands"][0]["deal"][2].pop()
    code, _, err = _run("replay", broken, tmp_path)
    assert (
        code == 2
        and "seat 2 is dealt 6 tiles, but Cuban (set changed) deals 7 each to 4 players from a double-6 set" in err
    )


@pytest.mark.parametrize("preset", ["all_fives", "fives_threes"])
def test_the_fives_family_switched_to_draw_replays_with_its_own_draw(preset: str, tmp_path: Path) -> None:
    """RULES.md §9b: "style": "draw" keeps the all-fives draw: a stuck seat draws one tile and its turn ends."""
    case = _played(preset, {"style": "draw", "players": 2}, 5)
    assert case["hands"][0]["stock"], "a stock to draw from"
    assert replay_case(case) == replay_case(dict(case, options={"players": 2}))
    code, _, err = _run("replay", dict(case, options={"style": "all_fives_draw", "players": 2}), tmp_path)
    assert (code, err) == (
        2,
        'error: style must be "block" or "draw", not "all_fives_draw": the fives presets keep their own draw '
        'under "draw"\n',
    )


# ---- what may follow the end of a hand ----------------------------------------------------------------

# All Fives between two: seat 0's 2-2 makes the ends count 10, nobody claims, and three passes block the hand.
BLOCKED_AFTER_POINTS: dict[str, Any] = {
    "preset": "all_fives",
    "options": {"players": 2},
    "hands": [
        {
            "deal": [["4-1", "3-1", "1-0", "3-3", "6-6"], ["4-4", "6-3", "5-4", "5-5", "4-2"]],
            "stock": [
                "6-4",
                "5-3",
                "3-0",
                "0-0",
                "1-1",
                "5-2",
                "5-1",
                "2-2",
                "5-0",
                "2-0",
                "6-2",
                "6-5",
                "2-1",
                "4-0",
                "6-1",
                "4-3",
                "6-0",
                "3-2",
            ],
            "moves": [
                "6-6",
                "6-3@6d",
                "3-1@3",
                "draw",
                "1-0@1",
                "6-4@6d",
                "4-1@4",
                "draw",
                "draw",
                "draw",
                "3-0@0",
                "5-3@3",
                "draw",
                "5-4@5",
                "1-1@1",
                "4-2@4",
                "draw",
                "draw",
                "5-2@2",
                "5-1@1d",
                "draw",
                "5-5@5",
                "draw",
                "draw",
                "5-0@5",
                "0-0@0",
                "draw",
                "2-0@0d",
                "6-2@2",
                "draw",
                "draw",
                "6-5@5d",
                "draw",
                "draw",
                "draw",
                "6-1@6",
                "2-1@1",
                "pass",
                "2-2@2",
                "pass",
                "pass",
            ],
        }
    ],
}


def _with_moves(*extra: str, cut: int = 0) -> dict[str, Any]:
    case = copy.deepcopy(BLOCKED_AFTER_POINTS)
    moves = case["hands"][0]["moves"]
    case["hands"][0]["moves"] = moves[: len(moves) - cut] + list(extra)
    return case


def test_the_points_of_the_last_tile_may_be_claimed_after_the_final_pass() -> None:
    unclaimed = replay_case(_with_moves())["hands"][0]
    assert (unclaimed["end"], unclaimed["end_points"], unclaimed["winner_seat"]) == ("blocked", [0, 0], 1)
    assert replay_case(_with_moves("claim"))["hands"][0]["end_points"] == [10, 0]
    assert replay_case(_with_moves("muggins:1"))["hands"][0]["end_points"] == [0, 10]


def test_the_claim_after_the_final_pass_counts_as_one_after_a_mid_hand_pass() -> None:
    after_end = replay_case(_with_moves("claim"))
    mid_hand = replay_case(_with_moves("claim", "pass", cut=1))
    assert after_end == mid_hand


def test_the_coach_and_fairness_read_the_claim_after_the_end(tmp_path: Path) -> None:
    for command in sorted(COMMANDS):
        code, _, err = _run(command, _with_moves("claim"), tmp_path)
        assert (code, err) == (0, ""), (command, err)


def test_the_match_offers_the_points_once_more_after_the_final_pass() -> None:
    """At the table too: the points let go mid-hand are offered again when the hand blocks, then it is scored."""
    hand = BLOCKED_AFTER_POINTS["hands"][0]
    match = Match(build_rules("all_fives", {"players": 2}))
    dealt = parse_deal(match.rules, hand, "hand 0")
    match.apply(None, DealHand(deal=dealt))
    offered = []
    for text in hand["moves"]:
        while isinstance(window := match.pending(), ClaimWindow | MugginsWindow):
            offered.append((type(window).__name__, window.seats))
            match.apply(window.seats[0], LetGo())
        match.apply(None, parse_move(text))
    assert offered[-2:] == [("ClaimWindow", (0,)), ("MugginsWindow", (1,))], "10 points, let go after 2-2"
    assert match.hand_index == 0 and match.pending() == ClaimWindow(0, 10), "offered again at the end"
    match.apply(0, LetGo())
    assert match.pending() == MugginsWindow((1,), 0, 10)
    match.apply(1, parse_move("muggins:1"))
    assert match.hand_index == 1 and match.results[0].end_points == (0, 10)


def test_only_one_claim_follows_the_end(tmp_path: Path) -> None:
    code, _, err = _run("replay", _with_moves("claim", "claim"), tmp_path)
    assert (code, err) == (2, "error: hand 0, move 42 (claim): the hand is already over (blocked)\n")


def test_a_move_after_the_end_names_the_hand_and_move(tmp_path: Path) -> None:
    code, _, err = _run("replay", _with_moves("pass"), tmp_path)
    assert (code, err) == (2, "error: hand 0, move 41 (pass): the hand is already over (blocked)\n")
    code, _, err = _run("replay", _with_moves("claim", "2-1"), tmp_path)
    assert (code, err) == (2, "error: hand 0, move 42 (2-1): the hand is already over (blocked)\n")


def test_a_claim_with_nothing_to_claim_mid_hand_is_refused(tmp_path: Path) -> None:
    code, _, err = _run("replay", _with_moves("claim", cut=3), tmp_path)
    assert (code, err) == (2, "error: hand 0, move 38 (claim): there are no unclaimed points to take\n")


def test_a_move_after_a_domino_names_the_hand_and_move(tmp_path: Path) -> None:
    case = _first_hand("all_fives-match-1.json")
    assert replay_case(case)["hands"][0]["end"] == "domino"
    moves = case["hands"][0]["moves"]
    moves.append("pass")
    code, _, err = _run("replay", case, tmp_path)
    assert (code, err) == (2, f"error: hand 0, move {len(moves) - 1} (pass): the hand is already over (domino)\n")


# ---- the bot: a hand in play must add up to a deal ------------------------------------------------------

# Puerto Rican, seat 0 to play: seat 2 posed 6-5 and seat 3 passed, so seats 0, 1 and 3 hold 7 and seat 2 holds 6.
BOT_REQUEST: dict[str, Any] = {
    "preset": "puerto_rican",
    "seat": 0,
    "hand": ["6-6", "5-4", "3-1", "2-2", "4-0", "1-0", "3-3"],
    "leader": 2,
    "moves": [{"seat": 2, "move": "6-5"}, {"seat": 3, "move": "pass"}],
    "hand_sizes": [7, 7, 6, 7],
    "stock": 0,
}
# A house-rules draw game (5 each, 8 in the stock): seat 0 posed 5-5, seat 1 had no 5 and drew one tile.
DRAW_REQUEST: dict[str, Any] = {
    "preset": "draw",
    "seat": 1,
    "hand": ["6-6", "3-1", "2-2", "4-0", "1-0", "6-4"],
    "leader": 0,
    "moves": [{"seat": 0, "move": "5-5"}, {"seat": 1, "move": "draw"}],
    "hand_sizes": [4, 6, 5, 5],
    "stock": 7,
}


def _bot(request: dict[str, Any]) -> dict[str, Any]:
    return bot.reply_to(make_player("medium", 1), json.dumps(request))


def test_a_request_that_adds_up_to_a_deal_is_answered() -> None:
    assert _bot(BOT_REQUEST)["move"] in ("6-6@6", "5-4@5")
    assert _bot(DRAW_REQUEST)["move"] == "draw", "still no 5: it draws again"
    sizes_left_out = {k: v for k, v in BOT_REQUEST.items() if k != "hand_sizes"}
    assert _bot(sizes_left_out)["move"] in ("6-6@6", "5-4@5"), "the other seats' sizes follow from the moves"


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (
            {"hand": BOT_REQUEST["hand"][:6], "hand_sizes": [6, 6, 5, 6]},
            "hand_sizes, stock and moves do not add up to a deal: deal: seat 0 is dealt 6 tiles, but Puerto Rican "
            "deals 7 each to 4 players from a double-6 set",
        ),
        (
            {"hand_sizes": [7, 6, 6, 7]},
            "hand_sizes, stock and moves do not add up to a deal: deal: seat 1 is dealt 6 tiles, but Puerto Rican "
            "deals 7 each to 4 players from a double-6 set",
        ),
    ],
)
def test_a_block_request_that_is_no_deal_gets_an_error(change: dict[str, Any], error: str) -> None:
    assert _bot(BOT_REQUEST | change) == {"error": error}


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"stock": 6}, "stock: 7 tiles listed, but a draw game stacks every undealt tile, 8 here"),
        ({"stock": 0}, "stock: 1 tile listed, but a draw game stacks every undealt tile, 8 here"),
        (
            {  # a second draw, and the stock two tiles shorter for it
                "moves": [{"seat": 0, "move": "5-5"}, {"seat": 1, "move": "draw"}, {"seat": 1, "move": "draw"}],
                "hand": [*DRAW_REQUEST["hand"], "3-0"],
                "hand_sizes": [4, 7, 5, 5],
                "stock": 5,
            },
            "stock: 7 tiles listed, but a draw game stacks every undealt tile, 8 here",
        ),
        (
            {"hand_sizes": [4, 6, 5, 6], "stock": 6},
            "deal: seat 3 is dealt 6 tiles, but Draw (house rules) deals 5 each to 4 players from a double-6 set",
        ),
    ],
)
def test_a_draw_request_that_is_no_deal_gets_an_error(change: dict[str, Any], error: str) -> None:
    reply = _bot(DRAW_REQUEST | change)
    assert reply == {"error": "hand_sizes, stock and moves do not add up to a deal: " + error}


def test_a_block_request_with_a_stock_gets_an_error() -> None:
    """Cutthroat between two: 9 each and 9 asleep, so a stock count fits the set but not the rules."""
    request = {
        "preset": "cutthroat",
        "options": {"players": 2},
        "seat": 0,
        "hand": ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "5-5", "5-4"],
        "leader": 0,
        "moves": [],
        "hand_sizes": [9, 9],
    }
    assert "move" in _bot(request)
    assert _bot(request | {"stock": 3}) == {
        "error": "hand_sizes, stock and moves do not add up to a deal: stock: a block game has no stock (its 9 "
        "undealt tiles sleep), but 3 are listed"
    }


def _written(deal: Any) -> tuple[list[list[str]], list[str], list[str]]:
    return [[str(t) for t in h] for h in deal.hands], [str(t) for t in deal.stock], [str(t) for t in deal.sleeping]


@pytest.mark.parametrize("preset", ["jamaican", "classic_draw", "cuban"])
def test_the_one_reader_of_written_deals_reads_back_what_the_dealer_dealt(preset: str) -> None:
    """Cases and match records both read deals through `read_deal`: a dealt deal written out comes back the same,
    with or without its sleeping tiles written."""
    rules = build_rules(preset)
    dealt = Dealer(rules).deal(7)
    hands, stock, sleeping = _written(dealt)
    raw_stock = stock if rules.style is Style.DRAW else None
    assert read_deal(rules, hands, raw_stock, sleeping) == dealt._replace(seed=None)
    derived = read_deal(rules, hands, raw_stock)  # the sleeping tiles in the set's order: asleep, order is moot
    assert derived._replace(sleeping=()) == dealt._replace(seed=None, sleeping=())
    assert sorted(derived.sleeping) == sorted(dealt.sleeping)


def test_the_one_reader_names_the_list_at_fault() -> None:
    rules = build_rules("jamaican")
    hands, _, _ = _written(Dealer(rules).deal(3))
    twice = [list(h) for h in hands]
    twice[2][0] = twice[1][0]
    with pytest.raises(DealError, match=r"^deal of seat 2: .* is dealt twice$"):
        read_deal(rules, twice, None)
    with pytest.raises(DealError, match=r"^deal: expected 4 lists of tiles \(one per seat\), not 3$"):
        read_deal(rules, hands[:3], None)
    with pytest.raises(DealError, match=r"^deal of seat 0: \[\[\[\[.{17}\.\.\. is not a tile$"):
        read_deal(rules, [[[[[[0] * 1000]]]], *hands[1:]], None)  # hostile input is cut short in the line
    with pytest.raises(DealError, match=r"^deal: not every tile of the set is dealt, in the stock or asleep$"):
        read_deal(build_rules("cuban"), _written(Dealer(build_rules("cuban")).deal(3))[0], None, [])
