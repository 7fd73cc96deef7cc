"""Reading what a hostile world may send: files, and JSON lines or documents. Pure Python, no Qt.

Every file the game or its command-line tools read goes through `read_bounded`: a regular file only (a FIFO
would hang the read, /dev/zero would fill the memory, a folder cannot be read), its size checked before and
during the read. JSON goes through `parse_json`, which refuses numbers too long to be a seat, a seed or a
score before Python converts them (a 5,000-digit integer costs quadratic time, and past 4,300 digits
raises a ValueError that a JSON reader does not expect), and NaN or infinity.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import sys
from pathlib import Path
from typing import Any

MAX_DIGITS = 40  # the longest number any file or request may hold: a 64-bit seed has 20 digits
INT_MAX_STR_DIGITS = 640  # the lowest limit Python allows; nothing the game reads is near it


class FileRefused(Exception):
    """A file or text that will not be read; the message says why, on one line."""


def limit_int_conversion() -> None:
    """Make Python itself refuse to convert long digit strings, in case one slips past `parse_json`."""
    # A build that refuses the lowest documented limit keeps its own; parse_json still refuses long numbers.
    with contextlib.suppress(ValueError):
        sys.set_int_max_str_digits(INT_MAX_STR_DIGITS)


def read_bounded(path: Path, max_bytes: int) -> bytes:
    """The whole content of a regular file of at most `max_bytes`; FileRefused otherwise (also on OSError).
    The message does not name the file: the caller does."""
    try:
        before = path.stat()  # follows links: what matters is what would be read
    except OSError as exc:
        raise FileRefused(str(exc.strerror or exc)) from None
    _check_kind(before.st_mode)
    if before.st_size > max_bytes:
        raise FileRefused(f"it is larger than {_size(max_bytes)}")
    # O_NONBLOCK: should the file be swapped for a FIFO between stat and open, opening it does not hang.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as exc:
        raise FileRefused(str(exc.strerror or exc)) from None
    try:
        _check_kind(os.fstat(descriptor).st_mode)
        chunks = []
        total = 0
        while True:
            chunk = os.read(descriptor, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:  # it grew while being read
                raise FileRefused(f"it is larger than {_size(max_bytes)}")
    except OSError as exc:
        raise FileRefused(str(exc.strerror or exc)) from None
    finally:
        os.close(descriptor)
    return b"".join(chunks)


def _check_kind(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    kind = "a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode) else "a device or special file"
    raise FileRefused(f"it is {kind}, not a regular file")


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 else f"{n // 1024} KiB"


def _refuse_constant(name: str) -> Any:
    raise FileRefused(f"{name} is not a number the game accepts")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise FileRefused(f"a number of {len(text.lstrip('-'))} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise FileRefused(f"a number written with {len(text)} characters is too long")
    value = float(text)
    if not math.isfinite(value):  # 1e999 reads as infinity
        raise FileRefused(f"{text} is too large a number")
    return value


# Made once: json.loads with hooks makes a decoder for every call, and a room server reads every message here.
_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant)


def parse_json(data: str | bytes) -> Any:
    """JSON text to Python values, refusing over-long numbers, NaN and infinity; FileRefused on any fault."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        if text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        return _DECODER.decode(text)
    except UnicodeDecodeError:
        raise FileRefused("not valid UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise FileRefused(f"not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise FileRefused("nested too deeply") from None
    except ValueError as exc:  # Python's own digit limit, should a number get past _parse_int
        raise FileRefused(f"a number is not acceptable ({exc})") from None


def whole_number(value: Any, low: int, high: int) -> bool:
    """True for an int (not a bool) within [low, high]."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def json_shown(value: Any, limit: int = 24) -> str:
    """A value read from JSON, written back as JSON for a one-line error (null, true, "2": the words of the file,
    not Python's None, True, '2'), cut short: a hostile file may hold megabytes where a number belongs."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not a JSON value: a caller's own
        text = repr(value)
    except RecursionError:  # nested deeper than the writer goes: its first brackets tell enough
        text = ("[" if isinstance(value, list) else "{") * (limit + 1)  # cut below, with "..."
    return text if len(text) <= limit else text[: limit - 3] + "..."
