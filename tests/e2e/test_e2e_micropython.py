"""A scripted game under the MicroPython unix port.

A complete two-player game is played on the simulator under CPython by the
LED-reading player, with every input kept as a script (docs/simulator.md).
The same script then runs on the simulator under `micropython`, with the
device code precompiled as on a Pico (tools/sim/mpy.py): the LEDs at the end
and the match file on the simulated flash must be identical.
"""
import os

from tools.sim import mpy as sim_mpy
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import Player, runner

SEED = 5
# The game's own heap, as on a Pico, plus what the host-only harness takes
# under MicroPython (the simulated machine's models and the script runner).
HEAP = "512k"

SCRIPT = """
from core import Sim, run_script
from flash import FolderFlash
flash = FolderFlash('flash')
flash.wipe()
sim = Sim(flash, seed=%d)
with open('game.txt') as f:
    run_script(sim, f)          # line by line: the script is long
print('CRASHES %%d' %% len(sim.crashes))
print(sim.text())
with open(flash.path('blot.mat')) as f:
    print(f.read())
"""


def test_scripted_game_gives_the_same_leds_and_match_file_under_micropython(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "cpython")), seed=SEED)
    sim.record = []
    p = Player(sim)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: runner, 1: runner})
    assert top.endswith("WINS")
    expected = sim.text() + "\n" + open(sim.flash.path("blot.mat")).read()

    folder = sim_mpy.build(str(tmp_path / "image"))
    with open(os.path.join(folder, "game.txt"), "w") as f:
        f.write("\n".join(sim.record))
    result = sim_mpy.run(folder, SCRIPT % SEED, heap=HEAP)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    out = result.stdout
    assert out.startswith("CRASHES 0\n"), out[:2000]
    assert out[len("CRASHES 0\n"):].rstrip("\n") == expected.rstrip("\n")
