import sys, tools
from tools.bench import cube as bench
from tools.train import data
import gnubg_nn
from firmware.opponent import cubeful, evaluator, cube
kept = bench.judged(int(sys.argv[1]), 4242, 2)
import collections
stats = collections.Counter(); diffs = collections.defaultdict(list)
for d in kept:
    nd, dt, dp = d.judge
    if abs(dt - dp) > 0.2: continue
    v = cube.values(d.board, 4, d.cube, d.owned, d.length, d.away_us, d.away_them)
    takes = cube.take_from(v)
    right = dt <= dp
    q = gnubg_nn.probabilities(data.to_gnubg(d.board), 0)
    g = [int(round(x * 10000)) for x in q]
    b = evaluator.evaluate(d.board)
    key = (d.context, "take" if takes else "pass", "right" if takes == right else "WRONG")
    stats[key] += 1
    diffs[key].append([b[i] - g[i] for i in range(5)])
for k in sorted(stats):
    import numpy as np
    print(k, stats[k], np.mean(diffs[k], axis=0).round(0))
