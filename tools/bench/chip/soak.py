"""The soak on the emulated chip: the whole handheld for a long while, then a
power cut and the resume (board_soak.py runs on the chip; __main__ says
what it reports)."""
import os
import tempfile

from tools.bench.chip import emulator

# (mode, level, points index, share of the time): the main menu's flows,
# a game against each level (money, then matches), a new match at MAX,
# the demo at MAX, and a money game at MAX again
PLAN = (("menu", 3, 0, 0.02), ("vs", 1, 0, 0.09), ("vs", 2, 2, 0.09), ("vs", 3, 2, 0.1), ("vs", 4, 3, 0.12),
        ("vs", 5, 3, 0.2), ("demo", 5, 0, 0.25), ("vs", 5, 0, 0.13))
RESUME_MS = 60000
_BOOT_MS = 30000         # power-on, and the run's summary at the end


def percentiles(counts, qs):
    """Whole-millisecond percentiles of a PASSES line's buckets."""
    total = sum(counts.values())
    out = []
    for q in qs:
        seen = 0
        for ms in sorted(counts):
            seen += counts[ms]
            if seen >= q * total:
                out.append(ms)
                break
    return out


def passes_report(run, out):
    """A line for each kind of pass of the run's PASSES lines (board_common.Histogram)."""
    for w in run.lines("PASSES"):
        kind, n, longest = w[1], int(w[2]), int(w[3])
        counts = {int(a): int(b) for a, b in (p.split(":") for p in w[4:])}
        if n:
            p50, p99 = percentiles(counts, (0.5, 0.99))
            over = sum(c for ms, c in counts.items() if ms >= 50)
            out("  passes %-7s %7d  p50 %3d ms  p99 %3d ms  longest %5.1f ms  over 50 ms: %d"
                % (kind, n, p50, p99, longest / 1000.0, over))


def report(run, out, who=False):
    tb = run.traceback()
    if tb:
        out("  EXCEPTION on the chip:\n" + tb)
    for line in run.resets():
        out("  " + line.strip("# "))
    passes_report(run, out)
    for w in run.lines("MOVES"):
        out("  computer level %s: %s moves, the longest %.2f s" % (w[1], w[2], int(w[3]) / 1000.0))
    for line in run.console.splitlines():
        if line.startswith("STARTED "):
            out("  start-up: the game's loop ready %s" % line[8:])
    heap = run.heap()
    marks = dict((tag, (free, largest)) for tag, free, largest in heap if tag in ("started", "ready"))
    play = [(free, largest) for tag, free, largest in heap if tag in ("idle", "think")]
    own = 0
    if "started" in marks and "ready" in marks:
        own = marks["started"][0] - marks["ready"][0]
        out("  heap once started: %.1f KB free, largest free block %.1f KB; the benchmark's code and objects"
            " then take %.1f KB" % (marks["started"][0] / 1024.0, marks["started"][1] / 1024.0, own / 1024.0))
    if play:
        least = min(f for f, _ in play)
        out("  heap in play (%d readings, after a collection): least free %.1f KB (%.1f KB without the"
            " benchmark's), least largest free block %.1f KB" % (len(play), least / 1024.0, (least + own) / 1024.0,
                                                                 min(b for _, b in play) / 1024.0))
    if who and play:
        (tag, _, largest), block_map, number, count = run.least()
        out("  the least largest free block, %.1f KB (%s, reading %d of %d): the map, and the objects made in"
            " play above the top's free space at start" % (largest / 1024.0, tag, number, count))
        out(block_map)
    for w in run.lines("SLOW"):
        out("  " + " ".join(w))
    for w in run.lines("UPDATES"):
        if w[1] != "0":
            out("  UPDATE chosen %s times by the random player (the flag taken back)" % w[1])
    return bool(tb) or bool(run.resets())


def soak(minutes, seed, out=print, who=False):
    total = int(minutes * 60000)
    phases = [(mode, level, points, int(share * total)) for mode, level, points, share in PLAN]
    text = emulator.script("soak", {"SEED": seed, "PHASES": phases, "RESUME_MS": RESUME_MS, "WHO": who})
    with tempfile.TemporaryDirectory() as tmp:
        folder = emulator.image(os.path.join(tmp, "image"), text, start=emulator.START)
        flash = os.path.join(tmp, "flash.bin")
        echo = (lambda line: out("  chip: " + line)) if out else None
        out("soak: %.1f device minutes, seed %d, then a power cut and %d s resumed" % (minutes, seed, RESUME_MS // 1000))
        first = emulator.run(fs=folder, ms=total + _BOOT_MS + 60000, until="CUT", flash_out=flash, seed=seed,
                             max_resets=5, echo=echo)
        out("before the power cut (%.0f s of wall time, CPU busy %.0f%%):"
            % (first.summary.get("wall_s", 0), 100.0 * first.summary.get("cpu_busy_ms", 0)
               / max(1, first.summary.get("emulated_ms", 1))))
        bad = report(first, out, who)
        second = emulator.run(flash_in=flash, ms=RESUME_MS + _BOOT_MS, until="CUT", seed=seed + 1, max_resets=5,
                              echo=echo)
        out("after it, resumed:")
        bad = report(second, out) or bad
        if "PHASE resume" not in second.console:
            out("  the saved game was not offered at power-on")
            bad = True
    out("soak: %s" % ("FAILED" if bad else "clean"))
    return 1 if bad else 0
