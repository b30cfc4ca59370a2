"""The noise behind the dice: the ring oscillator's RANDOMBIT read raw, and
the port's os.urandom. firmware/engine/entropy.py health-tests the raw
samples and condenses everything with SHA-256; this file only reads.

    noise = Noise()
    noise.raw(buf)      one raw sample a byte: 8 successive RANDOMBIT reads
    noise.extra()       32 bytes of os.urandom (on the rp2 port, the same
                        oscillator's bits through a short LFSR: not raw,
                        so only hashed in, never health-tested)
"""
import os

import machine
from micropython import const

_ROSC_RANDOMBIT = const(0x4006001C)     # ROSC base 0x40060000 + 0x1C (RP2040 datasheet 2.17)


class Noise:
    def raw(self, buf):
        mem = machine.mem32
        for i in range(len(buf)):
            v = 0
            for _ in range(8):
                v = (v << 1) | (mem[_ROSC_RANDOMBIT] & 1)
            buf[i] = v

    def extra(self):
        return os.urandom(32)
