# pnpforge: `make` sets everything up and builds every pack; `make test` runs the test suite.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
PNPFORGE := $(VENV)/bin/pnpforge
# Debian packages the project needs: WeasyPrint's Pango, HarfBuzz (with its font subsetter), fontconfig; and
# Chromium, which the web rulebook's browser tests drive through Playwright (nothing is downloaded); Ghostscript,
# which makes the DriveThruCards PDF/X-1a files.
DEB_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 libfontconfig1 chromium ghostscript
STAMP := $(VENV)/.installed
# exact versions and hashes of every dependency, for every platform: what the venv is made from (make lock remakes it)
LOCK := requirements.lock
LOCK_TOOL := build/lock-tool
UV := uv==0.13.8
# The optional compiled build (docs/why/compiled-build.md): the modules of src/pnpforge/compiled/modules.txt compiled
# with mypyc into the venv's own folder, made again when the list or a listed source changes, skipped (saying why)
# where mypyc or a C compiler is missing. pnpforge uses it only while every listed source is the one compiled;
# PNPFORGE_PLAIN=1 runs anything plain (PNPFORGE_PLAIN=1 make test), python -m pnpforge.compiled status says which.
COMPILED := $(VENV)/pnpforge-compiled
COMPILED_LIST := src/pnpforge/compiled/modules.txt
COMPILED_SOURCES := $(addprefix src/,$(addsuffix .py,$(subst .,/,$(shell awk '{ sub(/\043.*/, ""); print }' $(COMPILED_LIST)))))
# axe-core, which the browser tests inject into pages, from the npm registry (pinned with its sha512 integrity)
AXE := $(VENV)/share/axe-core/axe.min.js

.PHONY: all setup system venv lock compiled install-check build test update-golden site-check bench matches reproducible robustness \
	clean

all: setup build

setup: system $(STAMP) $(AXE) $(COMPILED)/manifest.json

system:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing Debian packages; run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

# The venv holds exactly what requirements.lock names (versions and hashes; pyproject.toml has only ranges), then
# pnpforge itself, editable, with nothing more (docs/why/dependencies.md).
$(STAMP): pyproject.toml $(LOCK)
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q --require-hashes -r $(LOCK)
	$(PIP) install -q --no-deps --no-build-isolation -e .
	@touch $(STAMP)

# the manifest is touched when the build is found current, so that make asks again only after the next change
$(COMPILED)/manifest.json: $(COMPILED_LIST) $(COMPILED_SOURCES) | $(STAMP)
	@$(PY) -m pnpforge.compiled build --if-possible --out $(COMPILED) && { test ! -f $@ || touch $@; }

# make compiled: the compiled build now (a missing compiler is an error here)
compiled: $(STAMP)
	$(PY) -m pnpforge.compiled build --out $(COMPILED)

# make lock: requirements.lock afresh from pyproject.toml's ranges (the dependencies and the test and dask extras, for
# every platform and Python >= 3.11), keeping the locked versions that still fit; LOCK_ARGS=--upgrade takes the
# newest in range, LOCK_ARGS="--upgrade-package pillow" one package's. uv lives in build/lock-tool, not in the venv.
lock:
	@test -x $(LOCK_TOOL)/bin/uv || { python3 -m venv $(LOCK_TOOL) && $(LOCK_TOOL)/bin/pip install -q $(UV); }
	$(LOCK_TOOL)/bin/uv pip compile pyproject.toml --extra test --extra dask --universal --python-version 3.11 \
		--generate-hashes --custom-compile-command "make lock" --quiet -o $(LOCK) $(LOCK_ARGS)

# A wheel of pnpforge installed as a user would, into a fresh virtualenv beside protograf 0.5.2 (from the package
# index, so not part of make test, which never uses the network), builds tests/data/harbour-lights from a folder
# outside the checkout; it prints which versions the resolver chose that differ from requirements.lock.
install-check: setup
	$(PY) tests/install_check.py --out build/install-check

venv: $(STAMP)

$(AXE): tests/web/axe_core.py | $(STAMP)
	$(PY) tests/web/axe_core.py

# A short validation of each pack first, so that each web rulebook links its pack's report.
build: $(STAMP)
	@for pack in $$(ls content); do \
	  test -f content/$$pack/game.yaml || continue; \
	  echo "== short validation of $$pack (full run, until every finding is decided: $(PNPFORGE) validate $$pack)"; \
	  set -o pipefail; $(PNPFORGE) validate $$pack --games 12 --out build | tail -n 3 || exit $$?; \
	done
	$(PNPFORGE) build

# ruff (lint) and mypy (types) first: either failing fails make test before any test runs
test: setup
	@start=$$(date +%s); \
	$(VENV)/bin/ruff check . && $(VENV)/bin/mypy && \
	echo "make test: ruff and mypy $$(( $$(date +%s) - start )) s" && \
	$(PY) -m pytest $(PYTEST_ARGS); status=$$?; \
	echo "make test: total time $$(( $$(date +%s) - start )) s"; exit $$status

update-golden: setup
	$(PY) -m pytest --update-golden $(PYTEST_ARGS)

# every page of every pack's whole web site, built afresh, in Chromium at a phone's and a desktop's size: axe-core
# finds no violation, nothing scrolls sideways, no English word of the site's own on a page in another language,
# every gallery filter shows as many cards as it says
site-check: setup
	@start=$$(date +%s); \
	$(PY) -m pytest -m site_check tests/web $(PYTEST_ARGS); status=$$?; \
	echo "make site-check: total time $$(( $$(date +%s) - start )) s"; exit $$status

# make bench: every section (static, simulation, build, publish, peers, stress, plane) into build/bench.json. peers prints
# tests/data/bench-deck with pnpforge and with protograf 0.5.2 (in its own virtualenv, build/bench/protograf-venv,
# made on first use); stress builds BENCH_STRESS_CARDS generated cards (10000 takes long: BENCH_STRESS_CARDS=500 for
# a quick run, 0 to leave it out). BENCH_ARGS="--only peers,stress" runs some sections and keeps the others' figures.
# Every run first measures the machine's reference figure (bench/reference.py); CPU goals are in CPU seconds
# normalised to it.
# BENCH_COLD_GOALS: each pack's goal for its cold full build, in normalised CPU seconds.
BENCH_STRESS_CARDS ?= 10000
BENCH_COLD_GOALS ?= legion-siberian-story=30,legion-siberian-journey=40,legie=25
bench: setup
	$(PY) -m pnpforge.bench --out build/bench.json --stress-cards $(BENCH_STRESS_CARDS) \
		--cold-goals $(BENCH_COLD_GOALS) $(BENCH_ARGS)

# make matches MATCHES_ARGS="--only search,greedy --games 100" plays a part of them
matches: setup
	$(PY) -m pnpforge.matches --out build $(MATCHES_ARGS)
	$(PY) -m pnpforge.matches --out build $(MATCHES_ARGS) --package tests.engine.dice_race:PACKAGE tests/data/dice-race

# long robustness runs: builds killed at several points; the validator's false warnings on a fair game over 200 runs
robustness: setup
	$(PY) -m pytest -m slow $(PYTEST_ARGS)

# two cold builds of every pack into fresh folders must give the same bytes (caches aside)
reproducible: setup
	rm -rf build/.cold-a build/.cold-b
	$(PY) -m pnpforge build --out build/.cold-a
	$(PY) -m pnpforge build --out build/.cold-b
	diff -r -q -x cache build/.cold-a build/.cold-b && echo "two cold builds are byte-identical"

clean:
	rm -rf build .pytest_cache
