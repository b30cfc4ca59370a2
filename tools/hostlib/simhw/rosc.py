"""The RP2040's ring oscillator as its RANDOMBIT register reads: one bit a
read, from a seeded generator so a run repeats exactly, or stuck, or biased,
to test what the firmware does with a broken noise source."""

_MASK32 = 0xFFFFFFFF


class RingOscillator:
    def __init__(self, seed=0x2545F491):
        self.seed = seed
        self.stuck = None           # None, 0 or 1: the bit reads that, always
        self.ones_256 = 128         # chance of a 1, in 256ths, when not stuck
        self.reads = 0
        self.reset()

    def reset(self):
        """Power-on: the fault settings are the part's, and stay."""
        self._state = self.seed & _MASK32 or 1

    def bit(self):
        self.reads += 1
        if self.stuck is not None:
            return self.stuck
        x = self._state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self._state = x
        return 1 if (x >> 24) < self.ones_256 else 0
