import sys, time, tools
from tools.bench import cube as bench
from firmware.opponent import cube
kept = bench.judged(int(sys.argv[1]), 4242, 2)
players = {}
for level in (5, 4):
    t = time.time()
    memo = {}
    def choose(d):
        v = cube.values(d.board, level, d.cube, d.owned, d.length, d.away_us, d.away_them)
        doubles = cube.may_double(d.cube, d.length, d.away_us, False) and cube.offer_from(v)
        return doubles, cube.take_from(v)
    players["level %d" % level] = bench.score(kept, choose)
    print("level", level, "%.1f ms a decision" % ((time.time() - t) / len(kept) * 1000))
players["gnubg 0-ply"] = bench.score(kept, bench.gnubg_zero)
bench.report(players)
