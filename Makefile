# Every target bootstraps .venv: a fresh clone needs nothing but python3 (3.11+).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench check clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/teambuilder

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python bench/catalogue.py

check: $(STAMP)
	$(BIN)/python -m mypy teambuilder/catalogue
	$(BIN)/python -m ruff check teambuilder tests bench

clean:
	rm -rf $(VENV) build dist *.egg-info
