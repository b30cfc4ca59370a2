"""What the bear-off database buys: decisions, strength and time.

    python -m tools.bench.bearoff accuracy [--games 400]
    python -m tools.bench.bearoff strength [--games 4000]
    python -m tools.bench.bearoff cost [--positions 30]

accuracy: bear-off positions (both sides home) met in games of the strongest
level against itself, every roll with more than one distinct play: the play
chosen by the network alone and by the evaluator with the database, each
judged by GNU Backgammon's 0-ply evaluation (which answers bear-offs from
its own databases): how often each choice is gnubg's best play and the mean
equity given away per decision, over all bear-offs and over those the
database covers (both sides at most its CHECKERS checkers).

strength: the strongest level against pubeval with and without the database,
cubeless money, duplicate dice, the same dice for both: points per game,
and the difference per game pair with its standard error (the games only
differ from the first bear-off where the two choose differently).

cost: firmware.opponent.ai.Thinker under the MicroPython unix port on
bear-off positions, every roll, with the database and with the network alone
(the module's database switched off), converted to the device by
tools/bench/ai.py's reference-loop ratio.
"""
import argparse
import json
import math
import os
import subprocess
import sys

import numpy as np

from tools.bench import ai as bench_ai
from tools.train import netmath
from firmware.opponent import ai, bearoff, weights
from firmware.engine import movegen
from firmware.engine.position import START, flip, winner_kind

ROOT = bench_ai.ROOT


def is_bearoff(board):
    return not sum(board[6:25]) and not sum(board[31:50])


def covered(board):
    db = bearoff.database()
    return sum(board[:6]) <= db.checkers and sum(board[25:31]) <= db.checkers


def bearoff_positions(games, seed):
    """(board, d1, d2) of every bear-off roll with more than one play, from
    games of the strongest level against itself."""
    me = bench_ai.level_policy(netmath.IntNet(weights), ai.LEVELS)
    found = []
    for g in range(games):
        board = START
        dice = bench_ai.Dice((seed, 7, g))
        for turn in range(400):
            d1, d2 = dice.roll(turn)
            if is_bearoff(board) and len(movegen.plays(board, d1, d2)) > 1:
                found.append((board, d1, d2))
            result = me(board, d1, d2)
            if winner_kind(result):
                break
            board = flip(result)
    return found


def accuracy(games, seed):
    import gnubg_nn
    nets = {"network": netmath.IntNet(weights, bearoff=False), "database": netmath.IntNet(weights)}
    rows = []
    for board, d1, d2 in bearoff_positions(games, seed):
        plays = movegen.plays(board, d1, d2)
        results = [plays.result(i) for i in range(len(plays))]
        judge = []
        for r in results:
            if winner_kind(r):
                judge.append(float(winner_kind(r)))
                continue
            q = gnubg_nn.probabilities([list(r[:25]), list(r[25:])], 0)
            judge.append(-(2 * q[0] - 1 + q[1] - q[3] + q[2] - q[4]))
        best = max(judge)
        row = [covered(board)]
        for name in ("network", "database"):
            eq = -netmath.equity(nets[name].probs([flip(r) for r in results]))
            pick = int(np.argmax(eq))
            row.append(best - judge[pick])
        rows.append(row)
    r = np.array(rows, dtype=np.float64)
    out = {"decisions": len(r), "covered": int(r[:, 0].sum())}
    for label, sel in (("all", np.ones(len(r), bool)), ("covered", r[:, 0] == 1)):
        for k, name in ((1, "network"), (2, "database")):
            loss = r[sel, k]
            out["%s_%s_best_share" % (label, name)] = round(float((loss < 1e-9).mean()), 4)
            out["%s_%s_mean_loss" % (label, name)] = round(float(loss.mean()), 5)
    return out


def strength(games, seed):
    with_db = bench_ai.level_policy(netmath.IntNet(weights), ai.LEVELS)
    without = bench_ai.level_policy(netmath.IntNet(weights, bearoff=False), ai.LEVELS)
    pub = bench_ai.pubeval_policy
    pts = []
    for g in range(games // 2):
        row = []
        for me in (with_db, without):
            a = bench_ai.play_game(me, pub, bench_ai.Dice((seed, g)))
            b = -bench_ai.play_game(pub, me, bench_ai.Dice((seed, g)))
            row.append((a + b) / 2.0)
        pts.append(row)
    p = np.array(pts)
    diff = p[:, 0] - p[:, 1]
    se = lambda v: float(v.std(ddof=1) / math.sqrt(len(v)))  # noqa: E731
    return {"games": 2 * len(p), "ppg_database": round(float(p[:, 0].mean()), 4),
            "se_database": round(se(p[:, 0]), 4), "ppg_network": round(float(p[:, 1].mean()), 4),
            "se_network": round(se(p[:, 1]), 4), "difference": round(float(diff.mean()), 4),
            "difference_se": round(se(diff), 4), "pairs_that_differ": int((diff != 0).sum())}


COST_SCRIPT = r"""
import sys, time
sys.path.insert(0, 'tools/hostlib')
sys.path.insert(0, '')
from firmware.opponent import ai, bearoff
def ref_loop():
    x = 0
    for i in range(100000):
        x += 1
def best_of(fn):
    best = None
    for _ in range(5):
        t = time.ticks_us(); fn(); d = time.ticks_diff(time.ticks_us(), t)
        best = d if best is None or d < best else best
    return best
loop_us = best_of(ref_loop)
boards = [bytes.fromhex(line.strip()) for line in open(sys.argv[1]) if line.strip()]
for use in (1, 0):
    if not use:
        bearoff._db = False     # the network alone
    for b in boards:
        for d1 in range(1, 7):
            for d2 in range(d1, 7):
                best = None
                for _ in range(3):
                    t0 = time.ticks_us()
                    ai.choose(b, d1, d2, ai.LEVELS)
                    d = time.ticks_diff(time.ticks_us(), t0)
                    best = d if best is None or d < best else best
                print('ROW', use, best, int(d1 == d2))
print('LOOP', min(loop_us, best_of(ref_loop)))
"""


def cost(positions, seed):
    boards = []
    for board, _, _ in bearoff_positions(200, seed):
        if covered(board) and board not in boards:
            boards.append(board)
    rng = np.random.default_rng(seed)
    boards = [boards[i] for i in sorted(rng.choice(len(boards), size=min(positions, len(boards)), replace=False))]
    script = os.path.join(ROOT, "build", "bench_bearoff_cost.py")
    arg = os.path.join(ROOT, "build", "bench_bearoff_positions.txt")
    os.makedirs(os.path.dirname(script), exist_ok=True)
    with open(arg, "w") as f:
        f.write("".join(b.hex() + "\n" for b in boards))
    with open(script, "w") as f:
        f.write(COST_SCRIPT)
    run = subprocess.run([bench_ai.MICROPYTHON, "-X", "heapsize=200k", script, arg],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError("micropython failed: " + run.stdout[-2000:] + run.stderr[-2000:])
    rows = []
    for line in run.stdout.splitlines():
        parts = line.split()
        if parts[0] == "LOOP":
            loop_us = int(parts[1])
        elif parts[0] == "ROW":
            rows.append([int(v) for v in parts[1:]])
    r = np.array(rows)
    ratio = 450000.0 / loop_us       # DESIGN.md's reference loop: 450 ms on the RP2040
    out = {"positions": len(boards), "moves_each": int((r[:, 0] == 1).sum()), "device_ratio": round(ratio, 1)}
    for use, name in ((1, "database"), (0, "network")):
        sel = r[:, 0] == use
        ms = r[sel, 1] / 1000.0 * ratio
        w = np.where(r[sel, 2] == 1, 1.0, 2.0)
        out[name + "_mean_ms"] = round(float((ms * w).sum() / w.sum()), 1)
        out[name + "_worst_ms"] = round(float(ms.max()), 1)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("accuracy", "strength", "cost"))
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    if args.what == "accuracy":
        res = accuracy(args.games or 400, args.seed)
    elif args.what == "strength":
        res = strength(args.games or 4000, args.seed)
    else:
        res = cost(args.positions, args.seed)
    print(json.dumps(res))


if __name__ == "__main__":
    sys.exit(main())
