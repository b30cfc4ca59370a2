"""Checker play at a match score, judged by GNU Backgammon's cubeful evaluation.

    python -m tools.bench.scoreplay [--games 300] [--seed 6161] [--ply 2] [--rollouts 150]

Positions from games of gnubg's 0-ply against itself (the cube
benchmark's: tools.bench.cube.positions), each with a roll and a context
drawn at random: money, the cube centred or owned at 2 by either side;
a 7-point match, the cube centred or owned (at 2 or 4, by either side)
at away scores 2 to 7; the Crawford game; the games after it, the cube
centred or the leader owning the trailer's double; and double match
point. A decision is kept when the roll leaves more than one distinct
result and none of them ends the game.

Each player's play is valued by gnubg 1.07's cubeful evaluation at --ply
plies at the score (the other side on roll, its own cube action taken as
gnubg finds best: tools/bench/gnubg_server.py's "value"), and its loss is
what it gives away against the best of the players' plays, in
millipoints of normalised equity (a match's winning chances written as
money equity, as gnubg writes them). The players:

- Blot's MAX as it plays on the handheld: each result weighed by its
  match winning chance at the score, dead cube (cubeful.weights), and
  where the cube is live each roll of its look-ahead ending in the
  cubeful value after the best reply (cubeful.stake); MAX with the dead
  cube alone; PRO (0-ply) as it plays, each play weighed by the other
  side's cubeful value on roll after it where the cube is live, and
  with the dead cube alone; and MAX and PRO weighing results by money
  equity instead: the gains of playing for the score and for the cube.
- gnubg's 0-ply three ways: cubeful at the score (its own player), cubeless
  at the score (the dead cube's match winning chance, as Blot plays) and
  cubeless for money: the gain of each step with gnubg's own network.

The judge's values are kept in build/scoreplay/, one file per seed, games
and ply, so a change to Blot's checker play is measured again in minutes.

The judge is blind in one corner: contact where a side has borne off
thirteen checkers or more (two or fewer left against a side still in
contact, the game's end of a back game). gnubg's network there gives
results rollouts refute by up to a point and more, its 2-ply with it
(docs/ai.md, Checker play at the score, judged), so those decisions are
reported apart and left out of every other line. --rollouts N checks
it: each of those decisions where MAX's play and gnubg's 0-ply's differ,
played out N times from each play by gnubg's 0-ply on both sides
(cubeless, money), beside the judge's and gnubg's 0-ply's verdicts.
"""
import argparse
import json
import math
import os

import numpy as np

from firmware.engine import movegen
from firmware.engine.position import borne_off, flip, is_race, winner_kind
from firmware.opponent import ai, cubeful, evaluator, netfile, weights
from tools.bench import ai as bench_ai
from tools.bench import cube as bench_cube
from tools.bench import luck as bench_luck
from tools.bench.matches import Gnubg

CACHE = os.path.join("build", "scoreplay")
LENGTH = 7
BLIND_OFF = 13      # contact with a side this many off: the judge's blind corner (judge_blind)

# (name, share): how often each context is drawn
CONTEXTS = (("money centred", 0.10), ("money owned", 0.10), ("centred", 0.30), ("owned", 0.20),
            ("Crawford", 0.12), ("post-Crawford", 0.12), ("double match point", 0.06))


class Decision:
    """One position and roll in one match context, the side on roll
    gnubg's player 0."""

    def __init__(self, board, dice, context, length, away_us, away_them, cube, owner, crawford):
        self.board = board          # Blot's layout, the side on roll first
        self.dice = dice
        self.context = context
        self.length = length        # 0 money
        self.away_us = away_us
        self.away_them = away_them
        self.cube = cube
        self.owner = owner          # -1 centred, 0 the side on roll, 1 the other side
        self.crawford = crawford

    def cube_info(self, on_roll):
        """gnubg_server's cube list with player `on_roll` to move."""
        if not self.length:
            return [self.cube, self.owner, on_roll, 0, 0, 0, 0]
        return [self.cube, self.owner, on_roll, LENGTH, LENGTH - self.away_us, LENGTH - self.away_them,
                int(self.crawford)]

    def key(self, result):
        return "%s %s" % (result.hex(), self.cube_info(1))


def judge_blind(board):
    """True for contact where a side has borne off BLIND_OFF checkers or
    more: there gnubg's network, and so the judge, misjudges the game by
    up to points (rollouts, docs/ai.md)."""
    return not is_race(board) and max(borne_off(board, 0), borne_off(board, 1)) >= BLIND_OFF


def _context(rng):
    """(name, length, away_us, away_them, cube, owner, crawford) drawn at random."""
    name = bench_cube.draw(rng, CONTEXTS)
    if name.startswith("money"):
        owned = name == "money owned"
        return (name, 0, 0, 0) + ((2, int(rng.integers(0, 2))) if owned else (1, -1)) + (False,)
    return (name, LENGTH) + _match_context(name, rng)


def _match_context(name, rng):
    """(away_us, away_them, cube, owner, crawford) for a match context."""
    a, b = (int(x) for x in rng.integers(2, LENGTH + 1, size=2))
    if name == "centred":
        return a, b, 1, -1, False
    if name == "owned":
        cube = 2 if rng.random() < 0.75 else 4
        owner = int(rng.integers(0, 2))
        # the owner took at a score where the cube did not already win it the match
        if owner == 0:
            a = int(rng.integers(cube + 1, LENGTH + 1))
        else:
            b = int(rng.integers(cube + 1, LENGTH + 1))
        return a, b, cube, owner, False
    if name == "double match point":
        return 1, 1, 1, -1, False
    # one side 1-away, the other a..7-away
    leader = int(rng.integers(0, 2))
    away = (1, a) if leader == 0 else (a, 1)
    if name == "Crawford":
        return away[0], away[1], 1, -1, True
    if rng.random() < 0.5:
        return away[0], away[1], 1, -1, False
    # the trailer doubled at once and the leader took
    return away[0], away[1], 2, leader, False


def decisions(games, seed):
    rng = np.random.default_rng((seed, 2))
    out = []
    for board in bench_cube.positions(games, seed):
        d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
        context = _context(rng)
        plays = movegen.plays(board, d1, d2)
        results = set(plays.result(i) for i in range(len(plays)))
        if len(results) < 2 or any(winner_kind(r) for r in results):
            continue
        out.append(Decision(board, (d1, d2), *context))
    return out


def blot_players(level_net):
    """Blot's players: (name, choose(decision))."""
    max_ = bench_ai.level_policy(level_net, ai.LEVELS)
    pro = bench_ai.level_policy(level_net, ai.PRO)

    def at_score(policy, live):
        def choose(d):
            w = cubeful.weights(d.cube, d.length, d.away_us, d.away_them)
            if not live:
                return policy(d.board, d.dice[0], d.dice[1], w)
            return policy(d.board, d.dice[0], d.dice[1], w,
                          cubeful.stake(d.cube, d.owner, d.length, d.away_us, d.away_them, d.crawford))
        return choose

    def money(policy):
        return lambda d: policy(d.board, d.dice[0], d.dice[1], cubeful.MONEY)
    return [("MAX", at_score(max_, True)), ("MAX, dead cube", at_score(max_, False)), ("MAX, money", money(max_)),
            ("PRO", at_score(pro, True)), ("PRO, dead cube", at_score(pro, False)), ("PRO, money", money(pro))]


def gnubg_players(server):
    def play(cubeless, money):
        def choose(d):
            cube = [d.cube if not d.length else 1, d.owner if not d.length else -1, 0, 0, 0, 0, 0] \
                if money else d.cube_info(0)
            return bytes(json.loads(server.ask("move", d.board, cube, dice=list(d.dice), cubeless=cubeless)))
        return choose
    return [("gnubg 0-ply cubeful", play(False, False)), ("gnubg 0-ply cubeless", play(True, False)),
            ("gnubg 0-ply, money", play(True, True))]


def judged(found, choices, ply, path, server):
    """Each distinct result's value for the side that played it, by the
    judge, from the cache file where it holds them."""
    cache = {}
    if os.path.exists(path):
        with open(path) as f:
            cache = json.load(f)
    todo = 0
    for d, picks in zip(found, choices):
        for r in set(picks.values()):
            k = d.key(r)
            if k not in cache:
                cache[k] = -float(server.ask("value", flip(r), d.cube_info(1), ply=ply))
                todo += 1
    if todo:
        os.makedirs(CACHE, exist_ok=True)
        with open(path, "w") as f:
            json.dump(cache, f)
    return cache


def rollout(result, games, rng):
    """Cubeless points a game for the side that played to result, with
    gnubg's 0-ply playing both sides to the end: (mean, standard error)."""
    points = []
    for _ in range(games):
        board, mover = flip(result), False
        while True:
            d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
            board = bench_ai.gnubg_policy(board, d1, d2)
            kind = winner_kind(board)
            if kind:
                points.append(kind if mover else -kind)
                break
            board, mover = flip(board), not mover
    return float(np.mean(points)), float(np.std(points) / math.sqrt(games))


def check_blind(found, choices, values, games, seed, out=print):
    """The blind corner's decisions where MAX and gnubg's 0-ply part, each
    play rolled out (rollout): what the judge, gnubg's 0-ply cubeless and
    the rollouts make of gnubg's play less MAX's, in points."""
    rng = np.random.default_rng((seed, 3))
    out("the judge's blind corner: gnubg's play less MAX's, points (judge at the score; "
        "gnubg 0-ply and %d rollouts cubeless)" % games)
    for d, picks in zip(found, choices):
        a, b = picks["MAX"], picks["gnubg 0-ply cubeful"]
        if not judge_blind(d.board) or a == b:
            continue
        (ra, sa), (rb, sb) = rollout(a, games, rng), rollout(b, games, rng)
        out("  %-20s judge %+6.3f  gnubg 0-ply %+6.3f  rollouts %+6.3f +- %.3f" % (
            d.context, values[d.key(b)] - values[d.key(a)],
            bench_luck.result_value(b) - bench_luck.result_value(a), rb - ra, math.hypot(sa, sb)))


def run(games, seed, ply, out=print, rollouts=0):
    found = decisions(games, seed)
    out("%d decisions (no forced plays, none that can end the game)" % len(found))
    server = Gnubg()
    try:
        players = blot_players(bench_ai.BlasNet(weights)) + gnubg_players(server)
        choices = [{name: choose(d) for name, choose in players} for d in found]
        path = os.path.join(CACHE, "judged-s%d-g%d-p%d.json" % (seed, games, ply))
        values = judged(found, choices, ply, path, server)
    finally:
        server.close()
    names = [n for n, _ in players]
    loss = {n: [] for n in names}
    for d, picks in zip(found, choices):
        v = {n: values[d.key(r)] for n, r in picks.items()}
        best = max(v.values())
        for n in names:
            loss[n].append(1000.0 * (best - v[n]))
    report(found, {n: np.array(x) for n, x in loss.items()}, out)
    if rollouts:
        check_blind(found, choices, values, rollouts, seed, out)


def _paired(a, b):
    diff = a - b
    return diff.mean(), diff.std(ddof=1) / math.sqrt(len(diff))


def report(found, loss, out=print):
    contexts = np.array([d.context for d in found])
    blind = np.array([judge_blind(d.board) for d in found], bool)
    names = list(loss)
    out("millipoints given away per decision (judge: gnubg cubeful at the score)")
    out("  %-20s %6s" % ("", "n") + "".join("%22s" % n for n in names))
    rows = [("all", ~blind)] + [(c, (contexts == c) & ~blind) for c, _ in CONTEXTS]
    rows.append(("%d+ off, contact" % BLIND_OFF, blind))
    for c, mask in rows:
        if mask.any():
            out("  %-20s %6d" % (c, mask.sum()) + "".join("%22.2f" % loss[n][mask].mean() for n in names))
    pairs = (("MAX", "MAX, dead cube"), ("MAX, dead cube", "MAX, money"), ("PRO", "PRO, dead cube"),
             ("PRO, dead cube", "PRO, money"),
             ("gnubg 0-ply cubeless", "gnubg 0-ply, money"), ("gnubg 0-ply cubeful", "gnubg 0-ply cubeless"),
             ("MAX", "gnubg 0-ply cubeful"))
    match = np.array([d.length > 0 for d in found])
    for a, b in pairs:
        if a not in loss or b not in loss:
            continue
        for part, mask in (("matches", match & ~blind), ("money", ~match & ~blind)):
            if mask.sum() < 2:
                continue
            m, se = _paired(loss[a][mask], loss[b][mask])
            out("  %s less %s, %s: %+.2f +- %.2f" % (a, b, part, m, se))
    if "MAX" in loss and "gnubg 0-ply cubeful" in loss:
        # where the rest lies: by the network that answers the position
        nets = np.array([evaluator.network(d.board) for d in found])
        for k, name in ((netfile.CONTACT, "contact"), (netfile.RACE, "race"), (netfile.LATE, "late")):
            mask = (nets == k) & ~blind
            if mask.sum() >= 2:
                m, se = _paired(loss["MAX"][mask], loss["gnubg 0-ply cubeful"][mask])
                out("  MAX less gnubg 0-ply cubeful, %s network's positions (%d): %+.2f +- %.2f"
                    % (name, mask.sum(), m, se))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="self-play games for the positions")
    ap.add_argument("--seed", type=int, default=6161)
    ap.add_argument("--ply", type=int, default=2, help="the judge's plies (gnubg cubeful)")
    ap.add_argument("--rollouts", type=int, default=0,
                    help="play out the judge's blind corner's disputed plays this many times each")
    args = ap.parse_args(argv)
    run(args.games, args.seed, args.ply, rollouts=args.rollouts)


if __name__ == "__main__":
    main()
