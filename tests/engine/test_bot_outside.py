"""The bot protocol (BOT.md) as another engine drives it: a request's `legal` list is followed only as far as the
rules allow, and every decision of a real match, sent with the match's own `legal`, is answered with one of them."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from dominoes_desktop.cli.bot import reply_to
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import ClaimWindow, MugginsWindow, PlayTurn
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

# Seat 1 to answer the pose 6-6 in a block game: it holds 6-3 and 6-1, which fit.
AFTER_POSE: dict[str, Any] = {
    "preset": "puerto_rican",
    "options": {},
    "hand_index": 0,
    "seat": 1,
    "hand": ["4-4", "3-1", "2-0", "1-1", "6-3", "5-0", "6-1"],
    "leader": 0,
    "moves": [{"seat": 0, "move": "6-6"}],
    "scores": [0, 0],
    "hand_sizes": [6, 7, 7, 7],
    "stock": 0,
}


def ask(request: dict[str, Any], level: str = "random") -> dict[str, Any]:
    return reply_to(make_player(level, 0, 50), json.dumps(request))


@pytest.mark.parametrize(
    ("legal", "words"),
    [
        (["5-5"], "'legal' lists 5-5, which seat 1 cannot play: seat 1 does not hold 5-5"),
        (["6-5@6"], "'legal' lists 6-5@6, which seat 1 cannot play: seat 1 does not hold 6-5"),
        (["4-4"], "'legal' lists 4-4, which seat 1 cannot play: 4-4 does not fit any open end (open ends 6, 6)"),
        (["6-3@3"], "'legal' lists 6-3@3, which seat 1 cannot play: 6-3 cannot be played on an end showing 3"),
        (["pass"], "'legal' lists pass, but seat 1's moves here are: 6-3@6, 6-1@6"),
        (["6-3@6", "draw"], "'legal' lists draw, but seat 1's moves here are: 6-3@6, 6-1@6"),
        (["claim"], "'legal' lists claim, but seat 1's moves here are: 6-3@6, 6-1@6"),
    ],
)
def test_a_legal_list_the_rules_do_not_allow_is_refused_in_one_line(legal: list[str], words: str) -> None:
    # Before the check the bot answered {"move": "5-5"} here, a tile it does not hold, and "pass" while 6-3 fits.
    for level in ("random", "hard"):
        reply = ask(AFTER_POSE | {"legal": legal}, level)
        assert set(reply) == {"error"} and reply["error"].startswith(words), reply
        assert "\n" not in reply["error"]


def test_a_pose_is_the_match_s_word_but_only_of_a_tile_held() -> None:
    pose = AFTER_POSE | {"seat": 0, "hand": ["6-6", "6-5", "4-4", "3-2", "2-0", "1-0", "5-3"], "moves": []}
    pose |= {"hand_sizes": [7, 7, 7, 7], "legal": ["5-5"]}
    assert ask(pose) == {"error": "'legal' lists 5-5, but seat 0 does not hold it"}
    # A first hand dealt with a free lead (a hand review's "Deal again") looks, to a request, like one where 6-6
    # must be posed: which pose rule applies is the match's word (review25b; a check of the rule refused it).
    assert ask(pose | {"legal": ["4-4"]})["move"] == "4-4"
    classic = pose | {"preset": "classic_block", "hand": pose["hand"][:6], "hand_sizes": [6, 6, 6, 6]}
    classic |= {"scores": [0, 0, 0, 0], "hand_index": 5, "legal": ["6-5"]}
    assert ask(classic, "hard")["move"] == "6-5"


@pytest.mark.parametrize("level", ["hard", "expert", "expert_fast"])
def test_a_legal_list_written_without_ends_is_answered_by_the_searching_levels(level: str) -> None:
    # "@x" may be left out where a tile fits one way (BOT.md): the searching levels failed on such a list with
    # "the request cannot be answered (IllegalMove: no open end shows None)" (review25b).
    reply = ask(AFTER_POSE | {"legal": ["6-3", "6-1"]}, level)
    assert reply.get("move") in {"6-3", "6-1"}, reply


def test_a_legal_list_the_rules_allow_is_followed() -> None:
    assert ask(AFTER_POSE | {"legal": ["6-1@6"]})["move"] == "6-1@6"
    assert ask(AFTER_POSE | {"legal": ["6-3"]})["move"] == "6-3", "a tile that fits one way needs no '@'"
    pose = AFTER_POSE | {"seat": 0, "hand": ["6-6", "6-5", "4-4", "3-2", "2-0", "1-0", "5-3"], "moves": []}
    pose |= {"hand_sizes": [7, 7, 7, 7], "hand_index": 4, "legal": ["4-4"]}
    assert ask(pose)["move"] == "4-4", "the pose is the match's word (a rule a request cannot tell may force it)"
    early = ask(AFTER_POSE | {"seat": 2, "legal": ["6-3@6"]})
    assert early == {"error": "'legal' lists 6-3@6, but it is not seat 2's turn to play"}


def test_the_answer_is_spelled_as_the_legal_list_spells_it() -> None:
    # Before, "3-5@5" listed was answered "5-3@5": the same move, but not one of the list to an engine reading text.
    ends_3_and_5 = AFTER_POSE | {"seat": 3, "hand": ["5-3", "4-4", "2-0", "1-1", "1-0", "2-2", "4-0"]}
    ends_3_and_5 |= {"moves": [{"seat": 0, "move": "6-6"}, {"seat": 1, "move": "6-3@6"}, {"seat": 2, "move": "6-5@6"}]}
    ends_3_and_5 |= {"hand_sizes": [6, 6, 6, 7]}
    for level in ("random", "hard"):
        assert ask(ends_3_and_5 | {"legal": ["3-5@5"]}, level)["move"] == "3-5@5"
        assert ask(ends_3_and_5 | {"legal": [" 5-3@3 "]}, level)["move"] == "5-3@3"
        assert ask(ends_3_and_5, level)["move"] in {"5-3@3", "5-3@5"}, "without a list, the bot's own notation"


def test_a_muggins_the_legal_list_does_not_offer_is_not_called() -> None:
    # All fives: seat 0 posed 5-5 (10 points) and has not claimed. Seat 1 may call Muggins, and does when it may
    # (no list), but a match that lists only its plays is answered with one of them; before, with "muggins:1".
    unclaimed = AFTER_POSE | {"preset": "all_fives", "scores": [0, 0, 0, 0], "stock": 8}
    unclaimed |= {"hand": ["6-6", "4-1", "3-2", "0-0", "5-0"], "moves": [{"seat": 0, "move": "5-5"}]}
    unclaimed |= {"hand_sizes": [4, 5, 5, 5]}
    for level in ("random", "hard"):
        assert ask(unclaimed, level)["move"] == "muggins:1"
        assert ask(unclaimed | {"legal": ["muggins:1", "5-0@5d"]}, level)["move"] == "muggins:1"
        assert ask(unclaimed | {"legal": ["5-0@5d"]}, level)["move"] == "5-0@5d"


@pytest.mark.parametrize("preset", ["dominican", "cuban", "draw", "cross_9", "all_fives", "cutthroat", "classic_draw"])
def test_every_decision_of_a_match_sent_with_its_legal_list_is_answered_from_it(preset: str) -> None:
    rules = build_rules(preset)
    table = CpuTable(rules, [make_player("easy", s) for s in range(rules.players)], 7)
    match = table.match
    asked: dict[str, int] = {}
    while not match.is_over and match.hand_index < 3:
        pending = match.pending()
        seats: list[int] = []
        if isinstance(pending, PlayTurn | ClaimWindow):
            seats = [pending.seat]
        elif isinstance(pending, MugginsWindow):
            seats = list(pending.seats)
        for seat in seats:
            view = PlayerView.of(match, seat)
            assert view.legal is not None
            reply = ask(view.to_request(preset, {}))
            assert reply.get("move") in {m.notation() for m in view.legal}, reply
            kind = type(pending).__name__
            asked[kind] = asked.get(kind, 0) + 1
        table.step()
    assert asked.get("PlayTurn", 0) >= 30, asked
    if rules.claims:
        assert asked.get("ClaimWindow", 0) >= 1, asked


def test_a_sloppy_engines_lines_are_read_as_the_readme_says() -> None:
    """CRLF, spaces around a line, fields in another order, unknown fields, a blank line (skipped, no answer), a
    message of a type the protocol does not have (an error, and the bot reads on), and a last request with no
    line end (answered): the process answers each in one line and exits 0 at the end of input."""
    request = AFTER_POSE | {"legal": ["6-1@6"]}
    reversed_fields = dict(reversed(list(request.items())))
    lines = [
        json.dumps(request) + "\r\n",
        "  \t" + json.dumps(reversed_fields) + "  \n",
        "\n",
        json.dumps(request | {"type": "go", "ponder": True}) + "\n",
        json.dumps({"type": "hello", "version": 1}) + "\n",
        json.dumps(request),
    ]
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", "hard", "--movetime-ms", "20"],
        input="".join(lines).encode(),
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 0 and run.stderr == b"", run.stderr[-2000:]
    replies = [json.loads(line) for line in run.stdout.decode().split("\n")[:-1]]
    assert [r.get("move") for r in replies] == ["6-1@6", "6-1@6", "6-1@6", None, "6-1@6"], replies
    assert replies[3] == {"error": 'a preset must be named, like "preset": "jamaican"'}


def test_the_random_level_says_a_pass_is_a_pass() -> None:
    # Stuck, the random level's only move is a pass: it said "A tile picked at random." (bot25).
    stuck = AFTER_POSE | {"hand": ["4-4", "3-1", "2-0", "1-1", "3-3", "5-0", "2-1"]}
    reply = ask(stuck)
    assert reply["move"] == "pass" and reply["why"] == "No tile fits: pass.", reply
    assert ask(AFTER_POSE)["why"] == "A tile picked at random."
