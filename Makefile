# pbem — every target sets up what it needs, so `make demo` and `make test` work on a fresh Debian machine.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO_DIR ?= demo-games
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Shared libraries WeasyPrint loads at run time; libharfbuzz-subset0 makes PDF font subsetting fast;
# libcairo2 draws the PNG pictures report mail carries (CairoSVG).
WEASYPRINT_DEBS := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 fonts-dejavu-core libcairo2
# The real IMAP server the mail tests talk to, and the browser (with its driver) the web archive is tested in.
TEST_DEBS := dovecot-imapd chromium chromium-driver

# Bytecode is cached even where the environment says not to (PYTHONDONTWRITEBYTECODE): the tests, the demo and
# the bench start pbem in many child processes, and each would compile all of it from source again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: all demo test test-fast lint bench mail-loop sysdeps sysdeps-test venv clean

all: test

# Install Debian packages only when one is missing, so repeated runs stay quick and offline.
# (dpkg -s also succeeds for a removed package whose configuration is left, so read its status.)
installed = dpkg-query -W -f='$${Status}' $(1) 2>/dev/null | grep -q 'install ok installed'

# $(call apt_install,PACKAGES): install those of PACKAGES that are missing, in one apt-get run.
apt_install = @missing=$$(for p in $(1); do $(call installed,$$p) || echo $$p; done); \
	if [ -n "$$missing" ]; then echo "installing $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi

sysdeps:
	$(call apt_install,$(WEASYPRINT_DEBS))

# Both lists at once: on a fresh machine the package lists are fetched once, not twice.
sysdeps-test:
	$(call apt_install,$(WEASYPRINT_DEBS) $(TEST_DEBS))

# --no-compile: a module is compiled when first imported (and its bytecode kept, see above), not all of every
# package at install, most of which pbem never imports (fontTools, mypy).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q --no-compile -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

demo: sysdeps venv
	$(BIN)/python -m pbem.demo $(DEMO_DIR)

# The suite runs in a worker per core (pytest-xdist; TEST_WORKERS=0 runs it in one process), each test file whole
# in one worker, so a file's module fixtures (a stored robot game, a built wheel, one Chromium) are made once; a file
# that sets SPREAD_OVER_WORKERS (the robot sweeps) has its tests handed out one by one (tests/conftest.py).
TEST_WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST := $(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup

test: sysdeps-test venv lint
	$(PYTEST)

# Style and types: ruff for mistakes and import order, mypy for the typed code; the engine and the Pax kernel,
# which every game builds on, are held to --strict (no implicit re-exports, no untyped defs, no Any returned).
lint: venv
	$(BIN)/ruff check engine pbem games tests
	$(BIN)/mypy engine pbem games
	$(BIN)/mypy --strict engine games/pax

# The inner loop: everything but what is marked slow (whole games, PDFs, Chromium, the wheel); mail tests run
# when Dovecot is installed (`make sysdeps-test`) and are skipped when it is not.
test-fast: venv
	$(PYTEST) -m "not slow"

# REFERENCE=DIR: a checkout (outside this tree) of the engine a game names to be measured against
# (Pax Pamir: github.com/rally-the-troops/pax-pamir).
bench: sysdeps-test venv
	$(BIN)/python -m pbem.bench $(if $(REFERENCE),--reference $(REFERENCE))

# The whole mail loop on this machine: Dovecot and an SMTP sink on loopback, as the mail tests start them, a game,
# an order mail from each player, two ticks; every mail the players would get is written to $(MAIL_LOOP_DIR)/mails.
MAIL_LOOP_DIR ?= mail-loop
mail-loop: sysdeps-test venv
	$(BIN)/python -m pbem.mail.trial $(MAIL_LOOP_DIR)

clean:
	rm -rf $(VENV) $(DEMO_DIR) $(MAIL_LOOP_DIR) .pytest_cache build *.egg-info
