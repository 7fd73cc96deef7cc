"""Invites as links: `dominoes://HOST:PORT/CODE#FINGERPRINT`.

One line a host pastes into any chat; clicking it opens the game on the Join dialog with everything filled
in (the installers register the `dominoes` scheme). The parts:

- HOST: a name, an IPv4 address, or an IPv6 address in brackets (`[2001:db8::7]`);
- PORT: optional, the room server's default (47815) when absent;
- CODE: the room's code, `K7Q-2MX` (read loosely: any case, with or without the dash);
- FINGERPRINT: the SHA-256 of the host's certificate, 64 hex digits (net.tls). It rides in the fragment:
  the part of a URL that programs handling links keep to themselves, never sent anywhere.

The older invite, `192.168.1.20:47815 K7Q-2MX`, is still read (with `#FINGERPRINT` after it, or without:
then the connection is private but the host is not checked, and the Join dialog says so).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from . import protocol, tls

SCHEME = "dominoes"
_LINK = re.compile(r"dominoes://\S+", re.IGNORECASE)
_PORT = re.compile(r"[0-9]{1,5}")
_HOST_NAME = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$")


@dataclass(frozen=True)
class Invite:
    host: str  # without brackets
    port: int
    code: str  # XXX-XXX
    fingerprint: str | None  # 64 lowercase hex digits, or None: the invite does not name the host's certificate

    def link(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        pin = f"#{self.fingerprint}" if self.fingerprint else ""
        return f"{SCHEME}://{host}:{self.port}/{self.code}{pin}"


def parse(text: str) -> Invite:
    """An invite as pasted: the link (also inside a sentence: "join me! dominoes://…"), or the older
    'ADDRESS:PORT CODE' form; ValueError with one line saying what is wrong."""
    text = text.strip()
    found = _LINK.search(text)
    if found is not None:
        return _parse_link(found.group(0).rstrip(".,;)>\"'"))
    return _parse_plain(text)


def _parse_link(link: str) -> Invite:
    rest = link[len(SCHEME) + 3 :]
    rest, _, fragment = rest.partition("#")
    address, _, path = rest.partition("/")
    code = path.strip("/").split("/")[0] if path else ""
    if not code:
        raise ValueError("the link has no room code, like dominoes://192.168.1.20:47815/K7Q-2MX")
    host, port = _address(address, default_port=True)
    return Invite(host, port, _code(code), tls.normalise_fingerprint(fragment) if fragment else None)


def _parse_plain(text: str) -> Invite:
    text, _, fragment = text.partition("#")
    parts = text.replace("/", " ").replace(",", " ").split()
    if len(parts) != 2:
        raise ValueError("an invite reads like dominoes://192.168.1.20:47815/K7Q-2MX#… or 192.168.1.20:47815 K7Q-2MX")
    host, port = _address(parts[0], default_port=False)
    return Invite(host, port, _code(parts[1]), tls.normalise_fingerprint(fragment) if fragment.strip() else None)


def _address(text: str, default_port: bool) -> tuple[str, int]:
    if text.startswith("["):
        host, bracket, after = text[1:].partition("]")
        if not bracket:
            raise ValueError("an IPv6 address is written in brackets, like [2001:db8::7]:47815")
        port_text = after[1:] if after.startswith(":") else ""
        if after and not after.startswith(":"):
            raise ValueError("the address cannot be read")
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    elif ":" in text:
        raise ValueError("an IPv6 address is written in brackets, like [2001:db8::7]:47815")
    else:
        host, port_text = text, ""
    if not port_text:
        if not default_port:
            raise ValueError("the address needs a port, like 192.168.1.20:47815")
        port = protocol.DEFAULT_PORT
    # ASCII digits only, read before any int(): str.isdigit takes '²' and full-width digits, and int() of a
    # thousand digits speaks Python, not the game.
    elif not _PORT.fullmatch(port_text) or not 0 < int(port_text) < 65536:
        raise ValueError("a port is a number from 1 to 65535")
    else:
        port = int(port_text)
    if not _valid_host(host):
        raise ValueError(f"'{host[:60]}' is not an address or a computer's name")
    return host, port


def check_one_computer(host: str) -> None:
    """ValueError unless `host` can name one computer to connect to: not a broadcast, multicast or unspecified
    address (a link may carry one; only a person's dialog needs to refuse it)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return
    if ip.is_multicast or ip == ipaddress.IPv4Address("255.255.255.255") or ip.is_unspecified:
        raise ValueError(f"{host} is not one computer's address (it is a broadcast, multicast or empty address)")


def _valid_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return bool(_HOST_NAME.match(host))


def _code(text: str) -> str:
    code = protocol.normalise_code(text)
    if len(code) != 7 or any(ch not in protocol.CODE_ALPHABET for ch in code.replace("-", "")):
        raise ValueError("a room code is six letters and digits, like K7Q-2MX")
    return code
