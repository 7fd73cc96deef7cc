"""Behind a home router: ask it (UPnP-IGD, with `miniupnpc`) to open the room's port, and say what to share.

`open_port` blocks for up to a few seconds (discovery waits for routers to answer): call it off the UI thread.
It never raises: whatever happens comes back as a `Reach`, which says in plain words what friends outside this
network can do, and what the host must do by hand when the router would not (forward the port).
"""

from __future__ import annotations

import ipaddress
import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)

# Why the router did not open the port (Reach.problem): kinds, worded by the window in the player's language.
NO_UPNP = "no_upnp"  # this build has no UPnP
NO_ROUTER = "no_router"  # no router answered (UPnP off, or none)
REFUSED = "refused"  # the router would not forward the port

DESCRIPTION = "Dominoes Desktop room"
LEASE_S = 6 * 3600  # a mapping the router forgets by itself if the game never closes it (a crash)
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: the provider's address, shared


@dataclass(frozen=True)
class Reach:
    port: int
    lan: str  # this computer's address on the home network
    public: str | None  # the router's address on the internet, if it told us
    opened: bool  # the router forwards `port` to this computer
    problem: str = ""  # why not: NO_UPNP, NO_ROUTER or REFUSED (the UI words it)
    detail: str = ""  # the router's own words, if any (an error name such as ConflictInMappingEntry)

    @property
    def public_is_reachable(self) -> bool:
        """Whether the router's own internet address is a real one (not private, not carrier-grade NAT)."""
        if not self.public:
            return False
        try:
            address = ipaddress.ip_address(self.public)
        except ValueError:
            return False
        return address.is_global and address not in SHARED


def open_port(port: int, lan: str, root_url: str | None = None, wait_ms: int = 2000) -> Reach:
    """Ask the router to forward TCP `port` to this computer. `root_url`: a router's description URL to use
    instead of discovering one (an IGD that does not answer discovery)."""
    try:
        import miniupnpc  # type: ignore[import-not-found]
    except ImportError:
        return Reach(port, lan, None, False, NO_UPNP)
    router = miniupnpc.UPnP()
    router.discoverdelay = wait_ms
    try:
        if root_url:
            router.selectigd(root_url)
        else:
            if router.discover() == 0:
                return Reach(port, lan, None, False, NO_ROUTER)
            router.selectigd()
    except Exception as exc:  # miniupnpc raises bare Exceptions, with its own words
        return Reach(port, lan, None, False, NO_ROUTER, router_words(exc))
    here = str(router.lanaddr or lan)
    public: str | None = None
    try:
        public = str(router.externalipaddress() or "") or None
    except Exception as exc:
        log.info("the router did not say its address: %s", exc)
    try:
        opened = bool(router.addportmapping(port, "TCP", here, port, DESCRIPTION, "", LEASE_S))
    except Exception as exc:
        return Reach(port, here, public, False, REFUSED, router_words(exc))
    return Reach(port, here, public, opened, "" if opened else REFUSED)


def close_port(port: int, root_url: str | None = None, wait_ms: int = 1000) -> bool:
    """Take back the mapping `open_port` made (the room is closed); False if it could not be done."""
    try:
        import miniupnpc

        router = miniupnpc.UPnP()
        router.discoverdelay = wait_ms
        if root_url:
            router.selectigd(root_url)
        elif router.discover() == 0:
            return False
        else:
            router.selectigd()
        return bool(router.deleteportmapping(port, "TCP"))
    except Exception as exc:
        log.info("could not close port %s on the router: %s", port, exc)
        return False


def router_words(exc: Exception) -> str:
    """miniupnpc's words for a failure, worth showing a host (an error name such as ConflictInMappingEntry), or ""
    where they say nothing: errno 0's "Success" (audit26 F4), an empty message. Logged either way."""
    words = str(exc).strip()
    log.info("UPnP: %s", words or type(exc).__name__)
    return "" if words.casefold() in ("", "success") else words
