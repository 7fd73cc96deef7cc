"""What an outside reader of docs/REPLAY.md found (session 26): each case here went the wrong way before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dominoes_desktop.engine import replay
from dominoes_desktop.engine.cases import differences, same_json
from dominoes_desktop.engine.inputs import json_shown


def tiles(text: str) -> list[str]:
    """A list of tiles written out as a case's (a stock of twenty-odd tiles on one line)."""
    return text.split()


# Classic Draw for two, two tiles each: seat 0 goes out and scores seat 1's 10 pips; "reset" false, seat 1 scores 0.
DRAW_2P: dict[str, Any] = {
    "preset": "classic_draw",
    "options": {"players": 2, "deal_size": 2},
    "hands": [
        {
            "deal": [["4-4", "6-1"], ["5-0", "2-1"]],
            "stock": tiles(
                "3-2 4-2 6-4 6-6 6-5 6-3 6-2 6-0 5-5 5-4 5-3 5-2 5-1 4-3 4-1 4-0 3-3 3-1 3-0 2-2 2-0 1-1 1-0 0-0"
            ),
            "moves": ["4-4", "draw", "draw", "4-2", "draw", "6-4", "2-1", "6-1@6"],
        }
    ],
}


def run(tmp_path: Path, case: Any, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    code = replay.main([str(path), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_check_tells_false_from_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`"winner_seat": false` from another engine passed against seat 0, and `"reset": 0` against false."""
    expect = {"scores": [10, False], "hands": [{"reset": 0, "winner_seat": False, "points": 10.0}]}
    code, out, err = run(tmp_path, DRAW_2P | {"expect": expect}, capsys, "--check")
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "mismatch: scores: expected [10, false], got [10, 0]",
        "mismatch: hands.0.reset: expected 0, got false",
        "mismatch: hands.0.winner_seat: expected false, got 0",
    ]  # 10.0 and 10 are one JSON number: no mismatch for "points"


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (0, False, False),
        (1, True, False),
        (True, True, True),
        (10, 10.0, True),
        (None, False, False),
        (None, None, True),
        ([0, [1]], [False, [True]], False),
        ([0, [1]], [0.0, [1]], True),
        ({"a": 0}, {"a": False}, False),
        ({"a": 0}, {"b": 0}, False),
        ("1", 1, False),
    ],
)
def test_json_values_compare_by_json_type(a: Any, b: Any, same: bool) -> None:
    assert same_json(a, b) is same and same_json(b, a) is same
    assert (differences({"k": a}, {"k": b}) == []) is same


MATCH_FILE = {"format": "dominoes-desktop-match", "preset": "room"}
NOT_READ = 'a match file ("format": "dominoes-desktop-match") is of version 1 or 2'


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"version": 2, "hands": []}, "'actions' is missing: a match file lists every decision of its match"),
        ({"version": 2, "actions": {}}, "'actions' must be a list"),
        ({"version": 3, "hands": []}, f"version 3 is not one this game reads: {NOT_READ}"),
        ({"version": True, "hands": []}, f"version true is not one this game reads: {NOT_READ}"),
        ({"version": "2", "hands": []}, f'version "2" is not one this game reads: {NOT_READ}'),
        ({"version": 2.0, "hands": []}, f"version 2.0 is not one this game reads: {NOT_READ}"),
        ({"hands": []}, f"no version: {NOT_READ}"),
    ],
)
def test_a_match_file_says_what_it_lacks(
    fields: dict[str, Any], error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without `actions`, a saved match was told "'actions' must list at most 200000 actions"; of another version
    than 1 or 2 (or `true`, read as 1), it was replayed as a plain case and printed a result, exit 0."""
    assert run(tmp_path, MATCH_FILE | fields, capsys) == (2, "", f"error: {error}\n")


@pytest.mark.parametrize("fields", [{"version": 1, "hands": []}, {"version": 2, "actions": []}])
def test_the_versions_read_still_replay(
    fields: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = '{"hands": [], "scores": [0, 0, 0, 0], "match_winner": null}\n'
    assert run(tmp_path, MATCH_FILE | fields, capsys) == (0, out, "")


ROOM_2P = {"preset": "room", "options": {"players": 2}}
# REPLAY.md's two-player room hand: seat 1 poses 4-3 and goes out with 5-4.
ROOM_MOVES = ["4-3", "3-1", "4-4", "1-0", "0-0", "2-0", "6-4", "3-2", "6-6", "3-0", "6-5", "5-5", "5-4"]
ROOM_DEAL = [["1-0", "2-0", "2-1", "3-1", "3-2", "3-0", "5-5"], ["6-6", "6-5", "6-4", "4-4", "5-4", "4-3", "0-0"]]


@pytest.mark.parametrize(
    ("case", "error"),
    [
        (
            ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": ["4-3", None]}]},
            "move 1 (null): a move must be a string, not null",
        ),
        (
            ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": [True]}]},
            "move 0 (true): a move must be a string, not true",
        ),
        (
            {"preset": "room", "options": {"players": True}, "hands": []},
            "option 'players' must be a whole number, not true",
        ),
        (
            {"preset": "room", "options": {"players": "2"}, "hands": []},
            "option 'players' must be a whole number, not \"2\"",
        ),
        (
            {"preset": "room", "options": {"partners": "yes"}, "hands": []},
            "option 'partners' must be true or false, not \"yes\"",
        ),
        (
            {"preset": "room", "options": {"single_round": 0}, "hands": []},
            "option 'single_round' must be true or false, not 0",
        ),
        (
            {"preset": "room", "options": {"style": None, "set": [6]}, "hands": []},
            "option 'set' must be a whole number, not [6]",
        ),
        (ROOM_2P | {"hands": [{"deal": [[None, *ROOM_DEAL[0][1:]], ROOM_DEAL[1]], "moves": []}]}, "null is not a tile"),
    ],
)
def test_errors_quote_values_as_json(
    case: dict[str, Any], error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file's null, true and "2" were quoted as Python's None, True and '2'."""
    code, out, err = run(tmp_path, case, capsys)
    assert (code, out) == (2, "") and err.startswith("error: ") and err.endswith(f"{error}\n"), err


def test_null_counts_as_left_out_where_the_document_says(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`"single_round": null` was refused ("must be true or false, not None") though every option's null keeps
    the preset's value; `leader` and a block game's `stock` of null were accepted, as REPLAY.md now says."""
    options: dict[str, Any] = dict.fromkeys(["target", "single_round", "set", "partners", "style", "deal_size"])
    plain = ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": ROOM_MOVES}]}
    nulls = {"preset": "room", "options": options | {"players": 2}}
    nulls |= {"hands": [{"deal": ROOM_DEAL, "leader": None, "stock": None, "moves": ROOM_MOVES}]}
    code, out, err = run(tmp_path, nulls, capsys)
    assert (code, err) == (0, "") and (code, out, err) == run(tmp_path, plain, capsys)
    code, _, err = run(tmp_path, ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": None}]}, capsys)
    assert (code, err) == (2, "error: hand 0: 'moves' must be a list\n")


@pytest.mark.parametrize("leader", [1.0, "1", True])
def test_a_whole_number_is_a_json_integer(leader: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """REPLAY.md: 2.0 is no whole number; the leader's error now says what was written instead."""
    code, out, err = run(
        tmp_path, ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "leader": leader, "moves": ROOM_MOVES}]}, capsys
    )
    assert (code, out, err) == (2, "", f"error: hand 0: 'leader' must be a seat number, not {json.dumps(leader)}\n")
    code, out, err = run(tmp_path, {"preset": "room", "options": {"players": 2.0}, "hands": []}, capsys)
    assert (code, err) == (2, "error: option 'players' must be a whole number, not 2.0\n")


@pytest.mark.parametrize(
    ("deal", "error"),
    [
        (ROOM_DEAL[:1], "expected 2 lists of tiles (one per seat), not 1"),
        ("1-0", 'expected 2 lists of tiles (one per seat), not "1-0"'),
        (None, "missing; expected 2 lists of tiles (one per seat)"),
    ],
)
def test_the_deal_counts_lists_not_hands(
    deal: Any, error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'expected 4 hands, one per seat' spoke of "hands", the name of the case's list of the match's hands."""
    hand = {"moves": ROOM_MOVES} if deal is None else {"deal": deal, "moves": ROOM_MOVES}
    assert run(tmp_path, ROOM_2P | {"hands": [hand]}, capsys) == (2, "", f"error: hand 0, deal: {error}\n")


@pytest.mark.parametrize(
    ("where", "name", "meant"),
    [
        ("case", "option", "options"),
        ("case", "Preset", "preset"),
        ("case", "HANDS", "hands"),
        ("case", "exepct", "expect"),
        ("hand", "lead", "leader"),
        ("hand", "stok", "stock"),
        ("hand", "mvoes", "moves"),
        ("hand", "deals", "deal"),
    ],
)
def test_a_misspelt_known_field_is_refused(
    where: str, name: str, meant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt field was ignored, so `"lead": 3` replayed the hand with the rules' leader, `"option"` under the
    preset's own options, without a word."""
    hand = {"deal": ROOM_DEAL, "moves": ROOM_MOVES}
    case = ROOM_2P | ({name: 1, "hands": [hand]} if where == "case" else {"hands": [hand | {name: 1}]})
    prefix = "" if where == "case" else "hand 0: "
    assert run(tmp_path, case, capsys) == (2, "", f"error: {prefix}unknown field '{name}' (did you mean '{meant}'?)\n")


def test_other_fields_are_still_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The fields the project's cases and saved files of version 1 carry beside the known ones, and names far
    from any known one."""
    extra = dict.fromkeys(["note", "format", "seed", "seats", "table", "practice", "rng", "duplicate", "fair_next"], 1)
    extra |= {"version": 1, "format": "dominoes-desktop-match", "x": 1, "expected": 1, "hand_count": 1}
    hand = {"deal": ROOM_DEAL, "moves": ROOM_MOVES, "seed": 1, "fair": 1, "chosen": 1, "note": 1, "dl": 1, "dealer": 1}
    code, out, err = run(tmp_path, ROOM_2P | extra | {"hands": [hand]}, capsys)
    assert (code, err) == (0, "") and json.loads(out)["scores"] == [0, 3]


def test_the_document_s_words_on_claims_zero_and_the_porch_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """REPLAY.md's sentences the reader could not tell from the old words: a claim after the hand's end takes
    points still waiting, and with none waiting is 'the hand is already over'; ends adding up to 0 score
    nothing; porch_fives takes the winners' pips off before rounding."""
    fives = {"preset": "all_fives", "options": {"players": 2, "deal_size": 3}}
    deal = [["6-6", "1-0", "6-4"], ["6-1", "6-0", "5-2"]]
    stock = tiles("6-5 6-3 6-2 5-5 5-4 5-3 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 0-0")
    moves = ["6-6", "6-1", "1-0", "6-0@0", "6-4@6"]  # seat 0 goes out; 6-4 leaves ends 4 and 0: nothing to claim
    code, _, err = run(
        tmp_path, fives | {"hands": [{"deal": deal, "stock": stock, "moves": [*moves, "claim"]}]}, capsys
    )
    assert (code, err) == (2, "error: hand 0, move 5 (claim): the hand is already over (domino)\n")
    threes = {"preset": "fives_threes", "options": {"players": 2, "deal_size": 2}}
    deal = [["6-3", "2-1"], ["3-3", "3-0"]]
    stock = tiles("6-6 6-5 6-4 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-2 3-1 2-2 2-0 1-1 1-0 0-0")
    moves = ["3-3", "claim", "6-3", "claim", "3-0", "claim"]  # the domino's 6 and 0 (6) claimed after the end
    code, out, _ = run(tmp_path, threes | {"hands": [{"deal": deal, "stock": stock, "moves": moves}]}, capsys)
    assert code == 0 and json.loads(out)["hands"][0]["end_points"] == [12, 12]
    zero = {"preset": "all_fives", "options": {"players": 2, "deal_size": 2}}
    deal = [["0-0", "1-1"], ["6-5", "4-3"]]
    stock = tiles("6-6 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-0")
    code, _, err = run(tmp_path, zero | {"hands": [{"deal": deal, "stock": stock, "moves": ["0-0", "claim"]}]}, capsys)
    assert (code, err) == (2, "error: hand 0, move 1 (claim): there are no unclaimed points to take\n")
    porch = {"preset": "all_fives", "options": {"deal_size": 6}}
    deal = [
        ["6-6", "0-0", "1-0", "2-0", "6-5", "6-4"],
        ["1-1", "2-1", "3-1", "4-1", "5-1", "6-1"],
        ["2-2", "3-2", "4-2", "5-2", "6-2", "3-3"],
        ["4-3", "5-3", "6-3", "4-4", "5-4", "5-5"],
    ]
    moves = ["0-0", "draw", "draw", "pass", "1-0", "3-0", "3-2@3", "pass", "2-0", "4-1", "4-0@4"] + ["pass"] * 4
    for options, points in (({}, 50), ({"partners": True}, 10)):  # 11, 9 and 29 -> 10+10+30; 73 - 64 = 9 -> 10
        case = porch | {"options": porch["options"] | options}
        case["hands"] = [{"deal": deal, "stock": ["3-0", "4-0", "5-0", "6-0"], "moves": moves}]
        code, out, _ = run(tmp_path, case, capsys)
        hand = json.loads(out)["hands"][0]
        assert (code, hand["end"], hand["pips"], hand["points"]) == (0, "blocked", [33, 22, 31, 51], points)


def test_spaces_around_a_move_are_ignored_and_capitals_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """REPLAY.md's words on how a move is written (the refusal's wording is moves.py's, not checked here)."""
    spaced = [f" {move}\t" for move in ROOM_MOVES]
    assert (
        run(tmp_path, ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": spaced}]}, capsys)[:2]
        == run(tmp_path, ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": ROOM_MOVES}]}, capsys)[:2]
    )
    code, out, err = run(tmp_path, ROOM_2P | {"hands": [{"deal": ROOM_DEAL, "moves": ["4-3", "PASS"]}]}, capsys)
    assert (code, out) == (2, "") and err.startswith("error: hand 0, move 1 (PASS): ")


def test_a_value_is_shown_as_json_and_cut_short() -> None:
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):  # deeper than json.dumps goes
        inner.append([])
        inner = inner[0]
    assert [json_shown(v) for v in (None, True, "2", 2.0, {"a": [1]})] == ["null", "true", '"2"', "2.0", '{"a": [1]}']
    assert json_shown("x" * 100) == '"' + "x" * 20 + "..."
    assert json_shown(deep) == "[" * 21 + "..."
