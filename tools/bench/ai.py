"""Benchmarks of the computer opponent: strength and cost on the device.

    python -m tools.bench.ai strength --games 10000 [--level 5] [--opponent pubeval|LEVEL]
    python -m tools.bench.ai cost [--positions 200] [--plain]
    python -m tools.bench.ai tables
    python -m tools.bench.ai strength --games 500 --first 1000 --save part3.npy ...
    python -m tools.bench.ai strength --games 2000 --opponent gnubg --luck
    python -m tools.bench.ai combine part*.npy
    python -m tools.bench.ai paired A.npy[,A2.npy...] B.npy[,B2.npy...]
    python -m tools.bench.ai judge --positions 300 [--configs "3,800,4 2,800,4 gnubg"] [--judge-ply 2] [--net NET]
        [--race-net RACE_NET] [--late-net LATE_NET]

paired: two players on the same games (the same --seed and --first, parts
joined by commas in order): each one's points per game and the difference,
its standard error over the game pairs (luck cancels in each pair).

judge: the look-ahead's settings compared decision by decision, each
choice scored by GNU Backgammon's 1-ply (--judge-ply 2: its 2-ply), with
gnubg's own 0-ply choices (the setting "gnubg") or another network's
(--net) beside them if asked, or the first setting's look-ahead run over
gnubg's 0-ply network as its evaluator ("gnubg-search": what the search
makes of a far better evaluator) (docs/ai.md, Look-ahead); --race-net gives
that other network (the shipped one without --net) another race network in
place of the shipped one (strength --race-net plays the level with it;
none: the contact network answers races too, as before the race network);
--late-net the same for the late network (the game's end in contact).
Each loss is also
split between contact and race decisions, and each choice's gain over the
first setting's is given decision by decision with its standard error;
look-ahead settings report their modelled work (ai.roll_work). A setting's
fifth number is its work cap in modelled ms (0: none; ai.SEARCH_WORK when
not given).

strength: cubeless money games with duplicate dice: each dice sequence is
played twice, the sides swapped, so luck largely cancels. Reports points per
game for the level (with its standard error over the game pairs), win and
gammon rates; with --luck also the luck-adjusted points per game
(tools.bench.luck: each roll's luck by gnubg's 0-ply taken out, the same
expectation with a far smaller standard error). The level plays through tools.train.netmath.IntNet, the numpy twin of
firmware/opponent/evaluator.py that tests/opponent/test_evaluator_twin.py holds equal to it,
over firmware.engine.movegen's plays in their order, with firmware.opponent.ai's noise: the
same choices as firmware.opponent.ai.Thinker, faster.

cost: runs firmware.opponent.ai.Thinker under the MicroPython unix port with
-X heapsize=200k on positions from real games (every dice roll, doubles
included), timing each move and reading the heap while it thinks; converts
the times to a 125 MHz RP2040 with tools/bench/devicetime.py (its reference
loops timed in the same run; the viper kernels timed apart in one more run
and converted with the viper ratio).

tables: sizes of the evaluator's tables (the contact network's, and the
race network's part of nets.bin) and of the match equity table.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

import gnubg_nn
import numpy as np

from tools.bench import devicetime
from tools.bench import luck as bench_luck
from tools.sim import mpy as sim_mpy
from tools.train import error as train_error, netmath, pubeval
from firmware.opponent import ai, evaluator, weights
from firmware.opponent.cubeful import MONEY
from firmware.engine import movegen
from firmware.engine.position import START, flip, winner_kind

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
ONE = netmath.ONE


class BlasNet(netmath.IntNet):
    """IntNet with its three products done in float64 by BLAS, then turned
    back to ints: exact (every sum stays far below 2**53), several times
    faster on big batches. tests/opponent/test_ai.py holds it equal to IntNet."""

    def __init__(self, w, **kw):
        super().__init__(w, **kw)
        self.w1_f = self.w1.astype(np.float64)
        self.w1f_f = self.w1f.astype(np.float64)
        self.w2_f = self.w2.astype(np.float64)

    def probs(self, boards):
        x = netmath.encode(boards).astype(np.float64)
        acc = (x[:, :netmath.RAW_INPUTS] @ self.w1_f).astype(np.int64)
        acc += ((x[:, netmath.RAW_INPUTS:self.inputs] @ self.w1f_f).astype(np.int64) + self.b1) >> self.fshift
        v = np.clip((acc + (256 << self.hshift)) >> self.hshift, 0, 511)
        o = (self.hsig[v].astype(np.float64) @ self.w2_f).astype(np.int64) + self.b2
        p = np.stack([self._output(o[:, k]) for k in range(5)], axis=1)
        p[:, 1] = np.minimum(p[:, 1], p[:, 0])
        p[:, 2] = np.minimum(p[:, 2], p[:, 1])
        p[:, 3] = np.minimum(p[:, 3], ONE - p[:, 0])
        p[:, 4] = np.minimum(p[:, 4], p[:, 3])
        mask, t = netmath.terminal_probs(boards)
        p[mask] = t[mask]
        if self.bearoff:
            netmath.bearoff_probs(boards, p)
        return p


class GnubgNet:
    """GNU Backgammon's 0-ply network (gnubg_nn) behind the twin's interface:
    probs(boards) in 1/ONE for the side on roll, so the level's own search
    can run over gnubg's evaluator (judge's "gnubg-search": what the
    look-ahead makes of a far better evaluator)."""

    def probs(self, boards):
        b = netmath.as_array(boards)
        p = np.empty((len(b), 5), dtype=np.int64)
        for i, x in enumerate(b):
            # gnubg's board: the side not on roll first
            p[i] = np.rint(np.array(gnubg_nn.probabilities([list(x[25:]), list(x[:25])], 0)) * ONE)
        mask, t = netmath.terminal_probs(b)
        p[mask] = t[mask]
        return p


_SHIPPED = {}


def shipped(k):
    """The shipped network k of nets.bin (netmath.RACE or LATE), made once."""
    if k not in _SHIPPED:
        _SHIPPED[k] = BlasNet(weights, net=k)
    return _SHIPPED[k]


def base_network(net, race, late):
    """The network a Scorer based on a position uses, as a function of the
    position (firmware.opponent.evaluator.network): race when its sides
    are past each other, late at the game's end, else net; a race or late
    network given as False leaves those positions to net."""
    others = {netmath.RACE: race, netmath.LATE: late}

    def pick(base):
        other = others.get(evaluator.network(base), False)
        return net if other is False else other
    return pick


def probs_by(scorers, boards):
    """Probabilities of boards, board i scored by scorers[i]: one batch for
    each network."""
    p = np.empty((len(boards), 5), dtype=np.int64)
    by_net = {}
    for i, scorer in enumerate(scorers):
        by_net.setdefault(scorer, []).append(i)
    for scorer, rows in by_net.items():
        p[rows] = scorer.probs([boards[i] for i in rows])
    return p


def own_probs(network, boards):
    """Probabilities of boards, each scored by the network its own position
    chooses (network(board)), not its base's."""
    return probs_by([network(b) for b in boards], boards)


def weighted(p, w):
    """firmware.opponent.ai.weighted over (N, 5) probabilities."""
    return w[0] + sum(w[i + 1] * p[:, i] // ONE for i in range(5))


def turned(q):
    """The side's (N, 5) probabilities from the other side's."""
    return np.stack([ONE - q[:, 0], q[:, 3], q[:, 4], q[:, 1], q[:, 2]], axis=1)


def reply_probs(network, cands, spans, boards, own=False):
    """Probabilities of boards, the replies gathered for the candidates
    (spans of (candidate, roll, first, count)), each candidate's scored by
    the network its position chooses (network(candidate)), as a Scorer
    based on it; with own, each reply by its own position's network."""
    if own:
        return own_probs(network, boards)
    scorers = [None] * len(boards)
    for c, r, first, count in spans:
        scorers[first:first + count] = [network(cands[c])] * count
    return probs_by(scorers, boards)


def reply_equities(network, cands, spans, boards, own=False, w=MONEY):
    """Equities of boards by weights w (reply_probs)."""
    return weighted(reply_probs(network, cands, spans, boards, own), w)


ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def _results(plays):
    return [plays.result(i) for i in range(len(plays))]


def _lowest(scores, count):
    """Indices of the `count` lowest scores, ties by index, in index order."""
    return np.sort(np.lexsort((np.arange(len(scores)), scores))[:count])


class LinearScores:
    """The linear prefilter's scores of boards (flipped: the next side to
    roll first; lower is better for the side that played): a table lookup
    per slot count plus the checkers off, the same sum as the encoded
    inputs times LINEAR."""

    def __init__(self, tables=weights):
        linear = np.array(tables.LINEAR, dtype=np.int64)
        self.per_slot = netmath.linear_slot_sums(linear)
        self.off = linear[200:202]
        self.slot_index = np.arange(50)

    def __call__(self, flipped):
        b = netmath.as_array(flipped)
        return (self.per_slot[self.slot_index, b].sum(1)
                + (15 - b[:, :25].sum(1)) * self.off[0] + (15 - b[:, 25:].sum(1)) * self.off[1])


# ai's 21 rolls' weights of 36 (the non-doubles first)
ROLL_WEIGHTS = np.array([1 if a == b else 2 for a, b in ai._ROLL_DICE], dtype=np.int64)


def searched_choice(rolls, counts, ends, replies, cap, prune, mix=0, zero_ply=None, order=None, leaf=0):
    """ai.Thinker's look-ahead over candidates already valued, best 0-ply
    first: rolls[c] candidate c's 21 weighted roll values (ai's roll
    order), counts[c] its rolls' reply counts, ends[c] its game's result in
    1/ONE points when the candidate ends the game (else 0); the work cap
    as the Thinker's. Two experiments the device does not make: prune (in
    1/ONE points) drops a candidate partway once it trails the best
    finished one, on the rolls so far, by more than prune for each 36th of
    weight still to come; mix (percent) weighs each finished candidate's
    0-ply equity (zero_ply[c]) into its final score; order (indices into
    ai's 21 rolls) searches the rolls in another order, which only the
    pruning feels. leaf: the cost each roll's end adds to the work
    (ai.leaf_work). Returns (the chosen candidate, the modelled work, the
    candidates searched)."""
    weights = ROLL_WEIGHTS
    if order is not None:
        rolls, counts, weights = rolls[:, order], counts[:, order], weights[order]
    after = 36 - np.cumsum(weights)
    work = 0
    best = best_c = lead = None
    searched = 0
    for c in range(len(rolls)):
        if c and cap and work + work // c > cap:
            break
        searched = c + 1
        if ends[c]:
            prefix = np.cumsum(weights) * int(ends[c])
        else:
            prefix = np.cumsum(rolls[c])
            done = 21
            if prune and lead is not None:
                lost = np.nonzero(lead - prefix > prune * after)[0]
                if len(lost):
                    done = int(lost[0]) + 1
            work += sum(ai.roll_work(int(n), replies, leaf) for n in counts[c][:done])
            if done < 21:
                continue
        total = int(prefix[-1])
        if mix:
            total = (100 - mix) * total + mix * 36 * int(zero_ply[c])
        if best is None or total > best:
            best, best_c, lead = total, c, prefix
    return best_c, work, searched


def level_policy(net, level, tables=weights, candidates=None, margin=None, replies=None, mix=0,
                 budget=None, prune=0, record=False, race=None, late=None, own=False):
    """firmware.opponent.ai's choice for the level, through the numpy twin.

    candidates, margin, replies, budget: the look-ahead's parameters
    (ai.CANDIDATES, ai.MARGIN, ai.REPLIES, ai.SEARCH_WORK unless given; a
    budget of 0 searches every candidate), for tuning experiments; mix: an
    experiment's share (percent) of each candidate's 0-ply equity in its
    final score beside its 1-ply average (the firmware's is 0); prune:
    an experiment's pruning (searched_choice; the firmware searches every
    roll of each candidate it starts).

    record: the policy's .work lists, for each look-ahead move, the
    search's modelled work (ai.roll_work summed) and the candidates it
    searched.

    race, late: the race and late networks (the shipped ones unless given;
    False for none, the contact network answering those positions too). As
    on the device, a Scorer's base position chooses the network
    (firmware/opponent/evaluator.py): a move from a race is scored by the
    race network, a candidate that leaves a race has its replies scored by
    it, and the same for the late network."""
    sigma = ai.LEVEL_NOISE[level - 1]
    deep = ai.LEVEL_PLY[level - 1]
    linear_scores = LinearScores(tables)
    top = ai.CANDIDATES if candidates is None else candidates
    within = ai.MARGIN if margin is None else margin
    keep_replies = ai.REPLIES if replies is None else replies
    cap = ai.SEARCH_WORK if budget is None else budget
    work = []
    network = base_network(net, shipped(netmath.RACE) if race is None else race,
                           shipped(netmath.LATE) if late is None else late)

    def one_ply(cands, zero_ply, w, stake=None):
        """The candidate the look-ahead picks (an index into cands), as
        ai.Thinker searches: each candidate's 21 roll values, our 0-ply
        equity after the opponent's best reply, then searched_choice.

        The replies come from GNU Backgammon's move generator (C speed):
        the same set as movegen's, in another order. The order matters
        only where the prefilter's cut falls between equal linear scores
        (which of them the device keeps); those rolls are generated again
        with movegen, so the choice is the device's exactly. Every
        candidate is valued here; searched_choice counts the work of the
        rolls the device would search."""
        n = len(cands)
        counts = np.zeros((n, 21), dtype=np.int64)
        ends = np.array([ai.win_value(winner_kind(r), w) if winner_kind(r) else 0 for r in cands], dtype=np.int64)
        every = []
        groups = []         # (candidate, roll, first, count, opponent's board, dice)
        for c, result in enumerate(cands):
            if ends[c]:
                continue
            opp = flip(result)
            them_us = [list(opp[25:]), list(opp[:25])]
            for r, (d1, d2) in enumerate(ai._ROLL_DICE):
                keys = gnubg_nn.moves(them_us, d1, d2)
                first = len(every)
                if keys:
                    for key in keys:
                        them, us = gnubg_nn.board_from_position_key(key)
                        every.append(bytes(them) + bytes(us))   # flip(reply)
                else:
                    every.append(result)
                counts[c, r] = len(every) - first
                groups.append((c, r, first, counts[c, r], opp, d1, d2))
        rolls = np.zeros((n, 21), dtype=np.int64)
        if groups:
            lin = linear_scores(every)
            chosen = []
            spans = []
            for c, r, first, count, opp, d1, d2 in groups:
                if count > keep_replies:
                    scores = lin[first:first + count]
                    ranked = np.sort(scores)
                    if ranked[keep_replies - 1] == ranked[keep_replies]:
                        # a tie at the cut: the device's order decides
                        flipped = [flip(x) for x in _results(movegen.plays(opp, d1, d2))]
                        keep = _lowest(linear_scores(flipped), keep_replies)
                        spans.append((c, r, len(chosen), len(keep)))
                        chosen.extend(flipped[i] for i in keep)
                        continue
                    picked = first + np.nonzero(scores <= ranked[keep_replies - 1])[0]
                else:
                    picked = range(first, first + count)
                spans.append((c, r, len(chosen), len(picked)))
                chosen.extend(every[i] for i in picked)
            p = reply_probs(network, cands, spans, chosen, own)
            eq = weighted(p, w)
            for c, r, first, count in spans:
                if stake is None:
                    v = eq[first:first + count].min()
                else:
                    # the opponent's best reply by the weights, then our cubeful value after it
                    i = first + int(np.argmin(eq[first:first + count]))
                    v = stake.value(p[i].tolist(), flip(chosen[i]))
                rolls[c, r] = ROLL_WEIGHTS[r] * int(v)
        pick, spent, searched = searched_choice(rolls, counts, ends, keep_replies, cap, prune, mix, zero_ply,
                                                leaf=ai.leaf_work(stake))
        if record:
            work.append((spent, searched))
        return pick

    def choose(board, d1, d2, w=MONEY, stake=None):
        """The play for board and dice; w: what each result is worth
        (firmware.opponent.cubeful.weights at a match's score); stake: the
        cube, live (firmware.opponent.cubeful.Stake), as ai.Thinker's."""
        plays = movegen.plays(board, d1, d2)
        if len(plays) == 1:
            return plays.result(0)
        scorer = network(board)
        results = _results(plays)
        flipped = [flip(r) for r in results]
        if len(results) > ai.NET_PLAYS:
            # firmware.opponent.ai's prefilter: lowest linear scores, ties by index
            keep = _lowest(linear_scores(flipped), ai.NET_PLAYS)
            results = [results[i] for i in keep]
            flipped = [flipped[i] for i in keep]
        p = own_probs(network, flipped) if own else scorer.probs(flipped)
        if stake is not None and not deep:
            # ai.Thinker.worth with the cube live: the other side's cubeful
            # value on roll after each play, turned round, and the
            # tie-break's share of the dead cube's equity
            their = stake.other()
            eq = (np.array([-their.value(q, r) for q, r in zip(p.tolist(), results)], dtype=np.int64)
                  + weighted(turned(p), w) // ai.TIE_SHARE)
        else:
            eq = weighted(turned(p), w)
        if sigma:
            seed = ai.salt(board, d1, d2)
            eq = eq + np.array([ai.noise(seed, r, sigma) for r in results])
        if not deep:
            return results[int(np.argmax(eq))]
        # best first, ties in generator order
        order = np.lexsort((np.arange(len(eq)), -eq))[:top]
        best = eq[order[0]]
        order = [int(i) for i in order if eq[i] >= best - within]
        if len(order) == 1 or winner_kind(results[order[0]]):
            return results[order[0]]
        return results[order[one_ply([results[i] for i in order], [int(eq[i]) for i in order], w, stake)]]
    choose.work = work
    return choose


def pubeval_policy(board, d1, d2):
    plays = movegen.plays(board, d1, d2)
    if len(plays) == 1:
        return plays.result(0)
    results = [plays.result(i) for i in range(len(plays))]
    return results[pubeval.best_index(board, results)]


def gnubg_policy(board, d1, d2):
    """GNU Backgammon's 0-ply network (gnubg_nn), for calibration."""
    plays = movegen.plays(board, d1, d2)
    results = [plays.result(i) for i in range(len(plays))]
    best = None
    for r in results:
        if winner_kind(r):
            return r
        e = bench_luck.result_value(r)
        if best is None or e > best:
            best, choice = e, r
    return choice


class Dice:
    """One game's dice: a fixed sequence from the seed, first roll not a double."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.rolls = []

    def roll(self, turn):
        while len(self.rolls) <= turn:
            d = self.rng.integers(1, 7, size=2)
            if not self.rolls:
                while d[0] == d[1]:
                    d = self.rng.integers(1, 7, size=2)
            self.rolls.append((int(d[0]), int(d[1])))
        return self.rolls[turn]


def play_game(first, second, dice, adjust=False):
    """Points won by `first` (who opens) in a cubeless game; with adjust,
    (points, points less the luck of every roll for first: tools.bench.luck)."""
    players = (first, second)
    board = START
    luck = 0.0
    for turn in range(2000):
        side = turn & 1
        d1, d2 = dice.roll(turn)
        if adjust:
            rolled = bench_luck.luck(board, d1, d2, opening=turn == 0)
            luck += rolled if side == 0 else -rolled
        result = players[side](board, d1, d2)
        kind = winner_kind(result)
        if kind:
            points = kind if side == 0 else -kind
            return (points, points - luck) if adjust else points
        board = flip(result)
    raise RuntimeError("game did not end in 2000 turns")


def strength(player, opponent, pairs, seed, first=0, save=None, adjust=False):
    """Duplicate-dice match: player's points over `pairs` pairs of games,
    the dice of pairs first .. first + pairs - 1 of the seed's sequence
    (so a long match can be run in parts). save: a .npy file for the
    points of each pair, written as the match goes: (pairs, 2) ints, or
    with adjust (pairs, 2, 2) floats, [..., 0] the points and [..., 1]
    the luck-adjusted results."""
    points = []
    for g in range(first, first + pairs):
        a = play_game(player, opponent, Dice((seed, g)), adjust)
        b = play_game(opponent, player, Dice((seed, g)), adjust)
        points.append((a, tuple(-v for v in b)) if adjust else (a, -b))
        if save and (len(points) % 50 == 0 or len(points) == pairs):
            np.save(save, np.array(points, dtype=np.float32 if adjust else np.int8))
    return summary(np.array(points, dtype=np.float64))


def load_points(paths):
    """One array of floats from the .npy files strength --save wrote, in
    order (a match run in parts): (pairs, 2), or (pairs, 2, 2) with the
    luck-adjusted results."""
    return np.concatenate([np.load(f) for f in paths]).astype(np.float64)


def _mean_se(per_pair):
    return float(per_pair.mean()), float(per_pair.std(ddof=1) / math.sqrt(len(per_pair)))


def paired(a, b):
    """The difference of two players' points on the same game pairs: each
    an array as strength --save writes them; the luck-adjusted difference
    too where both have it."""
    if a.shape[0] != b.shape[0]:
        raise ValueError("not the same games: %s and %s game pairs" % (a.shape[0], b.shape[0]))
    pa = a[..., 0] if a.ndim == 3 else a
    pb = b[..., 0] if b.ndim == 3 else b
    d, se = _mean_se(pa.mean(1) - pb.mean(1))
    out = {"pairs": int(len(pa)), "ppg_a": float(pa.mean()), "ppg_b": float(pb.mean()),
           "difference": d, "se": se}
    if a.ndim == 3 and b.ndim == 3:
        d, se = _mean_se(a[..., 1].mean(1) - b[..., 1].mean(1))
        out.update({"adjusted_a": float(a[..., 1].mean()), "adjusted_b": float(b[..., 1].mean()),
                    "adjusted_difference": d, "adjusted_se": se})
    return out


def summary(pts):
    """Points per game with its standard error over the game pairs, and the
    win and gammon rates, from the player's points: (pairs, 2), or (pairs,
    2, 2) with the luck-adjusted results, whose mean and standard error
    are added (with how many times smaller their variance is)."""
    adjusted = pts[..., 1] if pts.ndim == 3 else None
    if adjusted is not None:
        pts = pts[..., 0]
    per_pair = pts.mean(1)
    flat = pts.reshape(-1)
    out = {
        "games": int(flat.size),
        "ppg": float(flat.mean()),
        "se": _mean_se(per_pair)[1],
        "win_rate": float((flat > 0).mean()),
        "gammon_win_rate": float((flat >= 2).mean()),
        "gammon_loss_rate": float((flat <= -2).mean()),
        "backgammon_rate": float((np.abs(flat) == 3).mean()),
    }
    if adjusted is not None:
        ppg, se = _mean_se(adjusted.mean(1))
        out.update({"adjusted_ppg": ppg, "adjusted_se": se,
                    "variance_ratio": round(float(per_pair.var() / max(adjusted.mean(1).var(), 1e-12)), 1)})
    return out


COST_SCRIPT = r"""
import sys, gc, time
from array import array
sys.path.insert(0, 'tools/hostlib')
sys.path.insert(0, '')
sys.path.append('tools/bench')
import devicetime
from firmware.opponent import ai
from firmware.engine import position
from firmware.engine.position import flip
if sys.argv[3] == 'plain':
    # the evaluator's plain twins instead of its viper kernels, for
    # comparison (before the Split, which puts back what it wraps)
    from firmware.opponent import evaluator
    evaluator.use_viper(False)
ref = devicetime.measure()
split = devicetime.Split()
split.wrap_loaded()
split.off()
level = int(sys.argv[2])
gc.collect()
base_free = gc.mem_free()
def think(b, d1, d2, level, heap, inner=False):
    gc.collect()
    split.take()
    t0 = time.ticks_us()
    t = ai.Thinker(b, d1, d2, level)
    # an array, not a list: a look-ahead move takes hundreds of steps
    steps = array('i', [time.ticks_diff(time.ticks_us(), t0)])
    if inner:
        steps[0] = int(sum(split.take()))
    low = 1 << 30
    while True:
        if heap:
            gc.collect()
            f = gc.mem_free()
            low = f if f < low else low
        s0 = time.ticks_us()
        done = t.step()
        steps.append(time.ticks_diff(time.ticks_us(), s0))
        if inner:
            steps[-1] = int(sum(split.take()))
        if done:
            break
    return steps, len(t.plays), low
def least(steps, again):
    # each step's least of two runs of the same move
    for i in range(len(steps)):
        if again[i] < steps[i]:
            steps[i] = again[i]
positions = open(sys.argv[1])
for line in positions:
    if not line.strip():
        continue
    b = bytes.fromhex(line.strip())
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            steps, n, low = think(b, d1, d2, level, True)
            # Each step's fastest of three runs: the host's other load
            # (preemption) only ever adds time.
            for _ in range(3):
                least(steps, think(b, d1, d2, level, False)[0])
            # the same move with the viper/native functions timed apart,
            # each step's least of three runs as above
            split.on()
            inner = think(b, d1, d2, level, False, True)[0]
            for _ in range(2):
                least(inner, think(b, d1, d2, level, False, True)[0])
            split.off()
            # printed at once: a list of rows would take the heap being measured
            sys.stdout.write('ROW %d %d %d' % (n, low, int(d1 == d2)))
            for i in range(len(steps)):
                sys.stdout.write(' %d:%d' % (steps[i], min(inner[i], steps[i])))
            sys.stdout.write('\n')
            steps = inner = None
ref = devicetime.measure(ref)
print(devicetime.line(ref))
print('HEAP', base_free)
"""


def sample_positions(count, seed):
    """Positions from games of the strongest level against itself."""
    me = level_policy(netmath.IntNet(weights), ai.LEVELS)
    return [board for board, d1, d2 in self_play_positions(count, seed, me, 0.15)]


def cost(positions, level, seed, plain=False):
    boards = sample_positions(positions, seed)
    with tempfile.TemporaryDirectory() as tmp:
        # the firmware compiled with mpy-cross, as the device loads it
        # (compiling the weights' source on the fly takes more heap than
        # the device ever spends on them)
        folder = sim_mpy.build(os.path.join(tmp, "image"))
        shutil.copy(os.path.join(ROOT, "tools", "bench", "devicetime.py"), folder)
        with open(os.path.join(folder, "positions.txt"), "w") as f:
            f.write("".join(b.hex() + "\n" for b in boards))
        with open(os.path.join(folder, "bench_cost.py"), "w") as f:
            f.write(COST_SCRIPT)
        # the plain twins need more than a Pico-sized heap: a comparison of
        # time, not of heap
        run = subprocess.run([MICROPYTHON, "-X", "heapsize=" + ("400k" if plain else "200k"), "bench_cost.py",
                              "positions.txt", str(level), "plain" if plain else "viper"],
                             cwd=folder, capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError("micropython failed: " + run.stdout[-2000:] + run.stderr[-2000:])
    out = run.stdout
    ratios = devicetime.parse(out)
    rows = []
    for line in out.splitlines():
        parts = line.split()
        if parts[0] == "HEAP":
            base_free = int(parts[1])
        elif parts[0] == "ROW":
            # each step's host us and its viper/native part, converted kind by kind
            steps = [ratios.split_ms(*(int(v) for v in p.split(":"))) for p in parts[4:]]
            rows.append([sum(steps), int(parts[1]), max(steps[1:]), int(parts[2]), int(parts[3]),
                         sum(int(p.split(":")[0]) for p in parts[4:]),
                         sum(int(p.split(":")[1]) for p in parts[4:])])
    r = np.array(rows, dtype=np.float64)
    ms = r[:, 0]
    doubles = r[:, 4] == 1
    # Each position is measured with all 21 rolls; weight doubles 1/36, others 2/36.
    w = np.where(doubles, 1.0, 2.0)
    order = np.argsort(ms)
    cum = np.cumsum(w[order]) / w.sum()
    median = float(ms[order][np.searchsorted(cum, 0.5)])
    return {
        "level": level,
        "moves": int(len(r)),
        "reference_us": dict(zip(devicetime.NAMES, ratios.ref)),
        "ratio_bytecode": round(ratios.ratio(devicetime.BYTECODE), 1),
        "ratio_viper": round(ratios.ratio(devicetime.VIPER), 1),
        "viper_share": round(float(r[:, 6].sum() / r[:, 5].sum()), 3),
        "device_ms_mean": round(float((ms * w).sum() / w.sum()), 1),
        "device_ms_median": round(median, 1),
        "device_ms_p99": round(float(ms[order][np.searchsorted(cum, 0.99)]), 1),
        "device_ms_worst": round(float(ms.max()), 1),
        "device_ms_worst_slice": round(float(r[:, 2].max()), 1),
        "plays_mean": round(float((r[:, 1] * w).sum() / w.sum()), 1),
        "plays_max": int(r[:, 1].max()),
        "heap_free_before_kb": round(base_free / 1024.0, 1),
        "heap_free_min_kb": round(float(r[:, 3].min()) / 1024.0, 1),
        "slowest": [(round(float(ms[i]), 1), int(r[i, 1])) for i in np.argsort(-ms)[:5]],
    }


def self_play_positions(count, seed, player, share=0.2):
    """`count` (board, d1, d2) from the player's self-play, a share of the
    turns after the first taken at random, each with the roll that came."""
    rng = np.random.default_rng(seed)
    found = []
    g = 0
    while len(found) < count:
        board = START
        dice = Dice((seed, 99, g))
        g += 1
        for turn in range(400):
            d1, d2 = dice.roll(turn)
            if turn and rng.random() < share:
                found.append((board, d1, d2))
            result = player(board, d1, d2)
            if winner_kind(result):
                break
            board = flip(result)
    return found[:count]


PHASES = ("bearing off in contact", "holding against a bear-off", "other contact", "race")


def phases(boards, in_race):
    """The judge's phase of each position: the side on roll with every
    checker home while the sides are in contact; the other side so; any
    other contact; a race (in_race: a mask of the races)."""
    us, them = netmath.homes(boards)
    return np.select([in_race, us, them], PHASES[3:] + PHASES[:2], PHASES[2])


def _split(loss, labels, names):
    """Each label's mean loss and number of decisions."""
    return {c: [round(float(loss[labels == c].mean()), 4), int((labels == c).sum())]
            for c in names if (labels == c).any()}


def judge(positions, seed, configs, ply=1, other=None, race=None, late=None):
    """Decision quality: for positions from 0-ply self-play, a random roll
    each, every configuration's choice scored by GNU Backgammon at `ply`;
    the mean equity each gives away against the best of the choices, per
    non-forced decision, and its gain over 0-ply with a standard error;
    each mean also split by contact and race, by GNU Backgammon's class of
    the position and by PHASES.
    other: another network's tables, whose 0-ply and first setting are
    judged beside the shipped network's on the same decisions; race: a race
    network (a BlasNet), which answers the other network's races in place
    of the shipped race network (False: none, the other network answering
    races too; the other network is the shipped one when none is given);
    late: the same for the late network."""
    net = BlasNet(weights)
    players = {"0-ply": level_policy(net, ai.LEVELS - 1)}
    settings = [c for c in configs if c not in ("gnubg", "gnubg-search")]

    def add(prefix, net, tables, k, m, r, mix=0, cap=None, race=None, late=None):
        name = prefix + "%d within %d, %d replies" % (k, m, r)
        if mix:
            name += ", %d%% 0-ply" % mix
        if cap is not None:
            name += ", cap %d ms" % cap
        players[name] = level_policy(net, ai.LEVELS, tables, candidates=k, margin=m, replies=r, mix=mix,
                                     budget=None if cap is None else 1000 * cap, record=True, race=race,
                                     late=late)
        return name
    if (race is not None or late is not None) and other is None:
        other = weights
    if other is not None:
        other_net = BlasNet(other)
        players["other net, 0-ply"] = level_policy(other_net, ai.LEVELS - 1, other, race=race, late=late)
        add("other net, ", other_net, other, *settings[0], race=race, late=late)
    if "gnubg" in configs:
        players["gnubg 0-ply"] = gnubg_policy
    if "gnubg-search" in configs:
        add("gnubg's network, ", GnubgNet(), weights, *settings[0], race=False, late=False)
    names = [add("", net, weights, *setting) for setting in settings]
    first = names[0] if names else None
    loss = {k: [] for k in players}
    boards = []
    for board, d1, d2 in self_play_positions(positions, seed, players["0-ply"]):
        if len(movegen.plays(board, d1, d2)) == 1:
            continue
        picks = {k: f(board, d1, d2) for k, f in players.items()}
        values = {r: bench_luck.result_value(r, ply) for r in set(picks.values())}
        best = max(values.values())
        boards.append(bytes(board))
        for k in players:
            loss[k].append(best - values[picks[k]])
    base = np.array(loss["0-ply"])
    in_race = netmath.is_race(boards)
    classes = train_error.gnubg_classes(boards)
    phase = phases(boards, in_race)
    out = {"decisions": len(base), "race decisions": int(in_race.sum()), "judge_ply": ply}
    for k, v in loss.items():
        v = np.array(v)
        gain = base - v
        # Where the loss is: the same mean split by contact and race positions.
        out[k] = {"loss": round(float(v.mean()), 4), "gain": round(float(gain.mean()), 4),
                  "se": round(float(gain.std(ddof=1) / math.sqrt(len(gain))), 4),
                  "contact": round(float(v[~in_race].mean()), 4),
                  "race": round(float(v[in_race].mean()), 4) if in_race.any() else None,
                  # and by GNU Backgammon's class of the position (its network's)
                  "by class": _split(v, classes, ("contact", "crashed", "race", "bear-off")),
                  "by phase": _split(v, phase, PHASES)}
        if first is not None and k != first:
            # against the first setting, decision by decision
            gain = np.array(loss[first]) - v
            out[k].update({"gain_over_first": round(float(gain.mean()), 5),
                           "se_over_first": round(float(gain.std(ddof=1) / math.sqrt(len(gain))), 5)})
        searches = getattr(players[k], "work", None)
        if searches:
            # the look-ahead's modelled work (ai.roll_work) on the moves it searched
            ms = np.array([w for w, c in searches]) / 1000.0
            out[k].update({"searches": len(searches), "search_ms_mean": round(float(ms.mean()), 1),
                           "search_ms_p99": round(float(np.percentile(ms, 99)), 1),
                           "search_ms_max": round(float(ms.max()), 1),
                           "candidates_mean": round(float(np.mean([c for w, c in searches])), 2)})
    return out


def tables():
    from tools.gen import weights as gen_weights
    t = gen_weights.quantise(np.load(gen_weights.NET))
    race = gen_weights.quantise(np.load(gen_weights.RACE_NET))
    late = gen_weights.quantise(np.load(gen_weights.LATE_NET))
    from firmware.opponent import met
    return {"evaluator_bytes": gen_weights.table_bytes(t), "hidden": t["HIDDEN"],
            "race_network_bytes": gen_weights.table_bytes(t, race) - gen_weights.table_bytes(t),
            "late_network_bytes": gen_weights.table_bytes(t, late) - gen_weights.table_bytes(t),
            "met_bytes": len(met.PRE) + len(met.POST)}


def network_option(path):
    """--race-net, --late-net: None for the shipped network (no path),
    False for none ("none"), else the checkpoint's network."""
    return None if not path else False if path == "none" else BlasNet(checkpoint_tables(path))


def checkpoint_tables(path):
    """An experiment's float checkpoint as the integer tables the device
    would get (tools.gen.weights' quantisation)."""
    import types
    from tools.gen import weights as gen_weights
    return types.SimpleNamespace(**gen_weights.quantise(np.load(path)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("strength", "cost", "tables", "combine", "paired", "judge"))
    ap.add_argument("files", nargs="*", help="combine, paired: the .npy files strength --save wrote")
    ap.add_argument("--games", type=int, default=10000, help="games (pairs = games / 2)")
    ap.add_argument("--level", type=int, default=ai.LEVELS)
    ap.add_argument("--player", default="level", help="level, or gnubg to calibrate")
    ap.add_argument("--opponent", default="pubeval", help="pubeval or a level number")
    ap.add_argument("--net", help="strength: benchmark this float checkpoint instead of"
                    " firmware/opponent/weights.py; judge: judge it beside them")
    ap.add_argument("--race-net", help="strength, judge: a race network's float checkpoint for the"
                    " races in place of the shipped one (strength: of the level; none: the contact"
                    " network answers races too; judge: of the other network, the shipped one's"
                    " without --net)")
    ap.add_argument("--late-net", help="strength, judge: the same for the late network (none: the contact"
                    " network answers the game's end too)")
    ap.add_argument("--own-class", action="store_true",
                    help="strength: each position scored by the network of its own class, not its base's")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--plain", action="store_true",
                    help="cost: the evaluator's plain twins, not its viper kernels (400 KB heap)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--first", type=int, default=0, help="first game of the seed's sequence (even)")
    ap.add_argument("--save", help="a .npy file for each game pair's points")
    ap.add_argument("--luck", action="store_true",
                    help="strength: also the luck-adjusted results (tools.bench.luck), far less noisy")
    ap.add_argument("--candidates", type=int, help="look-ahead candidates (default ai.CANDIDATES)")
    ap.add_argument("--margin", type=int, help="look-ahead margin, 1/10000 points (default ai.MARGIN)")
    ap.add_argument("--replies", type=int, help="replies scored per roll (default ai.REPLIES)")
    ap.add_argument("--cap", type=int, help="the look-ahead's work cap in modelled ms, 0 for none"
                    " (default ai.SEARCH_WORK)")
    ap.add_argument("--configs", default="3,800,4 3,800,99 5,1600,4 2,800,2 3,400,4 3,800,2 4,1200,4 2,800,4",
                    help="judge: look-ahead settings CANDIDATES,MARGIN,REPLIES[,MIX[,CAP]] ..."
                    " (MIX: percent of the 0-ply equity in the final score; CAP: the work cap in"
                    " modelled ms, 0 for none, ai.SEARCH_WORK if not given); gnubg: its 0-ply's choices too;"
                    " gnubg-search: the first setting's look-ahead over gnubg's 0-ply network")
    ap.add_argument("--judge-ply", type=int, default=1, help="judge: GNU Backgammon's ply that scores the choices")
    args = ap.parse_args(argv)
    if args.what == "strength":
        shipped = checkpoint_tables(args.net) if args.net else weights
        net = BlasNet(shipped)
        race, late = network_option(args.race_net), network_option(args.late_net)
        search = {"candidates": args.candidates, "margin": args.margin, "replies": args.replies}
        budget = None if args.cap is None else 1000 * args.cap
        player = gnubg_policy if args.player == "gnubg" else level_policy(net, args.level, shipped, **search,
                                                                          budget=budget, race=race, late=late,
                                                                          own=args.own_class)
        if args.opponent == "pubeval":
            opponent = pubeval_policy
        elif args.opponent == "gnubg":
            opponent = gnubg_policy
        else:
            opponent = level_policy(net, int(args.opponent), shipped)
        res = strength(player, opponent, args.games // 2, args.seed, args.first // 2, args.save, args.luck)
        res.update({"level": args.level, "opponent": args.opponent,
                    "player": args.player, "seed": args.seed})
        if ai.LEVEL_PLY[args.level - 1] and args.player == "level":
            res.update({k: getattr(ai, k.upper()) if v is None else v for k, v in search.items()})
            res["search_work"] = ai.SEARCH_WORK if budget is None else budget
    elif args.what == "judge":
        configs = [c if c in ("gnubg", "gnubg-search") else tuple(int(v) for v in c.split(","))
                   for c in args.configs.split()]
        res = judge(args.positions, args.seed, configs, args.judge_ply,
                    checkpoint_tables(args.net) if args.net else None,
                    network_option(args.race_net), network_option(args.late_net))
    elif args.what == "combine":
        res = summary(load_points(args.files))
    elif args.what == "paired":
        if len(args.files) != 2:
            ap.error("paired takes two players' files, parts joined by commas")
        res = paired(*(load_points(arg.split(",")) for arg in args.files))
    elif args.what == "cost":
        res = cost(args.positions, args.level, args.seed, args.plain)
    else:
        res = tables()
    print(json.dumps(res))


if __name__ == "__main__":
    sys.exit(main())
