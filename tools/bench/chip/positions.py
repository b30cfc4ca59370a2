"""Positions to time the computer on: from games, and the hard ones.

game(count, seed): turns of random-play games, each with the roll that came:
what the computer meets most of the time, and mostly easy.

movegen_cases(): the move generator's hardest rolls (tools/bench/movegen.py).

hard(count, seed): the positions MAX's search spends most on, found by
timing it. The work is hard to predict from the position: it grows with
the candidates searched (those within ai.MARGIN of the best, while the
SEARCH_WORK cap allows) and with the opponent's replies to each over the
21 rolls, far more than with the plays of our own roll. So a pool of
contact turns, from games of PRO (0-ply) against itself and from
random-play games (scattered, blot-strewn boards), is timed move by move
on the MicroPython unix port (board_moves.py as the chip runs it, about
150 times faster there); the slowest boards are timed again with each of
the 21 rolls, the slowest of those twice more (host load only adds time:
the least of three counts); the slowest are kept, at most two a game and
a few of any one roll. Under two minutes of host time for hard(12, 1);
the timing decides, so a run may swap a few positions of equal cost.
So the set the benchmark times (saved_hard) is kept in HARD_FILE, screened
once by `python -m tools.bench.chip moves --set screen --count 24 --seed 1
--save tools/data/hard-positions.txt`: two commits are timed on the same
positions.

The slowest moves found all fill the SEARCH_WORK cap: three or four
candidates close in equity, the opponent free to move after each (more
than ai.REPLIES replies to most rolls, some 130 to 2,300 over the 21),
whatever the plays of our roll (3 to 113). Doubles against a blocked
opponent, with hundreds of plays, spend longer on their own plays and
less on the replies. The slowest found: about 1.4 s on the chip for this
set, 1.5 s for the generator's worst rolls (docs/chip.md).
"""
import os
import random
import tempfile

from firmware.engine import movegen
from firmware.engine.position import START, flip, is_race, winner_kind
from firmware.opponent import ai
from tools.bench.chip import emulator
from tools.sim import mpy

HARD_FILE = os.path.join(os.path.dirname(__file__), "..", "..", "data", "hard-positions.txt")
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def _turns(seed, games, player=None):
    """(game, board, d1, d2) of every turn of `games` games, each side's
    play chosen by player(board, d1, d2) -> result, or at random."""
    rng = random.Random(seed)
    for g in range(games):
        board = START
        for _ in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            yield g, board, d1, d2
            if player is not None:
                result = player(board, d1, d2)
            else:
                plays = movegen.plays(board, d1, d2)
                result = plays.result(rng.randrange(len(plays))) if len(plays) else board
            if winner_kind(result):
                break
            board = flip(result)


def game(count, seed):
    """`count` turns taken at random (one in five) from random-play games."""
    rng = random.Random(seed + 1)
    found = []
    for _, board, d1, d2 in _turns(seed, 10 ** 6):
        if rng.random() < 0.2:
            found.append((board, d1, d2))
            if len(found) == count:
                return found
    return found


def _time(folder, turns):
    """Each turn's MAX move in microseconds on the unix port: the chip's
    board script (board_moves.py) run there as it is."""
    with open(os.path.join(folder, "positions.txt"), "w") as f:
        f.write(text(turns))
    out = mpy.run(folder, emulator.script("moves", {"LEVEL": ai.LEVELS, "CUBE": False, "SCORE": None}))
    us = [int(w[3]) for w in (line.split() for line in out.stdout.splitlines()) if w[:1] == ["MOVE"]]
    if out.returncode or len(us) != len(turns):
        raise RuntimeError("micropython failed:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    return us


def _slowest(timed, count, per_roll):
    """The `count` slowest of timed ((us, game, board, d1, d2) each), at
    most two a game and `per_roll` of a roll; the caps let go when too few
    pass them."""
    timed = sorted(timed, key=lambda t: -t[0])
    games, rolls, found = {}, {}, []
    for t in timed:
        roll = tuple(sorted(t[3:]))
        if games.get(t[1], 0) < 2 and rolls.get(roll, 0) < per_roll:
            found.append(t)
            games[t[1]] = games.get(t[1], 0) + 1
            rolls[roll] = rolls.get(roll, 0) + 1
            if len(found) == count:
                return found
    return found + [t for t in timed if t not in found][:count - len(found)]


def hard(count, seed, games=40):
    """The `count` turns MAX takes longest over, screened by timing (the
    module's docstring): `games` PRO and `games` random-play games."""
    from tools.bench import ai as bench_ai      # numpy and the net's twin: only this needs them
    pro = bench_ai.level_policy(bench_ai.netmath.IntNet(bench_ai.weights), ai.PRO)
    pool = [(("pro", g), b, d1, d2) for g, b, d1, d2 in _turns("pro %d" % seed, games, pro)]
    pool += [(("random", g), b, d1, d2) for g, b, d1, d2 in _turns(seed, games)]
    pool = [t for t in pool if not is_race(t[1])]
    per_roll = -(-count // 6)
    with tempfile.TemporaryDirectory() as tmp:
        folder = mpy.build(os.path.join(tmp, "image"))
        # 1: each turn with the roll that came
        timed = [(us,) + t for us, t in zip(_time(folder, [t[1:] for t in pool]), pool)]
        # 2: the slowest boards with every roll: a board's slowest roll
        # need not be the one that came
        boards = {bytes(b): g for _, g, b, _, _ in _slowest(timed, 4 * count, 21)}
        pool = [(g, b, d1, d2) for b, g in boards.items() for d1, d2 in ROLLS]
        timed = [(us,) + t for us, t in zip(_time(folder, [t[1:] for t in pool]), pool)]
        # 3: the slowest again, twice: the least of three times
        timed = _slowest(timed, 4 * count, per_roll)
        turns = [t[2:] for t in timed]
        for again in (_time(folder, turns), _time(folder, turns)):
            timed = [(min(us, t[0]),) + t[1:] for us, t in zip(again, timed)]
    return [t[2:] for t in _slowest(timed, count, per_roll)]


def saved_hard(count):
    """The first `count` turns of HARD_FILE (hard(24, 1) when it was
    screened), as (board, d1, d2)."""
    turns = []
    with open(HARD_FILE) as f:
        for line in f:
            board, d1, d2 = line.split()
            turns.append((bytes.fromhex(board), int(d1), int(d2)))
    return turns[:count]


def movegen_cases():
    """tools/bench/movegen.py's worst cases for the move generator (spread
    doubles, the bar, bearing off), with their rolls."""
    from firmware.engine import posid
    from tools.bench.movegen import WORST
    return [(posid.from_position_id(pid), d1, d2) for _, pid, d1, d2 in WORST]


def text(turns):
    """positions.txt for the board: "BOARD D1 D2" a line, the board in hex."""
    return "".join("%s %d %d\n" % (bytes(b).hex(), d1, d2) for b, d1, d2 in turns)
