"""Room codes, seat tokens, player names and the limits that keep a server usable under abuse."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import ipaddress
import logging
import re
import secrets
import socket
import sys
import time
import unicodedata
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

#: no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B: letters a phone keyboard and tired eyes cannot mix up
CODE_ALPHABET = "ACDEFGHJKMNPRTUVWXY"
CODE_LENGTH = 5
MAX_NAME_CHARS = 24

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def new_room_code() -> str:
    """A random room code (19^5 = 2.5 million codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str | None:
    """The canonical form of a typed room code, or None if it cannot be one."""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def new_token() -> str:
    """A seat token: the only proof that a connection may act for a seat."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256, so a leaked store cannot take over seats."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class BadNameError(ValueError):
    """A player name that is empty after cleaning."""


#: characters that show nothing although Unicode files them as letters or marks (the Hangul fillers, the
#: Khmer inherent vowels, the combining grapheme joiner, the Mongolian variation selectors): taken out of
#: names
FILLERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0")
#: blank although a symbol (the empty Braille pattern): a space in names
BLANKS = frozenset("\u2800")
#: the kinds of character that show something (letters, digits, punctuation, symbols)
_VISIBLE = ("L", "N", "P", "S")


def _variation_selector(ch: str) -> bool:
    """U+FE00..FE0F and U+E0100..E01EF: kept in a name (they choose an emoji's look), never its content."""
    code = ord(ch)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def _accent(ch: str) -> bool:
    """A combining accent of the Latin, Greek and Cyrillic alphabets (the four Combining Diacritical
    Marks blocks and their half marks): names that differ only in these count as one."""
    code = ord(ch)
    return (
        0x0300 <= code <= 0x036F
        or 0x1AB0 <= code <= 0x1AFF
        or 0x1DC0 <= code <= 0x1DFF
        or 0x20D0 <= code <= 0x20FF
        or 0xFE20 <= code <= 0xFE2F
    )


def clean_name(raw: str) -> str:
    """NFKC (fullwidth letters, ligatures and the like become plain ones), control, format and filler
    characters out, blanks and whitespace collapsed to single spaces, cut to 24 characters. A name needs
    one letter, digit, punctuation mark or symbol."""
    kept = []
    for ch in unicodedata.normalize("NFKC", raw):
        category = unicodedata.category(ch)
        if category.startswith("Z") or ch.isspace() or ch in BLANKS:
            kept.append(" ")
        elif category.startswith("C") or ch in FILLERS:
            continue
        else:
            kept.append(ch)
    name = " ".join("".join(kept).split())[:MAX_NAME_CHARS].strip()
    if not any(unicodedata.category(ch).startswith(_VISIBLE) for ch in name):
        raise BadNameError("a name needs at least one visible character")
    return name


@functools.cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables (UTS #39, from ``confusable_homoglyphs``' copy of confusables.txt): each
    character that looks like another mapped to the one both stand for ("Α" and "а" to "a" and "A",
    "0" to "O", "1" and "I" to "l", "m" to "rn").

    The library keeps the table both ways round (each character with its look-alikes); a character with
    one entry whose look-alike has several is a source mapped to it, a character with several is itself
    what others map to. Where two characters only look like each other, both map to the smaller."""
    # (9,000 entries read from JSON: loaded when a name is first compared, not when the server starts)
    from confusable_homoglyphs import confusables

    def bare(text: str) -> str:  # its copy wraps right-to-left characters in direction marks
        return text.replace("\u200e", "").replace("\u200f", "")

    alikes: dict[str, list[str]] = {}
    for char, entries in confusables.confusables_data.items():
        alikes.setdefault(bare(char), []).extend(bare(e["c"]) for e in entries)
    out: dict[str, str] = {}
    for char, others in alikes.items():
        if len(char) != 1 or len(others) != 1:
            continue
        other = others[0]
        if len(alikes.get(other, ())) > 1 or len(other) > 1 or other < char:
            out[char] = other
    return out


def skeleton(text: str) -> str:
    """The UTS #39 skeleton: NFD, every character by the one it looks like, NFD again (repeated until
    nothing changes, at most three rounds), so look-alike strings have equal skeletons."""
    table = _prototypes()
    for _ in range(3):
        mapped = unicodedata.normalize(
            "NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
        )
        if mapped == text:
            break
        text = mapped
    return text


def _plain(text: str) -> str:
    """A name as compared: NFKC, then NFD with accents, fillers, variation selectors and format
    characters taken out and blanks collapsed."""
    kept = []
    for ch in unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text)):
        category = unicodedata.category(ch)
        if category.startswith("Z") or ch.isspace() or ch in BLANKS:
            kept.append(" ")
        elif not (category.startswith("C") or ch in FILLERS or _variation_selector(ch) or _accent(ch)):
            kept.append(ch)
    return " ".join("".join(kept).split())


def name_keys(name: str) -> tuple[str, str]:
    """Two keys of a name: its plain casefolded form ("Eva" = " eva ", "Straße" = "STRASSE", "Ánna" =
    "Anna") and its look ("Αnna" with a Greek Alpha = "Anna", "B0t" = "Bot", "Ian" = "lan"): the
    skeleton, casefolded, its skeleton again (so "I" and "l" meet although casefold tells them apart)."""
    plain = _plain(name)
    return plain.casefold(), _plain(skeleton(skeleton(plain).casefold()))


#: what a bot's seat is called ("Bot", "Bot 3", "bot7", "BOT-2"): people may not take such a name
_BOT_LABEL = re.compile(r"bot[\s_.\-#]*\d*")


@functools.cache
def _bot_look() -> re.Pattern[str]:
    """``_BOT_LABEL`` in looks: what "B0t 2" or "Bоt 2" (a Cyrillic о) look like matches it too."""
    look = name_keys("bot")[1]
    separators = "|".join(re.escape(name_keys(f"a{c}a")[1][1:-1]) for c in "_.-#")
    digits = "|".join(sorted({re.escape(name_keys(d)[1]) for d in "0123456789"}))
    return re.compile(rf"{re.escape(look)}(?:\s|{separators})*(?:{digits})*")


def name_taken(name: str, held: Iterable[str]) -> str | None:
    """Why a (cleaned) name cannot join a room holding the names ``held``, as a kind sentence, or None.

    Names are the same when their plain forms are ("Eva" and " eva ", "Anna" and "Ánna") or their looks
    are ("Anna" and "Αnna" with a Greek Alpha, or "Ａｎｎａ"); a name that reads or looks like a bot's
    label is refused."""
    plain, look = name_keys(name)
    if _BOT_LABEL.fullmatch(plain) or _bot_look().fullmatch(look):
        return f"{name!r} is what the bots are called here: please pick another name"
    for other in held:
        other_plain, other_look = name_keys(other)
        if plain == other_plain:
            return f"someone called {name!r} is already in this room: please add a letter or a nickname"
        if look == other_look:
            return (
                f"{name!r} looks just like {other!r}, who is already in this room: please add a letter or "
                "a nickname"
            )
    return None


class TokenBucket:
    """Allows ``rate`` messages per second on average and bursts of ``burst``."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.last = now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Throttle:
    """At most ``limit`` misses (unknown codes, bad tokens) per client in a sliding window.

    Once a client used up its misses, every lookup is refused until the window has passed, so
    room codes cannot be scanned.
    """

    def __init__(self, limit: int = 20, window_s: float = 60.0, max_clients: int = 100_000) -> None:
        self.limit = limit
        self.window_s = window_s
        self.max_clients = max_clients
        self.misses: dict[str, deque[float]] = {}

    def _recent(self, client: str, now: float) -> deque[float] | None:
        times = self.misses.get(client)
        if times is None:
            return None
        while times and times[0] <= now - self.window_s:
            times.popleft()
        if not times:
            del self.misses[client]
            return None
        return times

    def allowed(self, client: str, now: float) -> bool:
        times = self._recent(client, now)
        return times is None or len(times) < self.limit

    def miss(self, client: str, now: float) -> None:
        if client not in self.misses and len(self.misses) >= self.max_clients:
            # forget the oldest client rather than grow without bound
            del self.misses[next(iter(self.misses))]
        self.misses.setdefault(client, deque()).append(now)


class Budgets:
    """A refilling budget per client (an address): ``burst`` at once, one more back every
    ``window_s / burst`` seconds (a token bucket per client).

    A client that spent its budget is refused until one unit has come back; spending may go into debt
    (down to ``-burst``: concurrent requests all count), which then has to be paid back first. At most
    ``max_clients`` are kept: past that, clients whose budget is full again are forgotten (they are as
    good as new), and if need be the oldest."""

    def __init__(self, burst: float, window_s: float = 60.0, max_clients: int = 100_000) -> None:
        self.burst = float(burst)
        self.rate = self.burst / window_s
        self.max_clients = max_clients
        self.spent: dict[str, tuple[float, float]] = {}  # client -> (level, when)

    def level(self, client: str, now: float) -> float:
        entry = self.spent.get(client)
        if entry is None:
            return self.burst
        level, when = entry
        return min(self.burst, level + (now - when) * self.rate)

    def allowed(self, client: str, now: float) -> bool:
        return self.level(client, now) >= 1

    def wait_s(self, client: str, now: float) -> float:
        """How long until ``client`` may spend again (0 if it may now)."""
        return max(0.0, (1 - self.level(client, now)) / self.rate)

    def spend(self, client: str, now: float) -> None:
        level = max(-self.burst, self.level(client, now) - 1)
        if client not in self.spent and len(self.spent) >= self.max_clients:
            self._forget(now)
        self.spent[client] = (level, now)

    def _forget(self, now: float) -> None:
        """Forget the clients whose budget is full again; if that is not a tenth of them, the oldest
        tenth too (so a flood of new addresses costs one sweep per tenth, not one per address)."""
        refilled = [c for c in self.spent if self.level(c, now) >= self.burst]
        for client in refilled:
            del self.spent[client]
        keep = self.max_clients - max(1, self.max_clients // 10)
        while len(self.spent) > keep:
            del self.spent[next(iter(self.spent))]


class Pressure:
    """A server-wide rate that slows answers instead of refusing them: up to ``cap`` events per
    ``window_s`` (in bursts of ``cap``) are answered at once; past that each waits a little, more the
    further past, at most ``max_delay_s``. Nobody is refused for what other clients did."""

    def __init__(self, cap: float, window_s: float = 60.0, max_delay_s: float = 1.0) -> None:
        self.cap = float(cap)
        self.rate = self.cap / window_s
        self.max_delay_s = max_delay_s
        self.level = self.cap
        self.when = -1e18

    def delay_s(self, now: float) -> float:
        """Count one event; how long its answer waits."""
        level = min(self.cap, self.level + (now - self.when) * self.rate) - 1
        self.level = max(level, -self.rate * self.max_delay_s)
        self.when = now
        return 0.0 if self.level >= 0 else min(self.max_delay_s, -self.level / self.rate)


# ---- hostile input --------------------------------------------------------------------------

#: the deepest JSON nesting a frame or body may have (actions and options need a handful of levels;
#: decoders recurse per level and run out of stack near a thousand)
MAX_JSON_DEPTH = 32
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


def json_too_deep(data: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether JSON text nests arrays and objects deeper than ``limit``, found before any decoding.

    Counting brackets is C-fast; only text with more than ``limit`` opening brackets is scanned for its
    depth (strings taken out first, so brackets inside names do not count)."""
    if isinstance(data, str):
        if data.count("[") + data.count("{") <= limit:
            return False
        raw = data.encode("utf-8", "surrogatepass")
    elif data.count(b"[") + data.count(b"{") <= limit:
        return False
    else:
        raw = data
    depth = 0
    for bracket in _BRACKETS.findall(_JSON_STRING.sub(b"", raw)):
        if bracket in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class QuietLog:
    """Logs an expected condition an outsider can cause as one short line, at most once per
    ``every_s`` per kind; the next line says how many were left out in between."""

    def __init__(self, logger: logging.Logger, every_s: float = 10.0) -> None:
        self.logger = logger
        self.every_s = every_s
        self.last: dict[str, float] = {}
        self.skipped: dict[str, int] = {}

    def note(self, kind: str, message: str, now: float | None = None) -> bool:
        """Log ``kind: message`` unless a line of this kind went out recently; True if logged."""
        now = time.monotonic() if now is None else now
        last = self.last.get(kind)
        if last is not None and now - last < self.every_s:
            self.skipped[kind] = self.skipped.get(kind, 0) + 1
            return False
        self.last[kind] = now
        skipped = self.skipped.pop(kind, 0)
        more = f" ({skipped} more like it not logged)" if skipped else ""
        self.logger.info("%s: %s%s", kind, message, more)
        return True


# ---- hosts ------------------------------------------------------------------------------------

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


def own_addresses() -> set[str]:
    """The machine's own IP addresses, found without sending anything: on Linux every interface's
    addresses (from /proc), elsewhere the host name's; and the source address the system would pick
    for a route out (connecting a UDP socket sends no packet)."""
    found = _linux_addresses() if sys.platform.startswith("linux") else set()
    if not found:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None):
                found.add(str(info[4][0]))
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            found.add(str(s.getsockname()[0]))
    return {a.split("%", 1)[0] for a in found}


def _linux_addresses() -> set[str]:
    """Every local IPv4 address (the kernel's routing trie marks them ``/32 host LOCAL``) and every
    interface's IPv6 address."""
    found: set[str] = set()
    with contextlib.suppress(OSError):
        previous = ""
        for line in Path("/proc/net/fib_trie").read_text().splitlines():
            text = line.strip()
            if text.startswith("|-- "):
                previous = text[4:]
            elif text.startswith("/32 host LOCAL") and previous:
                found.add(previous)
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            found.add(str(ipaddress.IPv6Address(bytes.fromhex(line.split()[0]))))
    return found


def default_allowed_hosts(public_url: str | None = None) -> list[str]:
    """Loopback names, the machine's name and addresses, and the public URL's host."""
    hosts = [*LOOPBACK_HOSTS, socket.gethostname(), f"{socket.gethostname()}.local", *sorted(own_addresses())]
    if public_url:
        public = urlsplit(public_url).hostname
        if public:
            hosts.append(public)
    return hosts


def host_name(header: str) -> str:
    """The host of a Host header without its port: ``[::1]:8000`` -> ``::1``, ``A.example.`` ->
    ``a.example``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    if header.count(":") == 1:
        header = header.split(":", 1)[0]
    return header.rstrip(".")


class HostList:
    """The Host headers this server answers: names and addresses (``*`` for any, ``.example.org``
    for a domain and its subdomains). Refusing the rest stops DNS rebinding. With ``own_addresses``
    also whatever addresses the machine has now (a laptop that changes networks keeps answering on
    its new address), looked up again at most every ``recheck_s``."""

    def __init__(self, hosts: Iterable[str], *, own_addresses: bool = False, recheck_s: float = 5.0) -> None:
        self.any = False
        self.names: set[str] = set()
        self.suffixes: list[str] = []
        self.own = own_addresses
        self.recheck_s = recheck_s
        self.own_seen: set[str] = set()
        self.checked = -recheck_s
        for host in hosts:
            host = host.strip().lower()
            if not host:
                continue
            if host == "*":
                self.any = True
            elif host.startswith("."):
                self.suffixes.append(host)
            else:
                name = host_name(host) if host.startswith("[") else host.rstrip(".")
                self.names.add(_canonical(name)[0])

    def allows(self, header: str | None) -> bool:
        if self.any:
            return True
        if not header:
            return False
        name, is_address = _canonical(host_name(header))
        if name in self.names or any(name.endswith(s) or name == s[1:] for s in self.suffixes):
            return True
        if not (self.own and is_address):
            return False
        if name not in self.own_seen and time.monotonic() - self.checked >= self.recheck_s:
            self.checked = time.monotonic()
            self.own_seen = own_addresses()
        return name in self.own_seen


def _canonical(name: str) -> tuple[str, bool]:
    """A host name as compared (an address in its one written form); and whether it is an address."""
    try:
        return str(ipaddress.ip_address(name)), True
    except ValueError:
        return name, False
