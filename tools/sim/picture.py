"""The picture of the simulator's window in the docs (docs/handheld.png):
the handheld as a newcomer sees it, made headless through SDL's dummy
video driver from a fixed game.

    python -m tools.sim.picture [--out docs/handheld.png]

tests/test_sim_picture.py makes it again and compares it pixel for pixel.
"""
import argparse
import os
import shutil
import sys
import tempfile

SEED = 8
OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "docs", "handheld.png")


def scene(window):
    """A game against the computer: the opening roll is red's, the player
    holds A to pick up a checker and the buzzer clicks; cells 30% used."""
    sim = window.sim
    sim.board.battery.set_used(300)
    window.frame(300)
    sim.press("A")                  # START
    sim.press("A")                  # the opening roll
    sim.run_ms(2500)
    sim.down("A")                   # picks up the checker under the cursor
    window.frame(30)


def make(path, scale=24):
    """Draws the scene into a window on the dummy driver and saves it as
    `path`; returns the pygame surface."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.window import Window
    data = tempfile.mkdtemp(prefix="blot-picture-")
    try:
        args = parse(["--data", data, "--mute", "--scale", str(scale)])
        sim = Sim(FolderFlash(data), seed=SEED)
        window = Window(sim, args)
        try:
            scene(window)
            pygame.image.save(window.screen, path)
            return window.screen.copy()
        finally:
            window.close()
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.sim.picture", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=OUT, help="where to write the PNG (default docs/handheld.png)")
    args = p.parse_args(argv)
    make(args.out)
    print("wrote %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
