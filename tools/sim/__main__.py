"""python -m tools.sim: the simulator (tools/sim/cli.py)."""
import sys

from tools.sim.cli import main

sys.exit(main())
