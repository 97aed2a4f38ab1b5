# rummy_lab: `make lab` opens the tutorials, `make test` runs every check (and installs the
# [teach] and [docs] extras its classroom tests need); `make docs` renders the book and
# `make assignments` makes nbgrader student copies.
# Both create the virtual environment .venv on first use and reuse it afterwards;
# the package is reinstalled only when pyproject.toml has changed since the last
# install (a stamp file inside .venv is named after a hash of pyproject.toml).
# Needs only Python >= 3.11 and make.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PIP := $(PY) -m pip --disable-pip-version-check
NB_TIMEOUT ?= 60
# pytest-xdist workers for the tests and the notebooks: one per core by default.
TEST_WORKERS ?= auto
LAB_ARGS ?=
APP_ARGS ?=

# First 16 hex digits of the SHA-256 of pyproject.toml.
PYPROJECT_HASH := $(shell $(PYTHON) -c "import hashlib; print(hashlib.sha256(open('pyproject.toml', 'rb').read()).hexdigest()[:16])" 2>/dev/null || cksum pyproject.toml | cut -d' ' -f1)
RUN_STAMP := $(VENV)/.stamp-install-run-$(PYPROJECT_HASH)
TEST_STAMP := $(VENV)/.stamp-install-test-$(PYPROJECT_HASH)
BENCH_STAMP := $(VENV)/.stamp-install-bench-$(PYPROJECT_HASH)
DOCS_STAMP := $(VENV)/.stamp-install-docs-$(PYPROJECT_HASH)
TEACH_STAMP := $(VENV)/.stamp-install-teach-$(PYPROJECT_HASH)
# where `make assignments` puts the nbgrader course directory
COURSE ?= course
# sphinx-build processes for `make docs` (notebooks are executed while they are read)
DOCS_JOBS ?= auto

NOTEBOOK_DIRS := $(wildcard tutorials notebooks)
NOTEBOOKS := $(if $(NOTEBOOK_DIRS),$(shell find $(NOTEBOOK_DIRS) -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null))
BENCHMARKS := $(sort $(wildcard benchmarks/bench_*.py))
# notebooks with nbgrader's graded cells: the ones `make assignments` hands out
EXERCISE_NOTEBOOKS := $(sort $(if $(NOTEBOOKS),$(shell grep -l '"grade": true' $(NOTEBOOKS) 2>/dev/null)))

.DEFAULT_GOAL := help
.PHONY: help lab app test lint typecheck unit notebooks bench venv clean distclean docs assignments

help:
	@echo "make lab    open the tutorials in JupyterLab (creates/reuses .venv);"
	@echo "            e.g. make lab LAB_ARGS='--no-browser --port 8890'"
	@echo "make app    the learner app in the browser, no code (creates/reuses .venv);"
	@echo "            e.g. make app APP_ARGS='--variant indian --port 8870'"
	@echo "make test   ruff, mypy --strict, pytest with doctests, notebooks (creates/reuses .venv)"
	@echo "make bench  run benchmarks/bench_*.py (installs the [bench] extras)"
	@echo "make docs   the rendered book in docs/_build/html (installs the [docs] extras)"
	@echo "make assignments  student copies with nbgrader in $(COURSE)/release"
	@echo "            (installs the [teach] extras; another folder: make assignments COURSE=dir)"
	@echo "make clean  remove caches and build files; make distclean also removes .venv"

# The interpreter: $(PYTHON) when it is 3.11 or newer, else python3.11 if present.
$(PY):
	@py="$(PYTHON)"; \
	if ! "$$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
		if command -v python3.11 >/dev/null 2>&1; then py=python3.11; \
		else echo "rummy_lab needs Python 3.11 or newer: run 'make PYTHON=/path/to/python3.11 ...'" >&2; exit 1; fi; \
	fi; \
	echo "Creating $(VENV) with $$("$$py" --version)"; \
	"$$py" -m venv $(VENV)

venv: $(PY)

$(RUN_STAMP): | $(PY)
	rm -f $(VENV)/.stamp-install-run-*
	$(PIP) install -e .
	touch $@

$(TEST_STAMP): | $(PY)
	rm -f $(VENV)/.stamp-install-test-* $(VENV)/.stamp-install-run-*
	$(PIP) install -e ".[test,teach,docs]"
	touch $@ $(RUN_STAMP)

$(BENCH_STAMP): | $(PY)
	rm -f $(VENV)/.stamp-install-bench-* $(VENV)/.stamp-install-run-*
	$(PIP) install -e ".[bench]"
	touch $@ $(RUN_STAMP)

$(DOCS_STAMP): | $(PY)
	rm -f $(VENV)/.stamp-install-docs-* $(VENV)/.stamp-install-run-*
	$(PIP) install -e ".[docs]"
	touch $@ $(RUN_STAMP)

$(TEACH_STAMP): | $(PY)
	rm -f $(VENV)/.stamp-install-teach-* $(VENV)/.stamp-install-run-*
	$(PIP) install -e ".[teach]"
	touch $@ $(RUN_STAMP)

lab: $(RUN_STAMP)
	$(BIN)/rummy-lab lab $(LAB_ARGS)

app: $(RUN_STAMP)
	$(BIN)/rummy-lab app $(APP_ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .

typecheck: $(TEST_STAMP)
	$(BIN)/mypy
	$(BIN)/mypy benchmarks

unit: $(TEST_STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup

define run_notebooks
$(if $(strip $(NOTEBOOKS)),RUMMY_LAB_SOLUTIONS=1 $(BIN)/pytest -n $(TEST_WORKERS) --nbmake --nbmake-timeout=$(NB_TIMEOUT) $(NOTEBOOK_DIRS),@echo "No notebooks under tutorials/ or notebooks/: skipped")
endef

notebooks: $(TEST_STAMP)
	$(run_notebooks)

# In order, stopping at the first failure.
test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy benchmarks
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup
	$(run_notebooks)

bench: $(BENCH_STAMP)
ifneq ($(strip $(BENCHMARKS)),)
	@set -e; for f in $(BENCHMARKS); do echo "== $$f"; $(PY) $$f; done
else
	@echo "No benchmarks/bench_*.py yet: nothing to run"
endif

# The book: every tutorial and notebook executed (cached in docs/_build/.jupyter_cache),
# the README and docs/*.md; open docs/_build/html/index.html. No network needed.
docs: $(DOCS_STAMP)
	$(BIN)/sphinx-build -b html -j $(DOCS_JOBS) -q -c docs -d docs/_build/doctrees . docs/_build/html
	@echo "The book: docs/_build/html/index.html"

assignments: $(TEACH_STAMP)
	$(BIN)/rummy-lab assignment $(EXERCISE_NOTEBOOKS) $(COURSE)

clean:
	rm -rf docs/_build
	rm -rf build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis test-artifacts
	find . -name __pycache__ -type d -not -path './$(VENV)/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) *.egg-info
