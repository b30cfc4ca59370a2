"""The running game's heap: the whole handheld (main.py's loop, the drivers on
the simulated machine, the app, the computer at a level) under the
MicroPython unix port, and what that makes on the device.

    python -m tools.bench.heap [--ms 60000] [--level 5] [--seed 1]

The simulator's image (tools/sim/mpy.py: every device file compiled with
mpy-cross for this machine) runs the computer against itself (PLAY: DEMO)
for `ms` of simulated time in steps of 20 ms, each step followed by
gc.collect(), and keeps the most the heap held (gc.mem_alloc()) after a
step, with the computer thinking or not.

The device estimate: the unix port keeps native and viper machine code
outside its heap, the RP2040 in it, so each module with such code counts
at its .mpy's size for armv6m (as tools.deploy builds it) in place of what
the unix heap held of it. The interned strings (qstrs) are counted for the
device apart (tools/bench/qstrs.py): the unix port's, which include the
simulator's names and take 11 bytes a pool entry, are left out, and the
device's, read from the image's .mpy files for the modules the run loaded,
are put in with their pools at their largest (twice the count, just after
a doubling). The rest is scaled by the
ratio of 32-bit to 64-bit objects: on MicroPython 1.27's 32-bit
WebAssembly port the same demo of the app alone (its bytecode only, the
plain twins for the viper code) peaked at 131.7 KB without its qstrs where
the unix port held 160.9 KB (docs/app.md, Heap). Against the 240 KB a Pico
has free after boot (DESIGN.md).

What the simulator itself holds is left out where it can be told apart:
its module (tools/sim/core.py, measured after the device modules it
imports) and the simulated buzzer's and clock's records of tones and
speed changes, cleared before each reading. The simulated machine's other
objects (its display, pins and clock, a few KB) stay in, so the estimate
errs towards less free.
"""
import argparse
import json
import os
import sys
import tempfile

from tools import deploy
from tools.bench import qstrs
from tools.sim import mpy as sim_mpy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORDS_32_64 = 131.7 / 160.9       # the same objects and bytecode, 32-bit over 64-bit, qstrs aside (above)
PICO_FREE = 240 * 1024          # DESIGN.md: a Pico's heap free after boot (v1.27)
BUDGET = 60 * 1024              # DESIGN.md: the running game leaves at least this free

SCRIPT = """
ms, level, seed = %d, %d, %d
NATIVE_MODULES = %r
import gc
import sys
import micropython
import machine                      # the simulated machine: the host's, not counted
from flash import FolderFlash


def qstrs(tag):
    # the interned strings' heap now, on the line after the tag
    print("QSTRS", tag)
    micropython.qstr_info()


gc.collect()
base = gc.mem_alloc()
# what the unix heap holds of each module with native code (its machine
# code is outside it), after the modules they import
import firmware.engine.movetables
import firmware.opponent.weights
import firmware.opponent.netfile        # its column cache and tables are data, not code
held = []
for name in NATIVE_MODULES:
    gc.collect()
    before = gc.mem_alloc()
    qstrs("before " + name)
    __import__(name)
    gc.collect()
    held.append(gc.mem_alloc() - before)
    qstrs("after " + name)
# the simulator's own module, which the device does not have, measured
# after the device modules it imports so that they still count
import mainloop
import firmware.engine.dice
import hw.board
gc.collect()
before = gc.mem_alloc()
qstrs("before sim")
from core import Sim
gc.collect()
sim_held = gc.mem_alloc() - before
qstrs("after sim")
sim = Sim(FolderFlash("sim-data"), seed=seed)


def forget_records():
    # the simulated buzzer's record of every tone (up to 400 of them) and
    # the clock's of its speed changes: the simulator's instruments, not
    # the device's, gone before each reading
    sim.board.tones.history.clear()
    del sim.board.freq_history[:-1]


sim.run_ms(500)
app = sim.loop.app
sim.press("RIGHT")
sim.press("RIGHT")                  # PLAY: DEMO
app.main.set("LEVEL", level - 1)
sim.press("A")
while app.play is None or sim.loop.flash.due():   # the match begun (after a collection), its first save written
    sim.run_ms(10)
forget_records()
gc.collect()
start = gc.mem_alloc() - base
most = [0, 0]                       # idle, thinking
at = [0, 0]
t = 0
while t < ms:
    sim.run_ms(20)
    t += 20
    if t %% 60000 == 0:
        # a press now and then, so that a long demo does not fall asleep
        # (5 minutes without one); UP does nothing while the computer plays
        sim.press("UP")
    forget_records()
    play = app.play
    thinking = 1 if play is not None and play.thinker is not None else 0
    gc.collect()
    used = gc.mem_alloc() - base
    if used > most[thinking]:
        most[thinking] = used
        at[thinking] = t
        qstrs("most %%d" %% thinking)
print("MODULES", " ".join(sorted(sys.modules)))
micropython.qstr_info(1)
print("HELD", " ".join(str(v) for v in held))
print("SIM", sim_held)
print("RESULT", start, most[0], most[1], at[0], at[1], app.play.match.games if app.play else -1,
      len(sim.crashes), len(app.play.match.record.data) if app.play else 0)
"""


def native_code(image):
    """{path: bytes} of each device module with native or viper code in the
    image (tools.deploy build), compiled for the device: about what the
    RP2040 holds of it in its heap, its machine code included."""
    return {rel: os.path.getsize(os.path.join(image, rel[:-3] + ".mpy"))
            for rel, kind in deploy.device_files(ROOT) if kind == "native"}


def qstr_lines(lines):
    """{tag: (count, bytes)} of the unix port's interned strings at each
    qstrs(tag) of the script (the last at each tag), and the strings
    themselves at its end."""
    found, strings = {}, set()
    for i, line in enumerate(lines):
        if line.startswith("QSTRS ") and i + 1 < len(lines):
            fields = dict(f.split("=") for f in lines[i + 1].split(":", 1)[1].replace(",", " ").split())
            found[line[6:]] = (int(fields["n_qstr"]), int(fields["n_total_bytes"]))
        elif line.startswith("Q(") and line.endswith(")"):
            strings.add(line[2:-1])
    return found, strings


def measure(ms, level, seed):
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, "device")
        deploy.build(image)
        native = native_code(image)
        folder = sim_mpy.build(os.path.join(tmp, "image"))
        # a heap large enough that the 64-bit port's figure is not capped
        run = sim_mpy.run(folder, SCRIPT % (ms, level, seed, [m.replace("/", ".")[:-3] for m in native]),
                          heap="600k", timeout=3600)
        if run.returncode:
            raise RuntimeError("micropython failed: " + run.stdout[-2000:] + run.stderr[-2000:])
        lines = run.stdout.splitlines()
        tags = qstr_lines(lines)[0]
        loaded = [x for x in lines if x.startswith("MODULES")][-1].split()[1:]
        device_modules = [m for m in loaded if m.split(".")[0] in deploy.PACKAGES]
        strings = qstrs.device_qstrs(image, device_modules,
                                     [(os.path.join(ROOT, name), name) for name in deploy.SOURCE_FILES])
    held = [int(v) for v in [x for x in lines if x.startswith("HELD")][-1].split()[1:]]
    # what those imports interned is counted with the rest of the qstrs
    held = [h - (tags["after " + m][1] - tags["before " + m][1])
            for h, m in zip(held, [m.replace("/", ".")[:-3] for m in native])]
    sim_held = int([x for x in lines if x.startswith("SIM")][-1].split()[1])
    sim_held -= tags["after sim"][1] - tags["before sim"][1]
    line = [x for x in lines if x.startswith("RESULT")][-1].split()
    start, idle, thinking, at_idle, at_thinking, games, crashes, record = (int(v) for v in line[1:])
    thinking_most = thinking >= idle
    most = thinking if thinking_most else idle
    unix_qstr_count, unix_qstr_bytes = tags["most %d" % thinking_most]
    device_qstr_bytes = qstrs.heap_bytes(strings)
    # the modules with machine code as the device holds them (their .mpy for
    # armv6m in place of what the unix heap held of them), and the qstrs
    # the device makes in place of the unix port's
    device = ((most - sum(held) - sim_held - unix_qstr_bytes) * WORDS_32_64
              + sum(native.values()) + device_qstr_bytes)
    return {
        "level": level, "ms": ms, "seed": seed, "games_finished": games, "crashes": crashes,
        "match_record_bytes": record,
        "unix_used_at_start_kb": round(start / 1024, 1),
        "unix_used_most_idle_kb": round(idle / 1024, 1),
        "unix_used_most_thinking_kb": round(thinking / 1024, 1),
        "most_at_ms_idle_thinking": [at_idle, at_thinking],
        "unix_held_of_native_modules_kb": round(sum(held) / 1024, 1),
        "unix_held_of_simulator_kb": round(sim_held / 1024, 1),
        "unix_qstrs": unix_qstr_count,
        "unix_qstrs_kb": round(unix_qstr_bytes / 1024, 1),
        "device_qstrs": len(strings),
        "device_qstrs_kb": round(device_qstr_bytes / 1024, 1),
        "device_native_modules_kb": {k: round(v / 1024, 1) for k, v in native.items()},
        "device_used_kb": round(device / 1024, 1),
        "device_free_kb": round((PICO_FREE - device) / 1024, 1),
        "budget_free_kb": BUDGET // 1024,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ms", type=int, default=60000, help="simulated time of the demo")
    ap.add_argument("--level", type=int, default=5, choices=range(1, 6),
                    help="the computer's level, 1 (KID) to 5 (MAX)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(json.dumps(measure(args.ms, args.level, args.seed)))


if __name__ == "__main__":
    sys.exit(main())
