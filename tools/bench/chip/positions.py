"""Positions to time the computer on: from games, and the hard ones.

game(count, seed): turns of random-play games, each with the roll that came:
what the computer meets most of the time, and mostly easy.

hard(count, seed): the positions a search spends most on. The look-ahead
scores each candidate play against the opponent's 21 rolls, generating
every reply, so its work grows with the plays of our roll and with the
opponent's replies. From many random-play turns in contact, the ones with
the most plays (doubles above all) are kept, then ranked by their plays
times the opponent's replies summed over the 21 rolls.
"""
import random

from firmware.engine import movegen
from firmware.engine.position import START, flip, is_race, winner_kind

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def _turns(seed, games):
    """(board, d1, d2) of every turn of random-play games."""
    rng = random.Random(seed)
    for _ in range(games):
        board = START
        for _ in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            yield board, d1, d2
            plays = movegen.plays(board, d1, d2)
            result = plays.result(rng.randrange(len(plays))) if len(plays) else board
            if winner_kind(result):
                break
            board = flip(result)


def game(count, seed):
    """`count` turns taken at random (one in five) from random-play games."""
    rng = random.Random(seed + 1)
    found = []
    for turn in _turns(seed, 10 ** 6):
        if rng.random() < 0.2:
            found.append(turn)
            if len(found) == count:
                return found
    return found


def replies(board):
    """The opponent's plays over the 21 rolls, summed."""
    them = flip(board)
    return sum(len(movegen.plays(them, a, b)) for a, b in ROLLS)


def hard(count, seed, games=300):
    """The `count` hardest contact turns of `games` random-play games."""
    pool = [(len(movegen.plays(b, d1, d2)), b, d1, d2) for b, d1, d2 in _turns(seed, games)
            if not is_race(b)]
    pool.sort(key=lambda t: -t[0])
    ranked = sorted(((n * replies(b), b, d1, d2) for n, b, d1, d2 in pool[:4 * count]),
                    key=lambda t: -t[0])
    return [(b, d1, d2) for _, b, d1, d2 in ranked[:count]]


def text(turns):
    """positions.txt for the board: "BOARD D1 D2" a line, the board in hex."""
    return "".join("%s %d %d\n" % (bytes(b).hex(), d1, d2) for b, d1, d2 in turns)
