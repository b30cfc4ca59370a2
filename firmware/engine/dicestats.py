"""What the dice have rolled, this session and all time: the counts of the
DICE screen (docs/dice.md); firmware/engine/fairness.py judges them.

A count list holds the six faces (index 0..5 for faces 1..6), then the
doubles, then the rolls. All time is the count saved with the settings
plus this session's.
"""
import struct

from micropython import const

FACES = const(6)
DOUBLES = const(6)          # index of the doubles in a count list
ROLLS = const(7)            # index of the rolls
SIZE = const(8)
BYTES = const(32)           # SIZE counts of 4 bytes in a save


class Tally:
    def __init__(self):
        self.session = [0] * SIZE
        self.before = [0] * SIZE

    def add(self, d1, d2):
        s = self.session
        s[d1 - 1] += 1
        s[d2 - 1] += 1
        if d1 == d2:
            s[DOUBLES] += 1
        s[ROLLS] += 1

    def all_time(self):
        return [a + b for a, b in zip(self.before, self.session)]

    def to_bytes(self):
        """All time's counts, 4 bytes each, little-endian."""
        b = self.before
        s = self.session
        return struct.pack("<8I", *[min(b[i] + s[i], 0xFFFFFFFF) for i in range(SIZE)])

    def load(self, data):
        """Takes all time's counts from a save (to_bytes()); this session's
        rolls so far are kept on top."""
        if len(data) != BYTES:
            raise ValueError("dice counts: %d bytes, not %d" % (len(data), BYTES))
        before = [0] * SIZE
        for i in range(SIZE):
            before[i] = data[4 * i] | data[4 * i + 1] << 8 | data[4 * i + 2] << 16 | data[4 * i + 3] << 24
        if sum(before[:FACES]) != 2 * before[ROLLS] or before[DOUBLES] > before[ROLLS]:
            raise ValueError("dice counts do not add up: %r" % (before,))
        self.before = before
