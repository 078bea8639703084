"""The address phones at the table open: the join link's rules, and the machine's LAN address."""

from __future__ import annotations

import ipaddress
import socket
import time
from typing import NamedTuple
from urllib.parse import urlsplit

#: what ``--host`` is when the server listens on every interface
ALL_INTERFACES = ("0.0.0.0", "::", "")

LOOPBACK_HINT = (
    "Phones cannot reach this address: the server listens on this computer only. "
    "Start it with `make run` (all interfaces) or `tischrunde serve --host 0.0.0.0`."
)
NO_LAN_HINT = (
    "No network address of this computer was found: connect it to the same Wi-Fi as the phones, "
    "or start the server with --public-url."
)

# an address of TEST-NET-1 (RFC 5737): never routed, so a UDP "connect" to it only asks the kernel which
# local address its route would use; a UDP connect sends no packet at all
_PROBE = ("192.0.2.1", 9)


class JoinLink(NamedTuple):
    """A join link, whether phones on the network can open it, and if not, what to do (English)."""

    url: str
    reachable: bool
    hint: str | None = None


def is_local_host(host: str) -> bool:
    """True for names and addresses only this computer can use: localhost, 127.x, ::1, 0.0.0.0, ::."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name in ALL_INTERFACES or name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def lan_ipv4() -> str | None:
    """This computer's IPv4 address on its network (the one its default route uses), found without
    sending any traffic; else the first non-loopback address its host name resolves to; else None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
        if not is_local_host(address):
            return address
    except OSError:
        pass
    try:
        _, _, addresses = socket.gethostbyname_ex(socket.gethostname())
    except OSError:
        return None
    return next((a for a in addresses if not is_local_host(a)), None)


_lan_cache: tuple[float, str | None] | None = None


def cached_lan_ipv4(max_age_s: float = 30.0) -> str | None:
    """``lan_ipv4``, looked up at most every ``max_age_s`` (the request path may not wait on a slow
    host name lookup; a laptop that changes networks is seen within that time)."""
    global _lan_cache
    now = time.monotonic()
    if _lan_cache is None or now - _lan_cache[0] >= max_age_s:
        _lan_cache = (now, lan_ipv4())
    return _lan_cache[1]


def join_link(
    path: str,
    *,
    request_link: str,
    public_url: str | None = None,
    listen_host: str | None = None,
    lan_ip: str | None = None,
) -> JoinLink:
    """The link to ``path`` (e.g. ``/r/CODE``) that phones should open. ``request_link`` is that link
    as the request's own base URL gives it (``http://HOST:PORT/r/CODE``). In order:

    1. ``public_url`` (``--public-url``, a deployment behind a reverse proxy) + path;
    2. ``request_link`` when its host is not a loopback name or address: the person who opened the
       page there reached the server there;
    3. when the server listens on all interfaces (``listen_host`` "0.0.0.0" or "::"),
       ``http://LAN_IPV4:PORT`` + path (``lan_ip``, see ``lan_ipv4``; the port the request came to);
    4. ``request_link``, loopback: not reachable, with a hint how to start the server instead.
    """
    if public_url:
        return JoinLink(public_url.rstrip("/") + path, True)
    parts = urlsplit(request_link)
    host = parts.hostname or ""
    if host and not is_local_host(host):
        return JoinLink(request_link, True)
    if listen_host is not None and listen_host.strip("[]") in ALL_INTERFACES:
        if lan_ip is None:
            return JoinLink(request_link, False, NO_LAN_HINT)
        netloc = lan_ip if parts.port is None else f"{lan_ip}:{parts.port}"
        return JoinLink(f"{parts.scheme or 'http'}://{netloc}{path}", True)
    return JoinLink(request_link, False, LOOPBACK_HINT)


def startup_link(host: str, port: int, public_url: str | None) -> JoinLink:
    """What ``tischrunde serve --host HOST --port PORT`` tells the host to open on the phones: the rules
    of ``join_link`` as seen from this computer before any request came."""
    shown = "127.0.0.1" if host.strip("[]") in ALL_INTERFACES else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    lan = lan_ipv4() if host.strip("[]") in ALL_INTERFACES else None
    return join_link(
        "/", request_link=f"http://{shown}:{port}/", public_url=public_url, listen_host=host, lan_ip=lan
    )
