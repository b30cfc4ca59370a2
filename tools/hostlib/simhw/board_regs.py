"""RP2040 register addresses the simulated machine.mem32 answers."""
ROSC_RANDOMBIT = 0x40060000 + 0x1C      # ROSC base + RANDOMBIT (RP2040 datasheet 2.17)
