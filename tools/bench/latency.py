"""Button press to display, estimated for the device: the main loop's passes
timed under the MicroPython unix port, converted by tools/bench/devicetime.py.

    python -m tools.bench.latency [--level MAX] [--demo 300] [--heap 8M]

It runs the simulator under `micropython` (device code precompiled, as on a
Pico), times every loop pass with the real clock while a player plays a
two-player game (button presses at the board) and a game against the
computer (passes while the computer thinks, buttons pressed meanwhile), then
leaves the computer playing itself (the demo, --demo seconds: its moves
shown, its game overs and the next games), and prints the pass times on the
host and their device estimate.

Passes that write the save or the match file are timed apart; the files
live in memory (tools/sim/flash.py's RamFlash, no host system call inside
a pass) and their time is taken out of every pass, as are the simulated
clock's ticks (C calls on the device): on the device the files' cost is the
flash's (LittleFS programming pages, now and then erasing a block), which
the report states from the bytes written and the flash's typical times. A press reaches the
display after: the debounce (the level must hold hw/board.py's DEBOUNCE_MS),
the wait for the next poll (at most one pass: the loop's 10 ms period or the
pass's own time if longer: an idle pass, or one of the computer's thinking
slices), then the pass that handles the press (the app's update and redraw,
the frame put in the modules' RAM), then the I2C transfer of the changed
modules (counted here as all eight). Passes are classified: idle, thinking,
carrying a press, whose press rolled the dice, saving; the slowest press
passes are listed with the screen and game state around them.

Device time follows tools/bench/devicetime.py: its reference loops timed in
the same run, each pass converted kind by kind (one more run of the same
passes with the viper and native functions timed apart). The simulated
machine's own code (HT16K33 and pin models) runs inside each pass too, so
the figures are upper bounds.
"""
import argparse
import os
import sys
import tempfile

import shutil

import tools  # noqa: F401
from hw import board as hw_board
from tools.bench import devicetime
from tools.sim import mpy as sim_mpy

DEBOUNCE_MS = hw_board.DEBOUNCE_MS
PASS_MS = 10
I2C_MS = 3.3        # all eight modules rewritten: 8 x 18 bytes x 9 bits at 400 kHz
PAGE_MS = 0.4       # a 256-byte page program on the Pico's W25Q16 flash, typical
ERASE_MS = 45       # a 4 KB sector erase, typical

# The games every pass benchmark plays (tools/bench/passes.py too):
# `watch(sim)` puts the script's timers on each new simulated handheld.
GAMES = r"""
import gc
import devicetime       # before the simulator, whose clock replaces the real one
import player as sim_player
from core import Sim

def games(flash, watch, level, looks):
    flash.wipe()
    sim = Sim(flash, seed=7)
    watch(sim)
    p = sim_player.Player(sim)
    p.start("2 PLAYER")
    p.play_game({0: sim_player.runner, 1: sim_player.runner})
    print("RESTARTS %d" % len(sim.restarts))
    gc.collect()

    # against the computer: LEFT pressed and released every 60 ms while it thinks
    flash.wipe()
    sim = Sim(flash, seed=8)
    watch(sim)
    p = sim_player.Player(sim)
    p.start("VS CPU", level=level)
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
        p.play_game({0: sim_player.runner}, humans=(0,), max_steps=looks)
    except Exception as exc:
        print("NOTE game not finished: %s" % str(exc).split(chr(10))[0])
    print("RESTARTS %d" % len(sim.restarts))
    sim = p = None
    gc.collect()

def demo(flash, watch, level, ms):
    # the computer against itself, nobody pressing: what a handheld left
    # in DEMO does, game overs and the next games included
    flash.wipe()
    sim = Sim(flash, seed=9)
    watch(sim)
    p = sim_player.Player(sim)
    p.start("DEMO", level=level)
    sim.run_ms(ms)
    print("DEMO %d %d" % (sim.loop.app.play.match.games, len(sim.restarts)))
    sim = p = None
    gc.collect()
"""

# What the simulated machine costs the host but the device not: the host's
# file I/O (on the device the flash's, stated apart from the bytes written)
# and the board's models (the HT16K33s decoding the bus, the battery behind
# the ADC, the contacts behind the button pins: registers and C on the
# device). Each pass benchmark takes
# host[0], the microseconds spent in them, out of its pass.
HOST_COSTS = r"""
host = [0]              # us of the pass spent in the host's files and the models
ops = [0]               # files opened for writing, renames and removes in the pass
calls = [0]             # timed calls in the pass: into the models and the files, and the harness's own timers

class TimedFile:
    # A file on the simulated flash: the host's file I/O is not the
    # device's (that is the flash model's), so it is timed out of the pass.
    def __init__(self, f):
        self.f = f
    def write(self, data):
        t = utime.ticks_us()
        r = self.f.write(data)
        host[0] += utime.ticks_diff(utime.ticks_us(), t)
        calls[0] += 1
        return r
    def __getattr__(self, name):
        return getattr(self.f, name)
    def close(self):
        t = utime.ticks_us()
        self.f.close()
        host[0] += utime.ticks_diff(utime.ticks_us(), t)
        calls[0] += 1
    def __enter__(self):
        return self
    def __exit__(self, *args):
        self.close()

def timed_flash(flash):
    for name in ("rename", "remove", "statvfs", "listdir", "open"):
        real = getattr(flash, name)
        setattr(flash, name, flash_timer(real, name))

def timed_models():
    # The simulated board's models (the HT16K33s decoding the bus, the
    # battery behind the ADC, the buttons' contacts behind the pins) are
    # host code standing in for silicon: on the device an I2C write, an ADC
    # read and a pin's Pin.value() are C calls into the peripherals (the
    # wrapper's own call stays in the pass, standing in for the C call;
    # what it costs beyond one, stand_in_surplus(), is taken out).
    import machine
    board = machine.sim
    if board.bus not in models:
        models.append(board.bus)
        board.bus.write = model_timer(board.bus.write)
    if board not in models:
        models.append(board)
        board.adc_read_u16 = model_timer(board.adc_read_u16)
        machine.Pin.value = model_timer(machine.Pin.value)

models = []

def model_timer(real):
    def wrapper(*args):
        t = utime.ticks_us()
        r = real(*args)
        host[0] += utime.ticks_diff(utime.ticks_us(), t)
        calls[0] += 1
        return r
    return wrapper

def stand_in_surplus():
    # Host us that a timed call costs beyond the C call it stands in for
    # (a bound method of a C object: Pin.value(), an I2C write), outside
    # the part it times out: the closure, its arguments and the timer's
    # own ticks. Each pass has `calls` of them (the harness's timers around
    # the app and the drivers cost the same beyond the call they wrap);
    # the least of many tries.
    class Model:
        def value(self):
            return 1
    Model.value = model_timer(Model.value)
    model = Model()
    c_object = {}
    n = 1000
    wrapped = plain = 1 << 30
    for _ in range(30):
        host[0] = 0
        t = utime.ticks_us()
        for _ in range(n):
            model.value()
        wrapped = min(wrapped, utime.ticks_diff(utime.ticks_us(), t) - host[0])
        t = utime.ticks_us()
        for _ in range(n):
            c_object.get(1)
        plain = min(plain, utime.ticks_diff(utime.ticks_us(), t))
    host[0] = 0
    return max(0, wrapped - plain) / n

def flash_timer(real, name):
    # the harness's own bookkeeping (the count, the TimedFile) is timed
    # out with the call it wraps
    def wrapper(*args):
        t = utime.ticks_us()
        r = real(*args)
        if name in ("rename", "remove") or (name == "open" and len(args) > 1 and "w" in args[1]):
            ops[0] += 1
        if name == "open":
            r = TimedFile(r)
        host[0] += utime.ticks_diff(utime.ticks_us(), t)
        calls[0] += 1
        return r
    return wrapper
"""

SCRIPT = r"""
import array
import gc
import utime
import devicetime
from flash import RamFlash

ref = devicetime.measure()
SURPLUS = stand_in_surplus()
print("SURPLUS %.3f" % SURPLUS)
# The machine is shared: the OS preempts a run now and then. The simulated
# machine runs on simulated time with seeded dice, so every run does the
# same work at the same pass: the least time of each pass over RUNS runs is
# the firmware's own. Arrays allocated once: appending every sample would
# fragment the heap.
MOST = 80000
best = array.array("i", bytes(4 * MOST))    # the whole pass
best_app = array.array("i", bytes(4 * MOST))    # app.update() within it
best_show = array.array("i", bytes(4 * MOST))   # matrix.show(): driver and the bus model
for i in range(MOST):
    best[i] = 1 << 30
    best_app[i] = 1 << 30
    best_show[i] = 1 << 30
best_drv = array.array("i", bytes(4 * MOST))    # buttons and buzzer: drivers and pin models
inner = array.array("i", bytes(4 * MOST))       # viper and native functions, a run of its own
for i in range(MOST):
    best_drv[i] = 1 << 30
    inner[i] = 1 << 30
split = [None]                  # a devicetime.Split while the kernels are timed apart
cur = [0, 0, 0, 0]              # app, show, idle sleep, other drivers: us in the pass

def clocked(obj, name, slot):
    real = getattr(obj, name)
    def wrapper(*args):
        t = utime.ticks_us()
        m = host[0]
        r = real(*args)
        cur[slot] += utime.ticks_diff(utime.ticks_us(), t) - (host[0] - m)
        calls[0] += 1
        return r
    setattr(obj, name, wrapper)
BIN_US = 20                     # the least times as histograms in BIN_US bins (host)
DEVICE_BIN_US = 250             # and in device microseconds
BINS = 20000                    # 0.4 s on the host, 5 s on the device
hist = [0] * BINS
kind = bytearray(MOST)          # b"ITPRSGD" index: idle, thinking, press, roll, flash write, move generation, demo
flash_bytes = array.array("i", bytes(4 * MOST))   # bytes written to the flash in the pass
flash_ops = bytearray(MOST)     # files opened for writing, renames and removes in the pass
context = bytearray(3 * MOST)   # screen, game state before, after (every pass)
count = [0]
SPARE = 2 << 20                 # heap kept free between passes: no collection inside one

def state_of(loop):
    play = loop.app.play
    return play.match.game.state if play is not None else 255

def plays_due(loop):
    play = loop.app.play
    return play is not None and not play.match.game.plays_ready()

def timed(loop):
    step = loop.step
    app = loop.app
    update = app.update
    def timed_update(now, events=()):
        t = utime.ticks_us()
        update(now, events)
        cur[0] += utime.ticks_diff(utime.ticks_us(), t)
        calls[0] += 1
    app.update = timed_update
    matrix = loop.hw.matrix
    show = matrix.show
    def timed_show(frame):
        t = utime.ticks_us()
        m = host[0]
        show(frame)
        cur[1] += utime.ticks_diff(utime.ticks_us(), t) - (host[0] - m)
        calls[0] += 1
    matrix.show = timed_show
    for obj, name in ((loop.hw.buttons, "poll"), (loop.hw.buzzer, "play"), (loop.hw.buzzer, "update")):
        clocked(obj, name, 3)
    # The rest of the pass is idle: on the host the simulated clock runs the
    # machine's scheduled events in it, which is no work of the device's.
    import mainloop
    clock = mainloop.time
    if not hasattr(clock, "untimed_sleep_ms"):
        clock.untimed_sleep_ms = clock.sleep_ms
        def timed_sleep(ms):
            t = utime.ticks_us()
            clock.untimed_sleep_ms(ms)
            cur[2] += utime.ticks_diff(utime.ticks_us(), t)
        clock.sleep_ms = timed_sleep
        # The clock's ticks are C calls on the device and Python functions
        # of the simulated clock here: stand-ins, timed out as the models are.
        for name in ("ticks_ms", "ticks_us", "ticks_diff", "ticks_add"):
            setattr(clock, name, model_timer(getattr(clock, name)))
    def run():
        i = count[0]
        n = loop.events
        before = state_of(loop)
        due = plays_due(loop)
        # A collection before a pass keeps the automatic one (C code over
        # the harness's large heap, not scaled like bytecode) out of it. But
        # it walks the whole heap and leaves the host's caches cold: a pass
        # of a few microseconds right after it runs several times slower
        # than the same code warm, while the reference loops that set the
        # ratios run warm (and the device, without a data cache, collects
        # only when its heap fills). So each run collects before every
        # RUNS-th pass, a different one in each run (and whenever the heap
        # runs low): each pass follows a collection in one run only, and
        # its least time is a warm one.
        sp = split[0]
        if sp is not None or (i + phase[0]) % RUNS == 0 or gc.mem_free() < SPARE:
            gc.collect()
        cur[0] = cur[1] = cur[2] = cur[3] = 0
        host[0] = 0
        ops[0] = 0
        calls[0] = 0
        written = sim_flash[0].bytes_written
        if sp is not None:
            sp.take()
        t = utime.ticks_us()
        step()
        dt = utime.ticks_diff(utime.ticks_us(), t) - cur[2] - host[0] - int(calls[0] * SURPLUS)
        if i >= MOST or loop.asleep:
            return
        count[0] = i + 1
        if sp is not None:
            v, nat = sp.take()
            if v + nat < inner[i]:
                inner[i] = int(v + nat)
            return
        flash_bytes[i] = sim_flash[0].bytes_written - written
        flash_ops[i] = min(255, ops[0])
        if dt < best[i]:
            best[i] = dt
        if cur[0] < best_app[i]:
            best_app[i] = cur[0]
        if cur[1] < best_show[i]:
            best_show[i] = cur[1]
        if cur[3] < best_drv[i]:
            best_drv[i] = cur[3]
        play = loop.app.play
        after = state_of(loop)
        context[3 * i] = loop.app.screen
        context[3 * i + 1] = before
        context[3 * i + 2] = after
        if loop.wrote:
            k = 4               # a pass that writes the flash (and does nothing else)
        elif in_demo[0]:
            k = 6               # any other pass of the computer playing itself
        elif loop.events != n:
            k = 3 if before in (0, 1) and after == 3 else 2
        elif due and not plays_due(loop):
            k = 5               # the roll's plays generated: Game.ensure_plays()
        elif play is not None and (play.thinker is not None or play.hint is not None):
            k = 1
        else:
            k = 0
        kind[i] = k
    loop.step = run

sim_flash = [None]
in_demo = [False]

def watch(sim):
    timed(sim.loop)
    timed_models()

def scenario():
    flash = RamFlash()
    timed_flash(flash)
    sim_flash[0] = flash
    games(flash, watch, LEVEL, MAX_LOOKS)
    in_demo[0] = True
    demo(flash, watch, LEVEL, DEMO_MS)
    in_demo[0] = False

phase = [0]                     # which passes this run collects before
for run in range(RUNS):
    phase[0] = run
    count[0] = 0
    scenario()
passes = count[0]
# the same passes again, the viper and native functions timed apart
def split_run():
    count[0] = 0
    scenario()
print("SPLIT %d" % devicetime.Split().again(split_run, split))
ratios = devicetime.Ratios(devicetime.measure(ref))
print(devicetime.line(ratios.ref))
print("PASSES %d" % passes)
def dump(tag, k, times, bin_us):
    for b in range(BINS):
        hist[b] = 0
    for i in range(passes):
        if kind[i] == k:
            hist[min(BINS - 1, times[i] // bin_us)] += 1
    for b in range(BINS):
        if hist[b]:
            print("%s %d %d" % (tag, b * bin_us + bin_us // 2, hist[b]))

for k in range(7):
    dump("H" + "ITPRSGD"[k], k, best, BIN_US)
# Device microseconds, in place: a pass and its app.update() converted kind
# by kind (the kernels run inside the app's update), the drivers as bytecode.
for i in range(passes):
    v = inner[i] if inner[i] < best_app[i] else best_app[i]
    best[i] = int(1000 * ratios.split_ms(best[i], v))
    best_app[i] = int(1000 * ratios.split_ms(best_app[i], v))
    best_show[i] = int(1000 * ratios.ms(best_show[i]))
    best_drv[i] = int(1000 * ratios.ms(best_drv[i]))
BIN_US = DEVICE_BIN_US
for k in range(7):
    dump("ITPRSGD"[k], k, best, BIN_US)
# A flash pass on the device: its CPU, its own page programs (at least
# one: a rename or a close commits LittleFS's metadata) and one erase.
with_flash = array.array("i", bytes(4 * passes))
for i in range(passes):
    if kind[i] == 4:
        pages = max(1, (flash_bytes[i] + 255) // 256)
        with_flash[i] = best[i] + int(1000 * (ERASE_MS + PAGE_MS * pages))
dump("SF", 4, with_flash, BIN_US)
dump("PA", 2, best_app, BIN_US)
dump("PM", 2, best_show, BIN_US)
dump("PD", 2, best_drv, BIN_US)
dump("SD", 4, best_drv, BIN_US)
dump("IA", 0, best_app, BIN_US)
dump("TA", 1, best_app, BIN_US)
dump("DA", 6, best_app, BIN_US)
# the flash's work in the passes that write it: bytes and file operations
most_bytes = most_ops = writing = 0
for i in range(passes):
    if flash_ops[i] or flash_bytes[i]:
        writing += 1
        most_bytes = max(most_bytes, flash_bytes[i])
        most_ops = max(most_ops, flash_ops[i])
print("FLASH %d %d %d" % (writing, most_bytes, most_ops))
def slowest(k):
    # the 12 slowest passes of kind k: (device us, pass)
    slow = []
    for i in range(passes):
        if kind[i] == k:
            slow.append((best[i], i))
            if len(slow) > 12:
                slow.sort()
                slow.pop(0)
    return slow

# the slowest press passes and demo passes, with what they did
for k, tag in ((2, "W"), (6, "WD")):
    for dt, i in slowest(k):
        print("%s %d %d %d %d" % (tag, dt, context[3 * i], context[3 * i + 1], context[3 * i + 2]))
# the slowest flash passes, with their bytes and file operations
for dt, i in slowest(4):
    print("WF %d %d %d %d" % (dt, flash_bytes[i], flash_ops[i], i))
print("DONE")
"""


def summary(name, values, host=None):
    """p50, p99 and max of device microseconds (and of host ones if given)."""
    if not values:
        return "%-34s no passes" % name
    pick = [pct(q)(values) / 1000 for q in (50, 99, 100)]
    line = "%-34s %6d passes  device p50 %6.1f  p99 %6.1f  max %6.1f ms" % ((name, len(values)) + tuple(pick))
    if host:
        line += "  (host p50 %.2f  p99 %.2f  max %.2f ms)" % tuple(pct(q)(host) / 1000 for q in (50, 99, 100))
    return line


def latency(waiting_pass_ms, press_pass_ms):
    """Press to LEDs: the debounce, the pass running when it ends (the loop
    polls once a pass, PASS_MS at least), the pass that handles the press,
    and the frame's I2C transfer."""
    return DEBOUNCE_MS + max(PASS_MS, waiting_pass_ms) + press_pass_ms + I2C_MS


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.latency", description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="MAX", help="computer level for the thinking passes")
    ap.add_argument("--looks", type=int, default=600, help="looks at the board in the game against the computer")
    ap.add_argument("--runs", type=int, default=4,
                    help="identical runs; each pass's least time is kept (preemption drops out)")
    ap.add_argument("--demo", type=int, default=300, help="seconds of the demo (the computer against itself)")
    ap.add_argument("--heap", default="8M", help="micropython heap (the harness needs room beside the game)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = sim_mpy.build(os.path.join(tmp, "image"))
        prelude = ("LEVEL = %r\nMAX_LOOKS = %d\nDEMO_MS = %d\nRUNS = %d\nPAGE_MS = %r\nERASE_MS = %r\n"
                   % (args.level, args.looks, args.demo * 1000, args.runs, PAGE_MS, ERASE_MS)) + GAMES + HOST_COSTS
        shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "devicetime.py"), folder)
        result = sim_mpy.run(folder, prelude + SCRIPT, heap=args.heap, timeout=3600)
    hists = {"P": [], "R": [], "T": [], "S": [], "SF": [], "I": [], "G": [], "D": [], "PA": [], "PM": [], "PD": [], "SD": [],
             "IA": [], "TA": [], "DA": []}
    hists.update({"H" + k: [] for k in "ITPRSGD"})
    passes = 0
    flash = None
    worst = []
    worst_demo = []
    worst_flash = []
    for line in result.stdout.split("\n"):
        parts = line.split()
        if not parts:
            continue
        if parts[0] in hists:
            hists[parts[0]].extend([int(parts[1])] * int(parts[2]))
        elif parts[0] == "W":
            worst.append(tuple(int(v) for v in parts[1:]))
        elif parts[0] == "WD":
            worst_demo.append(tuple(int(v) for v in parts[1:]))
        elif parts[0] == "WF":
            worst_flash.append(tuple(int(v) for v in parts[1:]))
        elif parts[0] == "FLASH":
            flash = tuple(int(v) for v in parts[1:])
        elif parts[0] == "PASSES":
            passes = int(parts[1])
        elif parts[0] == "SURPLUS":
            print("%s us (host) of each timed call into the models and files beyond a C call,"
                  " taken out of its pass" % parts[1])
        elif parts[0] == "SPLIT":
            print("%s viper/native functions timed apart in one more run" % parts[1])
        elif parts[0] in ("NOTE", "RESTARTS", "DEMO"):
            print(line)
    if "DONE" not in result.stdout:
        print(result.stdout[-3000:] + result.stderr[-3000:])
        return 1
    print(devicetime.parse(result.stdout).describe())
    print("%d passes timed, the least of %d identical runs kept for each" % (passes, args.runs))
    press, think, idle = hists["P"], hists["T"], hists["I"]
    print(summary("idle passes (nothing pressed)", idle, hists["HI"]))
    print(summary("passes while the computer thinks", think, hists["HT"]))
    print(summary("passes handling a button press", press, hists["HP"]))
    print(summary("passes whose press rolled the dice", hists["R"], hists["HR"]))
    print(summary("passes that write the flash (CPU)", hists["S"], hists["HS"]))
    print(summary("passes that generate a roll's plays", hists["G"], hists["HG"]))
    print(summary("demo passes (computer v computer)", hists["D"], hists["HD"]))
    print(summary("  app.update() in an idle pass", hists["IA"]))
    print(summary("  app.update() in a thinking pass", hists["TA"]))
    print(summary("  app.update() in a press pass", hists["PA"]))
    print(summary("  app.update() in a demo pass", hists["DA"]))
    print(summary("  matrix.show() in a press pass", hists["PM"]))
    print(summary("  buttons and buzzer in a press pass", hists["PD"]))
    print(summary("  buttons in a flash pass", hists["SD"]))
    if flash:
        n, most, files = flash
        pages = (most + 255) // 256 * PAGE_MS
        print("passes that write the flash: %d (a save's record and its two renames, the match file a few lines a pass, then its close and rename); at most %d bytes"
              " and %d file operations in one pass. The host's file I/O is timed out of the figures"
              " above: on the device add the flash's own time, about %.1f ms of 256-byte page programs"
              " for that pass, and %d ms for each 4 KB block LittleFS erases in it (the CPU stalls)"
              % (n, most, files, pages, ERASE_MS))
        print(summary("flash passes with one erase each", hists["SF"])
              + "  (the CPU above, the pass's own page programs, at least one, and %d ms)" % ERASE_MS)
    for us, screen, before, after in sorted(worst, reverse=True):
        print("  slow press pass: %6.1f ms on the device (screen %d, game state %d -> %d)"
              % (us / 1000, screen, before, after))
    for us, screen, before, after in sorted(worst_demo, reverse=True):
        print("  slow demo pass:  %6.1f ms on the device (screen %d, game state %d -> %d)"
              % (us / 1000, screen, before, after))
    for us, written, files, i in sorted(worst_flash, reverse=True):
        print("  slow flash pass: %6.1f ms CPU on the device (%d bytes, %d file operations, pass %d)"
              % (us / 1000, written, files, i))
    ms = 1 / 1000
    print("press path on the device (ms): debounce %d + wait for the next poll"
          " (one pass, at least %d) + the pass with the press + I2C %.1f"
          % (DEBOUNCE_MS, PASS_MS, I2C_MS))
    for name, waiting in (("press at the board", idle), ("press while thinking", think),
                          ("press during move generation", hists["G"])):
        if waiting and press:
            for label, pick in (("typical", pct(50)), ("p99", pct(99)), ("worst", pct(100))):
                w = pick(waiting) * ms
                p = pick(press) * ms
                print("%-28s %-7s %2d + %5.1f + %5.1f + %.1f = %5.1f ms (budget 50 ms)"
                      % (name, label, DEBOUNCE_MS, max(PASS_MS, w), p, I2C_MS, latency(w, p)))
    return 0


def pct(q):
    def pick(values):
        values = sorted(values)
        return values[min(len(values) - 1, len(values) * q // 100)]
    return pick


if __name__ == "__main__":
    sys.exit(main())
