# Two commands for a fresh machine: `make run` and `make test`. Both set everything up first.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# the tests also check the optional RL environments, so `make test` adds that extra; `make run` never does
TEST_STAMP := $(VENV)/.test-extras-stamp
# every interface, so the phones at the table can join; `make run HOST=127.0.0.1` keeps it on this computer
HOST   ?= 0.0.0.0
PORT   ?= 8000

.PHONY: run test lint typecheck pytest system-deps bench compiled clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip 'setuptools>=77'
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[test,rl]'
	touch $(TEST_STAMP)

# Debian packages the tests drive: Chromium (browser tests), redis-server (scale-out tests) and a colour
# emoji font (Emojito's cards in screenshots).
SYSTEM_PACKAGES := chromium redis-server fonts-noto-color-emoji
system-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v redis-server >/dev/null 2>&1 \
		|| ! dpkg -s fonts-noto-color-emoji >/dev/null 2>&1; then \
		echo "installing $(SYSTEM_PACKAGES)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_PACKAGES) >/dev/null; \
	fi

run: $(STAMP)
	$(VENV)/bin/tischrunde serve --host $(HOST) --port $(PORT) --data data

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

typecheck: $(TEST_STAMP)
	$(VENV)/bin/mypy

# two workers per phase (this is a 2-core machine); the browser tests run on their own, after the rest, so a
# worker's Playwright loop never meets an asyncio test (PYTEST_WORKERS=0 runs everything in one process)
PYTEST_WORKERS ?= 2
pytest: $(TEST_STAMP) system-deps
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --dist loadfile --ignore=tests/web
	$(VENV)/bin/pytest -n $(PYTEST_WORKERS) --dist loadfile tests/web

test: $(TEST_STAMP) system-deps lint typecheck pytest

bench: $(STAMP)
	$(VENV)/bin/tischrunde bench --seconds 5

# the optional compiled build (mypyc) into build/lib.*/: put it on PYTHONPATH to use it
compiled: $(TEST_STAMP)
	rm -rf build/lib.* build/temp.*
	TISCHRUNDE_MYPYC=1 $(PY) setup.py -q build

clean:
	rm -rf build $(VENV) .mypy_cache .ruff_cache .pytest_cache
