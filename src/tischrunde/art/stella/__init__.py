"""Stella's picture deck as content tooling: the generator (``art``), its motifs and their words.

It writes ``games/data/stella/pictures.json`` and ``tags.tsv``; the game never imports it (the server
draws a picture through the game's content hook, which imports ``art`` when first asked).
"""
