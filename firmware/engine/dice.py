"""Dice: fair faces from an injectable source of random bytes.

    Dice(SeededSource(7)).roll()   -> (d1, d2), the same on CPython and MicroPython
    Dice(EntropySource()).roll()   -> hardware entropy (os.urandom) on the device
    ManualDice().push(3, 1).roll() -> (3, 1): dice entered by hand or by a test

A source has byte() -> 0..255. A face takes one byte and keeps it only below
252 (= 6 * 42), so each face has exactly 42 of the 252 values: no modulo bias.
"""

from micropython import const

_FAIR_LIMIT = const(252)    # the largest multiple of 6 not above 256
_MASK32 = 0xFFFFFFFF


class SeededSource:
    """Marsaglia's xorshift32, written out so every Python gives the same
    bytes for the same seed. For tests, tools and replays, not for play."""

    def __init__(self, seed=1):
        self.state = (seed & _MASK32) or 0x9E3779B9   # xorshift must not start at 0

    def byte(self):
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x >> 24


class EntropySource:
    """Bytes from os.urandom (the RP2040's ring oscillator on the device),
    fetched a few at a time."""

    def __init__(self, chunk=16):
        import os
        self._urandom = os.urandom
        self._chunk = chunk
        self._buf = b""
        self._at = 0

    def byte(self):
        if self._at >= len(self._buf):
            self._buf = self._urandom(self._chunk)
            self._at = 0
        self._at += 1
        return self._buf[self._at - 1]


class Dice:
    def __init__(self, source):
        self.source = source

    def one(self):
        """One fair die, 1..6."""
        while True:
            b = self.source.byte()
            if b < _FAIR_LIMIT:
                return b % 6 + 1

    def roll(self):
        """Two dice, (d1, d2)."""
        return self.one(), self.one()


class ManualDice:
    """Dice whose faces are given in advance (entered on the handheld, or
    scripted by a test); same one()/roll() as Dice."""

    def __init__(self, faces=()):
        self.faces = []
        self.push(*faces)

    def push(self, *faces):
        for face in faces:
            if not (isinstance(face, int) and 1 <= face <= 6):
                raise ValueError("a die shows 1..6, got %r" % (face,))
            self.faces.append(face)
        return self

    def pending(self):
        return len(self.faces)

    def one(self):
        if not self.faces:
            raise ValueError("no die entered")
        return self.faces.pop(0)

    def roll(self):
        if len(self.faces) < 2:
            raise ValueError("a roll needs two dice, %d entered" % len(self.faces))
        return self.one(), self.one()
