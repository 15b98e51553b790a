# Every target bootstraps .venv: a fresh clone needs nothing but python3 (3.11+).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled engine's manifest (docs/native.md), rebuilt whenever a compiled source changes.
NATIVE := teambuilder/_native.json
NATIVE_SOURCES := $(wildcard teambuilder/engine/*.py) $(wildcard teambuilder/ai/*.py) \
	teambuilder/catalogue/ability_values.py teambuilder/catalogue/model.py tools/build_native.py

.PHONY: run test test-source bench check clean dist system-deps native fuzz soak

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The engine and the AI compiled with mypyc (docs/native.md): the same games, three times as
# fast. run, test and bench build it first when an engine or AI source changed (about two
# minutes); where it cannot be compiled they say so in one line and run from source.
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python tools/build_native.py --or-source

run: $(NATIVE)
	$(BIN)/teambuilder

test: $(NATIVE)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# The reader fuzzers of tests/fuzz at 2,000 hostile inputs per reader (make test runs 25):
# team files, team import, card files, scenarios, records, queries, the library, the
# catalogue cache and settings. Hypothesis prints the cases tried per reader.
FUZZ_EXAMPLES ?= 2000
fuzz: $(NATIVE)
	TEAMBUILDER_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest tests/fuzz \
		-p no:logging --hypothesis-show-statistics

# Whole-format random play at length: 2,000 seeded games between random legal Modern Era
# teams (greedy and random AIs), every invariant checked after every action; prints the
# counts (crashes, hangs, invariant violations). make test plays 100 of them.
SOAK_GAMES ?= 2000
soak: $(NATIVE)
	TEAMBUILDER_SOAK_GAMES=$(SOAK_GAMES) QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest \
		tests/engine/test_modern_era_games.py -k invariant -s -q -p no:logging

# The same suite with the engine run from its Python source (no build needed).
test-source: $(STAMP)
	TEAMBUILDER_INTERPRETED=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# Build the compiled engine now; a failure is an error here.
native: $(STAMP)
	$(BIN)/python tools/build_native.py

bench: $(NATIVE)
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/catalogue.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/sim.py
	$(BIN)/python bench/limits.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/app.py

# The wheels (with the card data and resources inside): the pure one, and the platform one
# carrying the compiled engine (tools/platform_wheel.py); then the PyInstaller desktop bundle.
dist: $(NATIVE)
	$(BIN)/python -m pip install --quiet -e '.[dev,dist]'
	rm -rf dist build
	$(BIN)/python -m pip wheel --quiet --no-deps -w dist .
	$(BIN)/python tools/platform_wheel.py dist/teambuilder-*-py3-none-any.whl
	packaging/build.sh

# Lint and the strict type check of the core layers (the same set tests/test_architecture.py
# checks); CI runs it before the tests, and .pre-commit-config.yaml runs it on commit.
check: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy --strict teambuilder/catalogue teambuilder/teams teambuilder/engine teambuilder/ai \
		teambuilder/sim teambuilder/paths.py teambuilder/safe_io.py

clean:
	rm -rf $(VENV) build dist *.egg-info teambuilder/_native.json
	find teambuilder -name '*.so' -delete

# Qt's X11 plugin needs these system libraries on a real (or Xvfb) display; tests run
# offscreen and need none of them. Debian/Ubuntu, as root.
system-deps:
	apt-get install -y libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 \
		libxcb-image0 libxcb-render-util0 libxcb-shape0 libxcb-randr0 libegl1 libfontconfig1
