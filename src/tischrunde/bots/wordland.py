"""Word bots for Wordland: they answer from the category lexicon and judge others' words with it.

One kind, ``word``, at three levels (``word:easy``, ``word``, ``word:hard``). Each level knows a share of
every category lexicon (the most frequent words first, by the committed frequency table) and takes 2 to
6 s a turn (:data:`TURN`, a person's thinking time: longer as fitting words get scarce). It says only
words of the category's own lexicon, written as a person writes them (:func:`written`: German nouns
capitalised). It objects only with cause: to a word that is not in the category lexicon with
``object_rate`` (more often to a word it knows from another category), and to a fitting word only when
it does not know that word itself, with ``doubt_rate`` (3 %), so fewer than 5 % of fitting words meet an
objection. In a vote it keeps lexicon words, rejects words from other categories and gives unknown words
an even chance. ``bluff_rate`` (0 by default) lets a bot with no word left try one from another
category, to exercise the group's judging in tests. Abilities: the Queen and the White Rabbit lay
out their letter right after their turn, the Cheshire Cat passes when it has no word, the Tweedles extend
when the answer would come too late, the Mad Hatter ignores the letter that blocks most of its words, the
Royal Guard forces a player once words get scarce, the Caterpillar bets on the leader, the Queen picks the
category she knows more words for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tischrunde.bots.base import Bot, Decision
from tischrunde.bots.pace import DEFAULT_LEVEL, Reaction, check_level
from tischrunde.core.game import Action
from tischrunde.games.wordland.content import (
    categories,
    category,
    frequencies,
    letters_of,
    word_key,
    written,
)
from tischrunde.games.wordland.state import (
    Bet,
    CatPass,
    ChooseCategory,
    Extend,
    GuardForce,
    HatterIgnore,
    Object,
    PlaceLetter,
    SaidIt,
    Say,
    Vote,
)

#: level -> (share of each lexicon known, objection rate for words outside the category)
LEVELS: dict[str, tuple[float, float]] = {
    "easy": (0.35, 0.3),
    "normal": (0.65, 0.5),
    "hard": (1.0, 0.7),
}
#: a turn's thinking time per level: 2 to 6 s, as people take
TURN: dict[str, Reaction] = {
    "easy": Reaction(4000, 2000, 0.45, cap_ms=6000),
    "normal": Reaction(3300, 2000, 0.45, cap_ms=6000),
    "hard": Reaction(2700, 2000, 0.45, cap_ms=6000),
}
#: the chance to object to a fitting word the bot does not know itself
DOUBT_RATE = 0.03


@cache
def known_words(category_id: str, language: str, share: float) -> tuple[str, ...]:
    """The ``share`` most frequent words of a category lexicon (at least ten)."""
    words = category(category_id).words[language]
    freq = frequencies()[language]
    ranked = sorted(words, key=lambda w: -freq.get(w, 0))
    return tuple(ranked[: max(10, round(share * len(ranked)))])


@cache
def lexicon_keys(category_id: str, language: str) -> frozenset[str]:
    return frozenset(word_key(w) for w in category(category_id).words[language])


@cache
def all_lexicon_keys(language: str) -> frozenset[str]:
    return frozenset(word_key(w) for c in categories() for w in c.words[language])


class WordBot(Bot):
    """A Wordland player of one level ("easy", "normal", "hard")."""

    name = "word"

    def __init__(
        self,
        seat: int,
        seed: int,
        *,
        level: str = DEFAULT_LEVEL,
        share: float | None = None,
        turn: Reaction | None = None,
        object_rate: float | None = None,
        doubt_rate: float = DOUBT_RATE,
        bluff_rate: float = 0.0,
    ) -> None:
        super().__init__(seat, seed, level=check_level(level))
        d_share, d_object = LEVELS[level]
        self.share = d_share if share is None else share
        self.turn = TURN[level] if turn is None else turn
        self.object_rate = d_object if object_rate is None else object_rate
        self.doubt_rate = doubt_rate
        self.bluff_rate = bluff_rate
        self._plan: tuple[int, int, Action] | None = None
        self._judged: dict[int, bool] = {}
        self._choice: tuple[int, int, Action] | None = None

    # ------------------------------------------------------------ helpers

    def _delay(self, candidates: int) -> int:
        """A turn's thinking time: the level's, longer (up to its cap) as fitting words get scarce."""
        turn = self.turn
        value = int(self.sample(turn) * (1.0 + 0.6 / (1 + candidates)))
        return value if turn.cap_ms is None else min(turn.cap_ms, value)

    def _candidates(self, view: dict[str, Any], category_id: str, banned: set[str]) -> list[str]:
        fold = bool(view["options"]["fold_umlauts"])
        said = {
            # a word rejected by vote or said wrongly (its player went out) does not count as said
            word_key(w["word"])
            for w in view["words"]
            if w["word"] is not None and w["status"] not in ("rejected", "wrong")
        }
        out = [
            w
            for w in known_words(category_id, view["language"], self.share)
            if word_key(w) not in said and not banned.intersection(letters_of(w, fold_umlauts=fold))
        ]
        # spoken words are not typed in: assume each one used up one of the words the bot knows
        spoken = sum(1 for w in view["words"] if w["word"] is None and w["status"] in ("accepted", "kept"))
        return out[spoken:]

    def _bluff(self, view: dict[str, Any], banned: set[str]) -> str | None:
        fold = bool(view["options"]["fold_umlauts"])
        said = {word_key(w["word"]) for w in view["words"] if w["word"] is not None}
        cats = categories()
        start = self.randbelow(len(cats))
        for k in range(len(cats)):
            other = cats[(start + k) % len(cats)]
            if view["category"] is not None and other.id == view["category"]["id"]:
                continue
            for w in other.words[view["language"]][:10]:
                if word_key(w) not in said and not banned.intersection(letters_of(w, fold_umlauts=fold)):
                    return w
        return None

    @staticmethod
    def _first(legal: list[Action], kind: type[Action]) -> Action | None:
        return next((a for a in legal if isinstance(a, kind)), None)

    # ------------------------------------------------------------ decide

    def decide(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        if not legal:
            return None
        if any(isinstance(a, Vote) for a in legal):
            return self._vote(view, now)
        if any(isinstance(a, ChooseCategory) for a in legal):
            return self._choose(view)
        if any(isinstance(a, Bet) for a in legal):
            return self._bet(view, legal)
        place = [a for a in legal if isinstance(a, PlaceLetter)]
        if place:
            plain = next((a for a in place if isinstance(a, PlaceLetter) and not a.replace_red), place[0])
            return Decision(plain, self.sample(self.pace.choose))
        if view["my_turn"]:
            return self._turn(view, legal, now)
        objection = self._objection(view, legal)
        if objection is not None:
            return objection
        return self._guard(view, legal)

    def _choose(self, view: dict[str, Any]) -> Decision:
        options = view["category_choice"] or []
        banned = {x["letter"] for x in view["forbidden_letters"]}
        best, best_count = 0, -1
        for i, card in enumerate(options):
            count = len(self._candidates({**view, "words": []}, card["id"], banned))
            if count > best_count:
                best, best_count = i, count
        return Decision(ChooseCategory(best), self.sample(self.pace.think))

    def _bet(self, view: dict[str, Any], legal: list[Action]) -> Decision:
        points = view["points"]
        options = [a for a in legal if isinstance(a, Bet)]
        best = max(options, key=lambda a: (points[a.seat], -((a.seat - self.seat) % len(points))))
        return Decision(best, self.sample(self.pace.think))

    def _turn(self, view: dict[str, Any], legal: list[Action], now: int) -> Decision | None:
        turn_id = view["turn_id"]
        category = view["category"]["id"]
        banned = {x["letter"] for x in view["forbidden_letters"] if x["binds_me"]}
        candidates = self._candidates(view, category, banned)
        deadline = view["turn_deadline"] or now
        if self._plan is not None and self._plan[0] == turn_id:
            _, planned_due, planned = self._plan
            keys = {word_key(w) for w in candidates}
            still_good = (
                not isinstance(planned, Say)
                or word_key(planned.word) in keys
                or self._is_bluff(view, planned)
            )
            if still_good:
                return self._maybe_extend(legal, planned_due, deadline, planned, now)
        hatter = [a for a in legal if isinstance(a, HatterIgnore)]
        if hatter and len(candidates) < 3:
            best = max(hatter, key=lambda a: len(self._candidates(view, category, banned - {a.letter})))
            return Decision(best, self.sample(self.pace.choose))
        action: Action | None = None
        if candidates:
            word = candidates[self.randbelow(min(len(candidates), 4))]
            spoken = view["options"]["input"] == "spoken"
            action = SaidIt() if spoken else Say(written(word, category, view["language"]))
        else:
            cat = self._first(legal, CatPass)
            if cat is not None:
                action = cat
            elif view["options"]["input"] == "typed" and self.random() < self.bluff_rate:
                bluff = self._bluff(view, banned)
                if bluff is not None:
                    action = Say(bluff)
        if action is None:
            self._plan = None
            return None
        due = now + self._delay(len(candidates))
        self._plan = (turn_id, due, action)
        return self._maybe_extend(legal, due, deadline, action, now)

    def _is_bluff(self, view: dict[str, Any], action: Say) -> bool:
        key = word_key(action.word)
        return key not in lexicon_keys(view["category"]["id"], view["language"]) and not any(
            w["word"] is not None and word_key(w["word"]) == key for w in view["words"]
        )

    def _maybe_extend(
        self, legal: list[Action], due: int, deadline: int, action: Action, now: int
    ) -> Decision:
        extend = self._first(legal, Extend)
        if extend is not None and due >= deadline - 300:
            return Decision(extend, max(0, min(due, deadline - 400) - now))
        return Decision(action, max(0, due - now))

    def _objection(self, view: dict[str, Any], legal: list[Action]) -> Decision | None:
        if view["category"] is None:
            return None
        category, language = view["category"]["id"], view["language"]
        lexicon = lexicon_keys(category, language)
        vocabulary = {word_key(w) for w in known_words(category, language, self.share)}
        for window in view["objection_windows"]:
            turn_id = window["turn_id"]
            if window["seat"] == self.seat or window["word"] is None or Object(turn_id) not in legal:
                continue
            if turn_id not in self._judged:
                key = word_key(window["word"])
                # a word the bot does not know (rare by the frequency table) is doubted less than one
                # that is not in the category lexicon at all
                if key in vocabulary or not lexicon:  # a room's own category may list no words
                    rate = 0.0
                elif key in lexicon:
                    rate = self.doubt_rate
                elif key in all_lexicon_keys(language):
                    rate = min(1.0, self.object_rate * 1.5)
                else:
                    rate = self.object_rate
                self._judged[turn_id] = self.random() < rate
            if self._judged[turn_id]:
                return Decision(Object(turn_id), self.sample(self.pace.notice))
        return None

    def _vote(self, view: dict[str, Any], now: int) -> Decision:
        vote = view["vote"]
        word = vote["word"]
        against = False
        if word is not None and view["category"] is not None:
            key = word_key(word)
            lexicon = lexicon_keys(view["category"]["id"], view["language"])
            if lexicon and key not in lexicon:  # an own category without words: no grounds to doubt
                # a word the bot knows from elsewhere does not fit; an unknown one gets the benefit of doubt
                against = key in all_lexicon_keys(view["language"]) or self.random() < 0.5
        return Decision(Vote(against), self.sample(self.pace.choose))

    def _guard(self, view: dict[str, Any], legal: list[Action]) -> Decision | None:
        forces = [a for a in legal if isinstance(a, GuardForce)]
        if not forces:
            return None
        alive = sum(1 for o in view["out"] if not o)
        accepted = sum(1 for w in view["words"] if w["status"] in ("accepted", "kept"))
        if alive < 3 or accepted < 2 * alive:
            return None
        targets = [a for a in forces if a.seat != view["turn"]] or forces
        return Decision(targets[self.randbelow(len(targets))], self.sample(self.pace.choose))


BOTS = {"word": WordBot}
