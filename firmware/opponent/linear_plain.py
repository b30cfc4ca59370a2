"""The linear prefilter's loops in plain Python: linear_after, the estimate
from the weights themselves (evaluator.Scorer.linear_after, the reference);
after, the same from linear.table() (the reference the tests hold the viper
loop to); and rank, the twin of the viper loop in
firmware/opponent/linear.py: each play's result written by the walk, scored
by after, kept among the best.
CPython (no emitters) runs them; under MicroPython they are imported only
to compare (tests/portable/test_linear.py), so the device holds none of
them. base is the flipped position before the play; t is linear.table().
"""
from micropython import const

from firmware.engine.movewalk_plain import result as walk_result
from firmware.opponent import weights

# as firmware/opponent/linear.py
_OFF = const(200)               # LINEAR's index of the side on roll's checkers off
_RECORD = const(6)
_BASE_LEFT = const(0)
_OFF_WEIGHT = const(1)
_KEPT = const(2)
_LIMIT = const(3)
_FIRST = const(4)


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


def rank(chunk, n, start, base, t, st, scores, index):
    """Ranks the first n plays of one movegen store chunk (6-byte records:
    four step codes p << 3 | d, then a hash) by after()'s score of each
    play's result, keeping the st[_LIMIT] lowest in scores and index
    (lowest first; a score equal to a kept one goes after it, so ties keep
    generator order). st holds the base's checkers left and the off
    weight, how many are kept, the limit, and the first play's index,
    which it advances by n; returns how many are kept. start: the roll's
    position (our counts at 0..24, theirs at 25..49); base: flip(start)."""
    base_left = st[_BASE_LEFT]
    off_weight = st[_OFF_WEIGHT]
    kept = st[_KEPT]
    limit = st[_LIMIT]
    first = st[_FIRST]
    res = bytearray(50)
    for r in range(n):
        # the play's result, as the walk writes it
        walk_result(chunk, r * _RECORD, start, res)
        d = after(base, res, t, base_left, off_weight)
        k = kept
        if k == limit:
            if d >= scores[k - 1]:
                continue
            k -= 1
        else:
            kept += 1
        while k > 0 and d < scores[k - 1]:
            scores[k] = scores[k - 1]
            index[k] = index[k - 1]
            k -= 1
        scores[k] = d
        index[k] = first + r
    st[_KEPT] = kept
    st[_FIRST] = first + n
    return kept
