"""Luck-adjusted game results: the same expected points a game, far less noise.

A roll's luck is what it gives the side on roll by a fixed reference, GNU
Backgammon's 0-ply network: the cubeless equity after the reference's best
play of the roll that came, less the mean of that over the rolls that could
have come (at the opening, the 30 non-doubles: the harness's dice roll the
first turn again on a double). Its expectation is zero at every turn, however
good or bad the reference, so a game's points less the luck summed over its
rolls (each counted for the side that rolled it) estimates the same expected
points as the raw result does; and it is far less noisy, because what the
dice gave each side is taken out and what is left is mostly what each side
made of its rolls. In duplicate-dice matches of the strongest level against
gnubg's 0-ply the variance of a game pair's result falls about fifty-fold
(docs/ai.md, Figures), so 400 games measure what 20,000 did before.

    result_value(result, ply)       equity for the side that played to `result`, by gnubg
    value_after(board, d1, d2)      equity for the side on roll after the reference's play
    luck(board, d1, d2, opening)    that, less its mean over the possible rolls
"""
import gnubg_nn

from firmware.engine.position import winner_kind

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
OPENING_ROLLS = tuple((a, b) for a, b in ROLLS if a != b)


def result_value(result, ply=0):
    """Cubeless equity, by gnubg at `ply`, for the side that has just played
    to `result` (Blot's layout, that side first); a play that ends the game
    is worth its result exactly."""
    kind = winner_kind(result)
    if kind:
        return float(kind)
    # gnubg's board: the side not on roll (the mover, now) first
    q = gnubg_nn.probabilities([list(result[:25]), list(result[25:])], ply)
    return -(2 * q[0] - 1 + q[1] - q[3] + q[2] - q[4])


def value_after(board, d1, d2):
    """result_value of gnubg's 0-ply best play of d1 d2 for the side on roll
    of `board` (Blot's layout, that side first)."""
    move, key = gnubg_nn.best_move([list(board[25:]), list(board[:25])], d1, d2, b=1)
    mover, other = gnubg_nn.board_from_position_key(key)
    return result_value(bytes(mover) + bytes(other))


def mean_value(board, opening=False):
    """The mean of value_after over the rolls that can come: the 21 rolls
    (doubles once, the others twice), or the opening's 15 non-doubles."""
    return _mean(_values(board, opening))


def _values(board, opening):
    return {roll: value_after(board, *roll) for roll in (OPENING_ROLLS if opening else ROLLS)}


def _mean(values):
    total = sum((1 if a == b else 2) * v for (a, b), v in values.items())
    return total / sum(1 if a == b else 2 for a, b in values)


def luck(board, d1, d2, opening=False):
    """What the roll d1 d2 gave the side on roll of `board`, in points."""
    values = _values(board, opening)
    return values[(min(d1, d2), max(d1, d2))] - _mean(values)
