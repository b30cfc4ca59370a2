"""Button press to display, estimated for the device: the main loop's passes
timed under the MicroPython unix port, scaled by the DESIGN.md reference loops.

    python -m tools.bench_latency [--level MAX] [--heap 1M]

It runs the simulator under `micropython` (device code precompiled, as on a
Pico), times every loop pass with the real clock while a player plays a
two-player game (button presses at the board) and a game against the
computer (passes while the computer thinks, buttons pressed meanwhile), and
prints the pass times on the host and their device estimate.

Passes that write the save are timed apart: their cost is the flash (host
files here, LittleFS on the device), not bytecode. A press reaches the display after: the debounce (the level must hold 20 ms),
the wait for the next poll (at most one pass: the loop's 10 ms period or the
pass's own time if longer), then one pass (the app's update, the frame sent
over I2C). Worst case = 20 + 2 x the longest pass (+ the I2C transfer, whose
host cost here is the bus model's, so the estimate leans high).

The unix port's bytecode runs about 200x faster than a 125 MHz RP2040; the
factor is measured here with DESIGN.md's loops: 100,000 `x += 1` in a
function's for loop take 450 ms on the device, 100,000 calls of a one-line
function 1,080 ms. The simulated machine's own code (HT16K33 and pin models)
runs inside each pass too, so the figures are upper bounds.
"""
import argparse
import os
import sys
import tempfile

import tools  # noqa: F401
from tools import sim_mpy

DEBOUNCE_MS = 20
PASS_MS = 10
I2C_MS = 3.3        # all eight modules rewritten: 8 x 18 bytes x 9 bits at 400 kHz

SCRIPT = r"""
import gc
import utime
import sim_player
from sim_core import Sim
from sim_flash import FolderFlash

def calibrate():
    def loop():
        x = 0
        for i in range(100000):
            x += 1
        return x
    def one(a):
        return a
    def calls():
        for i in range(100000):
            one(i)
    best1 = best2 = 10 ** 9
    for _ in range(5):
        t = utime.ticks_us(); loop(); best1 = min(best1, utime.ticks_diff(utime.ticks_us(), t))
        t = utime.ticks_us(); calls(); best2 = min(best2, utime.ticks_diff(utime.ticks_us(), t))
    print("CAL %d %d" % (best1, best2))

calibrate()
flash = FolderFlash("flash")
flash.wipe()
sim = Sim(flash, seed=7)
# pass times as histograms in BIN_US bins, allocated once: appending every
# sample would fragment the small heap
BIN_US = 20
BINS = 2000
press_hist = [0] * BINS
think_hist = [0] * BINS
save_hist = [0] * BINS

def timed(loop):
    step = loop.step
    def run():
        n = loop.events
        saves = loop.saves
        t = utime.ticks_us()
        step()
        dt = utime.ticks_diff(utime.ticks_us(), t)
        play = loop.app.play
        b = min(BINS - 1, dt // BIN_US)
        if loop.saves != saves:
            save_hist[b] += 1       # the flash write: not bytecode, timed apart
        elif play is not None and (play.thinker is not None or play.hint is not None):
            think_hist[b] += 1
        elif loop.events != n:
            press_hist[b] += 1
    loop.step = run

def dump(tag, hist):
    for b in range(BINS):
        if hist[b]:
            print("%s %d %d" % (tag, b * BIN_US + BIN_US // 2, hist[b]))

timed(sim.loop)
p = sim_player.Player(sim)
p.start("2 PLAYER")
p.play_game({0: sim_player.runner, 1: sim_player.runner})
print("RESTARTS %d" % len(sim.restarts))
gc.collect()

# against the computer: LEFT pressed and released every 60 ms while it thinks
flash.wipe()
sim = Sim(flash, seed=8)
timed(sim.loop)
p = sim_player.Player(sim)
p.start("VS CPU", level=LEVEL)
plain_run = sim.run_ms
def busy_run(ms):
    play = sim.loop.app.play
    if play is not None and play.thinker is not None and ms >= 60:
        for _ in range(ms // 60):
            sim.board.press(2)
            plain_run(30)
            sim.board.release(2)
            plain_run(30)
        return
    plain_run(ms)
sim.run_ms = busy_run
try:
    p.play_game({0: sim_player.runner}, humans=(0,), max_steps=MAX_LOOKS)
except Exception as exc:
    print("NOTE game not finished: %s" % str(exc).split(chr(10))[0])
print("RESTARTS %d" % len(sim.restarts))
dump("P", press_hist)
dump("T", think_hist)
dump("S", save_hist)
print("DONE")
"""


def summary(name, values, scale):
    values = sorted(values)
    if not values:
        return "%-34s no passes" % name
    n = len(values)
    p50 = values[n // 2]
    p99 = values[min(n - 1, n * 99 // 100)]
    top = values[-1]
    return "%-34s %6d passes  host p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms  ->  device p50 %6.1f  p99 %6.1f  max %6.1f ms" % (
        name, n, p50 / 1000, p99 / 1000, top / 1000,
        p50 * scale / 1000, p99 * scale / 1000, top * scale / 1000)


def latency(max_pass_ms):
    period = max(PASS_MS, max_pass_ms)
    return DEBOUNCE_MS + period + max_pass_ms + I2C_MS


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench_latency", description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="MAX", help="computer level for the thinking passes")
    ap.add_argument("--looks", type=int, default=600, help="looks at the board in the game against the computer")
    ap.add_argument("--heap", default="1M", help="micropython heap (the harness needs room beside the game)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = sim_mpy.build(os.path.join(tmp, "image"))
        prelude = "LEVEL = %r\nMAX_LOOKS = %d\n" % (args.level, args.looks)
        result = sim_mpy.run(folder, prelude + SCRIPT, heap=args.heap, timeout=1800)
    press = []
    think = []
    saving = []
    cal = None
    for line in result.stdout.split("\n"):
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "CAL":
            cal = (int(parts[1]), int(parts[2]))
        elif parts[0] == "P":
            press.extend([int(parts[1])] * int(parts[2]))
        elif parts[0] == "T":
            think.extend([int(parts[1])] * int(parts[2]))
        elif parts[0] == "S":
            saving.extend([int(parts[1])] * int(parts[2]))
        elif parts[0] in ("NOTE", "RESTARTS"):
            print(line)
    if cal is None or "DONE" not in result.stdout:
        print(result.stdout[-3000:] + result.stderr[-3000:])
        return 1
    scale_loop = 450000 / cal[0]
    scale_call = 1080000 / cal[1]
    scale = (scale_loop + scale_call) / 2
    print("unix port: 100k x+=1 %.1f ms (x%.0f to device), 100k calls %.1f ms (x%.0f); using x%.0f"
          % (cal[0] / 1000, scale_loop, cal[1] / 1000, scale_call, scale))
    print(summary("passes handling a button press", press, scale))
    print(summary("passes while the computer thinks", think, scale))
    print(summary("passes that save (host file I/O)", saving, scale))
    for name, values in (("press at the board", press), ("press while thinking", think)):
        if values:
            worst = max(values) * scale / 1000
            typical = sorted(values)[len(values) // 2] * scale / 1000
            print("%-24s device latency: typical %.0f ms, worst %.0f ms (budget 50 ms)"
                  % (name, latency(typical), latency(worst)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
