"""Conditioned entropy for the dice, with the noise source's health tests.

    pool = Pool(noise)       noise: raw(buf) fills buf with one raw sample a
                             byte; extra() gives bytes the platform adds
    pool.start()             the power-on health test over 1024 samples, then
                             the first seed; pool.fault says why it failed
    pool.stir(ticks_us)      a button press's timing, folded in
    pool.byte()              0..255 for firmware.engine.dice.Dice

The raw samples are health-tested as NIST SP 800-90B (section 4.4) does,
at power-on and on every reseed: the repetition count test (one value
repeated too often in a row) and the adaptive proportion test (one value too
frequent in a window of 512). Everything is condensed with SHA-256 into a
32-byte pool; the dice read blocks hashed from the pool, never the pool or
the raw samples. docs/dice.md has the design, the cutoffs and what they
assume.
"""
import hashlib

from micropython import const

# Assumed min-entropy of one raw sample (8 ring-oscillator bits): 1 bit.
# With a false alarm rate of 2**-20 per sample, SP 800-90B's cutoffs are
#   repetition count:    1 + ceil(20 / H)                       = 21
#   adaptive proportion: 1 + CRITBINOM(512, 2**-H, 1 - 2**-20)  = 311
# (tests/engine/test_entropy_cutoffs.py computes both again from these formulas).
RCT_CUTOFF = const(21)
APT_WINDOW = const(512)
APT_CUTOFF = const(311)
STARTUP_SAMPLES = const(1024)   # at least 1024 at power-on (SP 800-90B 4.3)
RESEED_SAMPLES = const(64)      # fresh raw samples hashed in before each block

STUCK = "SOURCE STUCK"          # what the display says for each failure
BIASED = "SOURCE BIASED"
NOT_STARTED = "NOT TESTED"


class Health:
    """Both tests, run on as samples come, across calls to check()."""

    def __init__(self):
        self.fault = None
        self.samples = 0            # samples tested, all time
        self._last = -1             # repetition count: the value and its run
        self._run = 0
        self._first = -1            # adaptive proportion: the window's value,
        self._seen = 0              # its count, and samples left in the window
        self._left = 0

    def check(self, samples):
        """Tests each sample; False once either test has failed (and then
        always: a failed source is not trusted again until power-on)."""
        if self.fault is not None:
            return False
        last, run = self._last, self._run
        first, seen, left = self._first, self._seen, self._left
        for x in samples:
            if x == last:
                run += 1
                if run >= RCT_CUTOFF:
                    self.fault = STUCK
                    break
            else:
                last = x
                run = 1
            if left == 0:
                first = x
                seen = 1
                left = APT_WINDOW - 1
            else:
                left -= 1
                if x == first:
                    seen += 1
                    if seen >= APT_CUTOFF:
                        self.fault = BIASED
                        break
        self.samples += len(samples)
        self._last, self._run = last, run
        self._first, self._seen, self._left = first, seen, left
        return self.fault is None


class Pool:
    """The dice's source of bytes: SHA-256 over health-tested raw samples,
    the platform's own random bytes and the timing of button presses."""

    def __init__(self, noise):
        self.noise = noise
        self.health = Health()
        self.started = False
        # The pool and the block are rewritten in place: new digests kept
        # would each lie wherever the heap's use had reached and split it.
        self._pool = bytearray(32)
        self._counter = 0
        self._block = bytearray(32)
        self._at = 32               # the block used up: the first byte refills it
        self._raw = bytearray(RESEED_SAMPLES)

    @property
    def fault(self):
        if not self.started:
            return NOT_STARTED
        return self.health.fault

    def start(self):
        """The power-on test and first seed; True when the source passed.
        A failed source still gives bytes (the pool goes on hashing press
        timings and whatever the source gives), but `fault` says so."""
        raw = bytearray(STARTUP_SAMPLES)
        self.noise.raw(raw)
        self.health.check(raw)
        self._pool[:] = hashlib.sha256(raw + self.noise.extra()).digest()
        self.started = True
        return self.health.fault is None

    def stir(self, value):
        """Folds in a number that varies unpredictably (a press's ticks_us)."""
        value &= 0xFFFFFFFF
        self._pool[:] = hashlib.sha256(self._pool + bytes((
            2, value & 255, value >> 8 & 255, value >> 16 & 255, value >> 24))).digest()

    def byte(self):
        if self._at >= 32:
            self._refill()
        self._at += 1
        return self._block[self._at - 1]

    def _refill(self):
        if not self.started:
            self.start()
        raw = self._raw
        self.noise.raw(raw)
        self.health.check(raw)
        self._counter += 1
        c = self._counter
        self._pool[:] = hashlib.sha256(self._pool + raw + bytes((
            0, c & 255, c >> 8 & 255, c >> 16 & 255, c >> 24 & 255))).digest()
        self._block[:] = hashlib.sha256(b"\x01" + self._pool).digest()
        self._at = 0
