"""Simulated time that tests and the simulator advance explicitly.

The ticks functions follow the rp2 port: ticks wrap at 2**30, and
ticks_diff/ticks_add work modulo that period. install() makes the `time`
module's ticks_ms/ticks_us/ticks_cpu/ticks_diff/ticks_add/sleep_ms/sleep_us
run on a Clock, under CPython (where `time` has no ticks at all) and under the
MicroPython unix port (whose own ticks run on the wall clock and wrap at 2**62).
"""
import sys

TICKS_PERIOD = 1 << 30
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALF = TICKS_PERIOD >> 1


def ticks_diff(end, start):
    return ((end - start + TICKS_HALF) & TICKS_MAX) - TICKS_HALF


def ticks_add(ticks, delta):
    return (ticks + delta) & TICKS_MAX


class Clock:
    """Microseconds since the simulated power-on, plus timed callbacks."""

    def __init__(self, start_ms=0):
        self.us = start_ms * 1000
        self._due = []      # (due_us, order, callback), kept sorted
        self._order = 0

    def reset(self, start_ms=0):
        self.us = start_ms * 1000
        self._due = []

    def ms(self):
        return self.us // 1000

    def ticks_ms(self):
        return (self.us // 1000) & TICKS_MAX

    def ticks_us(self):
        return self.us & TICKS_MAX

    def at(self, ms, callback):
        """Calls callback() when the clock reaches `ms` (absolute, not ticks)."""
        self._order += 1
        self._due.append((ms * 1000, self._order, callback))
        self._due.sort()

    def after(self, ms, callback):
        self.at(self.us // 1000 + ms, callback)

    def advance_us(self, us):
        if us < 0:
            raise ValueError("cannot move time backwards by %d us" % us)
        end = self.us + us
        while self._due and self._due[0][0] <= end:
            due, _, callback = self._due.pop(0)
            if due > self.us:
                self.us = due
            callback()
        self.us = end

    def advance(self, ms):
        self.advance_us(ms * 1000)

    def sleep_ms(self, ms):
        if ms > 0:
            self.advance_us(ms * 1000)

    def sleep_us(self, us):
        if us > 0:
            self.advance_us(us)


_real_time = None


class _TimeModule:
    """What `import time` returns under MicroPython once a Clock is installed."""


def install(clock):
    """Runs `time`'s ticks and short sleeps on `clock` from now on."""
    global _real_time
    if sys.implementation.name == "micropython":
        if _real_time is None:
            import utime
            _real_time = utime
        shim = _TimeModule()
        for name in dir(_real_time):
            if not name.startswith("__"):
                setattr(shim, name, getattr(_real_time, name))
        target = shim
    else:
        import time
        target = time
    target.ticks_ms = clock.ticks_ms
    target.ticks_us = clock.ticks_us
    target.ticks_cpu = clock.ticks_us
    target.sleep_ms = clock.sleep_ms
    target.sleep_us = clock.sleep_us
    target.ticks_diff = ticks_diff
    target.ticks_add = ticks_add
    if sys.implementation.name == "micropython":
        sys.modules["time"] = target
