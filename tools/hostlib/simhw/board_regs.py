"""RP2040 register addresses the simulated machine.mem32 answers."""
ROSC_RANDOMBIT = 0x40060000 + 0x1C      # ROSC base + RANDOMBIT (RP2040 datasheet 2.17)
SIO_GPIO_IN = 0xD0000000 + 0x004        # SIO base + GPIO_IN: every GPIO's level (RP2040 datasheet 2.3.1.7)
DORMANT_WAKE_INTE0 = 0x40014000 + 0x160  # IO_BANK0 + DORMANT_WAKE_INTE0, INTE1..3 after it (2.19.6.1)
