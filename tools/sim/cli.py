"""The host simulator: the handheld on a computer (`make sim`).

    python -m tools.sim                     a window: LEDs, keys, buzzer, battery
    python -m tools.sim --terminal          the board in the terminal
    python -m tools.sim --script game.txt   scripted presses, headless
    python -m tools.sim --png board.png     a screenshot after --ms of play
    python -m tools.sim --seed 7 --fresh    seeded dice, saves wiped first

The real boot.py, main.py loop, hw/ drivers and firmware/handheld/app.py run on the
simulated machine; the flash is the folder --data (sim-data/). docs/simulator.md
has the key map and the script format.
"""
import argparse
import os
import sys

import tools  # noqa: F401  (puts tools/hostlib, with the simulated machine, on sys.path)
from tools.sim.png import write_png
from tools.sim.core import Sim, run_script
from tools.sim.flash import FolderFlash

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def screenshot(path, sim):
    write_png(path, sim.grid(), sim.brightness())


def parse(argv):
    p = argparse.ArgumentParser(prog="python -m tools.sim", description=__doc__.split("\n\n")[0])
    p.add_argument("--terminal", action="store_true", help="draw the board in the terminal")
    p.add_argument("--script", metavar="FILE", help="play the presses in FILE headless, then stop")
    p.add_argument("--png", metavar="FILE", help="write the display to FILE at the end (headless)")
    p.add_argument("--ms", type=int, default=1500, help="with --png alone: ms to run first")
    p.add_argument("--seed", type=int, default=None, help="seed for the dice (default: from the clock)")
    p.add_argument("--data", default=os.path.join(ROOT, "sim-data"), help="folder for the simulated flash")
    p.add_argument("--fresh", action="store_true", help="wipe the simulated flash first")
    p.add_argument("--speed", type=float, default=1.0, help="simulated seconds per real second")
    p.add_argument("--mute", action="store_true", help="show the buzzer but do not play it")
    p.add_argument("--scale", type=int, default=24, help="window pixels per LED")
    p.add_argument("--device-dice", action="store_true",
                   help="the device's dice: the simulated ring oscillator, health-tested and conditioned")
    return p.parse_args(argv)


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    seed = args.seed
    if seed is None:
        import time
        seed = int(time.time()) & 0xFFFF
    flash = FolderFlash(args.data)
    if args.fresh:
        flash.wipe()
    sim = Sim(flash, seed=seed, entropy=args.device_dice)
    if args.script or args.png:
        return headless(sim, args)
    if args.terminal:
        from tools.sim.terminal import run_terminal
        return run_terminal(sim, args)
    try:
        from tools.sim.window import run_window
        return run_window(sim, args)
    except Exception as exc:      # no display (SSH, CI): the terminal still works
        if type(exc).__name__ != "error":
            raise
        if not sys.stdin.isatty():
            print("no window (%s) and no terminal: try --script FILE or --png FILE" % exc)
            return 2
        print("no window (%s); using the terminal" % exc)
        from tools.sim.terminal import run_terminal
        return run_terminal(sim, args)


def headless(sim, args):
    if args.script:
        try:
            with open(args.script) as f:
                lines = f.read().split("\n")
        except (OSError, UnicodeError) as exc:
            sys.stderr.write("tools.sim: cannot read the script %s: %s\n" % (
                args.script, getattr(exc, "strerror", None) or exc))
            return 2
        try:
            run_script(sim, lines, png=screenshot)
        except ValueError as exc:
            sys.stderr.write("tools.sim: %s: %s\n" % (args.script, exc))
            return 2
    else:
        sim.run_ms(args.ms)
    if args.png:
        screenshot(args.png, sim)
    print(sim.text())
    for exc in sim.crashes:
        print("crash: %r" % (exc,))
    return 1 if sim.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
