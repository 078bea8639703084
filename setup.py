"""Optional compiled build: ``TISCHRUNDE_MYPYC=1 pip install --no-build-isolation .`` (or ``pip wheel``) compiles
the hottest pure-Python modules with mypyc (needs mypy in the building environment). Without the variable
the package is pure Python, as always; the metadata lives in pyproject.toml. The compiled modules behave
exactly like their sources (tests/conformance/test_compiled_build.py; figures: bench/README.md, "Every engine vs
RLCard Uno (session 6)")."""

import os

from setuptools import setup

#: the modules compiled: every game's engine (the rules; Wordland's helpers too) and the
#: random-playout driver (not core/rng.py: its big-int and numpy batches run twice as fast interpreted). Never a module
#: defining a ``msgspec.Struct`` (mypyc drops its options: ``frozen``, ``gc``). tests/conformance/
#: test_compiled_build.py reads this list.
COMPILED = [
    "src/tischrunde/core/playout.py",
    "src/tischrunde/games/emojito/rules.py",
    "src/tischrunde/games/mogelmotte/rules.py",
    "src/tischrunde/games/stella/rules.py",
    "src/tischrunde/games/wordland/content.py",
    "src/tischrunde/games/wordland/rules.py",
]

if os.environ.get("TISCHRUNDE_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
