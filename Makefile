# Two commands for a newcomer: `make run` starts the bot, `make test` runs every check.
# Both create ./.venv on first use and install what they need into it, at the versions pinned
# in constraints.txt (`make constraints` re-pins them from a fresh install).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
NEED_PYTHON := 3.11
PYTHON_OK = -c 'import sys; sys.exit(sys.version_info < (3, 11))'

# A venv whose interpreter is gone or older than 3.11 (made by another Python) is rebuilt.
VENV_OK := $(shell [ -x $(PY) ] && $(PY) $(PYTHON_OK) 2>/dev/null && echo yes)
ifneq ($(VENV_OK),yes)
  $(shell rm -f $(STAMP))
endif

.PHONY: run test install constraints demo docs

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) $(PYTHON_OK) 2>/dev/null || { \
	  echo "Python $(NEED_PYTHON) or newer is needed, but '$(PYTHON)' is $$($(PYTHON) -V 2>&1 || echo missing)."; \
	  echo "Install Python $(NEED_PYTHON)+ and run: make $(MAKECMDGOALS) PYTHON=python$(NEED_PYTHON)"; \
	  exit 2; }
	@if [ "$(VENV_OK)" != yes ] && [ -e $(VENV) ]; then \
	  echo "Rebuilding $(VENV): its Python is missing or older than $(NEED_PYTHON)."; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[test,postgres]"
	touch $(STAMP)

install: $(STAMP)

# GNU make itself can only exit 0, 1 or 2, so the bot's own exit code (docs/en/owners.md) is printed;
# a service manager should run `.venv/bin/python bot.py` to get it unchanged.
run: $(STAMP)
	@$(PY) bot.py || { code=$$?; echo "bot.py exited with code $$code (see docs/en/owners.md: exit codes)"; exit $$code; }

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest

# A whole game on the Discord emulator, printed as it happens: `make demo`, `make demo LANG=en`;
# the chat's quick game: `make demo MODE=quick` (`make demo MODE=quick LANG=en`).
# Only a LANG given on make's command line counts (the shell's LANG is a locale, not a choice).
DEMO_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),ru)
demo: $(STAMP)
	@$(PY) -m $(if $(filter quick,$(MODE)),tests.demo_quick,tests.demo) --lang $(DEMO_LANG)

# The command reference docs/<ru|en>/commands.md, from the registered command tree (tests/test_docs.py).
docs: $(STAMP)
	@$(PY) -m tests.command_reference --write

# Re-pin constraints.txt from a fresh install of pyproject.toml's ranges.
constraints:
	rm -rf .venv-pin && $(PYTHON) -m venv .venv-pin
	.venv-pin/bin/pip install --quiet --upgrade pip
	.venv-pin/bin/pip install --quiet -e ".[test,postgres]"
	.venv-pin/bin/pip freeze --exclude-editable > constraints.txt
	rm -rf .venv-pin
