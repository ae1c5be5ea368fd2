# Trackside: `make test` runs every test, `make sim` runs the device in the simulator.
# Both set up .venv from requirements-dev.txt (pinned) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test check sim bench deploy pull clean

BOARD ?= pico_display

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# The tests run in two processes (pytest-xdist): they keep to their own temporary folders.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 tests

# The quick inner loop while working (under a minute): the tests not marked slow, then a
# check that they still imported every module of firmware/, boards/ and host_sim/.
# `make test` runs them all, as CI does.
check: $(STAMP)
	rm -f .check-seen
	TRACKSIDE_SEEN=$(CURDIR)/.check-seen PYTHONPATH=$(CURDIR)/tests/seen $(BIN)/python -m pytest -q -n 2 -m "not slow" tests
	$(BIN)/python tools/check_seen.py .check-seen
	rm -f .check-seen

# make sim BOARD=tdisplay (any board of `python -m host_sim sim --help`); SIM="--terminal" etc.
# passes more options
sim: $(STAMP)
	$(BIN)/python -m host_sim sim --board $(BOARD) $(SIM)

# Measure speed and memory; writes docs/benchmarks*.md
bench: $(STAMP)
	$(BIN)/python tools/bench_engine.py --write
	$(BIN)/python tools/bench_ui.py --write
	$(BIN)/python tools/bench_modules.py --write
	$(BIN)/python tools/bench_russianrailroads.py --write
	$(BIN)/python tools/bench_brass.py --write
	$(BIN)/python tools/bench_source.py --write
	$(BIN)/python tools/bench_source.py --mpy --write

# Compile the firmware and put it on a board on USB: make deploy BOARD=pico_display2
# A ROMFS image where the board's MicroPython has a ROMFS partition it fits in, else .mpy
# files (ROMFS=yes or ROMFS=no to choose); PORT=/dev/ttyACM0 for a given serial port.
ROMFS ?= auto
deploy: $(STAMP)
	$(BIN)/python tools/deploy.py --board $(BOARD) --romfs $(ROMFS) $(if $(PORT),--port $(PORT))

# Copy the saved games off a board into a new folder (nothing on the board changes):
# MicroPython over USB (PORT=/dev/ttyACM0), CircuitPython from CIRCUITPY (DRIVE=/media/me/CIRCUITPY);
# PULL=folder to choose where (default: pulled/ and the date and time)
PULL ?= pulled/$(shell date +%Y-%m-%d-%H%M%S)
pull: $(STAMP)
	$(BIN)/python -m host_sim pull $(PULL) --mpremote $(BIN)/mpremote $(if $(DRIVE),--drive $(DRIVE)) $(if $(PORT),--port $(PORT))

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build
