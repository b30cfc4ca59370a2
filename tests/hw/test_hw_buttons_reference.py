"""hw/buttons.py's poll() against the plain reference it replaced (every
pin through the whole state machine on every poll): the same events, in
the same order, and the same held() on random presses, bounces, wake-up
mutes, late polls and the ticks_ms wrap. The driver skips the state
machine while every button is released and settled; this shows that skip
changes nothing."""
import random

import machine  # noqa: F401  (first: puts the simulated ticks_* behind `time`)
from time import ticks_add, ticks_diff

from hw import buttons
from hw.buttons import Buttons


class Reference(Buttons):
    """Buttons.poll as it was before the quiet state: no shortcut."""

    def poll(self, now_ms):
        count = 0
        for b in range(len(self.pins)):
            level = 0 if self.pins[b].value() else 1
            if level != self._raw[b]:
                self._raw[b] = level
                self._raw_at[b] = now_ms
                continue
            if level != self._down[b]:
                if ticks_diff(now_ms, self._raw_at[b]) >= self.debounce_ms:
                    count = self._change(b, level, now_ms, count)
            elif level and not self._muted[b]:
                count = self._held(b, now_ms, count)
        return count


class Pin:
    def __init__(self):
        self.v = 1          # released (pull-up)

    def value(self):
        return self.v


def test_the_reference_is_the_driver_without_its_shortcut():
    # the reference's state machine is the driver's own (_change, _held)
    assert Reference._change is Buttons._change and Reference._held is Buttons._held
    assert buttons.PRESS == 1


def run_both(seed, steps=20000):
    rng = random.Random(seed)
    pins = [Pin() for _ in range(8)]
    kwargs = dict(debounce_ms=rng.choice((5, 10, 20)), long_ms=700, repeat_after_ms=400,
                  repeat_every_ms=120, repeat_mask=rng.randrange(256))
    ours, ref = Buttons(pins, **kwargs), Reference(pins, **kwargs)
    now = ticks_add(0, -rng.randrange(100000))      # the wrap comes in some runs
    seen = 0
    for _ in range(steps):
        r = rng.random()
        if r < 0.6:
            now = ticks_add(now, rng.choice((1, 5, 10, 10, 10, 15)))
        elif r < 0.99:
            now = ticks_add(now, rng.randrange(1, 60))
        else:
            now = ticks_add(now, rng.randrange(60, 3000))     # a slow pass or a nap
        for pin in pins:
            # mostly released, a press now and then, some of them bouncing
            if pin.v and rng.random() < 0.01:
                pin.v = 0
            elif not pin.v and rng.random() < 0.05:
                pin.v = 1
            elif rng.random() < 0.005:
                pin.v ^= 1
        if rng.random() < 0.002:
            ours.mute_held(now)
            ref.mute_held(now)
        n = ours.poll(now)
        assert n == ref.poll(now)
        assert bytes(ours.events[:n]) == bytes(ref.events[:n]), now
        assert [ours.held(b) for b in range(8)] == [ref.held(b) for b in range(8)]
        seen += n
    return seen


def test_the_same_events_as_the_reference():
    for seed in range(6):
        assert run_both(seed) > 200     # the runs really pressed things
