# Blot: two commands on a fresh machine.
#   make sim    set up, then open the host simulator and play
#   make test   set up, then run every test (CPython and MicroPython)
PY := .venv/bin/python

.PHONY: setup sim test
setup: .venv/.installed

.venv/.installed: requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

sim: setup
	$(PY) -m tools.sim $(ARGS)

test: setup
	$(PY) -m pytest -q tests
