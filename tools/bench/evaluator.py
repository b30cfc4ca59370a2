"""Benchmark of the evaluator (a report, not a test): its cost per play and per
position on the device estimate, through the viper kernels and their plain
twins.

    python -m tools.bench.evaluator [--positions 150]

Runs itself under the MicroPython unix port (-X heapsize=200k) on positions
from seeded random games, every play of each position's roll:

  per play      Scorer.score_after (the Thinker's network step), mean
                over all plays
  per position  evaluate(): set_base and score, a full evaluation

Each figure is the least of three runs of all the positions. The plain path
is bytecode; the viper path is converted kind by kind (tools/bench/devicetime.py):
one more run with the kernels timed apart gives their share.
"""
import sys

POSITIONS = 150

if sys.implementation.name == "micropython":
    sys.path.insert(0, "tools/hostlib")
    sys.path.insert(0, "")
    sys.path.append("tools/bench")
    import gc
    import time

    # the opponent first: compiled from source, its weights need their
    # bytes in one piece of a 200 KB heap that later imports fragment
    from firmware.opponent import evaluator
    import devicetime
    from firmware.engine import movegen
    from firmware.engine.position import START, flip, winner_kind


def positions(count):
    """(board, d1, d2) from seeded random games (a small LCG), the same on
    every call; made as they are used, as the heap is Pico-sized."""
    state = 2026
    board = START
    for _ in range(count):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        d1 = 1 + (state >> 8) % 6
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        d2 = 1 + (state >> 8) % 6
        yield board, d1, d2
        plays = movegen.plays(board, d1, d2)
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        result = plays.result((state >> 4) % len(plays))
        plays = None
        board = START if winner_kind(result) else flip(result)


def run_once(count, split=None):
    """Unix-port us: (score_after total, evaluate total, plays); with a
    Split, the viper/native us inside each instead."""
    scorer = evaluator.Scorer()
    score_us = eval_us = 0
    plays_seen = 0
    for board, d1, d2 in positions(count):
        plays = movegen.plays(board, d1, d2)
        results = [plays.result(i) for i in range(len(plays))]
        plays = None
        gc.collect()
        scorer.set_base(flip(board))
        if split is not None:
            split.take()
        t = time.ticks_us()
        for r in results:
            scorer.score_after(r)
        score_us += time.ticks_diff(time.ticks_us(), t) if split is None else sum(split.take())
        t = time.ticks_us()
        evaluator.evaluate(board)
        eval_us += time.ticks_diff(time.ticks_us(), t) if split is None else sum(split.take())
        plays_seen += len(results)
    return [score_us, eval_us, plays_seen]


def least(count, runs, split=None):
    best = None
    for _ in range(runs):
        got = run_once(count, split)
        best = got if best is None else [min(a, b) for a, b in zip(best, got)]
    return best


def main_micropython(count):
    ref = devicetime.measure()
    evaluator.use_viper(False)
    plain = least(count, 3)
    evaluator.use_viper(True)
    viper = least(count, 3)
    split = devicetime.Split()
    kernels = split.wrap(evaluator)
    inside = least(count, 2, split)
    split.off()
    r = devicetime.Ratios(devicetime.measure(ref))
    n = plain[2]
    print(r.describe())
    print("%d positions, %d plays; %d viper functions timed apart" % (count, n, kernels))
    print("%-28s %12s %12s %14s %14s %8s" % ("", "plain us", "viper us", "plain device", "viper device", "faster"))
    for label, k, per in (("score_after, per play", 0, n), ("evaluate, per position", 1, count)):
        p_ms = r.ms(plain[k] / per)
        v_ms = r.split_ms(viper[k] / per, min(inside[k], viper[k]) / per)
        print("%-28s %12.1f %12.1f %11.3f ms %11.3f ms %7.1fx"
              % (label, plain[k] / per, viper[k] / per, p_ms, v_ms, p_ms / v_ms))
    print("viper path: %.0f%% of score_after's time inside the kernels (unix port)"
          % (100.0 * min(inside[0], viper[0]) / viper[0]))


def main_cpython(argv):
    import argparse
    import os
    import subprocess
    ap = argparse.ArgumentParser(prog="python -m tools.bench.evaluator", description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=POSITIONS)
    args = ap.parse_args(argv)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return subprocess.run([os.path.join(root, ".venv", "bin", "micropython"), "-X", "heapsize=200k",
                           "tools/bench/evaluator.py", str(args.positions)], cwd=root).returncode


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        main_micropython(int(sys.argv[1]) if len(sys.argv) > 1 else POSITIONS)
    else:
        sys.exit(main_cpython(sys.argv[1:]))
