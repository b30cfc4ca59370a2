import sys, tools
import numpy as np
import gnubg_nn
from tools.bench import cube
from tools.train import data
from firmware.opponent import cubeful, evaluator
games = int(sys.argv[1]); ply = 2
kept = cube.judged(games, 4242, ply)
ONE = 10000
def model_with(probs_of):
    def choose(d):
        p = probs_of(d.board)
        doubles = cubeful.should_double(p, d.cube, not d.owned, d.length, d.away_us, d.away_them, False)
        # take: p from doubler's view
        takes = cubeful.should_take(p, d.cube, d.length, d.away_them, d.away_us)
        return doubles, takes
    return choose
def gnubg_p(b):
    q = gnubg_nn.probabilities(data.to_gnubg(b), 0)
    return [int(round(x * ONE)) for x in q]
players = {"model+gnubg0 p": cube.score(kept, model_with(gnubg_p)),
           "model+blot p": cube.score(kept, model_with(lambda b: evaluator.evaluate(b))),
           "gnubg 0-ply": cube.score(kept, cube.gnubg_zero)}
cube.report(players)
if len(sys.argv) > 2:
    a, b = int(sys.argv[2]), int(sys.argv[3])
    for d in kept:
        if d.length and d.away_us == a and d.away_them == b and d.cube == 1:
            p = gnubg_p(d.board)
            post = False
            nd, dt, dp = cubeful.match_double(p, 1, a, b, post)
            print("judge nd %.3f dt %.3f dp %.3f | zero nd %.3f dt %.3f dp %.3f | ours(MWC) nd %d dt %d dp %d | p %s" % (tuple(d.judge) + tuple(d.zero) + (nd, dt, dp, p)))
