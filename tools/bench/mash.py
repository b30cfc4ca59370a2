"""Random button mashing on the simulated handheld, through the real main loop.

    python -m tools.bench.mash                       a million button events (hours of play)
    python -m tools.bench.mash --events 50000 --seed 3

Presses random buttons for random times (taps, long presses that auto-repeat,
two buttons at once), now and then cuts the power, drops the battery low or
critical and leaves the device idle long enough to dim and sleep. After every
press the match in progress must still be a valid match (firmware/engine/game.py's
validate, which checks the position too) and no exception may have reset the
board. Prints a summary; exits 1 on the first fault.
"""
import argparse
import os
import random
import shutil
import sys
import tempfile
import time

import tools  # noqa: F401  (the simulated machine on sys.path)
from firmware.engine import restore
from tools.sim.core import BUTTONS, Sim
from tools.sim.flash import FolderFlash


class Fault(Exception):
    pass


def check(sim):
    if sim.crashes:
        raise Fault("exception reset the board: %r" % (sim.crashes[-1],))
    play = None if sim.updating else sim.loop.app.play
    if play is not None:
        try:
            restore.validate(play.match)
        except ValueError as exc:
            raise Fault("invalid match: %s" % exc)
    grid = sim.grid()
    for v in grid:
        if v > 3:
            raise Fault("LED value %d" % v)


def mash(events, seed, folder, report_every=0, out=print):
    rng = random.Random(seed)
    flash = FolderFlash(folder)
    flash.wipe()
    sim = Sim(flash, seed=seed)
    counts = {"presses": 0, "cuts": 0, "save_cuts": 0, "battery": 0, "idles": 0, "chords": 0,
              "updates": 0}
    base_events = 0          # events counted by loops before the last restart
    seen_loop = sim.loop
    start = time.time()
    next_report = report_every
    while True:
        if sim.loop is not seen_loop:
            base_events += seen_loop.events
            seen_loop = sim.loop
        total = base_events + sim.loop.events
        if total >= events:
            break
        if report_every and total >= next_report:
            out("%9d events  %7.2f h simulated  %6.0f s" % (total, sim.total_ms() / 3.6e6, time.time() - start))
            next_report += report_every
        r = rng.random()
        if sim.updating:
            # the menu's UPDATE was chosen: update mode waits for a computer,
            # so switch off and on again, as a player would
            sim.cut_power()
            counts["updates"] += 1
        elif r < 0.0005:
            sim.cut_power()
            counts["cuts"] += 1
        elif r < 0.0008:
            sim.cut_power_during_save(rng.randint(0, 60))
            counts["save_cuts"] += 1
        elif r < 0.0012:
            sim.set_battery_mv(rng.choice((None, 3400, 3100, 4500)))
            counts["battery"] += 1
        elif r < 0.0014:
            sim.run_ms(rng.randint(30000, 400000))     # dims, maybe sleeps
            counts["idles"] += 1
        elif r < 0.03:
            a, b = rng.sample(BUTTONS, 2)
            sim.down(a)
            sim.down(b)
            sim.run_ms(rng.randint(30, 300))
            sim.up(a)
            sim.up(b)
            sim.run_ms(rng.randint(10, 200))
            counts["chords"] += 1
        else:
            hold = rng.randint(25, 90) if rng.random() < 0.9 else rng.randint(400, 2500)
            sim.press(rng.choice(BUTTONS), hold, rng.randint(5, 150))
            counts["presses"] += 1
        check(sim)
    if sim.loop is not seen_loop:
        base_events += seen_loop.events
    total = base_events + sim.loop.events
    return {
        "events": total,
        "simulated_hours": sim.total_ms() / 3.6e6,
        "restarts": len(sim.restarts),
        "crashes": len(sim.crashes),
        "wall_s": time.time() - start,
        **counts,
    }


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench.mash", description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, default=1000000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--report", type=int, default=50000, help="progress line every N events")
    args = p.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="blot-mash-")
    try:
        result = mash(args.events, args.seed, os.path.join(folder, "flash"), args.report)
    except Fault as exc:
        print("FAULT: %s" % exc)
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(" ".join("%s=%s" % (k, ("%.2f" % v) if isinstance(v, float) else v) for k, v in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
