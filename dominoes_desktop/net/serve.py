"""A headless room server for a home server or a small VPS:

    python -m dominoes_desktop.net.serve --port 47815 [--host 0.0.0.0] [--discovery] [--workers N] [--cert C --key K]

Connections are TLS: with the certificate given, or with one the server makes once and keeps (--tls-dir).
The fingerprint it prints at start goes into invites (dominoes://HOST:PORT/CODE#FINGERPRINT).

Desktop apps open rooms on it (Game ▸ Host this table on a server…) and join them with the same invites.
With `--workers N` it runs N server processes, one a core, on ports PORT to PORT+N-1: a room lives in the
process it was created in, and its invite names that process's port.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..session.cpu_pool import default_workers
from . import protocol, tls
from .server import CONNECTIONS_PER_ADDRESS, HANDSHAKE_S, IDLE_S, ROOMS_PER_ADDRESS, Server, summary_line


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
    server.cpu.start()  # the CPU processes now, not at the first CPU turn
    bound = await server.start(host, port, identity)
    if discovery:
        await server.start_discovery()
    print(f"dominoes room server on {host}:{bound} (protocol {protocol.PROTOCOL_VERSION})", flush=True)
    print(f"TLS fingerprint: {identity.fingerprint}" if identity else "plain TCP: nothing is private", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
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
    """One of `--workers` processes: a whole server on its own port."""
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s [{settings['port']}] %(message)s", stream=sys.stderr)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(**settings))


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


def _serve_workers(settings: dict[str, Any], workers: int) -> int:
    """Run `workers` servers, one a process, on consecutive ports; stop them all on SIGINT or SIGTERM. Only
    the first answers local-network discovery (one port for it)."""
    context = multiprocessing.get_context("spawn")
    processes = [
        context.Process(
            target=_worker,
            args=({**settings, "port": settings["port"] + i, "discovery": settings["discovery"] and i == 0},),
            name=f"room-server-{settings['port'] + i}",
        )
        for i in range(workers)
    ]
    for process in processes:
        process.start()

    def stop(signum: int, frame: object) -> None:
        for process in processes:
            if process.pid is not None and process.is_alive():
                os.kill(process.pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for process in processes:
        process.join()
    failed = [p for p in processes if p.exitcode not in (0, -signal.SIGTERM)]
    for process in failed:
        print(f"cannot serve: worker {process.name} stopped with {process.exitcode}", file=sys.stderr)
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
