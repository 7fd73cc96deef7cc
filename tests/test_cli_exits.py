"""Every way a command-line tool can be ended from outside ends it without a traceback (issue 35 item 5), and the
bot refuses a request whose `legal` is empty in one line (item 6). Each path runs the real command in a process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "tests" / "hostile" / "data" / "finished.domino"  # a finished match
MATCH = ROOT / "tests" / "data" / "rule-cases" / "six-love-reset-8.json"  # judged by view: a minute and more
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
BOT_REQUEST = {
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


def command(tool: str, *args: str) -> list[str]:
    return [sys.executable, "-m", f"dominoes_desktop.engine.{tool}", *args]


def no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr


def test_coach_into_head_ends_quietly() -> None:
    """`coach CASE | head -c 10`: the reader leaves after ten bytes of the first hand; the coach's lines of the
    next hand meet a closed pipe (unbuffered, so they are written as they come, not all at the end)."""
    shell = f"{' '.join(command('coach', str(MATCH), '--workers', '1'))} | head -c 10"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell],
        capture_output=True,
        text=True,
        env={**ENV, "PYTHONUNBUFFERED": "1"},
        cwd=ROOT,
        timeout=120,
    )
    assert len(done.stdout) == 10
    no_traceback(done.stderr)
    assert done.returncode == 141  # the reader went away: as a process ended by SIGPIPE


def test_a_bot_driver_closing_the_pipe_early_ends_the_bot_quietly() -> None:
    bot = subprocess.Popen(
        command("bot", "--level", "random"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
    )
    assert bot.stdin is not None and bot.stdout is not None and bot.stderr is not None
    line = (json.dumps(BOT_REQUEST) + "\n").encode()
    bot.stdin.write(line)
    bot.stdin.flush()
    assert "move" in json.loads(bot.stdout.readline())
    bot.stdout.close()  # the driver stops listening, but sends more
    try:
        bot.stdin.write(line * 3)
        bot.stdin.close()
    except BrokenPipeError:
        pass
    assert bot.wait(60) == 141
    no_traceback(bot.stderr.read().decode())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_replay_into_a_full_disk_says_so_in_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            command("replay", str(CASE)), stdout=full, stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT, timeout=60
        )
    no_traceback(done.stderr)
    assert done.stderr.strip().splitlines() == ["error: cannot write the output: No space left on device"]
    assert done.returncode == 74


@pytest.mark.skipif(sys.platform == "win32", reason="a process group and SIGINT")
@pytest.mark.parametrize(
    "args",
    [
        ("bot", "--level", "random"),  # waiting for a request
        ("soak", "--hands", "10000000"),  # deep in its work
        ("coach", str(MATCH), "--workers", "2", "--judge", "view"),  # its searching processes get the SIGINT too
        (
            "simulate",
            "--preset",
            "block",
            "--players",
            "random,random,random,random",
            "--hands",
            "9999999",
            "--jobs",
            "2",
        ),
    ],
    ids=["bot-waiting", "soak-working", "coach-workers", "simulate-jobs"],
)
def test_ctrl_c_ends_a_tool_quietly(args: tuple[str, ...]) -> None:
    """Ctrl+C in a terminal: SIGINT to the whole process group."""
    module = "cli" if args[0] in ("soak", "simulate") else "engine"
    tool = subprocess.Popen(
        [sys.executable, "-m", f"dominoes_desktop.{module}.{args[0]}", *args[1:]],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
        start_new_session=True,
    )
    time.sleep(3)  # past the imports: into its loop
    os.killpg(tool.pid, signal.SIGINT)
    _, stderr = tool.communicate(timeout=60)
    no_traceback(stderr.decode())
    assert tool.returncode == 130


# One worker sleeps in a task; the other has come back for work and waits on the pool's queue, holding its lock.
WAITING_WORKER = """
import sys, time
from dominoes_desktop.cli.exits import quiet_exits
from dominoes_desktop.cli.simulate import worker_pool

@quiet_exits
def main() -> int:
    with worker_pool(2) as pool:
        busy = pool.apply_async(time.sleep, (600,))
        pool.apply(time.sleep, (0,))  # queued after the sleep: the other worker takes it and comes back
        time.sleep(0.5)
        print("ready", flush=True)
        busy.get()
    return 0

sys.exit(main())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a process group and SIGINT")
def test_ctrl_c_while_a_simulate_worker_waits_for_work_ends_the_tool() -> None:
    """`simulate --jobs 2` hung after Ctrl+C now and then: its workers died of the SIGINT, and one that was
    waiting for work (as they do while they start) died holding the pool's queue lock, which the pool's terminate
    then waited for for ever. Here a worker waits for work when Ctrl+C reaches the whole group."""
    tool = subprocess.Popen(
        [sys.executable, "-c", WAITING_WORKER],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        assert tool.stdout is not None and tool.stdout.readline() == b"ready\n"
        os.killpg(tool.pid, signal.SIGINT)
        _, stderr = tool.communicate(timeout=30)
    finally:
        if tool.poll() is None:
            os.killpg(tool.pid, signal.SIGKILL)
    no_traceback(stderr.decode())
    assert tool.returncode == 130


def test_the_bot_refuses_an_empty_legal_list_in_one_line() -> None:
    from dominoes_desktop.cli.bot import reply_to
    from dominoes_desktop.engine.cpu import make_player

    for level in ("random", "hard"):
        reply = reply_to(make_player(level, 0, 50), json.dumps(BOT_REQUEST | {"legal": []}))
        assert reply == {
            "error": "'legal' is empty: list the seat's moves (a pass or a draw is one), or leave 'legal' out"
        }
    assert "move" in reply_to(make_player("random", 0, None), json.dumps(BOT_REQUEST | {"legal": ["5-4@5"]}))


INVALID = '{"preset": "Jamaican", "hands": []}'  # the presets are lower case: "unknown preset 'Jamaican'"


def shell(line: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`line` by bash in tmp_path (its redirections close or fill stdout and stderr), the tools' code this tree's."""
    (tmp_path / "invalid.json").write_text(INVALID)
    return subprocess.run(
        ["bash", "-c", line],
        capture_output=True,
        text=True,
        env={**ENV, "PY": sys.executable},
        cwd=tmp_path,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("line", "code", "said"),
    [
        (f'"$PY" -m dominoes_desktop.engine.replay {CASE} >&-', 74, "standard output is closed"),
        (f'"$PY" -m dominoes_desktop.engine.replay {CASE} --check >&-', 2, "--check needs an 'expect' object"),
        ('"$PY" -m dominoes_desktop.engine.replay invalid.json >&-', 2, "unknown preset 'Jamaican'"),
        (f"echo '{json.dumps(BOT_REQUEST)}' | \"$PY\" -m dominoes_desktop.engine.bot --level random >&-", 74, "closed"),
        (f'"$PY" -m dominoes_desktop.engine.coach {CASE} --hands 0 --workers 1 >&-', 74, "standard output is closed"),
        ('"$PY" -m dominoes_desktop.engine.coach invalid.json >&-', 2, "unknown preset 'Jamaican'"),
    ],
    ids=["replay", "replay-invalid-check", "replay-invalid", "bot", "coach", "coach-invalid"],
)
def test_a_closed_stdout_is_one_that_cannot_be_written(line: str, code: int, said: str, tmp_path: Path) -> None:
    """Started with stdout closed (`>&-`), Python has no sys.stdout, and the tools' first flush raised an
    AttributeError: a traceback and exit 1. Now 74 when there is something to write, the tool's own code (2 for
    an invalid case) when there is not, and one line on stderr either way."""
    done = shell(line, tmp_path)
    no_traceback(done.stderr)
    assert done.returncode == code
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('"$PY" -m dominoes_desktop.engine.replay invalid.json 2>/dev/full', 2),
        ('"$PY" -m dominoes_desktop.engine.replay invalid.json 2>&-', 2),
        ('"$PY" -m dominoes_desktop.engine.replay invalid.json >&- 2>&-', 2),
        ('"$PY" -m dominoes_desktop.engine.replay 2>/dev/full', 2),  # argparse's usage line
        ('"$PY" -m dominoes_desktop.engine.coach invalid.json 2>/dev/full', 2),
        (f'"$PY" -m dominoes_desktop.engine.replay {CASE} >/dev/full 2>/dev/full', 74),
        (f'"$PY" -m dominoes_desktop.engine.replay {CASE} >&- 2>&-', 74),
    ],
    ids=["full", "closed", "both-closed", "usage-full", "coach-full", "stdout-full-too", "stdout-closed-too"],
)
def test_an_unwritable_stderr_leaves_the_exit_code_alone(line: str, code: int, tmp_path: Path) -> None:
    """stderr is the last channel: when its line cannot be written, the code still tells. An invalid case with
    stderr full exited 1 (the failed write taken for stdout's, then a traceback nobody saw); with stderr closed
    its error line went to stdout, which is for results."""
    done = shell(line, tmp_path)
    assert (done.returncode, done.stdout) == (code, "")


def test_the_bot_with_stdin_closed_has_no_requests_to_answer(tmp_path: Path) -> None:
    done = shell('"$PY" -m dominoes_desktop.engine.bot --level random <&-', tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
