"""The linear prefilter's estimate in plain Python, the slow and obvious
ways that the tests hold the fast ones to: linear_after, from the weights
themselves (evaluator.Scorer.linear_after); after, from linear.table() (what
linear.Ranker.rank's loop gives each play). Only Scorer.linear_after imports
it, when called, and the computer does not call it. base is the flipped
position before the play; t is linear.table().
"""
from micropython import const

from firmware.opponent import weights

_OFF = const(200)               # LINEAR's index of the side on roll's checkers off


def linear_after(base, result, base_off1):
    """Change of the linear prefilter's score from base to flip(result),
    plus the next side's opponent's checkers off (base_off1 in base)."""
    lin = weights.LINEAR
    d = 0
    off = 0
    for s in range(50):
        i = s + 25
        if i >= 50:
            i -= 50
            off += result[i]
        new = result[i]
        old = base[s]
        if old == new:
            continue
        k = 4 * s
        if (old >= 1) != (new >= 1):
            d += lin[k] if new >= 1 else -lin[k]
        if (old >= 2) != (new >= 2):
            d += lin[k + 1] if new >= 2 else -lin[k + 1]
        if (old >= 3) != (new >= 3):
            d += lin[k + 2] if new >= 3 else -lin[k + 2]
        m = (new - 3 if new > 3 else 0) - (old - 3 if old > 3 else 0)
        if m:
            d += m * lin[k + 3]
    # the mover's checkers borne off are the next side's opponent's
    return d + ((15 - off) - base_off1) * lin[_OFF + 1]


def after(base, result, t, base_left, off_weight):
    """Sum over the slots of flip(result) that differ from base of the
    table's change, and the change of the mover's checkers off."""
    left = 0
    for i in range(25):
        left += result[i]
    d = (base_left - left) * off_weight
    for s in range(25):
        old = base[s]
        new = result[s + 25]
        if old != new:
            d += t[s * 16 + new] - t[s * 16 + old]
    for s in range(25, 50):
        old = base[s]
        new = result[s - 25]
        if old != new:
            d += t[s * 16 + new] - t[s * 16 + old]
    return d
