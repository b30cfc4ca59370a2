"""Whole matches with the cube: Blot at a level against GNU Backgammon's 0-ply.

    python -m tools.bench.matches play --length 7 --pairs 100 --save m7.txt [--level 5]
        [--seed 2026] [--first K] [--minutes M]
    python -m tools.bench.matches summary m7.txt [more.txt ...]

play: N-point matches with duplicate dice: pair k is two matches on the
same dice, Blot player 0 in the first and player 1 in the second; game g of
both matches rolls the dice of (seed, k, g). The rules are Blot's own:
the matches are played through firmware.engine.game.Match (Crawford rule,
the cube to 64, gammons and backgammons count, no Jacoby; docs/rules-match.md).
Nobody resigns.

Blot: its checker play is the level's host twin (tools.bench.ai.level_policy:
the same choices as firmware.opponent.ai.Thinker, some 30 times faster),
its cube decisions firmware.opponent.cube.cube_offer and cube_take called as
the handheld calls them (firmware/handheld/play.py). gnubg: its own 0-ply
cubeful decisions at the match score, checker play and cube, from one
persistent gnubg process (tools/bench/gnubg_server.py).

--save FILE: one line per pair, appended as each pair ends (the first line
names the seed, length and level). A run given an existing file resumes
after its last pair (--first K starts a new file at pair K instead);
--minutes M stops after the pair that passes M minutes, so a long run is
played in parts into the same file.

summary: the share of matches Blot won, with its standard error over the
pairs, and by side (Blot player 0 or player 1), for each file's length.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

from firmware.engine import game
from firmware.engine.position import flip
from firmware.opponent import ai, cube, weights

GNUBG = "/usr/games/gnubg"
SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gnubg_server.py")
TURNS = 2000        # a game longer than this is a bug


class MatchDice:
    """The dice of one pair of matches: game g rolls the sequence of
    (seed, pair, g), whoever plays it. firmware.engine.game.Match reads
    roll(); start(g) is called before each game's opening roll."""

    def __init__(self, seed, pair):
        self.seed = seed
        self.pair = pair
        self.rng = None
        self.note = None

    def start(self, g):
        self.rng = np.random.default_rng((self.seed, self.pair, g))

    def roll(self):
        d = self.rng.integers(1, 7, size=2)
        return int(d[0]), int(d[1])


def away(m, player):
    return m.length - m.score[player] if m.length else 0


class Blot:
    """Blot at a level: the level's checker play (policy(board, d1, d2, weights, stake), by
    default tools.bench.ai.level_policy), the cube through firmware.opponent.cube."""

    def __init__(self, level=ai.LEVELS, policy=None):
        if policy is None:
            from tools.bench import ai as bench_ai
            policy = bench_ai.level_policy(bench_ai.BlasNet(weights), level)
        self.level = level
        self.policy = policy

    def move(self, m):
        g = m.game
        us, them = away(m, g.turn), away(m, 1 - g.turn)
        owner = -1 if g.cube_owner == game.CENTRED else 0 if g.cube_owner == g.turn else 1
        return self.policy(g.board, g.dice[0], g.dice[1], cube.weights(g.cube, m.length, us, them),
                           cube.stake(g.cube, owner, m.length, us, them, g.crawford))

    def double(self, m):
        g = m.game
        return cube.cube_offer(g.board, self.level, g.cube, g.cube_owner in (game.CENTRED, g.turn),
                               m.length, away(m, g.turn), away(m, 1 - g.turn), g.crawford)

    def take(self, m):
        g = m.game
        taker = 1 - g.turn
        return cube.cube_take(flip(g.board), self.level, g.cube, m.length,
                              away(m, taker), away(m, g.turn))


class Gnubg:
    """GNU Backgammon 1.07's 0-ply, its decisions at the match score, from a
    gnubg process kept for the whole run (tools/bench/gnubg_server.py has
    the protocol and the decisions). close() ends the process."""

    def __init__(self, path=GNUBG):
        self.proc = subprocess.Popen([path, "-t", "-q", "-r", "-p", SERVER],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        if self._answer() != "ready":
            raise RuntimeError("gnubg did not start its server")

    def _answer(self):
        for line in self.proc.stdout:
            if line.startswith("@"):
                return line[1:].strip()
        raise RuntimeError("gnubg ended: exit status %r" % self.proc.poll())

    def _ask(self, op, board, m, **more):
        g = m.game
        cube = [g.cube, g.cube_owner, g.turn, m.length, m.score[0], m.score[1], int(g.crawford)]
        return self.ask(op, board, cube, **more)

    def ask(self, op, board, cube, **more):
        """The server's answer to one request (gnubg_server.py: the board
        Blot's 50 counts, the side on roll first; cube as gnubg's cubeinfo)."""
        req = dict(op=op, board=list(board), cube=cube, **more)
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        answer = self._answer()
        if answer.startswith("{"):
            raise RuntimeError("gnubg server: %s" % answer)
        return answer

    def move(self, m):
        g = m.game
        return bytes(json.loads(self._ask("move", g.board, m, dice=list(g.dice))))

    def double(self, m):
        return self._ask("double", m.game.board, m) == "1"

    def take(self, m):
        # while DOUBLED the board and the turn are still the doubler's
        return self._ask("take", m.game.board, m) == "1"

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"op": "quit"}\n')
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


def play_match(players, length, dice):
    """One match to `length` between players[0] and players[1] (each with
    move(m), double(m), take(m)), through firmware.engine.game.Match.
    Returns the Match and, for each game, a dict: score (before it),
    crawford, doubles [(player, cube before the double)], answer ("take",
    "drop" or None for the last double), winner, kind, points, how, cube."""
    m = game.Match(dice, length=length)
    games = []
    turns = 0
    while True:
        g = m.game
        state = g.state
        if state == game.OPENING:
            dice.start(m.games)
            games.append({"score": list(m.score), "crawford": g.crawford, "doubles": [], "answer": None})
            turns = 0
            m.roll(0)
        elif state == game.ROLL:
            if m.may_double() and players[g.turn].double(m):
                games[-1]["doubles"].append((g.turn, g.cube))
                m.double(0)
            else:
                m.roll(0)
        elif state == game.DOUBLED:
            take = players[1 - g.turn].take(m)
            games[-1]["answer"] = "take" if take else "drop"
            (m.take if take else m.drop)(0)
        elif state == game.MOVE:
            turns += 1
            if turns > TURNS:
                raise RuntimeError("a game went on past %d turns" % TURNS)
            plays = g.plays
            m.play(plays.result(0) if len(plays) == 1 else players[g.turn].move(m), 0)
        elif state == game.OVER:
            games[-1].update(winner=g.winner, kind=g.kind, points=g.points, how=g.how, cube=g.cube)
            if m.winner >= 0:
                return m, games
            m.next_game(0)
        else:
            raise RuntimeError("unexpected state %s" % game.STATE_NAMES[state])


def play_pair(blot, gnubg, length, seed, pair):
    """Pair `pair`: two matches on the same dice, Blot player 0 then player
    1. Returns ((blot's score, gnubg's score, games) for each match)."""
    out = []
    for side in (0, 1):
        players = [gnubg, gnubg]
        players[side] = blot
        m, games = play_match(players, length, MatchDice(seed, pair))
        out.append((m.score[side], m.score[1 - side], len(games)))
    return tuple(out)


def header(seed, length, level):
    return "# tools.bench.matches seed=%d length=%d level=%d" % (seed, length, level)


def read_save(path):
    """A --save file: (its header line, [(pair, a, b), ...]) with a and b the
    (blot, gnubg, games) of the pair's two matches."""
    with open(path) as f:
        lines = f.read().splitlines()
    rows = []
    for line in lines[1:]:
        v = [int(x) for x in line.split()]
        if len(v) != 7:
            raise ValueError("%s: a line with %d numbers, not 7: %r" % (path, len(v), line))
        rows.append((v[0], tuple(v[1:4]), tuple(v[4:7])))
    return lines[0], rows


def length_of(head):
    for word in head.split():
        if word.startswith("length="):
            return int(word[7:])
    raise ValueError("not a tools.bench.matches file: %r" % head)


def summary(rows, length):
    """Share of matches Blot won (a match is won when its score reached
    the length), its standard error over the pairs, and by side."""
    a = np.array([r[1][0] >= length for r in rows], dtype=np.float64)
    b = np.array([r[2][0] >= length for r in rows], dtype=np.float64)
    n = len(rows)
    pair = (a + b) / 2

    def se(x):
        return float(x.std(ddof=1) / math.sqrt(len(x))) if len(x) > 1 else float("nan")

    games = np.array([r[1][2] + r[2][2] for r in rows], dtype=np.float64)
    return {"length": length, "pairs": n, "matches": 2 * n,
            "won": round(float(pair.mean()), 4) if n else None, "se": round(se(pair), 4),
            "won_as_player0": round(float(a.mean()), 4) if n else None, "se_player0": round(se(a), 4),
            "won_as_player1": round(float(b.mean()), 4) if n else None, "se_player1": round(se(b), 4),
            "games_per_match": round(float(games.sum() / (2 * n)), 2) if n else None}


def run(length, pairs, seed, level, first=None, save=None, minutes=None, gnubg_path=GNUBG,
        blot=None, opponent=None):
    """Plays pairs first .. first + pairs - 1 (first: after the save file's
    last pair, else 0); returns the summary of this run's pairs (and of the
    whole file's with save). blot, opponent: players in place of Blot at
    the level and a gnubg process (the tests' scripted players)."""
    done = []
    if save and os.path.exists(save) and first is not None:
        raise SystemExit("%s exists: resume it without --first, or name a new file" % save)
    if save and os.path.exists(save):
        head, done = read_save(save)
        if head != header(seed, length, level):
            raise SystemExit("%s was written by %r, not %r" % (save, head, header(seed, length, level)))
        first = done[-1][0] + 1 if done else 0
    elif save:
        with open(save, "w") as f:
            f.write(header(seed, length, level) + "\n")
    first = first or 0
    blot = blot or Blot(level)
    opponent = opponent or Gnubg(gnubg_path)
    rows = []
    start = time.time()
    try:
        for k in range(first, first + pairs):
            a, b = play_pair(blot, opponent, length, seed, k)
            rows.append((k, a, b))
            if save:
                with open(save, "a") as f:
                    f.write("%d %d %d %d %d %d %d\n" % ((k,) + a + b))
            if minutes is not None and time.time() - start > 60 * minutes:
                break
    finally:
        if hasattr(opponent, "close"):
            opponent.close()
    spent = time.time() - start
    res = {"seed": seed, "level": level, "first": first, "run": summary(rows, length),
           "seconds_per_match": round(spent / max(1, 2 * len(rows)), 2)}
    if save:
        res["file"] = summary(done + rows, length)
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("play", "summary"))
    ap.add_argument("files", nargs="*", help="summary: the files play --save wrote")
    ap.add_argument("--length", type=int, default=7, help="match length (5 or 7 for the figures)")
    ap.add_argument("--pairs", type=int, default=50, help="pairs of matches (two matches each)")
    ap.add_argument("--level", type=int, default=ai.LEVELS)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--first", type=int, help="first pair (default 0, or after the save file's last)")
    ap.add_argument("--save", help="a file for each pair's results, appended to; a run resumes from it")
    ap.add_argument("--minutes", type=float, help="stop after the pair that passes this many minutes")
    ap.add_argument("--gnubg", default=GNUBG, help="the gnubg program")
    args = ap.parse_args(argv)
    if args.what == "play":
        res = run(args.length, args.pairs, args.seed, args.level, args.first, args.save,
                  args.minutes, args.gnubg)
    else:
        if not args.files:
            ap.error("summary takes the files play --save wrote")
        by_length = {}
        for path in args.files:
            head, rows = read_save(path)
            by_length.setdefault(length_of(head), []).extend(rows)
        res = [summary(rows, length) for length, rows in sorted(by_length.items())]
    print(json.dumps(res))


if __name__ == "__main__":
    sys.exit(main())
