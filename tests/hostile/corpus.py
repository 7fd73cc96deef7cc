"""The hostile inputs: hand-made files and lines that broke the game or its tools once, or could, and the
hypothesis strategies that mutate real saves, match files, bot requests and replay cases.

A hand-made file is (name, maker): the maker writes it at a path, so special files (a FIFO, a link to
/dev/zero, a folder, a sparse 1 GiB file) are made in place.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

DATA = Path(__file__).parent / "data"
SAVE = json.loads((DATA / "autosave.domino").read_text())  # a real autosave: Dominican, third hand in play
FINISHED = json.loads((DATA / "finished.domino").read_text())  # a real finished match (also a replay case)
CASE = json.loads((DATA / "case.json").read_text())  # a replay case with "expect"

BOT_REQUEST: dict[str, Any] = {
    "preset": "puerto_rican",
    "options": {},
    "hand_index": 3,
    "seat": 0,
    "hand": ["6-6", "5-4", "3-1", "2-2", "4-0", "1-0", "3-3"],
    "leader": 2,
    "moves": [{"seat": 2, "move": "6-5"}, {"seat": 3, "move": "pass"}],
    "scores": [12, 30],
    "hand_sizes": [7, 7, 6, 7],
    "stock": 0,
}

# The first decision of a house-rules draw game: 5 each, the other 8 tiles in the stock.
DRAW_REQUEST: dict[str, Any] = {
    "preset": "draw",
    "seat": 0,
    "leader": 0,
    "hand": ["6-6", "5-4", "3-1", "2-2", "4-0"],
    "moves": [],
    "hand_sizes": [5, 5, 5, 5],
    "stock": 8,
}
DRAW_HAND7 = ["6-6", "5-4", "3-1", "2-2", "4-0", "1-0", "3-3"]

HUGE = "9" * 5000  # a 5,000-digit integer, as JSON text
FAIR = {"fingerprint": "ab" * 32, "seed": 7, "salt": "00" * 16, "cut": "01"}  # a well-formed proof's shape

Maker = Callable[[Path], None]


def _text(text: str) -> Maker:
    return lambda path: path.write_text(text, encoding="utf-8")


def _bytes(data: bytes) -> Maker:
    return lambda path: path.write_bytes(data)


def _edited(base: dict[str, Any], edit: Callable[[dict[str, Any]], None]) -> Maker:
    def make(path: Path) -> None:
        data = copy.deepcopy(base)
        edit(data)
        path.write_text(json.dumps(data), encoding="utf-8")

    return make


def _raw_field(base: dict[str, Any], where: Callable[[dict[str, Any]], None], marker: str, raw: str) -> Maker:
    """Put JSON text that json.dumps would never write (NaN, a 5,000-digit number) where `marker` was."""

    def make(path: Path) -> None:
        data = copy.deepcopy(base)
        where(data)
        path.write_text(json.dumps(data).replace(json.dumps(marker), raw), encoding="utf-8")

    return make


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link_to(target: str) -> Maker:
    return lambda path: path.symlink_to(target)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("x")


def _sparse(size: int) -> Maker:
    def make(path: Path) -> None:
        with open(path, "wb") as handle:
            handle.truncate(size)

    return make


def _set(keys: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return edit


SPECIAL_FILES: list[tuple[str, Maker]] = [
    ("fifo", _fifo),
    ("link to /dev/zero", _link_to("/dev/zero")),
    ("link to /dev/null", _link_to("/dev/null")),
    ("broken link", _link_to("/nonexistent/nowhere")),
    ("folder", _folder),
    ("sparse 1 GiB", _sparse(1 << 30)),
    ("5 MiB of spaces", _bytes(b" " * (5 * 1024 * 1024))),
]

# Damaged or hostile .domino files (an autosave or a match file): every one must be refused with one line.
MATCH_FILES: list[tuple[str, Maker]] = [
    *SPECIAL_FILES,
    ("empty", _text("")),
    ("not json", _text("not json at all")),
    ("truncated", lambda p: p.write_text(json.dumps(SAVE)[:300])),
    ("invalid utf-8", _bytes(b'{"format": "\xff\xfe"}')),
    ("utf-16", lambda p: p.write_bytes(json.dumps(SAVE).encode("utf-16"))),
    ("nul bytes", _bytes(b"\x00" * 4096)),
    ("deep nesting", _text("[" * 100_000 + "]" * 100_000)),
    ("deep objects", _text('{"a":' * 50_000 + "1" + "}" * 50_000)),
    ("a list", _text("[1, 2, 3]")),
    ("other format", _edited(SAVE, _set(("format",), "something-else"))),
    ("version 99", _edited(SAVE, _set(("version",), 99))),
    ("version 5000 digits", _raw_field(SAVE, _set(("version",), "@@"), "@@", HUGE)),
    ("seed 5000 digits", _raw_field(SAVE, _set(("seed",), "@@"), "@@", HUGE)),
    ("seed negative", _edited(SAVE, _set(("seed",), -1))),
    ("seed 2^70", _edited(SAVE, _set(("seed",), 2**70))),
    ("seed float", _edited(SAVE, _set(("seed",), 1.5))),
    ("seed true", _edited(SAVE, _set(("seed",), True))),
    ("timer abc", _edited(SAVE, _set(("table", "timer_seconds"), "abc"))),
    ("timer NaN", _raw_field(SAVE, _set(("table", "timer_seconds"), "@@"), "@@", "NaN")),
    ("timer Infinity", _raw_field(SAVE, _set(("table", "timer_seconds"), "@@"), "@@", "-Infinity")),
    ("timer 1e999", _raw_field(SAVE, _set(("table", "timer_seconds"), "@@"), "@@", "1e999")),
    ("timer list", _edited(SAVE, _set(("table", "timer_seconds"), [1, 2]))),
    ("timer negative", _edited(SAVE, _set(("table", "timer_seconds"), -30))),
    ("timer a billion", _edited(SAVE, _set(("table", "timer_seconds"), 10**9))),
    ("timer 5000 digits", _raw_field(SAVE, _set(("table", "timer_seconds"), "@@"), "@@", HUGE)),
    ("hints 'false'", _edited(SAVE, _set(("table", "hints"), "false"))),
    ("open hands 1", _edited(SAVE, _set(("table", "open_hands"), 1))),
    ("tracker null", _edited(SAVE, _set(("table", "tracker"), None))),
    ("on_timeout explode", _edited(SAVE, _set(("table", "on_timeout"), "explode"))),
    ("stats group a number", _edited(SAVE, _set(("table", "stats_group"), 7))),
    ("table a list", _edited(SAVE, _set(("table",), [1]))),
    ("options text", _edited(SAVE, _set(("options",), "x"))),
    ("options unknown", _edited(SAVE, _set(("options",), {"gravity": 1}))),
    ("options players 40", _edited(SAVE, _set(("options",), {"players": 40}))),
    ("options deal -1", _edited(SAVE, _set(("options",), {"deal_size": -1}))),
    ("preset unknown", _edited(SAVE, _set(("preset",), "martian"))),
    ("preset a list", _edited(SAVE, _set(("preset",), ["jamaican"]))),
    ("seats missing", _edited(SAVE, lambda d: d.pop("seats"))),
    ("seats two", _edited(SAVE, lambda d: d.update(seats=d["seats"][:2]))),
    ("seat level god", _edited(SAVE, _set(("seats", 1, "level"), "god"))),
    ("seat human 'yes'", _edited(SAVE, _set(("seats", 0, "human"), "yes"))),
    ("hands text", _edited(SAVE, _set(("hands",), "many"))),
    ("hands 6000", _edited(SAVE, lambda d: d.update(hands=[d["hands"][0]] * 6000))),
    ("hand a number", _edited(SAVE, _set(("hands", 0), 3))),
    ("leader 99", _edited(SAVE, _set(("hands", 0, "leader"), 99))),
    ("leader -1", _edited(SAVE, _set(("hands", 0, "leader"), -1))),
    ("leader 5000 digits", _raw_field(SAVE, _set(("hands", 0, "leader"), "@@"), "@@", HUGE)),
    ("deal seed negative", _edited(SAVE, _set(("hands", 0, "seed"), -5))),
    ("deal seed 5000 digits", _raw_field(SAVE, _set(("hands", 0, "seed"), "@@"), "@@", HUGE)),
    ("tile 9-9 in double-6", _edited(SAVE, _set(("hands", 0, "deal", 0, 0), "9-9"))),
    ("tile text", _edited(SAVE, _set(("hands", 0, "deal", 0, 0), "six-four"))),
    ("tile a number", _edited(SAVE, _set(("hands", 0, "deal", 0, 0), 64))),
    ("tile dealt twice", _edited(SAVE, lambda d: d["hands"][0]["deal"][1].__setitem__(0, d["hands"][0]["deal"][0][0]))),
    ("deal three seats", _edited(SAVE, lambda d: d["hands"][0].update(deal=d["hands"][0]["deal"][:3]))),
    ("move a number", _edited(SAVE, _set(("hands", 0, "moves", 0), 12))),
    ("move illegal", _edited(SAVE, _set(("hands", 0, "moves", 3), "6-6"))),
    ("move garbage", _edited(SAVE, _set(("hands", 0, "moves", 1), "@@@@"))),
    ("moves an object", _edited(SAVE, _set(("hands", 0, "moves"), {"a": 1}))),
    ("moves after the end", _edited(SAVE, lambda d: d["hands"][0]["moves"].extend(["pass"] * 3))),
    ("stock an object", _edited(SAVE, _set(("hands", 0, "stock"), {"x": 1}))),
    # Deals the rules never deal (issue 24: the check replay cases get).
    ("dealt 6 each", _edited(SAVE, lambda d: [seat.pop() for seat in d["hands"][0]["deal"]])),
    ("style draw over the block deal", _edited(SAVE, lambda d: d.update(options={**d["options"], "style": "draw"}))),
    ("style all_fives_draw", _edited(SAVE, lambda d: d.update(options={**d["options"], "style": "all_fives_draw"}))),
    (
        "hand after a won match",
        lambda p: p.write_text(json.dumps(dict(FINISHED, hands=[*FINISHED["hands"], FINISHED["hands"][0]]))),
    ),
    # Issue 17's proof of a fair deal, per hand: every field checked for type, length and digits.
    ("fair a string", _edited(SAVE, _set(("hands", 0, "fair"), "sealed"))),
    ("fair seed 5000 digits", _raw_field(SAVE, _set(("hands", 0, "fair"), {**FAIR, "seed": "@@"}), "@@", HUGE)),
    ("fair seed negative", _edited(SAVE, _set(("hands", 0, "fair"), {**FAIR, "seed": -5}))),
    ("fair salt not hex", _edited(SAVE, _set(("hands", 0, "fair"), {**FAIR, "salt": "zz" * 16}))),
    ("fair cut a megabyte", _edited(SAVE, _set(("hands", 0, "fair"), {**FAIR, "cut": "ab" * 500_000}))),
    ("fair fingerprint short", _edited(SAVE, _set(("hands", 0, "fair"), {**FAIR, "fingerprint": "ab"}))),
    ("fair cut a list", _edited(SAVE, _set(("hands", 0, "fair"), {**FAIR, "cut": ["ab"]}))),
    ("fair cuts not a list", _edited(SAVE, _set(("hands", 0, "fair"), {**FAIR, "cuts": "ab"}))),
    ("fair cuts a thousand", _edited(SAVE, _set(("hands", 0, "fair"), {"cuts": ["ab"] * 1000, **FAIR}))),
    # The coming deal's commitment (fair_next): the same checks.
    ("fair_next a number", _edited(SAVE, _set(("fair_next",), 12))),
    ("fair_next salt short", _edited(SAVE, _set(("fair_next",), {**FAIR, "salt": "00"}))),
    ("fair_next seed a float", _edited(SAVE, _set(("fair_next",), {**FAIR, "seed": 1.5}))),
    (
        "fair_next cuts of objects",
        _edited(SAVE, _set(("fair_next",), {"fingerprint": "ab" * 32, "seed": 1, "salt": "00" * 16, "cuts": [{}]})),
    ),
]

# Settings files (settings.ini): each must leave the game starting with defaults for what it could not use.
SETTINGS_FILES: list[tuple[str, Maker]] = [
    *SPECIAL_FILES,
    ("binary", _bytes(bytes(range(256)) * 64)),
    ("empty", _text("")),
    ("variants", _text("[view]\ntheme=a, b, c\nlanguage=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x1bQPointF)\n")),
    ("invalid", _text("[view]\nhigh_contrast=@Invalid()\nspeed=@ByteArray(\\xff)\n")),
    ("huge number", _text(f"[lobby]\ntimer={HUGE}\n")),
    ("negative timer", _text("[lobby]\ntimer=-5\n")),
    ("bool list", _text("[lobby]\nopen_hands=1, 2\ntracker=maybe\n")),
    ("unterminated section", _text("[view\ntheme=green_felt\n" * 100)),
    ("long group", _text("[lobby]\nstats_group=" + "x" * 100_000 + "\n")),
]

# Statistics databases: a damaged one is moved aside; a healthy one, however odd, never is.
STATS_FILES: list[tuple[str, Maker, bool]] = [  # (name, maker, damaged: must be moved aside)
    ("fifo", _fifo, True),
    ("folder", _folder, True),
    ("link to /dev/zero", _link_to("/dev/zero"), True),
    ("text", _text("this is not a database" * 100), True),
    ("zeros", _bytes(b"\x00" * 8192), True),
    ("sqlite header only", _bytes(b"SQLite format 3\x00" + b"\xff" * 84), True),
    ("empty", _text(""), False),  # SQLite makes an empty file a new database
]

# Bot request lines: each gets {"error": ...} and the bot reads on.
BOT_LINES: list[tuple[str, bytes]] = [
    ("not json", b"not json"),
    ("invalid utf-8", b"\xff\xfe{}"),
    ("lone surrogate escape", b'{"preset": "\\ud800"}'),
    ("deep nesting", b"[" * 200_000),
    ("deep objects", b'{"a":' * 100_000),
    ("a list", b"[1, 2]"),
    ("a number", b"7"),
    ("null", b"null"),
    ("seat 5000 digits", json.dumps(dict(BOT_REQUEST, seat="@@")).replace('"@@"', HUGE).encode()),
    ("stock 5000 digits", json.dumps(dict(BOT_REQUEST, stock="@@")).replace('"@@"', HUGE).encode()),
    ("NaN stock", json.dumps(dict(BOT_REQUEST, stock="@@")).replace('"@@"', "NaN").encode()),
    ("seat 9", json.dumps(dict(BOT_REQUEST, seat=9)).encode()),
    ("seat -1", json.dumps(dict(BOT_REQUEST, seat=-1)).encode()),
    ("seat true", json.dumps(dict(BOT_REQUEST, seat=True)).encode()),
    ("leader 10^30", json.dumps(dict(BOT_REQUEST, leader=10**30)).encode()),
    ("hand_index -3", json.dumps(dict(BOT_REQUEST, hand_index=-3)).encode()),
    ("hand sizes negative", json.dumps(dict(BOT_REQUEST, hand_sizes=[-6, 7, -7, 30])).encode()),
    ("hand sizes 99", json.dumps(dict(BOT_REQUEST, hand_sizes=[3, 99, 0, 0])).encode()),
    ("hand sizes three", json.dumps(dict(BOT_REQUEST, hand_sizes=[3, 6, 6])).encode()),
    ("hand sizes too many tiles", json.dumps(dict(BOT_REQUEST, hand_sizes=[3, 28, 28, 28])).encode()),
    ("stock -1", json.dumps(dict(BOT_REQUEST, stock=-1)).encode()),
    ("stock 10^9", json.dumps(dict(BOT_REQUEST, stock=10**9)).encode()),
    ("scores negative", json.dumps(dict(BOT_REQUEST, scores=[-1, 5])).encode()),
    ("scores text", json.dumps(dict(BOT_REQUEST, scores="12-30")).encode()),
    ("hand a string", json.dumps(dict(BOT_REQUEST, hand="6-6")).encode()),
    ("hand numbers", json.dumps(dict(BOT_REQUEST, hand=[66, 54])).encode()),
    ("tile 10-10", json.dumps(dict(BOT_REQUEST, hand=["10-10"])).encode()),
    ("moves text", json.dumps(dict(BOT_REQUEST, moves="6-5")).encode()),
    ("move seat 40", json.dumps(dict(BOT_REQUEST, moves=[{"seat": 40, "move": "6-5"}])).encode()),
    ("move a number", json.dumps(dict(BOT_REQUEST, moves=[{"seat": 2, "move": 65}])).encode()),
    ("preset unknown", json.dumps(dict(BOT_REQUEST, preset="martian")).encode()),
    ("options players 0", json.dumps(dict(BOT_REQUEST, options={"players": 0})).encode()),
    ("options a list", json.dumps(dict(BOT_REQUEST, options=[1])).encode()),
    ("2 MiB line", b" " * (2 * 1024 * 1024) + b"{}"),
    # Tiles that do not add up to a deal of the rules (issue 24, REPLAY.md's deal sizes and stocks).
    ("dealt 6 each", json.dumps(dict(BOT_REQUEST, hand=BOT_REQUEST["hand"][:6], hand_sizes=[6, 6, 5, 6])).encode()),
    ("seat 1 holds 8", json.dumps(dict(BOT_REQUEST, hand_sizes=[7, 8, 6, 7])).encode()),
    ("a stock in a block game", json.dumps(dict(BOT_REQUEST, stock=3)).encode()),
    ("draw game, stock short", json.dumps(DRAW_REQUEST | {"stock": 7}).encode()),
    ("draw game, no stock", json.dumps(DRAW_REQUEST | {"stock": 0}).encode()),
    ("draw game, 7 each", json.dumps(DRAW_REQUEST | {"hand_sizes": [7, 7, 7, 7], "hand": DRAW_HAND7}).encode()),
    ("tile of 5000 digits", json.dumps(dict(BOT_REQUEST, hand=[HUGE + "-1"])).encode()),
    ("tile with a superscript", json.dumps(dict(BOT_REQUEST, hand=["\u00b2-1"])).encode()),
    ("style all_fives_draw", json.dumps(dict(BOT_REQUEST, options={"style": "all_fives_draw"})).encode()),
]


def _hand0(edit: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda data: edit(data["hands"][0])


# Case files (replay, the coach and fairness read them): each command exits 2 with one line, never a traceback.
# Invalid for every reader: the file, the JSON, the rules, the deal and stock (REPLAY.md).
CASE_FILES: list[tuple[str, Maker]] = [
    *SPECIAL_FILES[:5],
    ("sparse 1 GiB", _sparse(1 << 30)),
    ("empty", _text("")),
    ("not json", _text("{")),
    ("a list", _text("[]")),
    ("invalid utf-8", _bytes(b"\xff\xfe")),
    ("deep nesting", _text("[" * 100_000)),
    ("4301-digit leader", _raw_field(CASE, _set(("hands", 0, "leader"), "@@"), "@@", "9" * 4301)),
    ("5000-digit option", _raw_field(CASE, _set(("options",), {"target": "@@"}), "@@", HUGE)),
    ("NaN leader", _raw_field(CASE, _set(("hands", 0, "leader"), "@@"), "@@", "NaN")),
    ("hands text", _edited(CASE, _set(("hands",), "x"))),
    ("hand a number", _edited(CASE, _set(("hands", 0), 1))),
    ("tile twice", _edited(CASE, lambda d: d["hands"][0]["deal"][1].__setitem__(0, d["hands"][0]["deal"][0][0]))),
    ("deal a number", _edited(CASE, _set(("hands", 0, "deal"), 7))),
    ("options a list", _edited(CASE, _set(("options",), [1]))),
    ("preset unknown", _edited(CASE, _set(("preset",), "martian"))),
    ("deal three seats", _edited(CASE, _hand0(lambda h: h.update(deal=h["deal"][:3])))),
    # A tile number of 5,000 digits crashed the coach (issue 24); "²" passes str.isdigit but not int().
    ("tile of 5000 digits", _edited(CASE, _set(("hands", 0, "deal", 0, 0), HUGE + "-1"))),
    ("tile a 5000-digit number", _raw_field(CASE, _set(("hands", 0, "deal", 0, 0), "@@"), "@@", HUGE)),
    ("tile with a superscript", _edited(CASE, _set(("hands", 0, "deal", 0, 0), "\u00b2-1"))),
    ("tile a megabyte", _edited(CASE, _set(("hands", 0, "deal", 0, 0), "6" * (1 << 20) + "-1"))),
    ("tile 13-13", _edited(CASE, _set(("hands", 0, "deal", 0, 0), "13-13"))),
    ("tile a number", _edited(CASE, _set(("hands", 0, "deal", 0, 0), 64))),
    ("a seat's deal a string", _edited(CASE, _set(("hands", 0, "deal", 0), "6-6 5-5"))),
    ("preset a list", _edited(CASE, _set(("preset",), ["jamaican"]))),
    ("options deal -1", _edited(CASE, _set(("options",), {"deal_size": -1}))),
    ("options partners as pairs", _edited(CASE, _set(("options",), {"partners": [[0, 1], [2, 3]]}))),
    # The deal and stock REPLAY.md rules out (issue 24).
    ("dealt 6 each", _edited(CASE, _hand0(lambda h: [seat.pop() for seat in h["deal"]]))),
    ("dealt 8, 7, 7, 6", _edited(CASE, _hand0(lambda h: h["deal"][0].append(h["deal"][3].pop())))),
    ("a dealt tile moved to the stock", _edited(CASE, _hand0(lambda h: h.update(stock=[h["deal"][0].pop()])))),
    (
        "block game with a stock",
        _edited(CASE, lambda d: (d["options"].update(set=9), _hand0(_set(("stock",), ["9-9"]))(d))),
    ),
    ("stock an object", _edited(CASE, _set(("hands", 0, "stock"), {"x": 1}))),
    (
        "stock holds a dealt tile",
        _edited(CASE, lambda d: (d["options"].update(set=9), _hand0(lambda h: h.update(stock=[h["deal"][0][0]]))(d))),
    ),
    ("style all_fives_draw", _edited(CASE, _set(("options",), {"style": "all_fives_draw"}))),
    ("style draw, deal 7", _edited(CASE, _set(("options",), {"style": "draw", "deal_size": 7}))),
    ("draw style, the block deal", _edited(CASE, _set(("options",), {"style": "draw"}))),
]

# Invalid only for the readers that play the moves (replay and the coach).
CASE_MOVES: list[tuple[str, Maker]] = [
    ("leader true", _edited(CASE, _set(("hands", 0, "leader"), True))),
    ("leader 9", _edited(CASE, _set(("hands", 0, "leader"), 9))),
    ("move a number", _edited(CASE, _set(("hands", 0, "moves", 0), 1))),
    ("move a list", _edited(CASE, _set(("hands", 0, "moves", 0), ["6-6"]))),
    ("moves stop early", _edited(CASE, _hand0(lambda h: h.update(moves=h["moves"][:2])))),
    ("move end of 5000 digits", _edited(CASE, _set(("hands", 0, "moves", 1), "6-4@" + HUGE))),
    ("muggins seat of 5000 digits", _edited(CASE, _hand0(lambda h: h["moves"].append("muggins:" + HUGE)))),
    ("move garbage", _edited(CASE, _set(("hands", 0, "moves", 1), "@@@@"))),
    ("draw in a block game", _edited(CASE, _set(("hands", 0, "moves", 12), "draw"))),
    ("move after the end", _edited(CASE, _hand0(lambda h: h["moves"].append("pass")))),
    ("claim with no claims", _edited(CASE, _hand0(lambda h: h["moves"].insert(1, "claim")))),
]

# Invalid only for replay's --check.
CASE_EXPECT: list[tuple[str, Maker]] = [
    ("expect a list with --check", _edited(CASE, _set(("expect",), [1]))),
    ("expect deeply nested", _raw_field(CASE, _set(("expect",), "@@"), "@@", '{"a":' * 30_000 + "1" + "}" * 30_000)),
]

# Invalid only for fairness, which checks the proofs a case carries.
CASE_PROOFS: list[tuple[str, Maker]] = [
    ("fair a string", _edited(CASE, _set(("hands", 0, "fair"), "sealed"))),
    ("fair seed 5000 digits", _raw_field(CASE, _set(("hands", 0, "fair"), {**FAIR, "seed": "@@"}), "@@", HUGE)),
    ("fair seed negative", _edited(CASE, _set(("hands", 0, "fair"), {**FAIR, "seed": -5}))),
    ("fair salt not hex", _edited(CASE, _set(("hands", 0, "fair"), {**FAIR, "salt": "zz" * 16}))),
    ("fair cut a megabyte", _edited(CASE, _set(("hands", 0, "fair"), {**FAIR, "cut": "ab" * 500_000}))),
    ("fair fingerprint short", _edited(CASE, _set(("hands", 0, "fair"), {**FAIR, "fingerprint": "ab"}))),
    ("fair cuts a thousand", _edited(CASE, _set(("hands", 0, "fair"), {"cuts": ["ab"] * 1000, **FAIR}))),
]

# Each command and the invalid cases it must refuse (exit 2, one line on stderr).
CASE_READERS: dict[str, list[tuple[str, Maker]]] = {
    "replay": [*CASE_FILES, *CASE_MOVES, *CASE_EXPECT],
    "coach": [*CASE_FILES, *CASE_MOVES],
    "fairness": [*CASE_FILES, *CASE_PROOFS],
}
REPLAY_CASES = CASE_READERS["replay"]


# ---- hypothesis: mutations of real data ---------------------------------------------------------------

HOSTILE_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([-1, 0, 1, 2**32, 2**63, 2**64, -(2**63), 10**40]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["", "6-6", "9-9", "pass", "draw", "false", "true", "NaN", "-1", "6-5@5", "x" * 500]),
    st.lists(st.integers(-3, 30), max_size=6),
    st.dictionaries(st.text(max_size=5), st.integers(-3, 30), max_size=3),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _delete(doc: Any, path: tuple[Any, ...]) -> Any:
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return doc


def mutated_documents(base: Any, max_mutations: int = 3) -> st.SearchStrategy[Any]:
    """The document with up to `max_mutations` values replaced by hostile ones or deleted."""
    paths = _paths(base)

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        doc = base
        for _ in range(draw(st.integers(1, max_mutations))):
            candidates = _paths(doc) or paths
            path = draw(st.sampled_from(candidates))
            delete = draw(st.integers(0, 4)) == 0
            doc = _delete(doc, path) if delete else _replace(doc, path, draw(HOSTILE_VALUES))
        return doc

    return build()


def mutated_bytes(base: bytes) -> st.SearchStrategy[bytes]:
    """The bytes truncated, with bytes flipped, inserted or a slice repeated."""

    @st.composite
    def build(draw: st.DrawFn) -> bytes:
        data = bytearray(base)
        for _ in range(draw(st.integers(1, 4))):
            kind = draw(st.sampled_from(["truncate", "flip", "insert", "repeat"]))
            at = draw(st.integers(0, max(0, len(data) - 1)))
            if kind == "truncate":
                del data[at:]
            elif kind == "flip" and data:
                data[at] = draw(st.integers(0, 255))
            elif kind == "insert":
                data[at:at] = draw(st.binary(min_size=1, max_size=16))
            else:
                data[at:at] = data[at : at + draw(st.integers(1, 64))] * draw(st.integers(1, 4))
        return bytes(data)

    return build()
