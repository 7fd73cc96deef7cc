"""Room server load: many rooms of four bot clients at full speed against one server process, loopback only.

The server runs as `python -m dominoes_desktop.net.serve` in its own process; the bot clients run in
`--client-procs` other processes (each a share of the rooms). Every room has four people's seats (a host
and three friends, all random bots answering at once, each cutting every deal and checking each revealed
deal) and a target no match reaches, so every room plays for the whole window. Reported, as JSON: moves a
second over all rooms, the server's CPU (share of one core) and memory (RSS, peak), deals verified, and
the move round trip (a client's answer sent -> its own move event back) p50/p95 under that load; optionally the same
rooms with bots that pause before each answer, as people do (--think-ms); then the round trip with the
server holding a single room.

    python benchmarks/net_rooms.py [--rooms 200] [--seconds 30] [--client-procs 2] [--think-ms 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dominoes_desktop.net.client import Client, DealChecker, play_seat, random_chooser

ROOT = Path(__file__).resolve().parents[1]
SEATS = ["host", "friend", "friend", "friend"]
OPTIONS = {"target": 1_000_000}  # nobody reaches it: each room plays until the window ends


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


async def one_room(
    port: int, seed: int, rtts: list[float], totals: dict[str, int], stop: float, think_s: float
) -> None:
    clients = [Client() for _ in SEATS]
    for client in clients:
        await client.connect("127.0.0.1", port)
    host = clients[0]
    host.send({"t": "create", "name": "H", "preset": "puerto_rican", "options": OPTIONS, "seats": SEATS})
    code = (await host.expect("joined"))["code"]
    for i, friend in enumerate(clients[1:]):
        friend.send({"t": "join", "code": code, "name": f"F{i}"})
        await friend.expect("joined")
    host.send({"t": "start"})

    async def seat(index: int, client: Client) -> None:
        checker = DealChecker()
        base = random_chooser(seed * 8 + index)
        sent: list[float] = []  # when this seat's answer in flight went out

        async def choose(message: dict[str, Any]) -> str:
            action = await base(message)
            if think_s:
                await asyncio.sleep(think_s)
            if time.perf_counter() > stop:
                raise TimeoutError
            if message["decision"] == "turn":
                sent[:] = [time.perf_counter()]
            return action

        def watch(message: dict[str, Any]) -> None:
            if message.get("e") == "move":
                if index == 0:
                    totals["moves"] += 1
                if message["seat"] == index and sent:
                    rtts.append((time.perf_counter() - sent.pop()) * 1000)

        try:
            await play_seat(client, choose, checker, watch)
        except TimeoutError:  # time is up: the host leaves, which ends the room for everyone in it
            await host.close()
        totals["verified"] += checker.verified
        totals["failed"] += len(checker.failures)

    await asyncio.gather(*(seat(i, c) for i, c in enumerate(clients)))
    for client in clients:
        await client.close()


def client_process(port: int, rooms: int, first_seed: int, seconds: float, think_s: float, queue: Any) -> None:
    async def main() -> dict[str, Any]:
        rtts: list[float] = []
        totals = {"moves": 0, "verified": 0, "failed": 0}
        started = time.perf_counter()
        stop = started + seconds
        await asyncio.gather(*(one_room(port, first_seed + i, rtts, totals, stop, think_s) for i in range(rooms)))
        cpu = os.times()
        return {**totals, "rtts": rtts, "wall": time.perf_counter() - started, "cpu": cpu.user + cpu.system}

    queue.put(asyncio.run(main()))


def proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_memory(pid: int) -> tuple[float, float]:
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def start_server() -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen(
        # Every bot client connects from 127.0.0.1: lift the per-address room limit.
        [
            sys.executable,
            "-m",
            "dominoes_desktop.net.serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--rooms-per-address",
            "0",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert server.stdout is not None
    line = server.stdout.readline()  # "dominoes room server on 127.0.0.1:PORT (protocol 1)"
    port = int(line.split()[4].rsplit(":", 1)[1])
    return server, port


def run_load(rooms: int, seconds: float, procs: int, think_s: float = 0.0) -> dict[str, Any]:
    server, port = start_server()
    try:
        queue: Any = multiprocessing.Queue()
        share = [rooms // procs + (1 if i < rooms % procs else 0) for i in range(procs)]
        cpu_before, wall_before = proc_cpu(server.pid), time.perf_counter()
        workers = [
            multiprocessing.Process(target=client_process, args=(port, n, 1000 * i, seconds, think_s, queue))
            for i, n in enumerate(share)
        ]
        for worker in workers:
            worker.start()
        peak = 0.0
        deadline = time.perf_counter() + seconds + 60
        results = []
        while len(results) < procs and time.perf_counter() < deadline:
            try:
                results.append(queue.get(timeout=0.5))
            except Exception:
                peak = max(peak, proc_memory(server.pid)[0])
        for worker in workers:
            worker.join(5)
        wall = time.perf_counter() - wall_before
        server_cpu = proc_cpu(server.pid) - cpu_before
        rss, hwm = proc_memory(server.pid)
    finally:
        server.terminate()
        server.wait(10)
    rtts = [r for result in results for r in result["rtts"]]
    moves = sum(r["moves"] for r in results)
    play_wall = max(r["wall"] for r in results)
    return {
        "rooms": rooms,
        "clients": rooms * len(SEATS),
        "seconds": round(play_wall, 1),
        "moves": moves,
        "moves_per_s": round(moves / play_wall),
        "server_cpu_core_share": round(server_cpu / wall, 2),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / max(moves, 1), 3),
        "server_rss_mb": round(max(rss, peak), 1),
        "server_peak_rss_mb": round(hwm, 1),
        "client_cpu_s": round(sum(r["cpu"] for r in results), 1),
        "deals_verified": sum(r["verified"] for r in results),
        "deal_checks_failed": sum(r["failed"] for r in results),
        "rtt_ms_p50": round(percentile(rtts, 50), 2),
        "rtt_ms_p95": round(percentile(rtts, 95), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument("--single-seconds", type=float, default=10.0, help="the one-room round-trip run")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="also run the rooms with bots pausing this long per answer"
    )
    args = parser.parse_args()
    load = run_load(args.rooms, args.seconds, args.client_procs)
    print(json.dumps({"load": load}), flush=True)
    if args.think_ms:
        paced = run_load(args.rooms, args.seconds, args.client_procs, args.think_ms / 1000)
        print(json.dumps({"paced": {"think_ms": args.think_ms, **paced}}), flush=True)
    single = run_load(1, args.single_seconds, 1)
    print(
        json.dumps(
            {"one_room": {k: single[k] for k in ("moves_per_s", "server_cpu_ms_per_move", "rtt_ms_p50", "rtt_ms_p95")}}
        )
    )
    print(json.dumps({"cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2)}))
    return 0 if load["deal_checks_failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
