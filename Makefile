# Trackside: `make test` runs every test, `make sim` runs the device in the simulator.
# Both set up .venv from requirements-dev.txt (pinned) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test sim bench clean

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest -q tests

sim: $(STAMP)
	$(BIN)/python -m host_sim sim

bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build
