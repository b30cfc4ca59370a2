"""The linear prefilter's loops in plain Python: rank, the twin of the viper
loop in firmware/opponent/linear.py, step for step, and after, the same
estimate from a whole position (the reference the tests hold rank to).
CPython (no emitters) runs them; under MicroPython they are imported only
to compare (tests/portable/test_linear.py), so the device holds none of
them. base is the flipped position before the play; t is linear.table().
"""
from micropython import const

from firmware.engine.movewalk_plain import expand

# as firmware/opponent/linear.py
_RECORD = const(6)
_HITS = const(25)
_BASE_LEFT = const(0)
_OFF_WEIGHT = const(1)
_KEPT = const(2)
_LIMIT = const(3)
_FIRST = const(4)


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
    counts = bytearray(_HITS + 3)
    for r in range(n):
        # the play's counts on our side and its hits, as the walk keeps them
        expand(chunk, r * _RECORD, start, counts)
        hits = counts[_HITS] | counts[_HITS + 1] << 8 | counts[_HITS + 2] << 16
        left = 0
        d = 0
        for s in range(25, 50):
            old = base[s]
            new = counts[s - 25]
            left += new
            if old != new:
                d += t[s * 16 + new] - t[s * 16 + old]
        d += (base_left - left) * off_weight
        if hits:
            h = 0
            p = 1
            while hits:
                if hits & 1:
                    d += t[(24 - p) * 16] - t[(24 - p) * 16 + 1]
                    h += 1
                hits >>= 1
                p += 1
            old = base[24]
            d += t[24 * 16 + old + h] - t[24 * 16 + old]
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
