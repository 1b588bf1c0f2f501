# Two commands for a newcomer: `make run` starts the bot, `make test` runs every check.
# Both create ./.venv on first use and install what they need into it.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test install

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,postgres]"
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@$(PY) bot.py

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy engine
	$(PY) -m pytest
