# Every target bootstraps .venv: a fresh clone needs nothing but python3 (3.11+).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench check clean dist system-deps native

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/teambuilder

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# The engine and the AI compiled with mypyc (docs/native.md): the same games, faster.
native: $(STAMP)
	$(BIN)/python tools/build_native.py

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/catalogue.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/sim.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/app.py

# The wheel (with the card data and resources inside) and the PyInstaller desktop bundle.
dist: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,dist]'
	rm -rf dist build
	$(BIN)/python -m pip wheel --quiet --no-deps -w dist .
	packaging/build.sh

check: $(STAMP)
	$(BIN)/python -m mypy teambuilder/catalogue
	$(BIN)/python -m ruff check teambuilder tests bench packaging setup.py

clean:
	rm -rf $(VENV) build dist *.egg-info teambuilder/_native.json
	find teambuilder -name '*.so' -delete

# Qt's X11 plugin needs these system libraries on a real (or Xvfb) display; tests run
# offscreen and need none of them. Debian/Ubuntu, as root.
system-deps:
	apt-get install -y libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 \
		libxcb-image0 libxcb-render-util0 libxcb-shape0 libxcb-randr0 libegl1 libfontconfig1
