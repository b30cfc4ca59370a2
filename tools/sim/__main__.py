"""python -m tools.sim: the simulator (tools/sim/cli.py)."""
from tools.sim.cli import main

main()
