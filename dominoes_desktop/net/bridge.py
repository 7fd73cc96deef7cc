"""Seat a bot-protocol program (BOT.md) at a remote room:

    python -m dominoes_desktop.net.bridge 'dominoes://HOST:PORT/CODE#FINGERPRINT' --name Bot -- \
        python -m dominoes_desktop.engine.bot --level hard

The bridge joins with the invite link (TLS, pinned to its fingerprint; HOST:PORT CODE also works, unpinned), passes each of its seat's views to the program as a bot request (the
view *is* the request), and sends the program's move back. It cuts every deal itself and checks each
revealed deal. Logs go to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import invite, tls
from .client import Client, DealChecker, play_seat
from .codec import Decision


async def run(
    host: str,
    port: int,
    code: str,
    name: str,
    command: Sequence[str],
    token: str | None,
    pin: str | None = None,
    private: bool = True,
) -> int:
    bot = await asyncio.create_subprocess_exec(*command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert bot.stdin is not None and bot.stdout is not None
    bot_in, bot_out = bot.stdin, bot.stdout
    client = Client()
    await client.connect(host, port, pin=pin, private=private)
    client.send({"t": "rejoin", "code": code, "token": token} if token else {"t": "join", "code": code, "name": name})
    checker = DealChecker()

    async def choose(message: dict[str, Any]) -> str:
        legal: list[str] = message["legal"]
        view = message["view"]
        if message["decision"] == Decision.REDEAL:
            return "keep"
        if message["decision"] == Decision.LEAD:
            mine = f"lead:{view['seat']}"
            return mine if mine in legal else legal[0]
        bot_in.write(json.dumps(view).encode() + b"\n")
        await bot_in.drain()
        answer = json.loads(await bot_out.readline() or b"{}")
        move = answer.get("move")
        if move in legal:
            return str(move)
        for option in legal:  # "6-4" from the bot is "6-4@6" on the wire when only one end fits
            if isinstance(move, str) and option.split("@")[0] == move:
                return option
        print(f"bot answered {answer!r}; legal: {legal}", file=sys.stderr)
        return "decline" if "decline" in legal else legal[0]

    def log(message: dict[str, Any]) -> None:
        if message["t"] == "joined":
            print(f"seat {message['seat']}, token {message['token']}", file=sys.stderr, flush=True)
        elif message["t"] in ("error", "host_left", "removed", "chat"):
            print(json.dumps(message), file=sys.stderr, flush=True)

    try:
        why = await play_seat(client, choose, checker, log)
    finally:
        await client.close()
        bot_in.close()
        await bot.wait()
    print(f"stopped: {why}; deals verified {checker.verified}, failed {len(checker.failures)}", file=sys.stderr)
    for failure in checker.failures:
        print(f"deal check failed: {failure}", file=sys.stderr)
    return 1 if checker.failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    command: list[str] = []
    if "--" in args_in:
        at = args_in.index("--")
        args_in, command = args_in[:at], args_in[at + 1 :]
    parser = argparse.ArgumentParser(prog="python -m dominoes_desktop.net.bridge", description=__doc__)
    parser.add_argument("address", help="the invite link (dominoes://HOST:PORT/CODE#FINGERPRINT), or HOST:PORT")
    parser.add_argument("code", nargs="?", default="", help="the invite code, like K7Q-2MX (not with a link)")
    parser.add_argument("--plain", action="store_true", help="no TLS (a server run with `serve --plain`)")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--token", help="rejoin the seat this token was given for")
    args = parser.parse_args(args_in)
    if not command:
        command = [sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", "medium"]
    try:
        read = invite.parse(f"{args.address} {args.code}".strip())
    except ValueError as exc:
        print(f"bad invite: {exc}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(
            run(read.host, read.port, read.code, args.name, command, args.token, read.fingerprint, not args.plain)
        )
    except tls.PinMismatch as exc:
        print(f"not connected: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
