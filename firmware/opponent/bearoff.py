"""Exact race chances once both sides are home: the one-sided bear-off database.

probabilities(board, us, them, out) fills out with the five probabilities
(evaluator order, ints in 1/10000) for the side whose counts are at
board[us:us + 25], on roll, against board[them:them + 25], and returns out;
or returns None unless both sides have every checker left on their home
points 1..6, at most the file's CHECKERS each (fewer than 15, so no gammon
is possible and only the win chance is not 0).

bearoff.bin, beside this module (layout: tools/gen/bearoff.py, which
generates it), holds for each home board the distribution of the number of
rolls needed to bear off. It is read by seek, one block of records per new
board, into buffers allocated once; it is never loaded whole. The side on
roll wins when it needs no more rolls than the other side: win = sum over k
of P(us in exactly k) * P(them in k or more).
"""
from micropython import const

from firmware.opponent import beside

_HEADER = const(16)
_POINTS = const(6)
_SCALE_BITS = const(14)     # entries in 1/2**14
_MAX_WIDTH = const(16)
_ONE = const(10000)

# C(n, k) for n = 0..21, k = 1..6 at [(k - 1) * 22 + n]: the rank's terms
_CHOOSE = []
for _k in range(1, 7):
    for _n in range(22):
        _c = 1
        for _i in range(_k):
            _c = _c * (_n - _i) // (_i + 1)
        _CHOOSE.append(_c if _n >= _k else 0)
_CHOOSE = tuple(_CHOOSE)


class Database:
    """The open file, its header, and the last two boards read (one per side)."""

    def __init__(self, path):
        self.file = open(path, "rb")
        head = bytearray(_HEADER)
        self.file.readinto(head)
        if head[0:4] != b"BOFF" or head[4] != 1 or head[5] != _POINTS:
            raise ValueError("%s is not a version 1 bear-off file: header %r" % (path, bytes(head[0:6])))
        self.checkers = head[6]
        if self.checkers >= 15:
            # a side with none borne off could lose a gammon, which the
            # file does not hold the chances of
            raise ValueError("%s covers %d checkers; at most 14 are supported" % (path, self.checkers))
        self.block = head[7]
        self.count = head[8] | head[9] << 8 | head[10] << 16 | head[11] << 24
        self.buf = bytearray(self.block * (1 + 2 * _MAX_WIDTH))
        self.word = bytearray(4)
        # two decoded boards: rank, first roll, width, entries
        self.rank = [-1, -1]
        self.start = [0, 0]
        self.width = [0, 0]
        self.p = ([0] * _MAX_WIDTH, [0] * _MAX_WIDTH)

    def load(self, slot, rank):
        """Decode board `rank` into slot 0 or 1 (a no-op when it is there)."""
        if self.rank[slot] == rank:
            return
        f = self.file
        block = rank // self.block
        f.seek(_HEADER + 4 * block)
        f.readinto(self.word)
        w = self.word
        f.seek(w[0] | w[1] << 8 | w[2] << 16 | w[3] << 24)
        buf = self.buf
        f.readinto(buf)
        at = 0
        for _ in range(rank - block * self.block):
            at += 3 + 2 * (buf[at] & 15)
        head = buf[at]
        width = (head & 15) + 1
        p = self.p[slot]
        for i in range(width):
            p[i] = buf[at + 1 + 2 * i] | buf[at + 2 + 2 * i] << 8
        self.start[slot] = head >> 4
        self.width[slot] = width
        self.rank[slot] = rank

    def win(self):
        """P(slot 0's side, on roll, bears off first), in 1/2**28."""
        pa = self.p[0]
        pb = self.p[1]
        sa = self.start[0]
        sb = self.start[1]
        wb = self.width[1]
        surv = 1 << _SCALE_BITS     # P(slot 1 needs k rolls or more)
        j = 0
        total = 0
        for i in range(self.width[0]):
            k = sa + i
            while j < wb and sb + j < k:
                surv -= pb[j]
                j += 1
            total += pa[i] * surv
        return total


def _rank(board, start):
    """The database index of the home board at board[start:start + 6], or -1
    when the side has a checker outside its home board."""
    for i in range(start + _POINTS, start + 25):
        if board[i]:
            return -1
    r = 0
    s = 0
    for k in range(_POINTS):
        s += board[start + k]
        r += _CHOOSE[k * 22 + s + k]
    return r


_db = None


def database():
    """The shared Database, opened at first use; None when the file is missing."""
    global _db
    if _db is None:
        try:
            _db = Database(beside("bearoff.bin"))
        except OSError:
            _db = False
    return _db or None


def probabilities(board, us, them, out):
    """Exact probabilities of a bear-off (see the module's docstring) into
    out, or None when the position is not one the database covers."""
    r_them = _rank(board, them)
    if r_them <= 0:
        return None
    r_us = _rank(board, us)
    if r_us <= 0:
        return None
    db = database()
    if db is None or r_us >= db.count or r_them >= db.count:
        return None
    db.load(0, r_us)
    db.load(1, r_them)
    out[0] = ((db.win() >> 12) * _ONE + 32768) >> 16
    out[1] = 0
    out[2] = 0
    out[3] = 0
    out[4] = 0
    return out
