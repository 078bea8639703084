"""The Stella association bot: it scores each picture by how well its hidden tags fit the word.

The association table (``games/data/stella/associations.tsv``) lists, for every word of our word cards in
German and English, the picture tags it brings to mind. A picture's fit is the number of its tags that the
word brings to mind (plus a bonus when the word is itself a tag), blurred by a little personal noise so
bots do not think exactly alike. The ``risk`` sets how many cards a bot marks:

- ``cautious``: only the cards it is sure of: those that fit at least 30 % as well as the best one,
  2 to 6 of them (so few for a vague word, more for a clear one);
- ``balanced``: 3 to 5;
- ``greedy``: 4 to 6, and so it is often in the dark (more would make it fall every round: a greedy
  bot of 6 to 8 marks never won).

Reveals name the card most likely shared first (the best fit). As scout, a bot picks the word whose best
pictures stand out most clearly. Pictures of a room's own deck have no tags; bots then mark by noise.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tischrunde.art.stella.art import pictures
from tischrunde.bots.base import Bot, Decision
from tischrunde.bots.pace import DEFAULT_LEVEL, SLOWER
from tischrunde.core.game import Action
from tischrunde.games.stella import ChooseWord, Mark, Reveal

DATA_DIR = Path(__file__).resolve().parent.parent / "games" / "data" / "stella"
#: risk -> (fewest, most) marks; each round a bot picks a number in that range
RISK_MARKS = {"cautious": (2, 6), "balanced": (3, 5), "greedy": (4, 6)}
#: a cautious bot marks the pictures that fit at least this share as well as the best one
SURE_SHARE = 0.3
WORD_IS_TAG_BONUS = 2.0


@functools.cache
def _table() -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    related_by_word: dict[str, frozenset[str]] = {}
    english: dict[str, str] = {}
    for line in (DATA_DIR / "associations.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        en, de, tags = line.split("\t")
        related = frozenset(t.strip() for t in tags.split(","))
        for word in (en.lower(), de.lower()):
            related_by_word[word] = related
            english[word] = en.lower()
    return related_by_word, english


def associations() -> dict[str, frozenset[str]]:
    """Word (German or English, lower case) -> the English picture tags it brings to mind."""
    return _table()[0]


def _english(word: dict[str, str] | str) -> set[str]:
    texts = [word] if isinstance(word, str) else list(word.values())
    english = _table()[1]
    return {english.get(t.lower(), t.lower()) for t in texts}


@functools.cache
def _picture_tags() -> tuple[frozenset[str], ...]:
    return tuple(frozenset(p.tags_en) for p in pictures())


def tags_of(word: dict[str, str] | str) -> frozenset[str]:
    """The tags a word (a view's ``{"de": .., "en": ..}`` or a plain string) brings to mind."""
    table = associations()
    texts = [word] if isinstance(word, str) else [word.get("en", ""), word.get("de", "")]
    for text in texts:
        if text.lower() in table:
            return table[text.lower()]
    return frozenset(t for t in (w.lower() for w in texts) if t)


def association_scores(word: dict[str, str] | str, picture_ids: Sequence[int]) -> list[float]:
    """How well each picture fits the word: shared tags, plus a bonus when the word itself is a tag."""
    related = tags_of(word)
    names = _english(word)
    known = _picture_tags()
    out = []
    for pid in picture_ids:
        tags = known[pid] if 0 <= pid < len(known) else frozenset()
        score = float(len(tags & related))
        if tags & names:
            score += WORD_IS_TAG_BONUS
        out.append(score)
    return out


class AssociationBot(Bot):
    """Marks the pictures that fit the word best; how many depends on ``risk``."""

    name = "association"

    def __init__(
        self,
        seat: int,
        seed: int,
        *,
        risk: str = "balanced",
        noise: float = 0.6,
        min_delay_ms: int = 800,
        max_delay_ms: int = 6000,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        super().__init__(seat, seed, level=level)
        if risk not in RISK_MARKS:
            raise TypeError(f"risk must be one of {sorted(RISK_MARKS)}, not {risk!r}")
        self.risk = risk
        self.noise = noise
        self.min_delay_ms = min_delay_ms
        self.max_delay_ms = max_delay_ms
        # marks are a sample outside the legal list, so the driver may ask again after others act:
        # keep this round's decision and its due time instead of rethinking
        self._planned: tuple[tuple[int, int], Action, int] | None = None

    def scores(self, word: dict[str, str], picture_ids: Sequence[int]) -> list[float]:
        """Fit of each picture to the word (subclasses may score differently)."""
        return association_scores(word, picture_ids)

    def _delay(self) -> int:
        """A uniform time from ``min_delay_ms`` to ``max_delay_ms``, longer for easy, shorter for hard."""
        base = self.min_delay_ms + self.randbelow(self.max_delay_ms - self.min_delay_ms + 1)
        return int(base * SLOWER[self.level])

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        grid = [pid for row in view["grid"] for pid in row]
        phase = view["phase"]
        if phase == "word" and view.get("word_choices"):
            return Decision(self._choose_word(view["word_choices"], grid), self._delay())
        if phase == "mark" and view["word"] is not None:
            key = (len(view["history"]), view["scout"])
            if self._planned is None or self._planned[0] != key:
                self._planned = (key, self._mark(view, grid), now + self._delay() * 2)
            return Decision(self._planned[1], max(0, self._planned[2] - now))
        reveals = [a for a in legal if isinstance(a, Reveal)]
        if phase == "reveal" and reveals and view["word"] is not None:
            fit = self.scores(view["word"], grid)
            best = max(reveals, key=lambda a: (fit[a.position], -a.position))
            return Decision(best, self._delay() // 3)
        return Decision(legal[self.randbelow(len(legal))], self._delay())

    def _choose_word(self, choices: dict[str, list[str]], grid: list[int]) -> Action:
        clarity = []
        for i in range(len(choices["de"])):  # a room's own card may hold one word
            word = {"de": choices["de"][i], "en": choices["en"][i]}
            ranked = sorted(self.scores(word, grid), reverse=True)
            clarity.append(sum(ranked[:3]) + self.random() * 0.5)
        return ChooseWord(max(range(len(clarity)), key=lambda i: (clarity[i], -i)))

    def _mark(self, view: dict[str, Any], grid: list[int]) -> Action:
        fit = self.scores(view["word"], grid)
        noisy = [(f + self.noise * self.random(), p) for p, f in enumerate(fit)]
        noisy.sort(reverse=True)
        low, high = RISK_MARKS[self.risk]
        if self.risk == "cautious":
            top = max(fit, default=0.0)
            sure = sum(1 for f in fit if f > 0 and f >= SURE_SHARE * top)
            wanted = max(low, min(high, sure))
        else:
            wanted = low + self.randbelow(high - low + 1)
        wanted = max(view["min_marks"], min(view["max_marks"], wanted))
        return Mark(sorted(p for _, p in noisy[:wanted]))
