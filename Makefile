# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled wheel (`make wheel`, setup.py): mypyc's C extensions of the hot modules, in
# dist/; `make installed` installs it in a fresh virtual environment, build/installed, where
# the tests, the benchmarks and the balance report run on it as a user gets it.  Both are
# rebuilt when any source file changes.  The pure-Python wheel: `make wheel-pure`.
SOURCES := $(shell find src/loupgarou -name '*.py')
BUILD_FILES := pyproject.toml setup.py build_backend/loupgarou_backend.py
WHEEL_STAMP := dist/.compiled-wheel
INSTALLED := build/installed
INSTALLED_STAMP := $(INSTALLED)/.installed
IBIN := $(INSTALLED)/bin
# The compiled copy in place (scripts/compile.py), for PYTHONPATH use by hand (profiling).
COMPILED := build/mypyc
COMPILED_STAMP := $(COMPILED)/.built

.PHONY: run test lint types unit unit-compiled compiled wheel wheel-pure installed bench \
	bench-installed golden balance scaling clean browser screenshots fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,scale,env,plot]'
	touch $(STAMP)

# The app at the table: rooms for phones on this network, SQLite in ./loupgarou-data.
run: $(STAMP)
	$(BIN)/loupgarou serve --port 8000 --data loupgarou-data

test: $(STAMP) lint types unit unit-compiled

PEER_PYTHON ?= $(HOME)/peer-venv/bin/python
PEER_ARG := $(if $(wildcard $(PEER_PYTHON)),--peer-python $(PEER_PYTHON),)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts build_backend setup.py
	$(BIN)/ruff format --check src tests bench scripts build_backend setup.py

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

# The same tests again, on the compiled wheel installed in its own environment (the checkout's
# tests, the installed package: LOUPGAROU_EXPECT_BUILD makes sure it is the compiled one).
unit-compiled: $(INSTALLED_STAMP)
	LOUPGAROU_EXPECT_BUILD=compiled $(IBIN)/python -m pytest -p no:cacheprovider

# The compiled wheel, for this platform (Linux x86-64 here; others: docs/compiled-build.md).
wheel: $(WHEEL_STAMP)

$(WHEEL_STAMP): $(STAMP) $(SOURCES) $(BUILD_FILES)
	rm -f dist/loupgarou-*-cp*.whl
	LOUPGAROU_MYPYC=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w dist .
	touch $@

# The pure-Python wheel (py3-none-any): the fallback where no compiled wheel exists.
wheel-pure: $(STAMP)
	rm -f dist/loupgarou-*-py3-none-any.whl
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w dist .

# A fresh virtual environment with the compiled wheel and the test tools.
installed: $(INSTALLED_STAMP)

$(INSTALLED_STAMP): $(WHEEL_STAMP)
	rm -rf $(INSTALLED)
	$(PYTHON) -m venv $(INSTALLED)
	$(IBIN)/python -m pip install --quiet "$$(ls dist/loupgarou-*-cp*.whl)[dev,scale,env,plot]"
	$(IBIN)/loupgarou --version
	touch $@

$(COMPILED_STAMP): $(STAMP) $(SOURCES) scripts/compile.py $(BUILD_FILES)
	$(BIN)/python scripts/compile.py

compiled: $(COMPILED_STAMP)

bench: $(STAMP) $(INSTALLED_STAMP)
	$(BIN)/python bench/one_night.py
	$(IBIN)/python bench/one_night.py

# Every benchmark, short, on the installed compiled wheel (with the peer if it is installed).
bench-installed: $(INSTALLED_STAMP)
	$(IBIN)/python bench/one_night.py --games 6000
	$(IBIN)/python bench/thiercelieux.py --games 2000 $(PEER_ARG)
	$(IBIN)/python bench/lupus.py --games 500
	$(IBIN)/python bench/bots.py --quick

golden: $(STAMP)
	$(BIN)/python scripts/regen_golden.py

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache

# A fuzzing campaign at length (the tests run it briefly): FUZZ_SECONDS a target; with
# atheris too when it is installed (pip install -e '.[fuzz]').  See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: $(STAMP)
	$(BIN)/python scripts/fuzz.py --seconds $(FUZZ_SECONDS) $(if $(shell $(BIN)/python -c 'import atheris' 2>/dev/null && echo y),--atheris,)

# The scaling table of docs/performance.md (and its short form in the README), regenerated.
scaling: $(INSTALLED_STAMP)
	$(IBIN)/python scripts/scaling.py --write

balance: $(INSTALLED_STAMP)
	$(IBIN)/python scripts/balance_report.py
