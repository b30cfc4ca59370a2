"""The evaluator's linear prefilter as one table lookup per changed slot.

Ranker.after(result) equals evaluator.Scorer.linear_after(result) for the
same base (tests/test_linear.py holds them equal): a linear estimate of the
equity, for the side to roll next, of the position a play leaves (higher is
better for that side). The look-ahead ranks every reply of every roll with
it, so it is the search's most frequent call: a table of each slot's
contribution at each count (50 x 16 ints, weights.LINEAR summed over the
slot's four inputs) turns a changed slot into one subtraction, and under
MicroPython the loop over the 50 slots runs as viper code. The plain twin
below is the same loop for CPython (no emitters); tests/portable/test_linear.py
checks the two agree under the MicroPython unix port.
"""
import sys
from array import array

from micropython import const

from firmware.opponent import weights

_OFF = const(200)               # LINEAR's index of the side on roll's checkers off
# Every table entry is stored with this added, so that the viper loop reads
# non-negative 32-bit words on any port; the differences it sums cancel it.
_BIAS = const(1 << 24)


def table(linear=weights.LINEAR):
    """array('i') of 50 x 16: slot s at count c holds its inputs' weights
    (c >= 1, c >= 2, c >= 3, c - 3 beyond three) summed, plus _BIAS."""
    t = array("i", bytes(4 * 50 * 16))
    for s in range(50):
        k = 4 * s
        for c in range(16):
            v = 0
            if c >= 1:
                v += linear[k]
            if c >= 2:
                v += linear[k + 1]
            if c >= 3:
                v += linear[k + 2]
            if c > 3:
                v += (c - 3) * linear[k + 3]
            t[s * 16 + c] = v + _BIAS
    return t


def _after_plain(base, result, t, base_left, off_weight):
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


_after = _after_plain
if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def _after_viper(base: ptr8, result: ptr8, t: ptr32, base_left: int, off_weight: int) -> int:
        left = 0
        s = 0
        while s < 25:
            left += result[s]
            s += 1
        d = (base_left - left) * off_weight
        s = 0
        while s < 25:
            old = base[s]
            new = result[s + 25]
            if old != new:
                d += t[(s << 4) + new] - t[(s << 4) + old]
            s += 1
        while s < 50:
            old = base[s]
            new = result[s - 25]
            if old != new:
                d += t[(s << 4) + new] - t[(s << 4) + old]
            s += 1
        return d

    _after = _after_viper


_shipped = None


class Ranker:
    """Linear scores of many plays' results against one base position.

    Rankers of the shipped weights share one table (3.2 KB)."""

    def __init__(self, linear=None):
        global _shipped
        if linear is None:
            if _shipped is None:
                _shipped = table(weights.LINEAR)
            self.table = _shipped
            linear = weights.LINEAR
        else:
            self.table = table(linear)
        self.off_weight = linear[_OFF + 1]
        self.base = bytearray(50)
        self.base_left = 0

    def set_base(self, board):
        """board: the flipped position before the play (as Scorer.set_base)."""
        left = 0
        for s in range(50):
            self.base[s] = board[s]
            if s >= 25:
                left += board[s]
        self.base_left = left

    def after(self, result):
        """The linear score of flip(result) relative to the base: higher is
        better for the side to roll next."""
        return _after(self.base, result, self.table, self.base_left, self.off_weight)
