"""Cube decisions judged by GNU Backgammon's cubeful evaluation.

    python -m tools.bench.cube [--games 400] [--seed 4242] [--levels 5,4] [--ply 2] [--by-class]

Positions from games of gnubg's 0-ply network against itself
(tools.train.data's games: 8% of plays at random), the side on roll
before its roll, each given a context at random: money with the cube
centred or owned by the side on roll, or a match at away scores from 2 to
7 each, the cube centred or owned at 2 or 4 by the side on roll, or the
game after the Crawford game with the side on roll trailing (the Crawford
game itself has no cube decision). Every position is one decision to
double for the side on roll and one to take for the other side; GNU
Backgammon 1.07 (Debian's `gnubg`, /usr/games/gnubg) values no double,
double/take and double/pass by its cubeful evaluation at --ply plies (the
judge) and at 0 plies (gnubg's 0-ply, a player beside Blot's levels).

A decision is kept when it is close by the judge: to double, when no
double and the doubled game (the lower of double/take and double/pass)
lie within 0.2 of each other; to take, when double/take and double/pass
do. The loss of a choice is what it gives away against the judge's best,
in millipoints of normalised equity (money equity per cube; a match's
winning chances written as money equity, as gnubg does): a double or no
double against max(no double, doubled game), a take or a pass against
min(double/take, double/pass) from the taker's side.

The judge's answers are kept in build/cube/ (one file per seed and number
of games), so a change to Blot's cube is measured again in seconds.
--by-class splits the losses further by the kind of position (contact, a
race, a bear-off: both sides home), money or match, double or take.
"""
import argparse
import json
import math
import os
import subprocess
import tempfile

import numpy as np

from tools.train import data

GNUBG = "/usr/games/gnubg"
JUDGE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gnubg_cube_judge.py")
CACHE = os.path.join("build", "cube")
CLOSE = 0.2
LENGTH = 7          # the judge's match length; the away scores are what count

# (name, share): how often each context is drawn
CONTEXTS = (("money centred", 0.25), ("money owned", 0.15), ("match centred", 0.35),
            ("match owned", 0.15), ("post-Crawford", 0.10))


class Decision:
    """One position in one context, with the judge's and gnubg 0-ply's values."""

    def __init__(self, board, context, length, away_us, away_them, cube, owned):
        self.board = board              # Blot's layout, the side on roll first
        self.context = context
        self.length = length            # 0 money
        self.away_us = away_us          # the side on roll's points to go
        self.away_them = away_them
        self.cube = cube
        self.owned = owned              # the side on roll owns it (else centred)
        self.judge = None               # (no double, double/take, double/pass)
        self.zero = None                # the same by gnubg's 0-ply

    def task(self, plies):
        from firmware.engine import posid
        score_us = LENGTH - self.away_us if self.length else 0
        score_them = LENGTH - self.away_them if self.length else 0
        return [posid.position_id(self.board), self.cube, 0 if self.owned else -1,
                LENGTH if self.length else 0, score_us, score_them, list(plies)]

    def key(self):
        return "%s %d %d %d %d %d" % (self.board.hex(), self.length, self.away_us, self.away_them,
                                      self.cube, self.owned)


def draw(rng, contexts):
    """A name of contexts ((name, share), ...) drawn at random by its share."""
    r = rng.random()
    for name, share in contexts:
        if r < share:
            break
        r -= share
    return name


def _context(rng):
    """(name, length, away_us, away_them, cube, owned) drawn at random."""
    name = draw(rng, CONTEXTS)
    if name == "money centred":
        return name, 0, 0, 0, 1, False
    if name == "money owned":
        return name, 0, 0, 0, 2, True
    if name == "post-Crawford":
        return name, LENGTH, int(rng.integers(2, LENGTH + 1)), 1, 1, False
    if name == "match centred":
        return name, LENGTH, int(rng.integers(2, LENGTH + 1)), int(rng.integers(2, LENGTH + 1)), 1, False
    cube = 2 if rng.random() < 0.75 else 4
    # the owner redoubles only while the cube does not already win it the match
    return name, LENGTH, int(rng.integers(cube + 1, LENGTH + 1)), int(rng.integers(2, LENGTH + 1)), cube, True


def positions(games, seed):
    """The side on roll's positions before its roll in gnubg 0-ply self-play."""
    rows = []
    rng = np.random.default_rng(seed)
    for _ in range(games):
        data.play_game(rng, rows, 0)
    return [bytes(board) for board, _ in rows]


def decisions(games, seed):
    rng = np.random.default_rng((seed, 1))
    out = []
    for board in positions(games, seed):
        name, length, a, b, cube, owned = _context(rng)
        out.append(Decision(board, name, length, a, b, cube, owned))
    return out


def run_gnubg(tasks):
    """gnubg's answers for the tasks, in order (one gnubg process)."""
    if not os.path.exists(GNUBG):
        raise SystemExit("GNU Backgammon is missing: apt-get install gnubg (it gives %s)" % GNUBG)
    with tempfile.TemporaryDirectory() as tmp:
        ins = os.path.join(tmp, "tasks.jsonl")
        outs = os.path.join(tmp, "answers.jsonl")
        with open(ins, "w") as f:
            for t in tasks:
                f.write(json.dumps(t) + "\n")
        env = dict(os.environ, BLOT_CUBE_TASKS=ins, BLOT_CUBE_ANSWERS=outs)
        subprocess.run([GNUBG, "-t", "-q", "-r", "-p", JUDGE_SCRIPT], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        with open(outs) as f:
            answers = [json.loads(line) for line in f]
    if len(answers) != len(tasks):
        raise RuntimeError("gnubg answered %d of %d cube decisions" % (len(answers), len(tasks)))
    return answers


def _close(v):
    nd, dt, dp = v
    return abs(nd - min(dt, dp)) <= CLOSE or abs(dt - dp) <= CLOSE


def judged(games, seed, ply, out=print):
    """The decisions close by the judge, each with .judge and .zero, from the
    cache when it holds them."""
    found = decisions(games, seed)
    path = os.path.join(CACHE, "judged-s%d-g%d-p%d.json" % (seed, games, ply))
    cache = {}
    if os.path.exists(path):
        with open(path) as f:
            cache = json.load(f)
    todo = [d for d in found if d.key() not in cache]
    if todo:
        # gnubg's 0-ply first, cheap, and the judge only where that is not far from close
        zero = run_gnubg([d.task([0]) for d in todo])
        near = [d for d, z in zip(todo, zero) if _near(z[0])]
        out("gnubg: %d positions at 0-ply, %d near a close decision judged at %d-ply"
            % (len(todo), len(near), ply))
        deep = dict((d.key(), a[0]) for d, a in zip(near, run_gnubg([d.task([ply]) for d in near])))
        for d, z in zip(todo, zero):
            cache[d.key()] = [z[0], deep.get(d.key())]
        os.makedirs(CACHE, exist_ok=True)
        with open(path, "w") as f:
            json.dump(cache, f)
    kept = []
    for d in found:
        d.zero, d.judge = cache[d.key()]
        if d.judge is not None and _close(d.judge):
            kept.append(d)
    return kept


def _near(v):
    """Worth the judge's time: 0-ply finds the decision within twice the close margin."""
    nd, dt, dp = v
    return abs(nd - min(dt, dp)) <= 2 * CLOSE or abs(dt - dp) <= 2 * CLOSE


def losses(d, doubles, takes):
    """(double loss or None, take loss or None) in millipoints for these choices."""
    nd, dt, dp = d.judge
    dl = tl = None
    doubled = min(dt, dp)
    if abs(nd - doubled) <= CLOSE:
        dl = 1000.0 * (max(nd, doubled) - (doubled if doubles else nd))
    if abs(dt - dp) <= CLOSE:
        tl = 1000.0 * ((dt if takes else dp) - doubled)
    return dl, tl


def gnubg_zero(d):
    nd, dt, dp = d.zero
    return min(dt, dp) > nd, dt <= dp


def blot(level):
    """Blot's choices at a level, through the handheld's own API: the
    double for the side on roll (its cube centred at 1, owned above) and
    the other side's take."""
    from firmware.opponent import cube

    def choose(d):
        return (cube.cube_offer(d.board, level, d.cube, True, d.length, d.away_us, d.away_them, False),
                cube.cube_take(data.flip(d.board), level, d.cube, d.length, d.away_them, d.away_us))
    return choose


def score(kept, choose):
    """Per decision: (context, away pair, double loss, take loss)."""
    rows = []
    for d in kept:
        doubles, takes = choose(d)
        rows.append((d, losses(d, doubles, takes), (doubles, takes)))
    return rows


def _mean(values):
    return sum(values) / len(values) if values else float("nan")


def _summary(rows):
    """(decisions, mean loss, wrong doubles share, wrong takes share)."""
    all_losses = [x for _, pair, _ in rows for x in pair if x is not None]
    dl = [pair[0] for _, pair, _ in rows if pair[0] is not None]
    tl = [pair[1] for _, pair, _ in rows if pair[1] is not None]
    return (len(all_losses), _mean(all_losses), _mean([1.0 if x > 0 else 0.0 for x in dl]),
            _mean([1.0 if x > 0 else 0.0 for x in tl]))


def per_decision(rows):
    """Each decision's loss, in order: the double's then the take's."""
    return [x for _, pair, _ in rows for x in pair if x is not None]


def _in_context(rows, context):
    """The losses per decision of rows in the context ("all": every one)."""
    return np.array(per_decision([r for r in rows if context == "all" or r[0].context == context]))


def report(players, out=print):
    names = list(players)
    contexts = [c for c, _ in CONTEXTS]
    out("cube decisions: millipoints given away per decision (wrong doubles or no doubles, wrong takes or passes)")
    out("  %-16s" % "" + "".join("%30s" % n for n in names))
    for c in ["all"] + contexts:
        line = "  %-16s" % c
        for n in names:
            rows = [r for r in players[n] if c == "all" or r[0].context == c]
            k, mean, wd, wt = _summary(rows)
            line += "%30s" % ("%5d  %5.1f  (%2.0f%%, %2.0f%%)" % (k, mean, 100 * wd, 100 * wt))
        out(line)
    if len(names) > 1:
        for c in ["all"] + contexts:
            base = _in_context(players[names[-1]], c)
            for n in names[:-1]:
                diff = _in_context(players[n], c) - base
                out("  %s less %s%s: %+.2f +- %.2f millipoints a decision"
                    % (n, names[-1], "" if c == "all" else ", " + c, diff.mean(),
                       diff.std(ddof=1) / math.sqrt(len(diff))))
    # the away scores where the first player loses the most
    first = players[names[0]]
    by_away = {}
    for d, pair, _ in first:
        if d.length:
            for x in pair:
                if x is not None:
                    by_away.setdefault((d.away_us, d.away_them, d.cube), []).append(x)
    worst = sorted(by_away.items(), key=lambda kv: -sum(kv[1]))[:6]
    out("  %s's largest total losses in matches (away, away, cube: decisions, mean):" % names[0])
    for (a, b, cube), xs in worst:
        out("    %d-away %d-away cube %d: %d, %.1f" % (a, b, cube, len(xs), _mean(xs)))


def position_class(board):
    """contact, race (the sides past each other) or bear-off (both sides home)."""
    from firmware.engine.position import is_race
    if not is_race(board):
        return "contact"
    if any(board[6:25]) or any(board[31:50]):
        return "race"
    return "bear-off"


def by_class(players, out=print):
    """Each player's loss per decision by kind of position, money or match
    (post-Crawford games with the matches), double or take."""
    names = list(players)
    rows = {}
    for n in names:
        for d, pair, _ in players[n]:
            for q, x in zip(("doubles", "takes"), pair):
                if x is not None:
                    key = (position_class(d.board), "match" if d.length else "money", q)
                    rows.setdefault(key, {}).setdefault(n, []).append(x)
    out("  by class: millipoints per decision")
    out("  %-24s %6s" % ("", "n") + "".join("%16s" % n for n in names))
    for key in sorted(rows):
        xs = rows[key]
        out("  %-24s %6d" % (" ".join(key), len(xs[names[0]])) + "".join("%16.2f" % _mean(xs[n]) for n in names))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="self-play games for the positions")
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--levels", default="5,4", help="Blot's levels to score, comma-separated")
    ap.add_argument("--ply", type=int, default=2, help="the judge's plies (gnubg cubeful)")
    ap.add_argument("--by-class", action="store_true", help="the losses by kind of position too")
    args = ap.parse_args(argv)
    kept = judged(args.games, args.seed, args.ply)
    players = {}
    for level in (int(v) for v in args.levels.split(",")):
        players["Blot level %d" % level] = score(kept, blot(level))
    players["gnubg 0-ply"] = score(kept, gnubg_zero)
    report(players)
    if args.by_class:
        by_class(players)


if __name__ == "__main__":
    main()
