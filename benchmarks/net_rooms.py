"""Room server load: many rooms of four bot clients at full speed against one server process, loopback only.

The server runs as `python -m dominoes_desktop.net.serve` in its own process; the bot clients run in
`--client-procs` other processes (each a share of the rooms). Every room has four people's seats (a host and
three friends, all random bots answering at once, each cutting every deal and checking each revealed deal) and
a target no match reaches, so every room plays for the whole window. The bots read each line with `json.loads`
alone (no field checks): the load generator shares the machine with the server and must cost less than it.
Each bot is its connection's protocol, handling lines as they come and answering once the loop's turn has read
every bot's lines (`--stream-bots`: the earlier bots, a stream reader and a task each, which play the same and
cost the machine more). For each room count (`--rooms 1 20 100`, run one after the other in one run, so the
machine's load is alike) it reports, as JSON: the act -> next state round trip (a seat's `act` sent -> its own
`move` event back) p50/p95 (over the whole run, and over the moves made once every room was playing,
`*_all_playing`: without the first seconds, when the other rooms still connect, shake hands and join), moves a
second over all rooms, the server's CPU (share of one core; ms a move, over the whole run and over the window
when every room plays), its memory (RSS), and deals verified. `--hold N` then opens N rooms whose people think
as people do (2 to 8 seconds a decision; CPUs at 1 s) and reports the rooms and connections one server process
holds, and its memory.

The connections are TLS, as a server runs by default (`--plain`: plain TCP, as behind a proxy that does
TLS). `--server-root DIR` serves from another checkout (e.g. the main branch's), to compare two versions
side by side in one run: `--server-root` may be given twice, and each room count then runs on each in turn.
`--profile DIR` runs each server under cProfile and leaves its statistics in DIR (one file a run, named after
its room count and checkout; read them with `python -m pstats FILE`): the figures are then the profiler's.

    python benchmarks/net_rooms.py [--rooms 1 20 100] [--seconds 20] [--client-procs 2] [--hold 1000] [--plain]
        [--server-root DIR [--server-root DIR]] [--profile DIR] [--stream-bots]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import ssl
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.net.client import DealChecker
from dominoes_desktop.net.server import lighter_tls_buffers
from dominoes_desktop.net.tls import own_identity

ROOT = Path(__file__).resolve().parents[1]
SEATS = ["host", "friend", "friend", "friend"]
OPTIONS = {"target": 1_000_000}  # nobody reaches it: each room plays until the window ends


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


class Bot:
    """One seat's connection, lean: a line in, `json.loads`, an answer out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @staticmethod
    async def open(port: int, tls: ssl.SSLContext | None) -> Bot:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20, ssl=tls)
        bot = Bot(reader, writer)
        bot.send({"t": "hello", "v": 2})
        await bot.expect("welcome")
        return bot

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    async def recv(self) -> dict[str, Any] | None:
        line = await self.reader.readline()
        return json.loads(line) if line else None

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            message = await self.recv()
            if message is None:
                raise ConnectionError(f"closed while waiting for {kind}")
            if message["t"] == kind:
                return message
            if message["t"] == "error":
                raise RuntimeError(message)

    def close(self) -> None:
        self.writer.close()


class LeanBot(asyncio.Protocol):
    """One seat's connection, leaner still (the default): the transport's protocol, each line handled as it
    arrives (`json.loads`, then the seat's answer), with no stream reader and no task woken for every line.
    It plays exactly as `Bot` does (`--stream-bots`): the same messages read whole, the same answers, the
    same checks of every deal; it only costs the machine less, which the server shares with it."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self._partial = b""
        self._inbox: deque[dict[str, Any]] = deque()
        self._woken: asyncio.Future[None] | None = None
        self.lost = False
        self.on_message: Callable[[dict[str, Any]], None] | None = None  # set: every message goes there

    @staticmethod
    async def open(port: int, tls: ssl.SSLContext | None) -> LeanBot:
        loop = asyncio.get_running_loop()
        _, bot = await loop.create_connection(LeanBot, "127.0.0.1", port, ssl=tls)
        bot.send({"t": "hello", "v": 2})
        await bot.expect("welcome")
        return bot

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        lines = (self._partial + data).split(b"\n") if self._partial else data.split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            message = json.loads(line)
            if self.on_message is not None:
                self.on_message(message)
            else:
                self._inbox.append(message)
                self._wake()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self._wake()
        if self.on_message is not None:
            self.on_message({"t": "bye"})  # the seat's play ends as when the stream bot reads the end

    def _wake(self) -> None:
        if self._woken is not None and not self._woken.done():
            self._woken.set_result(None)

    def send(self, message: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            while not self._inbox:
                if self.lost:
                    raise ConnectionError(f"closed while waiting for {kind}")
                self._woken = asyncio.get_running_loop().create_future()
                await self._woken
            message = self._inbox.popleft()
            if message["t"] == kind:
                return message
            if message["t"] == "error":
                raise RuntimeError(message)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class Seat:
    """One seat's play, a message at a time: a random legal answer to each view of its own (a cut for a cut),
    every deal checked, its turns' round trips timed. Either kind of bot reads for it."""

    def __init__(
        self,
        bot: Any,
        host: Any,
        index: int,
        rng: random.Random,
        stop: float,
        rtts: list[tuple[float, float]],
        totals: dict[str, int],
        think: tuple[float, float],
    ) -> None:
        self.bot, self.host, self.index, self.rng, self.stop = bot, host, index, rng, stop
        self.rtts, self.totals, self.think = rtts, totals, think
        self.checker = DealChecker()
        self.sent = 0.0  # when this seat's move in flight went out
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def heard(self, message: dict[str, Any]) -> None:
        if self.done.done():
            return
        t = message["t"]
        checker = self.checker
        if t == "event":
            e = message["e"]
            if e == "move":
                if self.index == 0:
                    self.totals["moves"] += 1
                if message["seat"] == self.index and self.sent:
                    self.rtts.append((self.sent, (time.perf_counter() - self.sent) * 1000))
                    self.sent = 0.0
            if e in ("commit", "move", "hand_end"):
                checker.see(message)
        elif t == "view":
            checker.see(message)
            legal = message["legal"]
            if not legal:
                return
            if time.perf_counter() > self.stop:  # time is up: the host leaves, which ends the room for everyone
                self.host.close()
                self.finish()
                return
            if message["decision"] == "cut":
                self.answer(message, f"cut:{checker.cut()}")
                return
            action = self.rng.choice([a for a in legal if a != "decline"] or legal)
            if self.think[1]:
                asyncio.get_running_loop().call_later(self.rng.uniform(*self.think), self.answer, message, action)
            else:
                self.answer(message, action)
        elif t in ("host_left", "removed", "bye"):
            self.finish()

    def answer(self, message: dict[str, Any], action: str) -> None:
        """Answer once this turn of the loop has read what every bot was sent. Sent at once, an answer wakes
        the server, which on a busy machine can take the CPU from this process before its other bots have
        read their lines (measured: p50 12 ms for one room instead of 2): the stream bots answer after the
        reads as well, from their tasks."""
        if not ANSWERS:
            asyncio.get_running_loop().call_soon(send_answers)
        ANSWERS.append((self, message, action))

    def send_answer(self, message: dict[str, Any], action: str) -> None:
        if self.done.done():
            return
        if message["decision"] == "turn":
            self.sent = time.perf_counter()
        self.bot.send({"t": "act", "d": message["d"], "action": action})

    def finish(self) -> None:
        if not self.done.done():
            self.bot.on_message = None
            self.totals["verified"] += self.checker.verified
            self.totals["failed"] += len(self.checker.failures)
            self.done.set_result(None)


ANSWERS: list[tuple[Seat, dict[str, Any], str]] = []  # what this process's seats answer this turn of the loop


def send_answers() -> None:
    answers = ANSWERS[:]
    ANSWERS.clear()
    for seat, message, action in answers:
        seat.send_answer(message, action)


async def lean_play(bot: LeanBot, seat: Seat) -> None:
    """A LeanBot's seat: the messages already read first, then each as it comes."""
    while bot._inbox and not seat.done.done():
        seat.heard(bot._inbox.popleft())
    if not seat.done.done():
        bot.on_message = seat.heard
        if bot.lost:
            seat.finish()
    await seat.done


async def play(bot: Bot, seat: Seat) -> None:
    """A stream Bot's seat (`--stream-bots`): its task reads each line, which the seat then handles."""
    while not seat.done.done() and (message := await bot.recv()) is not None:
        seat.heard(message)
    seat.finish()


async def one_room(
    port: int,
    seed: int,
    rtts: list[tuple[float, float]],
    totals: dict[str, int],
    stop: float,
    seats: list[str],
    think: tuple[float, float],
    cpu_delay_ms: int,
    tls: ssl.SSLContext | None,
    started: list[float],
    stream_bots: bool,
) -> None:
    people = [s for s in seats if not s.startswith("cpu")]
    bots: list[Any] = [await (Bot if stream_bots else LeanBot).open(port, tls) for _ in people]
    host = bots[0]
    host.send({"t": "create", "name": "H", "preset": "puerto_rican", "options": OPTIONS, "seats": seats,
               "cpu_delay_ms": cpu_delay_ms})  # fmt: skip
    code = (await host.expect("joined"))["code"]
    for i, friend in enumerate(bots[1:]):
        friend.send({"t": "join", "code": code, "name": f"F{i}"})
        await friend.expect("joined")
    totals["rooms"] += 1
    host.send({"t": "start"})
    started.append(time.perf_counter())
    players = [Seat(b, host, i, random.Random(seed * 8 + i), stop, rtts, totals, think) for i, b in enumerate(bots)]
    plays = play if stream_bots else lean_play
    await asyncio.gather(*(plays(b, player) for b, player in zip(bots, players, strict=True)))
    for bot in bots:
        bot.close()


def client_process(
    ports: list[int],
    rooms: int,
    first_seed: int,
    seconds: float,
    queue: Any,
    seats: list[str],
    think: tuple[float, float],
    cpu_delay_ms: int,
    plain: bool,
    stream_bots: bool,
) -> None:
    tls = None
    if not plain:  # the bots do not check the certificate: the benchmark measures the server, not the pin
        lighter_tls_buffers()  # thousands of client connections in this process: asyncio's 256 KiB each is a lot
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        tls.check_hostname = False
        tls.verify_mode = ssl.CERT_NONE

    async def main() -> dict[str, Any]:
        rtts: list[tuple[float, float]] = []  # (when the act went out, its round trip in ms)
        room_starts: list[float] = []
        totals = {"moves": 0, "verified": 0, "failed": 0, "rooms": 0}
        started = time.perf_counter()
        stop = started + seconds
        await asyncio.gather(
            *(
                one_room(
                    ports[i % len(ports)],
                    first_seed + i,
                    rtts,
                    totals,
                    stop,
                    seats,
                    think,
                    cpu_delay_ms,
                    tls,
                    room_starts,
                    stream_bots,
                )
                for i in range(rooms)
            )
        )
        cpu = os.times()
        return {
            **totals,
            "rtts": rtts,
            "all_playing": max(room_starts, default=started),
            "stop": stop,
            "wall": time.perf_counter() - started,
            "cpu": cpu.user + cpu.system,
        }

    queue.put(asyncio.run(main()))


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_at(samples: list[tuple[float, float]], when: float) -> float:
    """The CPU seconds at `when`, between the samples around it (as sampled: a sample every quarter second)."""
    before = max((s for s in samples if s[0] <= when), default=samples[0])
    after = min((s for s in samples if s[0] >= when), default=samples[-1])
    if after[0] <= before[0]:
        return before[1]
    return before[1] + (after[1] - before[1]) * (when - before[0]) / (after[0] - before[0])


def proc_memory(pid: int) -> tuple[float, float]:
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_pids(server: subprocess.Popen[str], workers: int) -> list[int]:
    """The server's process, or with --workers the workers (the parent only waits); never the CPU pool's
    processes (the server's children too, whose memory does not grow with connections)."""
    if workers == 1:
        return [server.pid]
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    found = [int(pid) for pid in children.read_text().split()] if children.exists() else []
    serving = [pid for pid in found if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()]
    return serving or [server.pid]


def start_server(
    workers: int, plain: bool, root: Path, tls_dir: str, profile: Path | None = None
) -> tuple[subprocess.Popen[str], list[int]]:
    base = free_port() if workers > 1 else 0
    profiler = ["-m", "cProfile", "-o", str(profile)] if profile is not None else []
    server = subprocess.Popen(
        # Every bot client connects from 127.0.0.1: lift the per-address limits.
        [
            sys.executable,
            *profiler,
            "-m",
            "dominoes_desktop.net.serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(base),
            "--rooms-per-address",
            "0",
            "--connections-per-address",
            "0",
            "--max-rooms",
            "5000",
            "--max-clients",
            "20000",
            "--workers",
            str(workers),
            *(["--plain"] if plain else ["--tls-dir", tls_dir]),
        ],
        cwd=root,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert server.stdout is not None
    ports: list[int] = []
    while len(ports) < workers:  # "dominoes room server on 127.0.0.1:PORT (protocol 2)", once a worker
        line = server.stdout.readline()
        if not line:
            raise RuntimeError("the server stopped before it listened")
        if line.startswith("dominoes room server on "):
            ports.append(int(line.split()[4].rsplit(":", 1)[1]))
    return server, sorted(ports)


def run_load(
    rooms: int,
    seconds: float,
    procs: int,
    seats: list[str] = SEATS,
    think: tuple[float, float] = (0.0, 0.0),
    cpu_delay_ms: int = 0,
    workers: int = 1,
    plain: bool = False,
    root: Path = ROOT,
    profile: Path | None = None,
    stream_bots: bool = False,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tls_dir:
        if not plain:  # made here: a server that made its own would import `cryptography` (only its first start)
            own_identity(Path(tls_dir))
        return _run_load(
            rooms, seconds, procs, seats, think, cpu_delay_ms, workers, plain, root, tls_dir, profile, stream_bots
        )


def _run_load(
    rooms: int,
    seconds: float,
    procs: int,
    seats: list[str],
    think: tuple[float, float],
    cpu_delay_ms: int,
    workers: int,
    plain: bool,
    root: Path,
    tls_dir: str,
    profile: Path | None,
    stream_bots: bool,
) -> dict[str, Any]:
    server, ports = start_server(workers, plain, root, tls_dir, profile)
    pids = server_pids(server, workers)
    try:
        queue: Any = multiprocessing.Queue()
        procs = min(procs, rooms)
        share = [rooms // procs + (1 if i < rooms % procs else 0) for i in range(procs)]
        cpu_before, wall_before = sum(map(proc_cpu, pids)), time.perf_counter()
        clients = [
            multiprocessing.Process(
                target=client_process,
                args=(ports, n, 1000 * i, seconds, queue, seats, think, cpu_delay_ms, plain, stream_bots),
            )
            for i, n in enumerate(share)
        ]
        for client in clients:
            client.start()
        peak = 0.0
        deadline = time.perf_counter() + seconds + 120
        results: list[dict[str, Any]] = []
        cpu_samples = [(wall_before, cpu_before)]  # (when, the server's CPU seconds so far)
        while len(results) < procs and time.perf_counter() < deadline:
            try:
                results.append(queue.get(timeout=0.25))
            except Exception:
                peak = max(peak, sum(proc_memory(pid)[0] for pid in pids))
                cpu_samples.append((time.perf_counter(), sum(map(proc_cpu, pids))))
        for client in clients:
            client.join(5)
        wall = time.perf_counter() - wall_before
        server_cpu = sum(map(proc_cpu, pids)) - cpu_before
        rss, hwm = (sum(m) for m in zip(*(proc_memory(pid) for pid in pids), strict=True))
    finally:
        server.terminate()
        server.wait(10)
    timed = [r for result in results for r in result["rtts"]]
    rtts = [ms for _, ms in timed]
    # The clock is the system's monotonic one (perf_counter) in every process: comparable across them.
    all_playing = max((r["all_playing"] for r in results), default=0.0)
    rtts_all_playing = [ms for sent, ms in timed if sent >= all_playing]
    # The server's CPU a move while every room plays: without the handshakes and joins of the first moments
    # (a second or more of CPU on a busy machine, many times the moves' own share there) and the closing.
    window_end = min((r["stop"] for r in results), default=all_playing)
    in_window = sum(1 for sent, _ in timed if all_playing <= sent <= window_end)
    window_moves = in_window * sum(r["moves"] for r in results) / max(len(timed), 1)
    window_cpu = cpu_at(cpu_samples, window_end) - cpu_at(cpu_samples, all_playing)
    ramp = all_playing - min((sent for sent, _ in timed), default=all_playing)
    moves = sum(r["moves"] for r in results)
    play_wall = max(r["wall"] for r in results)
    return {
        "server": str(root),
        "transport": "plain" if plain else "tls",
        "bots": "stream" if stream_bots else "lean",
        "rooms": sum(r["rooms"] for r in results),
        "server_processes": len(pids),
        "connections": sum(r["rooms"] for r in results) * sum(not s.startswith("cpu") for s in seats),
        "seconds": round(play_wall, 1),
        "moves": moves,
        "moves_per_s": round(moves / play_wall),
        "server_cpu_core_share": round(server_cpu / wall, 2),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / max(moves, 1), 3),
        "server_cpu_ms_per_move_all_playing": round(window_cpu * 1000 / max(window_moves, 1), 3),
        "server_rss_mb": round(max(rss, peak), 1),
        "server_peak_rss_mb": round(hwm, 1),
        "client_cpu_s": round(sum(r["cpu"] for r in results), 1),
        "deals_verified": sum(r["verified"] for r in results),
        "deal_checks_failed": sum(r["failed"] for r in results),
        "rtt_ms_p50": round(percentile(rtts, 50), 2),
        "rtt_ms_p95": round(percentile(rtts, 95), 2),
        # The same once every room plays: without the first seconds of connecting, handshakes and joins.
        "all_playing_after_s": round(max(ramp, 0.0), 2),
        "rtt_ms_p50_all_playing": round(percentile(rtts_all_playing, 50), 2),
        "rtt_ms_p95_all_playing": round(percentile(rtts_all_playing, 95), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, nargs="*", default=[1, 20, 100], help="room counts, run in turn")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument("--hold", type=int, default=0, help="then hold this many rooms of slow people")
    parser.add_argument("--hold-seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, default=1, help="server processes (serve --workers)")
    parser.add_argument("--plain", action="store_true", help="plain TCP connections (default: TLS, as served)")
    parser.add_argument(
        "--server-root",
        type=Path,
        action="append",
        help="serve from this checkout (default: this one); twice: compare two, side by side",
    )
    parser.add_argument("--profile", type=Path, help="run each server under cProfile, its statistics in this folder")
    parser.add_argument(
        "--stream-bots",
        action="store_true",
        help="the earlier bots (a stream reader and a task each): the same play, at a higher cost to the machine",
    )
    args = parser.parse_args()
    roots = [r.resolve() for r in args.server_root] if args.server_root else [ROOT]
    failed = 0
    print(json.dumps({"cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2)}), flush=True)
    for rooms in args.rooms:
        for root in roots:
            profile = None
            if args.profile is not None:
                args.profile.mkdir(parents=True, exist_ok=True)
                profile = (
                    args.profile.resolve() / f"server-{rooms}-rooms-{root.name}{'-plain' if args.plain else ''}.prof"
                )
            load = run_load(
                rooms, args.seconds, args.client_procs, workers=args.workers, plain=args.plain, root=root,
                profile=profile, stream_bots=args.stream_bots,
            )  # fmt: skip
            failed += load["deal_checks_failed"]
            print(json.dumps({"load": load}), flush=True)
    if args.hold:
        # Two people a room (the host and a friend) thinking 2-8 s, two CPUs pausing 1 s: rooms as they are.
        seats = ["host", "friend", "cpu:random", "cpu:random"]
        for root in roots:
            held = run_load(
                args.hold, args.hold_seconds, args.client_procs, seats, (2.0, 8.0), 1000, 1, args.plain, root,
                stream_bots=args.stream_bots,
            )  # fmt: skip
            print(json.dumps({"held": held}), flush=True)
    print(json.dumps({"cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2)}))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
