import sys, tools
from tools.bench import cube as bench
from tools.train import data
import gnubg_nn
from firmware.opponent import cubeful
kept = bench.judged(int(sys.argv[1]), 4242, 2)
n = 0
for d in kept:
    if d.context != "money centred": continue
    q = gnubg_nn.probabilities(data.to_gnubg(d.board), 0)
    p = [int(round(x * 10000)) for x in q]
    nd, dt, dp = cubeful.money_double(p, True)
    ours = dt > nd and dp > nd
    znd, zdt, zdp = d.zero
    z = min(zdt, zdp) > znd
    if ours != z:
        print("p %s | ours nd %.3f dt %.3f | gnubg0 nd %.3f dt %.3f | judge nd %.3f dt %.3f" % (p, nd/1e4, dt/1e4, znd, zdt, d.judge[0], d.judge[1]))
