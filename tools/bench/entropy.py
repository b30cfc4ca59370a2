"""Times the dice's entropy work under the MicroPython unix port and
converts it to RP2040 estimates with tools/bench/devicetime.py:

    .venv/bin/micropython tools/bench/entropy.py

the power-on health test and first seed (1024 raw samples, 8 RANDOMBIT
reads each, both tests, one SHA-256), a reseed (64 samples, two SHA-256)
and a press's stir (one SHA-256). `machine.mem32` is a stand-in: a dict
read, a C-level lookup like the real register read.
"""
import sys

sys.path.insert(0, "tools/bench")
sys.path.insert(0, "")


class _Machine:
    mem32 = {0x4006001C: 1}


sys.modules["machine"] = _Machine     # hw/entropy.py reads machine.mem32 only

from time import ticks_diff, ticks_us  # noqa: E402  (the built-in clock)

import devicetime  # noqa: E402
import hashlib  # noqa: E402

from firmware.engine.entropy import Health, Pool  # noqa: E402
from hw.entropy import Noise  # noqa: E402


def best(fn, rounds=7):
    least = None
    for _ in range(rounds):
        start = ticks_us()
        fn()
        took = ticks_diff(ticks_us(), start)
        if least is None or took < least:
            least = took
    return least


def main():
    ref = devicetime.measure()
    noise = Noise()
    raw_us = best(lambda: noise.raw(bytearray(1024)))
    raw64_us = best(lambda: noise.raw(bytearray(64)))
    big = bytearray(1024)
    for i in range(1024):
        big[i] = (i * 75 + 74) % 257 & 255     # samples that pass both tests
    health_us = best(lambda: Health().check(big))
    health64_us = best(lambda: Health().check(big[:64]))
    assert Health().check(big)
    seed_us = best(lambda: hashlib.sha256(big + bytes(32)).digest())
    pool = Pool(noise)
    pool.start()
    stir_us = best(lambda: pool.stir(123456789))
    hash2_us = best(lambda: hashlib.sha256(b"\x01" + hashlib.sha256(bytes(101)).digest()).digest())
    ref = devicetime.measure(ref)
    r = devicetime.Ratios(ref)
    print(devicetime.line(ref))
    rows = (
        ("power-on: 1024 raw samples (8192 register reads)", raw_us),
        ("power-on: both health tests on them", health_us),
        ("power-on: SHA-256 of the seed", seed_us),
        ("power-on total", raw_us + health_us + seed_us),
        ("reseed: 64 samples, tests, two SHA-256 (32 dice bytes)", raw64_us + health64_us + hash2_us),
        ("stir: a press's timing, one SHA-256", stir_us),
    )
    for name, us in rows:
        print("%-56s %6d us unix %7.2f ms device" % (name, us, r.ms(us)))


main()
