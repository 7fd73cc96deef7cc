"""How a command-line tool ends when the world around it does: never with a traceback.

    @quiet_exits
    def main(argv: Sequence[str] | None = None) -> int: ...

- Ctrl+C (KeyboardInterrupt): exit 130, as a shell reports a process ended by SIGINT; nothing printed.
- The reader of stdout went away (`tool | head -c 10`, a bot driver closing its pipe): exit 141, as a
  process ended by SIGPIPE; nothing printed (the reader asked for no more).
- stdout cannot be written (`tool >/dev/full`): one line on stderr, exit 74 (EX_IOERR).

stdout is flushed before `main`'s code is returned, so a failing write is met here and not at the
interpreter's exit, where Python would print "Exception ignored" and a traceback of its own.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections.abc import Callable
from typing import ParamSpec

INTERRUPTED = 130  # 128 + SIGINT
READER_GONE = 141  # 128 + SIGPIPE
CANNOT_WRITE = 74  # sysexits' EX_IOERR

P = ParamSpec("P")


def quiet_exits(main: Callable[P, int]) -> Callable[P, int]:
    @functools.wraps(main)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            code = main(*args, **kwargs)
            sys.stdout.flush()
            return code
        except KeyboardInterrupt:
            _silence_stdout()
            return INTERRUPTED
        except BrokenPipeError:
            _silence_stdout()
            return READER_GONE
        except OSError as exc:
            if not _is_stdout_failure(exc):
                raise
            _silence_stdout()
            print(f"error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
            return CANNOT_WRITE

    return guarded


def _is_stdout_failure(exc: OSError) -> bool:
    """An error of writing stdout, not of a file the tool opened (those are the tool's own to word)."""
    return exc.filename is None and exc.errno is not None


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is still buffered cannot fail
    again at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # stdout closed or not a file: nothing to flush at exit then
        pass


def quiet_worker() -> None:
    """A tool's worker process (a pool's initializer): Ctrl+C in the terminal reaches it too, and it ends at once
    and in silence (the default action of SIGINT), leaving the tool to say nothing and exit 130; and it ends
    with the tool however the tool ends."""
    from ..session.cpu_pool import end_with_parent  # only in a worker: the tools' start-up stays light

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    end_with_parent()
