"""Benchmark of the move generator (a report, not a test).

    python -m tools.bench.movegen            CPython, then the MicroPython unix port
    micropython -X heapsize=200k tools/bench/movegen.py     MicroPython only

Times firmware/movegen.plays beside the straightforward recursive generator
in tools/bench/baseline.py on the same cases, in the same run:

  typical   every (position, roll) met in 20 games of seeded random play
  worst     fixed positions: doubles with checkers spread, entering from
            the bar, bearing off, and one constructed 1-1 extreme

and reports calls per second, the mean and the worst single call (each call
timed REPEAT times, keeping the fastest, as the host is shared), the plays
found, and whether each case finished within the heap. Under MicroPython it
turns the unix port's times into an RP2040 estimate with
tools/bench/devicetime.py (its reference loops timed in the same run, before
and after), and measures the heap the move tables take.
"""
import sys
import time

try:
    from time import ticks_diff, ticks_us
    MICROPYTHON = True
except ImportError:
    MICROPYTHON = False

if MICROPYTHON:
    sys.path.insert(0, "tools/hostlib")
    sys.path.insert(0, "tools/bench")
    sys.path.insert(0, "")
    import gc

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


def time_one(generate, board, d1, d2):
    """(microseconds, plays) for one call, the fastest of REPEAT (the host is
    shared, so the fastest is the least disturbed), or (None, 'MemoryError')."""
    took = None
    for _ in range(REPEAT):
        gc.collect()
        start = now_us()
        try:
            found = generate(board, d1, d2)
        except MemoryError:
            return None, "MemoryError"
        us = since_us(start)
        took = us if took is None else min(took, us)
        count = len(found)
        found = None
    return took, count


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


def time_set(generate, cases):
    total = 0
    worst = 0
    failed = 0
    for board, d1, d2 in cases:
        took, count = time_one(generate, board, d1, d2)
        if took is None:
            failed += 1
            continue
        total += took
        worst = max(worst, took)
    done = len(cases) - failed
    return total, worst, done, failed


def table_heap():
    """Heap bytes the move tables take once imported, measured by importing
    firmware.engine.movetables afresh (its bytes and tuples of small ints)."""
    del sys.modules["firmware.engine.movetables"]
    gc.collect()
    free = gc.mem_free()
    import firmware.engine.movetables  # noqa: F401
    gc.collect()
    return free - gc.mem_free()


def report(name):
    print("== %s ==" % name)
    cases = typical_cases()
    doubles = sum(1 for b, d1, d2 in cases if d1 == d2)
    print("typical: %d (position, roll) pairs from %d games, %d doubles"
          % (len(cases), GAMES, doubles))
    means = {}
    for label, generate in (("movegen", movegen.plays), ("baseline", baseline.plays)):
        total, worst, done, failed = time_set(generate, cases)
        mean = total / done if done else 0
        means[label] = mean
        print("  %-8s %8.0f calls/s  mean %8.1f us  worst %8d us  %s"
              % (label, 1e6 / mean if mean else 0, mean, worst,
                 "%d MemoryError (mean over the rest)" % failed if failed else "all completed"))
    if means["movegen"]:
        print("  baseline / movegen: %.1fx" % (means["baseline"] / means["movegen"]))
    print("worst cases (one call each):")
    print("  %-27s %6s %12s %12s %10s" % ("case", "plays", "movegen us", "baseline us", "heap KB"))
    worst_us = 0
    for label, pid, d1, d2 in WORST:
        board = posid.from_position_id(pid)
        took, count = time_one(movegen.plays, board, d1, d2)
        base, base_count = time_one(baseline.plays, board, d1, d2)
        if took is not None and "constructed" not in label:
            worst_us = max(worst_us, took)
        print("  %-27s %6s %12s %12s %10s" % (label, count, took if took is not None else count,
                                                base if base is not None else base_count,
                                                heap_kept(board, d1, d2)))
    cursor_report(cases)
    return means["movegen"], worst_us


def cursor_report(cases):
    """next_steps as the handheld calls it: once at the start of the turn
    (which also finds how many dice the turn uses), then after each step."""
    first_total = first_worst = later_total = later_worst = later_calls = 0
    for board, d1, d2 in cases:
        took = None
        for _ in range(REPEAT):
            movegen._turn[0] = None          # a new turn
            start = now_us()
            steps = movegen.next_steps(board, d1, d2, ())
            us = since_us(start)
            took = us if took is None else min(took, us)
        first_total += took
        first_worst = max(first_worst, took)
        done = ()
        while steps:
            done = done + (steps[0],)
            took = None
            for _ in range(REPEAT):
                start = now_us()
                steps = movegen.next_steps(board, d1, d2, done)
                us = since_us(start)
                took = us if took is None else min(took, us)
            later_total += took
            later_worst = max(later_worst, took)
            later_calls += 1
    print("next_steps: first call of a turn mean %.1f us, worst %d us; later calls mean %.1f us, worst %d us"
          % (first_total / len(cases), first_worst, later_total / max(later_calls, 1), later_worst))


def main_micropython():
    ref = devicetime.measure()
    mean, worst = report("MicroPython unix port, -X heapsize=200k")
    ratios = devicetime.Ratios(devicetime.measure(ref))
    print(ratios.describe())
    # the generator is bytecode: one kind, one ratio
    print("RP2040 estimate: typical mean %.1f ms (target < 20), worst realistic %.0f ms (target < 1500)"
          % (ratios.ms(mean), ratios.ms(worst)))
    print("tables: LAND %d bytes, MOVE_HASH, HIT_HASH and WEIGHT %d small ints;"
          " %d bytes of heap here (64-bit pointers: about half on the RP2040)"
          % (len(movegen.LAND), len(movegen.MOVE_HASH) + len(movegen.HIT_HASH) + len(movegen.WEIGHT),
             table_heap()))


def main_cpython():
    report("CPython %s" % sys.version.split()[0])
    sys.stdout.flush()
    result = subprocess.run([".venv/bin/micropython", "-X", "heapsize=200k", "tools/bench/movegen.py"])
    return result.returncode


if __name__ == "__main__":
    if MICROPYTHON:
        main_micropython()
    else:
        sys.exit(main_cpython())
