"""The optional compiled build (``setup.py`` with ``TISCHRUNDE_MYPYC=1``) plays exactly like the sources.

The engines, the PRNG and the playout driver are compiled with mypyc from the same sources (one
implementation of each rule; bench/README.md measures what it pays). This test builds it from a copy of
the sources and compares, game by game, a fingerprint of random playouts and of a hand-driven loop
through ``Game.apply`` (every view, legal-action list, deadline and event, and the error of an illegal
action) between the pure-Python package and the compiled one.

The build is cached (``build_cache``): mypyc takes a minute, so the compiled modules of a build are kept
under ``~/.cache/tischrunde/compiled/HASH`` (``TISCHRUNDE_CACHE`` to move it), keyed by a hash of everything
that goes into them (the engine and core sources, ``setup.py``, the Python and mypy versions). The
comparison itself always runs: a cached build of the very same sources is the same build.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: run in a fresh interpreter against one build or the other; prints one line per game
FINGERPRINT = r"""
import hashlib, importlib, json, random, sys
import msgspec
from tischrunde.core import registry
from tischrunde.core.errors import GameError
from tischrunde.core.game import Config, Timeout
from tischrunde.core.playout import random_playout
import tischrunde.games  # registers every game

compiled = sorted(
    name for name in sys.argv[1:] if not importlib.import_module(name).__file__.endswith(".py")
)
print("compiled", len(compiled))
# mypyc keeps a module's msgspec Structs as plain classes only if their options survive: record every
# Struct's options (frozen, gc, ...) so that a compiled state module that dropped them is caught
import pkgutil, tischrunde
structs = []
for info in pkgutil.walk_packages(tischrunde.__path__, "tischrunde."):
    if not info.name.startswith(("tischrunde.core", "tischrunde.games")) or info.name.endswith("__main__"):
        continue
    module = importlib.import_module(info.name)
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, msgspec.Struct) and value.__module__ == info.name:
            config = value.__struct_config__
            structs.append(repr((value.__qualname__, config.frozen, config.gc, config.eq, config.order,
                                 config.array_like, config.omit_defaults, config.forbid_unknown_fields,
                                 config.tag, config.tag_field, value.__struct_fields__)))
print("structs", hashlib.sha256("\n".join(sorted(structs)).encode()).hexdigest(), len(structs))
enc = msgspec.json.Encoder()
for name in sorted(registry.available()):
    game = registry.get(name)
    h = hashlib.sha256()
    configs = game.example_configs() + [Config(game=name, players=4, seed=s) for s in range(6)]
    for k, config in enumerate(configs):
        stats = random_playout(config, 1000 + k)
        h.update(enc.encode(stats.state))
        h.update(repr((stats.decisions, stats.steps, stats.time_ms)).encode())
    # a hand-driven game through Game.apply, hashing everything a seat or the table is told
    config = Config(game=name, players=4, seed=7)
    state = game.new(config)
    pick = random.Random(7)
    t = 0
    for step in range(3000):
        if game.outcome(state) is not None:
            break
        for seat in [None, *range(config.players)]:
            h.update(json.dumps(game.view(state, seat), sort_keys=True, default=str).encode())
        h.update(repr(game.deadline(state)).encode())
        try:
            game.apply(state, 0, msgspec.defstruct("Bogus", [])(), t)
        except GameError as error:
            h.update(repr((type(error).__name__, error.code, error.rule)).encode())
        t += pick.randrange(500)
        due = game.due_at(state)
        options = [(s, a) for s in range(config.players) for a in game.legal_actions(state, s)]
        for _seat, action in options:
            h.update(enc.encode(action))
        if due is not None and (t >= due or not options):
            t = max(t, due)
            state, events = game.apply(state, None, Timeout(), t)
        elif options:
            seat, action = options[pick.randrange(len(options))]
            state, events = game.apply(state, seat, action, t)
        else:
            break
        h.update(enc.encode(events))
    h.update(repr(game.outcome(state)).encode())
    print(name, h.hexdigest(), step, game.outcome(state) is not None)
"""


def _compiled_modules() -> list[str]:
    """The module names of setup.py's ``COMPILED`` list."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    (paths,) = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets)
    ]
    return [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in paths]


def _fingerprint(path: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", FINGERPRINT, *_compiled_modules()],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def build_key() -> str:
    """A hash of everything a compiled build is made of: the core and engine sources (what the compiled
    modules are and what they are compiled against), setup.py, and the Python and mypy versions."""
    digest = hashlib.sha256()
    digest.update(f"{platform.python_version()} {importlib.metadata.version('mypy')}".encode())
    digest.update((ROOT / "setup.py").read_bytes())
    for folder in ("core", "games"):
        for path in sorted((ROOT / "src" / "tischrunde" / folder).rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:24]


def build_cache() -> Path:
    return Path(os.environ.get("TISCHRUNDE_CACHE", Path.home() / ".cache" / "tischrunde")) / "compiled"


def compiled_tree(tmp_path: Path) -> Path:
    """A tree of today's sources with the compiled modules in it: built now, or taken from the cache of a
    build of the same sources (``build_key``)."""
    tree = tmp_path / "lib"
    shutil.copytree(ROOT / "src", tree, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    cached = build_cache() / build_key()
    if not (cached / "complete").exists():
        copy = tmp_path / "tree"
        copy.mkdir()
        shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        for name in ("setup.py", "pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, copy / name)
        env = {**os.environ, "TISCHRUNDE_MYPYC": "1"}
        built = subprocess.run(
            [sys.executable, "setup.py", "-q", "build"],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        assert built.returncode == 0, built.stderr[-3000:]
        (lib,) = (copy / "build").glob("lib.*")
        staging = cached.with_name(f"{cached.name}.{os.getpid()}")
        shutil.rmtree(staging, ignore_errors=True)
        for so in lib.rglob("*.so"):
            target = staging / so.relative_to(lib)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(so, target)
        (staging / "complete").write_text(build_key())
        shutil.rmtree(cached, ignore_errors=True)
        staging.rename(cached)
    for so in cached.rglob("*.so"):
        target = tree / so.relative_to(cached)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(so, target)
    return tree


def test_the_build_key_changes_with_an_engine_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache can never hand out a build of other sources: any change to a compiled input changes the key."""
    fake = tmp_path / "root"
    shutil.copytree(ROOT / "src" / "tischrunde" / "core", fake / "src" / "tischrunde" / "core")
    (fake / "src" / "tischrunde" / "games").mkdir()
    shutil.copy(ROOT / "setup.py", fake / "setup.py")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", fake)
    before = build_key()
    game = fake / "src" / "tischrunde" / "core" / "game.py"
    game.write_text(game.read_text() + "\n# a change\n")
    assert build_key() != before


@pytest.mark.skipif(importlib.util.find_spec("mypyc") is None, reason="mypyc (from mypy) is not installed")
def test_the_compiled_build_plays_exactly_like_the_sources(tmp_path: Path) -> None:
    lib = compiled_tree(tmp_path)
    compiled = _fingerprint(lib)
    pure = _fingerprint(ROOT / "src")
    assert len(_compiled_modules()) >= 5
    assert compiled.splitlines()[0] == f"compiled {len(_compiled_modules())}", compiled
    assert pure.splitlines()[0] == "compiled 0", pure
    assert compiled.splitlines()[1:] == pure.splitlines()[1:]
    assert pure.splitlines()[1].startswith("structs ") and int(pure.splitlines()[1].split()[2]) > 20
    games = [line.split() for line in pure.splitlines()[2:]]
    assert len(games) == 4  # one line per game
    assert all(ended == "True" for *_, ended in games), pure  # every hand-driven game reached its end
