"""Button press to display, estimated for the device: the main loop's passes
timed under the MicroPython unix port, scaled by the DESIGN.md reference loops.

    python -m tools.bench_latency [--level MAX] [--heap 1M]

It runs the simulator under `micropython` (device code precompiled, as on a
Pico), times every loop pass with the real clock while a player plays a
two-player game (button presses at the board) and a game against the
computer (passes while the computer thinks, buttons pressed meanwhile), and
prints the pass times on the host and their device estimate.

Passes that write the save are timed apart: their cost is the flash (host
files here, LittleFS on the device), not bytecode. A press reaches the
display after: the debounce (the level must hold hw/board.py's DEBOUNCE_MS),
the wait for the next poll (at most one pass: the loop's 10 ms period or the
pass's own time if longer: an idle pass, or one of the computer's thinking
slices), then the pass that handles the press (the app's update and redraw,
the frame put in the modules' RAM), then the I2C transfer of the changed
modules (counted here as all eight). Passes are classified: idle, thinking,
carrying a press, whose press rolled the dice, saving; the slowest press
passes are listed with the screen and game state around them.

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
from hw import board as hw_board
from tools import sim_mpy

DEBOUNCE_MS = hw_board.DEBOUNCE_MS
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
roll_hist = [0] * BINS
think_hist = [0] * BINS
save_hist = [0] * BINS
idle_hist = [0] * BINS
worst = [[0, 0, 0, 0] for _ in range(6)]  # slowest press passes: [us, screen, state before, after]

def state_of(loop):
    play = loop.app.play
    return play.match.game.state if play is not None else -1

def timed(loop):
    step = loop.step
    def run():
        n = loop.events
        saves = loop.saves
        before = state_of(loop)
        t = utime.ticks_us()
        step()
        dt = utime.ticks_diff(utime.ticks_us(), t)
        play = loop.app.play
        after = state_of(loop)
        b = min(BINS - 1, dt // BIN_US)
        if loop.saves != saves:
            save_hist[b] += 1       # the flash write: not bytecode, timed apart
        elif loop.events != n:
            if before in (0, 1) and after == 3:
                roll_hist[b] += 1   # the press rolled: the move generator ran in it
            else:
                press_hist[b] += 1
                low = worst[0]
                for w in worst:
                    if w[0] < low[0]:
                        low = w
                if dt > low[0]:
                    low[0] = dt
                    low[1] = loop.app.screen
                    low[2] = before
                    low[3] = after
        elif play is not None and (play.thinker is not None or play.hint is not None):
            think_hist[b] += 1
        elif not loop.asleep:
            idle_hist[b] += 1
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
dump("R", roll_hist)
dump("T", think_hist)
dump("S", save_hist)
dump("I", idle_hist)
for w in worst:
    if w[0]:
        print("W %d %d %d %d" % (w[0], w[1], w[2], w[3]))
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


def latency(waiting_pass_ms, press_pass_ms):
    """Press to LEDs: the debounce, the pass running when it ends (the loop
    polls once a pass, PASS_MS at least), the pass that handles the press,
    and the frame's I2C transfer."""
    return DEBOUNCE_MS + max(PASS_MS, waiting_pass_ms) + press_pass_ms + I2C_MS


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
    hists = {"P": [], "R": [], "T": [], "S": [], "I": []}
    worst = []
    cal = None
    for line in result.stdout.split("\n"):
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "CAL":
            cal = (int(parts[1]), int(parts[2]))
        elif parts[0] in hists:
            hists[parts[0]].extend([int(parts[1])] * int(parts[2]))
        elif parts[0] == "W":
            worst.append(tuple(int(v) for v in parts[1:]))
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
    press, think, idle = hists["P"], hists["T"], hists["I"]
    print(summary("idle passes (nothing pressed)", idle, scale))
    print(summary("passes while the computer thinks", think, scale))
    print(summary("passes handling a button press", press, scale))
    print(summary("passes whose press rolled the dice", hists["R"], scale))
    print(summary("passes that save (host file I/O)", hists["S"], scale))
    for us, screen, before, after in sorted(worst, reverse=True):
        print("  slow press pass: %6.1f ms on the device (screen %d, game state %d -> %d)"
              % (us * scale / 1000, screen, before, after))
    ms = scale / 1000
    print("press path on the device (ms): debounce %d + wait for the next poll"
          " (one pass, at least %d) + the pass with the press + I2C %.1f"
          % (DEBOUNCE_MS, PASS_MS, I2C_MS))
    for name, waiting in (("press at the board", idle), ("press while thinking", think)):
        if waiting and press:
            for label, pick in (("typical", pct(50)), ("p99", pct(99)), ("worst", pct(100))):
                w = pick(waiting) * ms
                p = pick(press) * ms
                print("%-22s %-7s %2d + %5.1f + %5.1f + %.1f = %5.1f ms (budget 50 ms)"
                      % (name, label, DEBOUNCE_MS, max(PASS_MS, w), p, I2C_MS, latency(w, p)))
    return 0


def pct(q):
    def pick(values):
        values = sorted(values)
        return values[min(len(values) - 1, len(values) * q // 100)]
    return pick


if __name__ == "__main__":
    sys.exit(main())
