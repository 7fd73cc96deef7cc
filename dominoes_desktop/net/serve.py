"""A headless room server for a home server or a small VPS:

    python -m dominoes_desktop.net.serve --port 47815 [--host 0.0.0.0] [--discovery] [--cert C --key K]

Connections are TLS: with the certificate given, or with one the server makes once and keeps (--tls-dir).
The fingerprint it prints at start goes into invites (dominoes://HOST:PORT/CODE#FINGERPRINT).

Desktop apps open rooms on it (Game ▸ Host this table on a server…) and join them with the same invites.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from ..session.cpu_pool import default_workers
from . import protocol, tls
from .server import ROOMS_PER_ADDRESS, Server, summary_line


async def run(
    host: str,
    port: int,
    discovery: bool,
    max_rooms: int,
    status_every: float,
    per_address: int = ROOMS_PER_ADDRESS,
    cpu_workers: int | None = None,
    identity: tls.Identity | None = None,
) -> None:
    server = Server(max_rooms=max_rooms, rooms_per_address=per_address, cpu_workers=cpu_workers)
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.net.serve", description=__doc__)
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=protocol.DEFAULT_PORT)
    parser.add_argument("--discovery", action="store_true", help="answer local-network room discovery")
    parser.add_argument("--max-rooms", type=int, default=2000)
    parser.add_argument(
        "--rooms-per-address",
        type=int,
        default=ROOMS_PER_ADDRESS,
        help=f"open rooms one client address may hold (default {ROOMS_PER_ADDRESS}; 0: no limit, e.g. behind a proxy)",
    )
    parser.add_argument(
        "--cpu-workers",
        type=int,
        default=default_workers(),
        help=f"processes in which every room's CPUs think (default min(2, CPUs) = {default_workers()})",
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
    try:
        identity = None if args.plain else server_identity(args.cert, args.key, args.tls_dir)
    except (OSError, ValueError) as exc:
        print(f"cannot serve: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    try:
        asyncio.run(
            run(
                args.host,
                args.port,
                args.discovery,
                args.max_rooms,
                args.status_every,
                args.rooms_per_address,
                max(1, args.cpu_workers),
                identity,
            )
        )
    except OSError as exc:
        print(f"cannot serve: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
