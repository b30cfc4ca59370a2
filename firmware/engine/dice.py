"""Dice: fair faces from an injectable source of random bytes.

    Dice(SeededSource(7)).roll()   -> (d1, d2), the same on CPython and MicroPython
    Dice(entropy.Pool(noise))      -> the device's dice: health-tested, conditioned
                                      entropy (firmware/engine/entropy.py)
    ManualDice().push(3, 1).roll() -> (3, 1): dice entered by hand or by a test

A source has byte() -> 0..255. A face takes one byte and keeps it only below
252 (= 6 * 42), so each face has exactly 42 of the 252 values: no modulo bias.
Every loop that draws again is bounded: a source that keeps giving rejected
bytes is reported in `fault` instead of hanging the game. Dice rolled count
into `tally` (firmware/engine/dicestats.py), the DICE screen's figures.
"""

from micropython import const

_FAIR_LIMIT = const(252)    # the largest multiple of 6 not above 256
# Bytes one die may draw: a fair source rejects 32 in a row with probability
# (4/256)**32, about 10**-58; a source that does is broken.
DRAWS = const(32)
STUCK = "DICE STUCK"
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


class Dice:
    def __init__(self, source):
        from firmware.engine.dicestats import Tally     # compiled after the app, not before
        self.source = source
        self.tally = Tally()
        self.stuck = 0              # dice that ran out of draws
        self.note = None            # a fault seen by a caller (the opening roll)

    @property
    def fault(self):
        """None while the dice can be trusted, else what to show."""
        fault = getattr(self.source, "fault", None)
        if fault is not None:
            return fault
        if self.stuck:
            return STUCK
        return self.note

    def stir(self, value):
        """Passes a press's timing to a source that can use it."""
        stir = getattr(self.source, "stir", None)
        if stir is not None:
            stir(value)

    def one(self):
        """One fair die, 1..6."""
        source = self.source
        for _ in range(DRAWS):
            b = source.byte()
            if b < _FAIR_LIMIT:
                return b % 6 + 1
        self.stuck += 1
        return b % 6 + 1

    def roll(self):
        """Two dice, (d1, d2), counted in the tally."""
        d1 = self.one()
        d2 = self.one()
        self.tally.add(d1, d2)
        return d1, d2


class ManualDice:
    """Dice whose faces are given in advance (entered on the handheld, or
    scripted by a test); same one()/roll() as Dice."""

    fault = None
    note = None
    tally = None                    # a player's own dice are not the machine's

    def __init__(self, faces=()):
        self.faces = []
        self.push(*faces)

    def stir(self, value):
        pass

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
