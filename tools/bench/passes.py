"""What the slowest loop passes spend their time on: the latency benchmark's
games (tools/bench/latency.py) under the MicroPython unix port, each pass's
time split by the functions it ran through.

    python -m tools.bench.passes [--top 25] [--runs 2] [--presses | --flash] [--demo 300] [--demo-only]

Every pass is timed over --runs identical runs (seeded dice, simulated time)
and keeps each figure's least value, so the shared machine's preemption
drops out. The listed functions are wrapped with a timer (their own calls
nest: App.update includes Play.press), which adds a little to every figure;
each figure is converted for the device kind by kind, as the latency
benchmark does (tools/bench/devicetime.py): one more run of the same passes
times the viper and native functions apart, and that share of a pass or of
a function gets the viper ratio, the rest the bytecode ratio. The simulated board's models
and the host's file I/O are timed out of every pass and every function, as
the latency benchmark does (latency.HOST_COSTS). The games are the latency
benchmark's: a two-player game, one against the computer, and --demo seconds
of the computer playing itself.
"""
import argparse
import os
import shutil
import sys
import tempfile

import tools  # noqa: F401
from tools.bench.latency import GAMES, HOST_COSTS
from tools.sim import mpy as sim_mpy

SCRIPT = r"""
import array
import gc
import utime
import devicetime
from flash import FolderFlash
import mainloop             # after the simulator: its `time` is the simulated clock
from firmware.engine import flashwriter as FW, game as G, save as S
from firmware.handheld import app as A, play as P, playview as V, render as R, turn as T
from firmware.opponent import ai as AI

ref = devicetime.measure()
MOST = 80000
TAGS = []
SLOTS = 48
acc = array.array("i", bytes(4 * SLOTS))

vacc = array.array("i", bytes(4 * SLOTS))     # the viper share, in the split run
split = [None]                  # a devicetime.Split while the kernels are timed apart

def timer(real, k):
    def wrapper(*args, **kw):
        t = utime.ticks_us()
        h = host[0]
        sp = split[0]
        if sp is not None:
            v = sp.so_far()
        try:
            return real(*args, **kw)
        finally:
            acc[k] += utime.ticks_diff(utime.ticks_us(), t) - (host[0] - h)
            if sp is not None:
                vacc[k] += int(sp.so_far() - v)
    return wrapper

def wrap(obj, name, tag):
    if tag not in TAGS:
        TAGS.append(tag)
    setattr(obj, name, timer(getattr(obj, name), TAGS.index(tag)))

for cls, names in ((A.App, ("update", "_press", "_advance", "_draw", "snapshot")),
                   (P.Play, ("press", "advance", "_move", "_show_step", "draw", "_plan_forced",
                             "_after_action", "_rolled", "_computer_roll", "_computer_answer", "_game_over",
                             "_finish_shown", "_next_game")),
                   (T.TurnInput, ("__init__", "look_ahead", "press", "_refresh")),
                   (G.Game, ("ensure_plays",)), (G.Match, ("to_bytes", "play", "roll", "next_game")), (AI.Thinker, ("step",)),
                   (S.SaveFile, ("begin", "finish")),
                   (mainloop.Loop, ("_check_battery", "_rest_of_pass")),
                   (FW.FlashWriter, ("write", "prepare", "_next_mat_text", "_saved", "_write_mat_text",
                                     "_close_mat", "due")),
                   ):
    for name in names:
        wrap(cls, name, cls.__name__ + "." + name)
for module, names in ((R, ("draw_board", "screen")), (V, ("fill_scene",))):
    for name in names:
        wrap(module, name, module.__name__.split(".")[-1] + "." + name)

best = array.array("i", bytes(4 * MOST))
parts = array.array("i", bytes(4 * MOST * SLOTS))
inner = array.array("i", bytes(4 * MOST))       # viper and native us of each pass, the split run
inner_parts = array.array("i", bytes(4 * MOST * SLOTS))
for i in range(MOST):
    best[i] = 1 << 30
for i in range(MOST * SLOTS):
    parts[i] = 1 << 30
info = bytearray(4 * MOST)      # screen, game state after, events carried, wrote the flash
count = [0]
idle = [0]

def timed(loop):
    # the rest of a pass is idle: the simulated clock runs the machine's
    # scheduled events in it, no work of the device's
    clock = mainloop.time
    if not hasattr(clock, "untimed_sleep_ms"):
        clock.untimed_sleep_ms = clock.sleep_ms
        def timed_sleep(ms):
            t = utime.ticks_us()
            clock.untimed_sleep_ms(ms)
            idle[0] += utime.ticks_diff(utime.ticks_us(), t)
        clock.sleep_ms = timed_sleep
    for obj, name, tag in ((loop.hw.matrix, "show", "matrix.show"), (loop.hw.buttons, "poll", "buttons.poll"),
                           (loop.dice, "stir", "dice.stir"), (loop.hw.buzzer, "update", "buzzer.update")):
        wrap(obj, name, tag)
    step = loop.step
    def run():
        gc.collect()
        for j in range(SLOTS):
            acc[j] = 0
            vacc[j] = 0
        idle[0] = 0
        host[0] = 0
        events = loop.events
        sp = split[0]
        if sp is not None:
            sp.take()
        t = utime.ticks_us()
        step()
        dt = utime.ticks_diff(utime.ticks_us(), t) - idle[0] - host[0]
        i = count[0]
        if i >= MOST:
            return
        count[0] = i + 1
        if sp is not None:
            v, nat = sp.take()
            inner[i] = int(v + nat)
            for j in range(len(TAGS)):
                inner_parts[i * SLOTS + j] = vacc[j]
            return
        if dt < best[i]:
            best[i] = dt
        for j in range(len(TAGS)):
            if acc[j] < parts[i * SLOTS + j]:
                parts[i * SLOTS + j] = acc[j]
        play = loop.app.play
        info[4 * i] = loop.app.screen
        info[4 * i + 1] = play.match.game.state if play is not None else 255
        info[4 * i + 2] = min(255, loop.events - events)
        info[4 * i + 3] = 1 if loop.wrote else 0
    loop.step = run

def watch(sim):
    timed(sim.loop)
    timed_models()

def scenario():
    flash = FolderFlash("flash")
    timed_flash(flash)
    if not DEMO_ONLY:
        games(flash, watch, "MAX", 600)
    demo(flash, watch, "MAX", DEMO_MS)

for _ in range(RUNS):
    count[0] = 0
    scenario()
n = count[0]
# the same passes again, the viper and native functions timed apart
def split_run():
    count[0] = 0
    scenario()
print("SPLIT %d" % devicetime.Split().again(split_run, split))
ratios = devicetime.Ratios(devicetime.measure(ref))
print(devicetime.line(ratios.ref))
print("PASSES %d" % n)

def device_ms(us, viper_us):
    return ratios.split_ms(us, min(us, viper_us))

picked = [i for i in range(n) if (PRESSES == 0 or info[4 * i + 2]) and (FLASH == 0 or info[4 * i + 3])]
picked.sort(key=lambda i: -device_ms(best[i], inner[i]))
for i in picked[:TOP]:
    items = sorted(((device_ms(parts[i * SLOTS + j], inner_parts[i * SLOTS + j]), TAGS[j])
                    for j in range(len(TAGS))), reverse=True)
    print("%7.1f ms (%d us, %d in viper)  pass %d  screen %d  state %d  presses %d%s  %s" % (
        device_ms(best[i], inner[i]), best[i], inner[i], i, info[4 * i], info[4 * i + 1], info[4 * i + 2],
        "  flash" if info[4 * i + 3] else "",
        "  ".join("%s %.1f" % (tag, ms) for ms, tag in items[:8] if ms >= 0.05)))
"""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.passes", description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=25, help="passes listed, slowest first")
    ap.add_argument("--runs", type=int, default=2, help="identical runs; each figure's least is kept")
    ap.add_argument("--presses", action="store_true", help="only the passes that carried a press")
    ap.add_argument("--flash", action="store_true", help="only the passes that wrote the flash")
    ap.add_argument("--demo", type=int, default=300, help="seconds of the demo (the computer against itself)")
    ap.add_argument("--demo-only", action="store_true", help="the demo alone, without the two games")
    ap.add_argument("--heap", default="48M", help="micropython heap (the per-pass figures need room)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = sim_mpy.build(os.path.join(tmp, "image"))
        shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "devicetime.py"), folder)
        prelude = ("TOP = %d\nRUNS = %d\nPRESSES = %d\nFLASH = %d\nDEMO_MS = %d\nDEMO_ONLY = %d\n"
                   % (args.top, args.runs, int(args.presses), int(args.flash), args.demo * 1000, int(args.demo_only))) + GAMES + HOST_COSTS
        result = sim_mpy.run(folder, prelude + SCRIPT, heap=args.heap, timeout=3600)
    if "PASSES" not in result.stdout:
        print(result.stdout[-3000:] + result.stderr[-3000:])
        return 1
    print("device estimate (bytecode and viper each with its ratio), slowest passes first; each function's time in the pass:")
    print(result.stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
