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
# axe-core, which the browser tests inject into pages, from the npm registry (pinned with its sha512 integrity)
AXE := $(VENV)/share/axe-core/axe.min.js

.PHONY: all setup system venv build test update-golden site-check bench matches reproducible robustness clean

all: setup build

setup: system $(STAMP) $(AXE)

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

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[test]'
	@touch $(STAMP)

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

# long robustness runs: builds killed at several points
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
