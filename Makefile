# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled build (scripts/compile.py): mypyc's C extensions of the hot modules, in a
# copy of the package under build/mypyc; it is rebuilt when any source file changes.
COMPILED := build/mypyc
COMPILED_STAMP := $(COMPILED)/.built
SOURCES := $(shell find src/loupgarou -name '*.py')
WITH_COMPILED := PYTHONPATH=$(COMPILED)

.PHONY: run test lint types unit unit-compiled compiled bench golden balance clean browser screenshots fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,scale,env]'
	touch $(STAMP)

# The app at the table: rooms for phones on this network, SQLite in ./loupgarou-data.
run: $(STAMP)
	$(BIN)/loupgarou serve --port 8000 --data loupgarou-data

test: $(STAMP) lint types unit unit-compiled

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts

types: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

# The pages in a real browser only (Playwright + Debian's chromium; they skip, saying why,
# when either is missing, and fail instead under LOUPGAROU_REQUIRE_BROWSER=1 as in .ci/run).
browser: $(STAMP)
	$(BIN)/pytest tests/browser

# Retake docs/screenshots (every screen at 390x844 and 1280x800, in English and French).
screenshots: $(STAMP)
	LOUPGAROU_SCREENSHOTS=1 $(BIN)/pytest tests/browser -k "screens or narrated"

# The same tests again, on the compiled build (the browser tests run once, above).
unit-compiled: $(COMPILED_STAMP)
	$(WITH_COMPILED) $(BIN)/pytest -p no:cacheprovider

$(COMPILED_STAMP): $(STAMP) $(SOURCES) scripts/compile.py
	$(BIN)/python scripts/compile.py

compiled: $(COMPILED_STAMP)

bench: $(STAMP) $(COMPILED_STAMP)
	$(BIN)/python bench/one_night.py
	$(WITH_COMPILED) $(BIN)/python bench/one_night.py

golden: $(STAMP)
	$(BIN)/python scripts/regen_golden.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache

# A fuzzing campaign at length (the tests run it briefly): FUZZ_SECONDS a target; with
# atheris too when it is installed (pip install -e '.[fuzz]').  See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: $(STAMP)
	$(BIN)/python scripts/fuzz.py --seconds $(FUZZ_SECONDS) $(if $(shell $(BIN)/python -c 'import atheris' 2>/dev/null && echo y),--atheris,)

balance: $(COMPILED_STAMP)
	$(WITH_COMPILED) $(BIN)/python scripts/balance_report.py
