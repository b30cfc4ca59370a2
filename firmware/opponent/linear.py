"""The evaluator's linear prefilter as one table lookup per changed slot.

Ranker.after(result) equals evaluator.Scorer.linear_after(result) for the
same base (tests/test_linear.py holds them equal): a linear estimate of the
equity, for the side to roll next, of the position a play leaves (higher is
better for that side). The look-ahead ranks every reply of every roll with
it, so it is the search's most frequent call: a table of each slot's
contribution at each count (50 x 16 uint16, weights.LINEAR summed over the
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
# a play as Plays.expand writes it: our 25 counts, the hit mask at _HITS
# (tests/test_movegen_tables.py checks it against movegen)
_HITS = const(25)


def table(linear=weights.LINEAR):
    """array('H') of 50 x 16: slot s at count c holds its inputs' weights
    (c >= 1, c >= 2, c >= 3, c - 3 beyond three) summed, less the table's
    least sum, so that every entry is an unsigned 16-bit number (1.6 KB;
    the viper loop reads them through ptr16); the differences it sums
    cancel that offset. ValueError if the sums span more than 16 bits."""
    sums = []
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
            sums.append(v)
    low = min(sums)
    if max(sums) - low > 0xFFFF:
        raise ValueError("the linear table's sums span %d, beyond 16 bits" % (max(sums) - low))
    return array("H", [v - low for v in sums])


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


def _record_plain(base, record, t, base_left, off_weight):
    """_after_plain for a play of movegen's store as Plays.expand writes
    it: record[0:25] the mover's counts, record[25:28] the mask of the
    mover's points where it hit (bit p - 1). base must be the flipped start
    of the roll, so only the mover's half, the hit points and the bar can
    differ."""
    left = 0
    d = 0
    for s in range(25, 50):
        old = base[s]
        new = record[s - 25]
        left += new
        if old != new:
            d += t[s * 16 + new] - t[s * 16 + old]
    d += (base_left - left) * off_weight
    hits = record[_HITS] | record[_HITS + 1] << 8 | record[_HITS + 2] << 16
    if hits:
        n = 0
        p = 1
        while hits:
            if hits & 1:
                # the blot on the mover's point p is on slot 24 - p, now empty
                d += t[(24 - p) * 16] - t[(24 - p) * 16 + 1]
                n += 1
            hits >>= 1
            p += 1
        old = base[24]
        d += t[24 * 16 + old + n] - t[24 * 16 + old]
    return d


_after = _after_plain
_record = _record_plain
if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def _after_viper(base: ptr8, result: ptr8, t: ptr16, base_left: int, off_weight: int) -> int:
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

    @micropython.viper
    def _record_viper(base: ptr8, record: ptr8, t: ptr16, base_left: int, off_weight: int) -> int:
        left = 0
        d = 0
        s = 25
        while s < 50:
            old = base[s]
            new = record[s - 25]
            left += new
            if old != new:
                d += t[(s << 4) + new] - t[(s << 4) + old]
            s += 1
        d += (base_left - left) * off_weight
        hits = record[_HITS] | (record[_HITS + 1] << 8) | (record[_HITS + 2] << 16)
        if hits:
            n = 0
            p = 1
            while hits:
                if hits & 1:
                    d += t[(24 - p) << 4] - t[((24 - p) << 4) + 1]
                    n += 1
                hits = hits >> 1
                p += 1
            old = base[24]
            d += t[(24 << 4) + old + n] - t[(24 << 4) + old]
        return d

    _record = _record_viper


_shipped = None


class Ranker:
    """Linear scores of many plays' results against one base position.

    Rankers of the shipped weights share one table (1.6 KB)."""

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
        self.record = bytearray(_HITS + 3)  # a play as a full record (Plays.expand)

    def set_base(self, board):
        """board: the flipped position before the play (as Scorer.set_base)."""
        left = 0
        for s in range(50):
            self.base[s] = board[s]
            if s >= 25:
                left += board[s]
        self.base_left = left

    def after_play(self, plays, i):
        """after(plays.result(i)) from movegen's store, without building
        the result: the play's record expanded into a buffer (our counts
        and its hits). The base must be flip(plays.start)."""
        return _record(self.base, plays.expand(i, self.record),
                       self.table, self.base_left, self.off_weight)

    def after(self, result):
        """The linear score of flip(result) relative to the base: higher is
        better for the side to roll next."""
        return _after(self.base, result, self.table, self.base_left, self.off_weight)
