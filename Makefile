# Two entry points: `make play` installs and starts the game, `make test` installs and runs every check.
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: play terminal test lint bench

$(VENV)/.installed: pyproject.toml setup.py src/bloodyinn/research/_compiled_observation.pyx
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	$(PY) -m pip install -q -e '.[distributed]' || echo "Ray did not install: the Ray tests will be skipped"
	touch $@

play: $(VENV)/.installed
	$(BIN)/tableserver serve

terminal: $(VENV)/.installed
	$(BIN)/bloodyinn play

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

test: $(VENV)/.installed
	bash scripts/ensure-chromium
	bash scripts/ensure-postgresql
	$(MAKE) lint
	$(BIN)/pytest -n 2 -q

bench: $(VENV)/.installed
	$(PY) benchmarks/random_games.py
