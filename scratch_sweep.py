import sys, tools
from tools.bench import cube
from tools.train import data
import gnubg_nn
from firmware.opponent import cubeful, evaluator
kept = cube.judged(int(sys.argv[1]), 4242, 2)
ONE = 10000
cacheB = {}
def blot_p(b):
    if b not in cacheB: cacheB[b] = evaluator.evaluate(b)
    return cacheB[b]
def choose(d):
    p = blot_p(d.board)
    return (cubeful.should_double(p, d.cube, not d.owned, d.length, d.away_us, d.away_them, False),
            cubeful.should_take(p, d.cube, d.length, d.away_them, d.away_us))
for x in (5000, 6000, 6800, 7500, 8500, 9500):
    cubeful._EFFICIENCY = x
    rows = cube.score(kept, choose)
    line = "X %d" % x
    for c in ("money centred", "money owned", "match centred", "match owned"):
        r = [t for t in rows if t[0].context == c]
        k, mean, wd, wt = cube._summary(r)
        line += "  %s %.1f" % (c, mean)
    print(line)
