"""The look-ahead's raw material, collected once and searched offline.

    python -m tools.bench.lookahead collect --positions 3000 --seed 13 --out build/la13.npz
    python -m tools.bench.lookahead replay build/la13.npz --configs "4,1200,6,5000 6,2000,8,5000,300"

collect: positions as `tools.bench.ai judge` draws them (0-ply self-play, a
random roll each). At each non-forced decision it keeps every candidate
the widest search could look at (the best CANDIDATES plays within MARGIN
of the best at 0-ply, below) and, for each candidate and each of the 21
rolls, the number of the opponent's replies and the network's equities
(ours, after the reply) of the REPLIES replies the linear prefilter ranks
best, in that order; and each candidate's value by GNU Backgammon at
--judge-ply. One collection serves any setting of the search.

replay: each setting CANDIDATES,MARGIN,REPLIES[,CAP[,PRUNE[,SOFT]]] searched over
the collection as firmware.opponent.ai.Thinker searches (the work cap
counts ai.roll_work; PRUNE, in 1/10000 points, drops a candidate partway
once it trails the best complete candidate on the rolls searched so far
by more than PRUNE times the weight of the rolls still to come; SOFT, in
1/10000 points, values each roll by the replies' soft minimum,
`reply_values`); for each,
the equity its choices give away against the best candidate by the judge,
its gain over the first setting decision by decision with a standard
error, how often it makes the first setting's choice, and its modelled
work. A tie in the linear ranking is taken in GNU
Backgammon's move order here, where the device takes its generator's:
the replay is an estimate of the device's choice, not the device's
choice; `tools.bench.ai judge` and `strength` make that exactly.
"""
import argparse
import json
import math

import gnubg_nn
import numpy as np

from tools.bench import ai as bench_ai
from tools.bench import luck as bench_luck
from tools.train import netmath
from firmware.opponent import ai, weights
from firmware.engine import movegen
from firmware.engine.position import flip, winner_kind

WIDEST = 8              # candidates collected
WIDEST_MARGIN = 2400    # ... within this much of the best (1/10000 points)
RAW_REPLIES = 10        # replies kept per roll, in the prefilter's order
_NONE = 1 << 30         # an empty reply slot: above any equity


def collect(positions, seed, judge_ply=2, tables=weights, race=None, late=None):
    """race, late: the race and late networks, as level_policy's (the
    shipped ones unless given): each Scorer's base chooses, as on the
    device."""
    net = bench_ai.BlasNet(tables)
    race = bench_ai.shipped(netmath.RACE) if race is None else race
    late = bench_ai.shipped(netmath.LATE) if late is None else late
    lin = bench_ai.LinearScores(tables)
    me = bench_ai.level_policy(net, ai.LEVELS - 1, tables, race=race, late=late)
    network = bench_ai.base_network(net, race, late)
    eq0s, judged, counts, values, ranks, ends = [], [], [], [], [], []
    for board, d1, d2 in bench_ai.self_play_positions(positions, seed, me):
        plays = movegen.plays(board, d1, d2)
        if len(plays) == 1:
            continue
        results = [plays.result(i) for i in range(len(plays))]
        if len(results) > ai.NET_PLAYS:
            keep = bench_ai._lowest(lin([flip(r) for r in results]), ai.NET_PLAYS)
            results = [results[i] for i in keep]
        eq = -netmath.equity(network(board).probs([flip(r) for r in results]))
        order = np.lexsort((np.arange(len(eq)), -eq))[:WIDEST]
        order = [int(i) for i in order if eq[i] >= eq[order[0]] - WIDEST_MARGIN]
        cands = [results[i] for i in order]
        e0 = np.full(WIDEST, -_NONE, dtype=np.int64)
        e0[:len(cands)] = eq[order]
        jv = np.full(WIDEST, -99.0)
        jv[:len(cands)] = [bench_luck.result_value(r, judge_ply) for r in cands]
        cnt = np.zeros((WIDEST, 21), dtype=np.int32)
        val = np.full((WIDEST, 21, RAW_REPLIES), _NONE, dtype=np.int64)
        rank = np.full((WIDEST, 21, RAW_REPLIES), _NONE, dtype=np.int64)
        end = np.zeros(WIDEST, dtype=np.int64)
        every, spans = [], []
        for c, result in enumerate(cands):
            kind = winner_kind(result)
            if kind:
                end[c] = ai.ONE * kind
                continue
            opp = flip(result)
            them_us = [list(opp[25:]), list(opp[:25])]
            for r, (a, b) in enumerate(ai._ROLL_DICE):
                keys = gnubg_nn.moves(them_us, a, b)
                boards = []
                for key in keys:
                    them, us = gnubg_nn.board_from_position_key(key)
                    boards.append(bytes(them) + bytes(us))      # flip(reply)
                if not boards:
                    boards = [result]
                cnt[c, r] = len(boards)
                scores = lin(boards)
                keep = bench_ai._lowest(scores, RAW_REPLIES)
                keep = keep[np.argsort(scores[keep], kind="stable")]
                rank[c, r, :len(keep)] = scores[keep]
                spans.append((c, r, len(every), len(keep)))
                every.extend(boards[i] for i in keep)
        if every:
            e = bench_ai.reply_equities(network, cands, spans, every)
            for c, r, first, n in spans:
                val[c, r, :n] = e[first:first + n]
        eq0s.append(e0)
        judged.append(jv)
        counts.append(cnt)
        values.append(val)
        ranks.append(rank)
        ends.append(end)
    return {"eq0": np.array(eq0s), "judge": np.array(judged), "counts": np.array(counts),
            "values": np.array(values), "ranks": np.array(ranks), "ends": np.array(ends), "judge_ply": judge_ply, "seed": seed}


def reply_values(values, replies, soft=0):
    """Each roll's value to us (values[..., :replies], our equities after
    each kept reply): the opponent's best reply, as the Thinker takes it;
    with soft (1/ONE points), the replies' mean weighted by
    exp(-(v - best) / soft), an experiment: the best of several noisy
    estimates is lower than the estimate of the reply the opponent
    actually plays, more so where many replies are close."""
    v = values[..., :replies]
    best = v.min(axis=-1)
    if not soft:
        return best
    w = np.where(v >= _NONE, 0.0, np.exp(-(v - best[..., None]) / soft))    # an empty slot weighs nothing
    return np.rint((w * v).sum(axis=-1) / w.sum(axis=-1)).astype(np.int64)


def search(eq0, counts, values, ends, k, margin, replies, cap=ai.SEARCH_WORK, prune=0, order=None, soft=0):
    """One decision's choice (an index into the candidates), its modelled
    work and the candidates searched, as ai.Thinker searches with these
    settings (tools.bench.ai.searched_choice); order: the rolls' order
    (indices into ai's), which only pruning feels; soft: reply_values."""
    n = 1
    while n < k and n < WIDEST and eq0[n] >= eq0[0] - margin:
        n += 1
    if n == 1 or ends[0]:
        return 0, 0, 1
    rolls = reply_values(values[:n], replies, soft) * bench_ai.ROLL_WEIGHTS
    return bench_ai.searched_choice(rolls, counts[:n], ends[:n], replies, cap, prune, order=order)


def replay(data, configs, order=None):
    eq0, judged, counts, values, ends = (data[k] for k in ("eq0", "judge", "counts", "values", "ends"))
    top = judged.max(axis=1)
    out = {"decisions": len(eq0), "judge_ply": int(data["judge_ply"])}
    first = None
    for setting in configs:
        k, margin, replies = setting[:3]
        cap = setting[3] * 1000 if len(setting) > 3 else ai.SEARCH_WORK
        prune = setting[4] if len(setting) > 4 else 0
        soft = setting[5] if len(setting) > 5 else 0
        picks, work, searched = zip(*(search(eq0[d], counts[d], values[d], ends[d], k, margin, replies,
                                             cap, prune, order, soft) for d in range(len(eq0))))
        loss = top - judged[np.arange(len(eq0)), list(picks)]
        work = np.array(work) / 1000.0
        deep = work > 0
        name = ",".join(str(v) for v in setting)
        res = {"loss": round(float(loss.mean()), 5), "searches": int(deep.sum()),
               "work_ms_max": round(float(work.max()), 1)}
        if deep.any():
            res.update({"work_ms_mean": round(float(work[deep].mean()), 1),
                        "work_ms_p99": round(float(np.percentile(work[deep], 99)), 1),
                        "candidates_mean": round(float(np.mean(np.array(searched)[deep])), 2)})
        if first is None:
            first, first_picks = loss, picks
        else:
            gain = first - loss
            res["gain_over_first"] = round(float(gain.mean()), 5)
            res["se"] = round(float(gain.std(ddof=1) / math.sqrt(len(gain))), 5)
            res["same_choice_as_first"] = round(float(np.mean(np.array(picks) == np.array(first_picks))), 4)
        out[name] = res
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("collect", "replay"))
    ap.add_argument("files", nargs="*", help="replay: collections (.npz), joined")
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--judge-ply", type=int, default=2)
    ap.add_argument("--out", help="collect: the .npz to write")
    ap.add_argument("--configs", default="4,1200,6 6,2000,8,0",
                    help="replay: CANDIDATES,MARGIN,REPLIES[,CAP ms (0: none)[,PRUNE[,SOFT]]] ...")
    ap.add_argument("--order", help="replay: the rolls' order for pruning, 21 indices into ai's"
                    " (the 15 non-doubles 1-2 .. 5-6, then 1-1 .. 6-6)")
    args = ap.parse_args(argv)
    if args.what == "collect":
        if not args.out:
            ap.error("collect needs --out")
        np.savez_compressed(args.out, **collect(args.positions, args.seed, args.judge_ply))
        return
    parts = [np.load(f) for f in args.files]
    data = {k: np.concatenate([p[k] for p in parts]) for k in ("eq0", "judge", "counts", "values", "ends")}
    data["judge_ply"] = parts[0]["judge_ply"]
    configs = [tuple(int(v) for v in c.split(",")) for c in args.configs.split()]
    order = None
    if args.order:
        order = np.array([int(v) for v in args.order.split(",")])
        if sorted(order) != list(range(21)):
            ap.error("--order takes each of the 21 rolls' indices once")
    print(json.dumps(replay(data, configs, order)))


if __name__ == "__main__":
    main()
