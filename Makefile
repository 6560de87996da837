# Two commands: `make run` starts the bot, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test quick lint typecheck unit bench demo clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python bot.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Four workers on two cores: most tests wait on sockets, subprocesses and the database.
WORKERS ?= 4

unit: $(STAMP)
	$(BIN)/python -m pytest -n $(WORKERS)

test: lint typecheck unit

# The same checks without the tests marked slow: a few seconds' answer while working.
quick: $(STAMP) lint typecheck
	$(BIN)/python -m pytest -n $(WORKERS) -m 'not slow'

bench: $(STAMP)
	$(BIN)/python bench/playouts.py
	$(BIN)/python bench/decisions.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/store.py
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/stats.py
	$(BIN)/python bench/latency.py
	$(BIN)/python bench/own_result.py

# A whole game between computer players, offline: boards and a log in demo-game/.
demo: $(STAMP)
	$(BIN)/python demo.py --out demo-game

# A thousand games over two processes on PostgreSQL, one killed midway, and the same on SQLite
# (a few minutes; needs PostgreSQL's server binaries, as the tests do).
soak: $(STAMP)
	$(BIN)/python bench/soak.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
