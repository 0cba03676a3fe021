# Two entry points: `make play` installs and starts the game, `make test` installs and runs every check.
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: play terminal test lint bench compiled test-compiled

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
	$(MAKE) compiled
	$(BIN)/pytest -n 2 -q --durations=20
	$(MAKE) test-compiled

# The engines compiled by mypyc (docs/engine.md#compiled-build), installed apart in build/compiled: the .venv's
# editable install keeps running the .py files being edited. Built again when an engine's source changes; where no
# C compiler is, there is no marker and the compiled tests are skipped.
COMPILED := build/compiled
ENGINE_SOURCES := $(wildcard src/bloodyinn/*.py src/bloodyinn/rules/*.py src/innkeepers/*.py src/innkeepers/rules/*.py)
# The engines' own tests (not their faces'), run a second time against the compiled engines.
ENGINE_TESTS := $(wildcard tests/bloodyinn/test_*.py) $(filter-out %_bots.py %_cli.py %_tournament.py, \
	$(wildcard tests/innkeepers/test_*.py)) tests/tabletop/test_conformance.py

compiled: $(COMPILED)/bloodyinn_engines.built

$(COMPILED)/bloodyinn_engines.built: $(VENV)/.installed setup.py $(ENGINE_SOURCES)
	rm -rf $(COMPILED) build/lib.*
	$(PY) -m pip install -q --no-deps --target $(COMPILED) .
	PYTHONPATH=$(COMPILED) $(PY) -c "import bloodyinn, innkeepers; assert bloodyinn.COMPILED and innkeepers.COMPILED" \
		&& touch $@ || echo "The engines were not compiled (no C compiler?): only the plain engines are tested"

test-compiled: compiled
	if [ -f $(COMPILED)/bloodyinn_engines.built ]; then PYTHONPATH=$(COMPILED) $(BIN)/pytest -n 2 -q $(ENGINE_TESTS); fi

bench: $(VENV)/.installed
	$(PY) benchmarks/random_games.py
