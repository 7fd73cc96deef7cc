"""The command-line contracts under hostile input: the bot answers every line and reads on; replay, the coach
and fairness exit 2 with one line for every invalid case (never 1, never a traceback)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.cli import coach, fairness
from dominoes_desktop.cli.bot import reply_to, serve
from dominoes_desktop.engine import cases, replay
from dominoes_desktop.engine.cpu import make_player

from .corpus import BOT_LINES, BOT_REQUEST, CASE, CASE_READERS, FINISHED, Maker, mutated_documents

GOOD_MOVES = ("6-6@6", "5-4@5")


def test_the_bot_process_answers_every_hostile_line_and_reads_on() -> None:
    good = json.dumps(BOT_REQUEST).encode()
    lines = [line for _, line in BOT_LINES]
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", "hard", "--seed", "3", "--movetime-ms", "20"],
        input=b"\n".join([*lines, good]) + b"\n",
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 0 and b"Traceback" not in run.stderr, run.stderr[-2000:]
    replies = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(replies) == len(lines) + 1, "one answer a line"
    for (name, _), reply in zip(BOT_LINES, replies, strict=False):
        assert set(reply) == {"error"} and isinstance(reply["error"], str) and reply["error"], name
    assert replies[-1]["move"] in GOOD_MOVES, "and it still plays after all that"


def test_a_5000_digit_seed_is_refused_by_the_bot_command() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", "easy", "--seed", "9" * 5000],
        input=b"",
        capture_output=True,
        timeout=60,
    )
    assert run.returncode == 2 and b"Traceback" not in run.stderr


PLAYERS = {level: make_player(level, 1, 5.0) for level in ("random", "easy", "medium", "hard")}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents(BOT_REQUEST), st.sampled_from(sorted(PLAYERS)))
def test_mutated_bot_requests_get_a_move_or_an_error(request: object, level: str) -> None:
    reply = reply_to(PLAYERS[level], json.dumps(request))
    assert set(reply) in ({"error"}, {"move", "why", "ms"}), reply
    json.dumps(reply)  # an answer the protocol can carry


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_to_the_bot_get_an_answer_each_line(data: bytes) -> None:
    out = io.StringIO()
    serve(PLAYERS["medium"], io.BytesIO(data), out)
    for line in out.getvalue().splitlines():
        assert set(json.loads(line)) in ({"error"}, {"move", "why", "ms"})


CASE_COMMANDS = {
    "replay": ["--check"],
    "coach": ["--workers", "1"],  # the case is read before any worker would start
    "fairness": [],
}
CASE_RUNS = [(command, name, make) for command, refused in CASE_READERS.items() for name, make in refused]


@pytest.mark.parametrize(("command", "name", "make"), CASE_RUNS, ids=[f"{c}-{n}" for c, n, _ in CASE_RUNS])
def test_every_case_command_exits_2_with_one_line_for_every_invalid_case(
    tmp_path: Path, command: str, name: str, make: Maker
) -> None:
    path = tmp_path / "case.json"
    make(path)
    run = subprocess.run(
        [sys.executable, "-m", f"dominoes_desktop.engine.{command}", str(path), *CASE_COMMANDS[command]],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, (run.returncode, run.stdout[-500:], run.stderr[-500:])
    assert run.stdout == "" and run.stderr.startswith("error: ") and run.stderr.count("\n") == 1, run.stderr[-500:]
    assert len(run.stderr) <= 520, "one line of reasonable length, whatever the case held"


def test_the_corpus_covers_every_case_command() -> None:
    counts = {command: len(refused) for command, refused in CASE_READERS.items()}
    assert counts["replay"] >= 50 and counts["coach"] >= 45 and counts["fairness"] >= 45, counts
    assert set(CASE_COMMANDS) == set(CASE_READERS)


@pytest.mark.parametrize("command", sorted(CASE_COMMANDS))
def test_a_5000_digit_argument_is_refused_by_every_case_command(tmp_path: Path, command: str) -> None:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(CASE))
    args = {"coach": ["--budget", "9" * 5000], "replay": ["--check", "9" * 5000], "fairness": ["9" * 5000]}[command]
    run = subprocess.run(
        [sys.executable, "-m", f"dominoes_desktop.engine.{command}", str(path), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr, run.stderr[-500:]


def test_the_real_cases_still_replay(tmp_path: Path) -> None:
    for name, data in (("case.json", CASE), ("finished.domino", FINISHED)):
        path = tmp_path / name
        path.write_text(json.dumps(data))
        args = [str(path), "--check"] if "expect" in data else [str(path)]
        with contextlib.redirect_stdout(io.StringIO()):
            assert replay.main(args) == 0


def _replay_in_process(case: object, check: bool) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "case.json"
        file.write_text(json.dumps(case))
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = replay.main([str(file), *(["--check"] if check else [])])
        return code, err.getvalue()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_documents(CASE), mutated_documents(FINISHED)), st.booleans())
def test_mutated_replay_cases_exit_0_1_or_2_and_1_only_for_a_valid_case(case: object, check: bool) -> None:
    code, err = _replay_in_process(case, check)
    assert code in (0, 1, 2)
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1
    else:
        assert err == ""
        cases.replay(case)  # 0 or 1: the case itself was valid


def _case_command_in_process(command: str, case: object) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "case.json"
        file.write_text(json.dumps(case))
        err = io.StringIO()
        main = {"coach": coach.main, "fairness": fairness.main}[command]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main([str(file), *CASE_COMMANDS[command], *(["--budget", "50"] if command == "coach" else [])])
        return code, err.getvalue()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated_documents(CASE), mutated_documents(FINISHED)), st.sampled_from(["coach", "fairness"]))
def test_mutated_cases_to_the_coach_and_fairness_exit_0_or_2_with_one_line(case: object, command: str) -> None:
    code, err = _case_command_in_process(command, case)
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1, err
    else:
        assert err == ""
        # 0: the case was valid for that reader (the coach plays the moves, fairness only checks the deals)
        if command == "coach":
            cases.replay(case)
        else:
            cases.verify_case(case)
