"""How a command-line tool ends when the world around it does: never with a traceback.

    @quiet_exits
    def main(argv: Sequence[str] | None = None) -> int: ...

- Ctrl+C (KeyboardInterrupt): exit 130, as a shell reports a process ended by SIGINT; nothing printed.
- The reader of stdout went away (`tool | head -c 10`, a bot driver closing its pipe): exit 141, as a
  process ended by SIGPIPE; nothing printed (the reader asked for no more).
- stdout cannot be written (`tool >/dev/full`, or closed: `tool >&-`): one line on stderr, exit 74 (EX_IOERR),
  once the tool writes there; a tool that ends without writing any (an invalid case: exit 2) keeps its code.
- stderr cannot be written (`2>/dev/full`, `2>&-`): what is written there is dropped and the exit code is the
  same. It is the last channel: nothing is left to report its failure on, and a failed write there must not
  pass for a failure of stdout (74) nor end in a traceback (1).

stdout is flushed before `main`'s code is returned, so a failing write is met here and not at the
interpreter's exit, where Python would print "Exception ignored" and a traceback of its own.
"""

from __future__ import annotations

import errno
import functools
import io
import os
import signal
import sys
from collections.abc import Callable
from typing import ParamSpec, TextIO, cast

INTERRUPTED = 130  # 128 + SIGINT
READER_GONE = 141  # 128 + SIGPIPE
CANNOT_WRITE = 74  # sysexits' EX_IOERR

P = ParamSpec("P")


def quiet_exits(main: Callable[P, int]) -> Callable[P, int]:
    @functools.wraps(main)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> int:
        stdout, stderr = sys.stdout, sys.stderr
        if stdout is None:  # started with stdout closed: Python's None would swallow every print in silence
            sys.stdout = cast(TextIO, _ClosedOutput())
        sys.stderr = cast(TextIO, _LastChannel(stderr))  # None too: `print(file=None)` would write to stdout
        try:
            return _run(main, *args, **kwargs)
        finally:
            if isinstance(sys.stdout, _ClosedOutput):
                sys.stdout = stdout
            if isinstance(sys.stderr, _LastChannel):
                sys.stderr = stderr

    return guarded


def _run(main: Callable[P, int], *args: P.args, **kwargs: P.kwargs) -> int:
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


class _ClosedOutput(io.TextIOBase):
    """stdout when the tool was started with it closed: a write fails as a write to a closed descriptor does."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


class _LastChannel(io.TextIOBase):
    """stderr, forgiving: once a write fails (a full disk, a closed descriptor) or when there is none, what is
    written is dropped."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(text)
                if "\n" in text:  # as stderr's own line buffering: a failing line fails here, not later
                    self._stream.flush()
            except (OSError, ValueError):  # ValueError: a stream the tool closed itself
                self._stream = None
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._stream = None

    def fileno(self) -> int:
        if self._stream is None:
            raise io.UnsupportedOperation("stderr cannot be written")
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()
