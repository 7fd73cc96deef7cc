"""A headless room server for a home server or a small VPS:

    python -m dominoes_desktop.net.serve --port 47815 [--host 0.0.0.0] [--discovery] [--workers N] [--cert C --key K]

Connections are TLS: with the certificate given, or with one the server makes once and keeps (--tls-dir).
The fingerprint it prints at start goes into invites (dominoes://HOST:PORT/CODE#FINGERPRINT).

Desktop apps open rooms on it (Game ▸ Host this table on a server…) and join them with the same invites.
With `--workers N` it runs N server processes, one a core, on ports PORT to PORT+N-1: a room lives in the
process it was created in, and its invite names that process's port. The parent keeps them running (a worker
that dies is started again on its port, its rooms lost, which the log says) and they end with it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from ..session.cpu_pool import default_workers
from . import protocol, tls
from .server import CONNECTIONS_PER_ADDRESS, HANDSHAKE_S, IDLE_S, ROOMS_PER_ADDRESS, Server, summary_line

PR_SET_PDEATHSIG = 1  # linux/prctl.h: the signal this process gets when its parent ends
GC_YOUNG = 10_000  # new objects between two collections of the young generation (the default is 700)


async def run(
    host: str,
    port: int,
    discovery: bool,
    max_rooms: int,
    status_every: float,
    per_address: int = ROOMS_PER_ADDRESS,
    cpu_workers: int | None = None,
    identity: tls.Identity | None = None,
    **limits: Any,
) -> None:
    """Serve until SIGINT or SIGTERM. `limits`: the Server's other settings (connections_per_address,
    max_clients, handshake_s, idle_s, turn_s)."""
    server = Server(max_rooms=max_rooms, rooms_per_address=per_address, cpu_workers=cpu_workers, **limits)
    bound = await server.start(host, port, identity)
    server.cpu.start()  # the CPU processes now, not at the first CPU turn (after listening: a restarted worker
    # is back on its port at once)
    # What start-up made (modules, tables) lives as long as the process: kept out of the collector's full
    # passes, which then walk the rooms' objects alone and pause the loop less.
    gc.freeze()
    # By default the young generation is collected every 700 new objects: a move makes hundreds (messages,
    # views, events), so it ran every move or two and moved what was in flight into the older generations,
    # whose passes over every room paused the loop for up to 150 ms at 100 rooms. Every GC_YOUNG objects
    # instead: at 100 rooms no full pass in a run, and 13% less CPU a move (3 runs side by side, each less).
    gc.set_threshold(GC_YOUNG, 20, 20)
    if discovery:
        await server.start_discovery()
    print(f"dominoes room server on {host}:{bound} (protocol {protocol.PROTOCOL_VERSION})", flush=True)
    print(f"TLS fingerprint: {identity.fingerprint}" if identity else "plain TCP: nothing is private", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # An ignored SIGINT stays ignored (a worker of --workers, a job started with &): its CPU processes then
    # inherit it, and Ctrl+C in a terminal, which reaches the whole group, leaves the stopping to the parent.
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    for sig in (signal.SIGTERM,) if ignored else (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), status_every)
        logging.getLogger(__name__).info(summary_line(server))
    await server.stop()


def server_identity(cert: Path | None, key: Path | None, folder: Path) -> tls.Identity:
    return tls.load_identity(cert, key) if cert is not None and key is not None else tls.own_identity(folder)


def _worker(settings: dict[str, Any]) -> None:
    """One of `--workers` processes: a whole server on its own port, ended with its parent."""
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s [{settings['port']}] %(message)s", stream=sys.stderr)
    # Ctrl+C in a terminal reaches every process of the group: the parent stops the workers, in order, and
    # the workers' CPU processes (which inherit this) end with them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(**settings))


PARENT_GONE_GRACE_S = 5.0  # a worker whose parent is gone stops its rooms; if that hangs, it ends anyway


def _end_with_parent() -> None:
    """Stop this worker (as SIGTERM does: rooms closed, CPU pool closed) as soon as the parent is gone, however
    it went: kill -9 leaves it no time to stop its workers, which would keep their ports bound for good.
    On Linux the kernel tells (PR_SET_PDEATHSIG); everywhere, a thread waits on the parent's sentinel pipe."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if parent.pid is not None and os.getppid() != parent.pid:  # it died before the line above: no signal comes
        os._exit(0)

    def watch() -> None:
        parent.join()  # returns when the parent's end of the sentinel pipe closes
        with contextlib.suppress(OSError):
            os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(PARENT_GONE_GRACE_S)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.net.serve", description=__doc__)
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=protocol.DEFAULT_PORT)
    parser.add_argument("--discovery", action="store_true", help="answer local-network room discovery")
    parser.add_argument("--max-rooms", type=int, default=2000, help="rooms one process holds at most")
    parser.add_argument("--max-clients", type=int, default=10000, help="connections one process holds at most")
    parser.add_argument(
        "--rooms-per-address",
        type=int,
        default=ROOMS_PER_ADDRESS,
        help=f"open rooms one client address may hold (default {ROOMS_PER_ADDRESS}; 0: no limit, e.g. behind a proxy)",
    )
    parser.add_argument(
        "--connections-per-address",
        type=int,
        default=CONNECTIONS_PER_ADDRESS,
        help=f"connections one client address may hold (default {CONNECTIONS_PER_ADDRESS}; 0: no limit)",
    )
    parser.add_argument(
        "--turn-s",
        type=int,
        default=protocol.DEFAULT_TURN_S,
        help=f"a guest's seconds per decision when the room names none (default {protocol.DEFAULT_TURN_S})",
    )
    parser.add_argument("--handshake-s", type=float, default=HANDSHAKE_S, help="seconds a connection has to say hello")
    parser.add_argument("--idle-s", type=float, default=IDLE_S, help="seconds a connection may idle outside a room")
    parser.add_argument(
        "--cpu-workers",
        type=int,
        default=default_workers(),
        help=f"processes in which every room's CPUs think (default min(2, CPUs) = {default_workers()})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes, on ports PORT to PORT+N-1 (0: one a core); a room's invite names its port",
    )
    parser.add_argument("--cert", type=Path, help="the server's certificate (PEM), with --key")
    parser.add_argument("--key", type=Path, help="the certificate's private key (PEM)")
    parser.add_argument(
        "--tls-dir",
        type=Path,
        default=tls.server_folder(),
        help=f"where the server keeps the certificate it makes itself (default {tls.server_folder()})",
    )
    parser.add_argument(
        "--plain", action="store_true", help="no TLS (only behind a proxy that does TLS, or to measure)"
    )
    parser.add_argument("--status-every", type=float, default=60.0, help="seconds between status lines on stderr")
    args = parser.parse_args(argv)
    if (args.cert is None) != (args.key is None):
        parser.error("--cert and --key go together")
    try:  # once, here: every worker serves the same certificate, so an invite's fingerprint holds on any port
        identity = None if args.plain else server_identity(args.cert, args.key, args.tls_dir)
    except (OSError, ValueError) as exc:
        print(f"cannot serve: {exc}", file=sys.stderr)
        return 2
    if not protocol.MIN_TURN_S <= args.turn_s <= protocol.MAX_TURN_S:
        parser.error(f"--turn-s must be from {protocol.MIN_TURN_S} to {protocol.MAX_TURN_S}")
    workers = args.workers or os.cpu_count() or 1
    if workers > 1 and args.port == 0:
        parser.error("--workers needs a fixed --port (the workers take the ports from it up)")
    settings: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "discovery": args.discovery,
        "max_rooms": args.max_rooms,
        "status_every": args.status_every,
        "per_address": args.rooms_per_address,
        "cpu_workers": max(1, args.cpu_workers),
        "connections_per_address": args.connections_per_address,
        "max_clients": args.max_clients,
        "handshake_s": args.handshake_s,
        "idle_s": args.idle_s,
        "turn_s": args.turn_s,
        "identity": identity,
    }
    if workers == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
        try:
            asyncio.run(run(**settings))
        except OSError as exc:
            print(f"cannot serve: {exc}", file=sys.stderr)
            return 2
        return 0
    return _serve_workers(settings, workers)


RESTART_GIVE_UP = 5  # a worker that dies this many times in a row, each within QUICK_DEATH_S: the server gives up
QUICK_DEATH_S = 10.0


def _serve_workers(settings: dict[str, Any], workers: int) -> int:
    """Run `workers` servers, one a process, on consecutive ports, and keep them running: a worker that dies is
    started again on its port at once (its rooms are lost: one log line says so). SIGINT or SIGTERM stops them
    all; a worker that keeps dying at start (its port taken) ends the whole server with exit 2, so that a
    supervisor (systemd's Restart=on-failure) sees it. Only the first answers local-network discovery."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    log = logging.getLogger(__name__)
    context = multiprocessing.get_context("spawn")
    ports = [settings["port"] + i for i in range(workers)]
    running: dict[int, BaseProcess] = {}
    started: dict[int, float] = {}
    quick_deaths = dict.fromkeys(ports, 0)
    stopping = False

    def start(port: int) -> None:
        process = context.Process(
            target=_worker,
            args=({**settings, "port": port, "discovery": settings["discovery"] and port == ports[0]},),
            name=f"room-server-{port}",
        )
        process.start()
        running[port], started[port] = process, time.monotonic()

    def stop(signum: int = signal.SIGTERM, frame: object = None) -> None:
        nonlocal stopping
        stopping = True
        for process in running.values():
            if process.pid is not None and process.is_alive():
                os.kill(process.pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for port in ports:
        start(port)
    failed = False
    while running:
        wait([p.sentinel for p in running.values()], timeout=1.0)
        for port, process in list(running.items()):
            if process.is_alive():
                continue
            process.join()
            del running[port]
            if stopping:
                if process.exitcode not in (0, -signal.SIGTERM):
                    print(f"cannot serve: worker {process.name} stopped with {process.exitcode}", file=sys.stderr)
                    failed = True
                continue
            quick = time.monotonic() - started[port] < QUICK_DEATH_S
            quick_deaths[port] = quick_deaths[port] + 1 if quick else 0
            if quick_deaths[port] >= RESTART_GIVE_UP:
                log.error("the worker on port %d keeps stopping (exit %s): the server stops", port, process.exitcode)
                failed = True
                stop()
                continue
            log.warning(
                "the worker on port %d stopped (%s): the rooms it held are lost; starting it again",
                port,
                _how_it_ended(process.exitcode),
            )
            start(port)
    return 2 if failed else 0


def _how_it_ended(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-exitcode).name}"
    return f"exit {exitcode}"


if __name__ == "__main__":
    sys.exit(main())
