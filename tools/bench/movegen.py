"""Benchmark of the move generator (a report, not a test).

    python -m tools.bench.movegen            CPython (the twin), then the MicroPython unix port
    micropython -X heapsize=200k tools/bench/movegen.py     MicroPython only

Times firmware/engine/movegen.plays beside the straightforward recursive
generator in tools/bench/baseline.py on the same cases, in the same run:

  typical   every (position, roll) met in 20 games of seeded random play
  worst     fixed positions: doubles with checkers spread, entering from
            the bar, bearing off, and one constructed 1-1 extreme

Each call is timed REPEAT times and the fastest kept (the host is shared).
Under MicroPython the figures are converted to RP2040 time by
tools/bench/devicetime.py: one more run of the same calls with the viper
functions of firmware/engine/movewalk.py timed apart (devicetime.Split), so
the viper share is converted with the viper ratio and the bytecode around it
with the bytecode ratio; the baseline is bytecode. It also reports the
passes a roll's generation takes in Generation.step(STEP_WORK) slices and
the longest slice, next_steps as the cursor calls it, the heap a roll's
plays keep and the heap the tables take.
"""
import sys
import time
from array import array

MICROPYTHON = sys.implementation.name == "micropython"

if MICROPYTHON:
    sys.path.insert(0, "tools/hostlib")
    sys.path.insert(0, "tools/bench")
    sys.path.insert(0, "")
    import gc
    from time import ticks_diff, ticks_us

    import baseline
    import devicetime
else:
    import gc
    import subprocess

    from tools.bench import baseline

from firmware.engine import movegen, position, posid
from firmware.engine.dice import Dice, SeededSource

GAMES = 20
REPEAT = 3
# (name, Position ID, d1, d2); the spread positions were found by a search
# over 15 checkers on 9..14 points against the opening position.
WORST = (
    ("1-1 spread", "4HPwATCgqmTBKg", 1, 1),
    ("2-2 spread", "4HPwATColKRMKg", 2, 2),
    ("3-3 spread", "4HPwATCoqFQZKQ", 3, 3),
    ("4-4 spread", "4HPwATBIWakxIQ", 4, 4),
    ("5-5 spread", "4HPwATBArTRDFQ", 5, 5),
    ("6-6 spread", "4HPwATBArTRDFQ", 6, 6),
    ("bar, 4-4", "23jABwDgc/ABYA", 4, 4),
    ("bar, 6-3", "23jABwDgc/ABYA", 6, 3),
    ("bear off, 1-1", "4HPwwQDb7g4AAA", 1, 1),
    ("bear off, 2-1", "4HPwwQDb7g4AAA", 2, 1),
    ("bear in and off, 4-4", "4HPwwQCbuzkAAA", 4, 4),
    ("1-1 extreme (constructed)", "CBA7aD1QhVRVKg", 1, 1),
)


def now_us():
    if MICROPYTHON:
        return ticks_us()
    return time.perf_counter_ns() // 1000


def since_us(start):
    if MICROPYTHON:
        return ticks_diff(ticks_us(), start)
    return time.perf_counter_ns() // 1000 - start


class Cases:
    """(board, d1, d2) triples kept as 12 bytes each (position key and the
    dice), so two thousand of them fit MicroPython's heap."""

    def __init__(self):
        self.data = bytearray()

    def append(self, board, d1, d2):
        self.data.extend(posid.key(board))
        self.data.append(d1)
        self.data.append(d2)

    def __len__(self):
        return len(self.data) // 12

    def __iter__(self):
        for o in range(0, len(self.data), 12):
            yield posid.from_key(bytes(self.data[o:o + 10])), self.data[o + 10], self.data[o + 11]


def typical_cases():
    """(board, d1, d2) for every turn of GAMES seeded games of random play."""
    dice = Dice(SeededSource(2026))
    cases = Cases()
    for _ in range(GAMES):
        board = position.START
        while True:
            d1, d2 = dice.roll()
            cases.append(board, d1, d2)
            found = movegen.plays(board, d1, d2)
            pick = (dice.source.byte() << 8 | dice.source.byte()) % len(found)
            result = found.result(pick)
            if position.winner_kind(result):
                break
            board = position.flip(result)
    return cases


def fastest(work):
    """Host microseconds of work(), the fastest of REPEAT, or None when it
    runs out of heap."""
    took = None
    for _ in range(REPEAT):
        gc.collect()
        start = now_us()
        try:
            work()
        except MemoryError:
            return None
        us = since_us(start)
        took = us if took is None else min(took, us)
    return took


class Clock:
    """Host time of calls, with their viper share under MicroPython: the
    calls run REPEAT times with the viper functions plain (the fastest
    kept), then once more with them timed apart (devicetime.Split)."""

    def __init__(self):
        self.split = None
        if MICROPYTHON:
            from firmware.engine import movewalk
            self.split = devicetime.Split()
            self.split.wrap(movewalk)
            self.split.off()

    def time(self, work):
        """(host us, viper us) of work(); (None, 0) on MemoryError."""
        total = fastest(work)
        if total is None or self.split is None:
            return total, 0
        self.split.take()
        self.split.on()
        gc.collect()
        try:
            work()
        finally:
            self.split.off()
        viper, native = self.split.take()
        return total, int(min(viper, total))


def heap_kept(board, d1, d2):
    """KB of heap the plays of one call hold (MicroPython only)."""
    if not MICROPYTHON:
        return "-"
    gc.collect()
    free = gc.mem_free()
    try:
        found = movegen.plays(board, d1, d2)
    except MemoryError:
        return "MemoryError"
    gc.collect()
    kept = free - gc.mem_free()
    found = None
    return "%.1f" % (kept / 1024)


def slices(board, d1, d2, clock):
    """[(host us, viper us)] of each Generation.step() of one roll."""
    n = 0
    gen = movegen.Generation(board, d1, d2)
    while not gen.step():
        n += 1
    n += 1
    gen = None      # two generations of the largest rolls do not fit the heap
    out = []
    for i in range(n):
        def one(i=i):
            g = movegen.Generation(board, d1, d2)
            for _ in range(i):
                g.step()
            return g

        # the slice alone: the steps before it are set up outside the clock
        def timed_slice(i=i):
            g = one()
            gc.collect()
            start = now_us()
            g.step()
            return since_us(start)

        best = None
        for _ in range(REPEAT):
            us = timed_slice()
            best = us if best is None else min(best, us)
        viper = 0
        if clock.split is not None:
            g = one()
            clock.split.take()
            clock.split.on()
            try:
                g.step()
            finally:
                clock.split.off()
            viper = int(min(clock.split.take()[0], best))
        out.append((best, viper))
    return out


def table_heap():
    """Heap bytes the move tables take once imported, measured by importing
    firmware.engine.movetables afresh (its bytes and tuples of small ints)."""
    del sys.modules["firmware.engine.movetables"]
    gc.collect()
    free = gc.mem_free()
    import firmware.engine.movetables  # noqa: F401
    gc.collect()
    return free - gc.mem_free()


def measure(clock):
    """Every figure, in host microseconds (with viper shares): a dict. The
    largest rolls first, while the heap is empty: two of them at once do
    not fit in 200 KB."""
    got = {}
    worst = []
    for label, pid, d1, d2 in WORST:
        board = posid.from_position_id(pid)
        count = len(movegen.plays(board, d1, d2))
        timed = clock.time(lambda: movegen.plays(board, d1, d2))
        base = fastest(lambda: baseline.plays(board, d1, d2))
        worst.append((label, count, timed, base, heap_kept(board, d1, d2),
                       slices(board, d1, d2, clock)))
    got["worst"] = worst
    cases = typical_cases()
    got["pairs"] = len(cases)
    got["doubles"] = sum(1 for b, d1, d2 in cases if d1 == d2)
    # the baseline first, with only the cases in the heap (its garbage
    # makes every collection scan what else is live)
    base_total = base_failed = 0
    for board, d1, d2 in cases:
        us = fastest(lambda: baseline.plays(board, d1, d2))
        if us is None:
            base_failed += 1
        else:
            base_total += us
    # host and viper microseconds of each pair, in arrays: a list of tuples
    # would not fit MicroPython's heap beside the rest
    rows = (array("i", bytes(4 * len(cases))), array("i", bytes(4 * len(cases))))
    for i, (board, d1, d2) in enumerate(cases):
        rows[0][i], rows[1][i] = clock.time(lambda: movegen.plays(board, d1, d2))
    got["typical"] = rows
    got["baseline"] = (base_total, len(cases) - base_failed, base_failed)
    got["cursor"] = cursor(cases, clock)
    return got


def cursor(cases, clock):
    """The cursor's steps as the handheld gets them: next_steps once at the
    start of a turn (which also finds how many dice the turn uses), then
    steps_after after each step (the steps made are known legal).
    For the first calls and the later ones: [calls, host us, viper us, and
    the host and viper us of the slowest call]."""
    first = [0, 0, 0, 0, 0]
    later = [0, 0, 0, 0, 0]

    def note(tally, timed):
        tally[0] += 1
        tally[1] += timed[0]
        tally[2] += timed[1]
        if timed[0] > tally[3]:
            tally[3], tally[4] = timed

    for board, d1, d2 in cases:
        def start():
            movegen._turn[1] = 0             # a new turn
            return movegen.next_steps(board, d1, d2, ())
        note(first, clock.time(start))
        steps = start()
        at = bytes(board)
        dice = movegen.roll_dice(d1, d2)
        played = 0
        while steps:
            f, t, d = steps[0]
            at = movegen.apply_step(at, f, t)
            dice.remove(d)
            played += 1
            note(later, clock.time(lambda: movegen.steps_after(board, d1, d2, at, dice, played)))
            steps = movegen.steps_after(board, d1, d2, at, dice, played)
    return first, later


def host_report(name, got):
    print("== %s ==" % name)
    host = got["typical"][0]
    base_total, base_done, base_failed = got["baseline"]
    print("typical: %d (position, roll) pairs from %d games, %d doubles"
          % (got["pairs"], GAMES, got["doubles"]))
    print("  movegen  mean %8.1f us  worst %8d us" % (sum(host) / len(host), max(host)))
    print("  baseline mean %8.1f us  (%s)" % (base_total / max(base_done, 1),
                                              "%d MemoryError" % base_failed if base_failed else "all completed"))


def device_report(got, ratios):
    """The RP2040 estimate of every figure."""
    def ms(row):
        return ratios.split_ms(row[0], row[1])
    host, viper = got["typical"]
    total = top = 0
    for i in range(len(host)):
        ms_i = ratios.split_ms(host[i], viper[i])
        total += ms_i
        top = max(top, ms_i)
    mean = total / len(host)
    viper_share = sum(viper) / max(sum(host), 1)
    base_total, base_done, base_failed = got["baseline"]
    base_mean = ratios.ms(base_total / max(base_done, 1), devicetime.BYTECODE)
    print(ratios.describe())
    print("RP2040 estimate (viper share converted with the viper ratio, the rest as bytecode):")
    print("  typical: mean %.2f ms (target <= 4), worst %.1f ms; %.0f%% of the host time in viper"
          % (mean, top, 100 * viper_share))
    print("  baseline: mean %.1f ms (%s); baseline / movegen %.1fx (target >= 15)"
          % (base_mean, "%d of %d ran out of heap, excluded" % (base_failed, got["pairs"])
             if base_failed else "all completed", base_mean / mean))
    print("  %-27s %6s %9s %9s %10s %7s %10s %8s %12s" % (
        "case", "plays", "host us", "viper us", "device ms", "passes", "longest ms", "heap KB",
        "baseline ms"))
    realistic = 0
    for label, count, timed, base, heap, parts in got["worst"]:
        dev = ms(timed)
        if "constructed" not in label:
            realistic = max(realistic, dev)
        longest = max(ms(p) for p in parts)
        print("  %-27s %6d %9d %9d %10.1f %7d %10.1f %8s %12s" % (
            label, count, timed[0], timed[1], dev, len(parts), longest, heap,
            "MemoryError" if base is None else "%.1f" % ratios.ms(base, devicetime.BYTECODE)))
    print("  worst realistic case %.1f ms (target <= 150); slices of %d steps (movegen.STEP_WORK)"
          % (realistic, movegen.STEP_WORK))
    first, later = got["cursor"]
    print("  next_steps: first call of a turn mean %.2f ms, slowest %.1f ms; later calls mean %.2f ms,"
          " slowest %.1f ms" % (ratios.split_ms(first[1], first[2]) / first[0],
                                ratios.split_ms(first[3], first[4]),
                                ratios.split_ms(later[1], later[2]) / max(later[0], 1),
                                ratios.split_ms(later[3], later[4])))


def main_micropython():
    ref = devicetime.measure()
    clock = Clock()
    got = measure(clock)
    ratios = devicetime.Ratios(devicetime.measure(ref))
    host_report("MicroPython unix port, -X heapsize=200k, viper walk", got)
    device_report(got, ratios)
    from firmware.engine import movetables as t
    print("tables: LAND %d bytes, MOVE_HASH, HIT_HASH and WEIGHT %d small ints;"
          " %d bytes of heap here (64-bit pointers: about half on the RP2040)"
          % (len(t.LAND), len(t.MOVE_HASH) + len(t.HIT_HASH) + len(t.WEIGHT), table_heap()))


def main_cpython():
    host_report("CPython %s, plain-Python twin" % sys.version.split()[0], measure(Clock()))
    sys.stdout.flush()
    result = subprocess.run([".venv/bin/micropython", "-X", "heapsize=200k", "tools/bench/movegen.py"])
    return result.returncode


if __name__ == "__main__":
    if MICROPYTHON:
        main_micropython()
    else:
        sys.exit(main_cpython())
