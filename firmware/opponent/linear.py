"""The evaluator's linear prefilter: a roll's plays ranked by table lookups.

A linear estimate of the equity, for the side to roll next, of the position a
play leaves (higher is better for that side), as evaluator.Scorer.linear_after
gives it from the evaluator's LINEAR weights. The look-ahead ranks every
reply of every roll with it, and the root every play of a roll with very
many, so it is the search's most frequent work: a table of each slot's
contribution at each count (50 x 16 uint16, weights.LINEAR summed over the
slot's four inputs) turns a changed slot into one subtraction, and
Ranker.rank scores a whole chunk of movegen's store in one viper call,
keeping the best few, so that a play costs no bytecode. CPython, which has
no emitters, runs the loop's plain twin (firmware/opponent/linear_plain.py),
which tools/gen/twins.py writes from _v_rank (a test regenerates and
compares); tests/portable/test_linear.py holds the loop to the references in
firmware/opponent/linear_reference.py (the table form from a whole
position, and the Scorer's estimate) and, under the MicroPython unix port,
to its twin.
"""
import sys
from array import array

from micropython import const

from firmware.opponent import weights

_OFF = const(200)               # LINEAR's index of the side on roll's checkers off
# movegen's store (movewalk.RECORD): a play as 4 step codes p << 3 | d, then
# its hash; the walk's result() writes the position it leaves
_RECORD = const(6)
_RESULT = bytearray(50)         # _rank's work: a play's result
# Ranker.rank's state (an array of ints, as _rank reads it)
_BASE_LEFT = const(0)
_OFF_WEIGHT = const(1)
_KEPT = const(2)
_LIMIT = const(3)
_FIRST = const(4)


def _sum(linear, s, c):
    """Slot s's inputs' weights at count c, summed."""
    k = 4 * s
    v = 0
    if c >= 1:
        v += linear[k]
    if c >= 2:
        v += linear[k + 1]
    if c >= 3:
        v += linear[k + 2]
    if c > 3:
        v += (c - 3) * linear[k + 3]
    return v


def table(linear=weights.LINEAR):
    """array('H') of 50 x 16: slot s at count c holds its inputs' weights
    (c >= 1, c >= 2, c >= 3, c - 3 beyond three) summed, less the table's
    least sum, so that every entry is an unsigned 16-bit number (1.6 KB;
    the viper loop reads them through ptr16); the differences it sums
    cancel that offset. ValueError if the sums span more than 16 bits.
    The sums are made twice, for the least and greatest and then in
    place, so that no list of 800 ints comes and goes beside the table."""
    low = high = 0
    for i in range(800):
        v = _sum(linear, i >> 4, i & 15)
        if v < low:
            low = v
        elif v > high:
            high = v
    if high - low > 0xFFFF:
        raise ValueError("the linear table's sums span %d, beyond 16 bits" % (high - low))
    out = array("H", range(800))
    for i in range(800):
        out[i] = _sum(linear, i >> 4, i & 15) - low
    return out


if sys.implementation.name != "micropython":
    # CPython has no emitters: the plain twin, generated from _v_rank
    from firmware.opponent.linear_plain import rank as _rank
else:
    import micropython

    from firmware.engine.movewalk import result as _result

    @micropython.viper
    def _v_rank(chunk, n: int, start, base, t, st, scores, index) -> int:
        b = ptr8(base)
        tt = ptr16(t)
        s32 = ptr32(st)
        sc = ptr32(scores)
        ix = ptr16(index)
        res = ptr8(_RESULT)
        one = 1
        h32 = one << 31
        base_left = (s32[_BASE_LEFT] ^ h32) - h32
        off_weight = (s32[_OFF_WEIGHT] ^ h32) - h32
        kept = s32[_KEPT]
        limit = s32[_LIMIT]
        first = s32[_FIRST]
        r = 0
        while r < n:
            # the play's result, as the walk writes it; the changed slots
            # of its flipped board by table: their side where a blot was
            # hit (their bar holds more), then ours
            _result(chunk, r * _RECORD, start, _RESULT)
            d = 0
            s = 0
            if res[49] != b[24]:
                while s < 25:
                    old = b[s]
                    new = res[s + 25]
                    if old != new:
                        d += tt[(s << 4) + new] - tt[(s << 4) + old]
                    s += 1
            s = 25
            left = 0
            while s < 50:
                old = b[s]
                new = res[s - 25]
                left += new
                if old != new:
                    d += tt[(s << 4) + new] - tt[(s << 4) + old]
                s += 1
            d += (base_left - left) * off_weight
            # kept in order, lowest first, after any equal score
            k = kept
            skip = 0
            if k == limit:
                if d >= (sc[k - 1] ^ h32) - h32:
                    skip = 1
                else:
                    k -= 1
            else:
                kept += 1
            if skip == 0:
                while k > 0 and d < (sc[k - 1] ^ h32) - h32:
                    sc[k] = sc[k - 1]
                    ix[k] = ix[k - 1]
                    k -= 1
                sc[k] = d
                ix[k] = first + r
            r += 1
        s32[_KEPT] = kept
        s32[_FIRST] = first + n
        return kept

    _rank = _v_rank


# The shipped weights' table, made at import: the computer is loaded at
# power-on (startup.start()), so this is made once on an empty heap.
_SHIPPED = table(weights.LINEAR)


class Ranker:
    """Linear scores of many plays' results against one base position.

    Rankers of the shipped weights share one table (1.6 KB)."""

    def __init__(self, linear=None):
        if linear is None:
            self.table = _SHIPPED
            linear = weights.LINEAR
        else:
            self.table = table(linear)
        self.off_weight = linear[_OFF + 1]
        self.base = bytearray(50)
        self.base_left = 0
        self.state = array("i", bytes(4 * (_FIRST + 1)))    # rank()'s

    def set_base(self, board):
        """board: the flipped position before the play (as Scorer.set_base)."""
        left = 0
        for s in range(50):
            self.base[s] = board[s]
            if s >= 25:
                left += board[s]
        self.base_left = left

    def start_rank(self, limit):
        """Starts a ranking of one roll's plays that keeps the `limit` best
        (lowest scores)."""
        st = self.state
        st[_BASE_LEFT] = self.base_left
        st[_OFF_WEIGHT] = self.off_weight
        st[_KEPT] = 0
        st[_LIMIT] = limit
        st[_FIRST] = 0

    def rank(self, plays, c, scores, index):
        """Ranks the plays of store chunk c (movegen.Plays.chunk), the
        chunks in order from 0 after start_rank: scores and index (int32,
        uint16 arrays of the limit's length) hold the lowest scores so far,
        lowest first (ties: generator order), and their plays' indices.
        Returns how many they hold. The base must be flip(plays.start);
        each play's score is linear_reference.after's of its result, without a
        call per play."""
        chunk, n = plays.chunk(c)
        return _rank(chunk, n, plays.start, self.base, self.table, self.state, scores, index)
