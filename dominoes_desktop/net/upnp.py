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

DESCRIPTION = "Dominoes Desktop room"
LEASE_S = 6 * 3600  # a mapping the router forgets by itself if the game never closes it (a crash)
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: the provider's address, shared


@dataclass(frozen=True)
class Reach:
    port: int
    lan: str  # this computer's address on the home network
    public: str | None  # the router's address on the internet, if it told us
    opened: bool  # the router forwards `port` to this computer
    problem: str = ""  # why not, in a few words

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
        return Reach(port, lan, None, False, "UPnP is not available in this build")
    router = miniupnpc.UPnP()
    router.discoverdelay = wait_ms
    try:
        if root_url:
            router.selectigd(root_url)
        else:
            if router.discover() == 0:
                return Reach(port, lan, None, False, "no router answered (UPnP is off, or there is none)")
            router.selectigd()
    except Exception as exc:  # miniupnpc raises bare Exceptions, with its own words
        return Reach(port, lan, None, False, f"no router answered ({exc})")
    here = str(router.lanaddr or lan)
    public: str | None = None
    try:
        public = str(router.externalipaddress() or "") or None
    except Exception as exc:
        log.info("the router did not say its address: %s", exc)
    try:
        opened = bool(router.addportmapping(port, "TCP", here, port, DESCRIPTION, "", LEASE_S))
    except Exception as exc:
        return Reach(port, here, public, False, f"the router refused ({exc})")
    return Reach(port, here, public, opened, "" if opened else "the router refused")


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
