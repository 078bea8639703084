"""Room codes, seat tokens, player names and the limits that keep a server usable under abuse."""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from collections import deque
from collections.abc import Iterable

#: no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B: letters a phone keyboard and tired eyes cannot mix up
CODE_ALPHABET = "ACDEFGHJKMNPRTUVWXY"
CODE_LENGTH = 5
MAX_NAME_CHARS = 24


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


def clean_name(raw: str) -> str:
    """Strip control and format characters, collapse whitespace, cut to 24 characters."""
    kept = []
    for ch in raw:
        category = unicodedata.category(ch)
        if category.startswith("Z") or ch.isspace():
            kept.append(" ")
        elif category.startswith("C"):
            continue
        else:
            kept.append(ch)
    name = " ".join("".join(kept).split())[:MAX_NAME_CHARS].strip()
    if not name:
        raise BadNameError("a name needs at least one visible character")
    return name


#: what a bot's seat is called ("Bot", "Bot 3", "bot7", "BOT-2"): people may not take such a name
_BOT_LABEL = re.compile(r"bot[\s_.\-#]*\d*")


def name_taken(name: str, held: Iterable[str]) -> str | None:
    """Why a (cleaned) name cannot join a room holding the names ``held``, as a kind sentence, or None.

    Names are compared with casefold() after strip(), so "Eva" and " eva " are the same person."""
    key = name.strip().casefold()
    if _BOT_LABEL.fullmatch(key):
        return f"{name!r} is what the bots are called here: please pick another name"
    if any(key == other.strip().casefold() for other in held):
        return f"someone called {name!r} is already in this room: please add a letter or a nickname"
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
