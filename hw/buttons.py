"""The eight buttons: polled, debounced, with press, release, long press and
auto-repeat events, for several buttons at once.

Pins read 0 while pressed (buttons to ground, internal pull-ups). A level counts
only once it has held for debounce_ms. Events use firmware/handheld/keys.py's encoding,
event = kind << 4 | button, with the button numbered by its place in `pins`.
poll() fills the preallocated `events` buffer and returns how many it holds.
Every interval goes through ticks_diff, so the ticks_ms wrap does no harm.
"""
from micropython import const
from time import ticks_add, ticks_diff

PRESS = const(1)
RELEASE = const(2)
LONG = const(3)
REPEAT = const(4)


class Buttons:
    def __init__(self, pins, debounce_ms=20, long_ms=700, repeat_after_ms=400,
                 repeat_every_ms=120, repeat_mask=0xFF, released=None):
        n = len(pins)
        self.pins = pins
        # released(): True when every button reads released, in one read of
        # the pins' register (board.buttons_released); eight Pin.value()
        # calls cost 0.5 ms on the chip, most of a waiting pass.
        self.released = released
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_after_ms = repeat_after_ms
        self.repeat_every_ms = repeat_every_ms
        self.repeat_mask = repeat_mask      # bit b set: button b auto-repeats
        # At most two events per button per poll (a change, or LONG and REPEAT).
        self.events = bytearray(2 * n)
        self._raw = bytearray(n)            # 1 = reads pressed
        self._raw_at = [0] * n              # ticks when the raw level last changed
        self._down = bytearray(n)           # debounced: 1 = pressed
        self._down_at = [0] * n
        self._long_sent = bytearray(n)
        self._repeat_at = [0] * n
        self._muted = bytearray(n)          # held through a wake-up: no events until released
        self.quiet = True                  # every button released and settled: no timer running

    def poll(self, now_ms):
        """Reads the pins; returns the number of new events in `events`."""
        if self.quiet:
            # Nearly every poll: all released and settled, no debounce or
            # hold to time. Only a pin that reads pressed needs the state
            # machine below (which reads the pins again).
            if self.released is not None:
                if self.released():
                    return 0
            else:
                for pin in self.pins:
                    if not pin.value():
                        break
                else:
                    return 0
        count = 0
        quiet = True
        raw = self._raw
        down = self._down
        pins = self.pins
        for b in range(len(pins)):
            level = 0 if pins[b].value() else 1
            if level != raw[b]:
                raw[b] = level
                self._raw_at[b] = now_ms
            elif level != down[b]:
                if ticks_diff(now_ms, self._raw_at[b]) >= self.debounce_ms:
                    count = self._change(b, level, now_ms, count)
            elif level and not self._muted[b]:
                count = self._held(b, now_ms, count)
            if level or down[b]:
                quiet = False
        self.quiet = quiet
        return count

    def _change(self, b, level, now_ms, count):
        self._down[b] = level
        if level:
            self._down_at[b] = now_ms
            self._long_sent[b] = 0
            self._repeat_at[b] = ticks_add(now_ms, self.repeat_after_ms)
            if not self._muted[b]:
                self.events[count] = PRESS << 4 | b
                count += 1
        elif self._muted[b]:
            self._muted[b] = 0
        else:
            self.events[count] = RELEASE << 4 | b
            count += 1
        return count

    def _held(self, b, now_ms, count):
        if not self._long_sent[b] and ticks_diff(now_ms, self._down_at[b]) >= self.long_ms:
            self._long_sent[b] = 1
            self.events[count] = LONG << 4 | b
            count += 1
        if self.repeat_mask >> b & 1 and ticks_diff(now_ms, self._repeat_at[b]) >= 0:
            due = ticks_add(self._repeat_at[b], self.repeat_every_ms)
            if ticks_diff(now_ms, due) >= 0:     # polled late: no burst of repeats
                due = ticks_add(now_ms, self.repeat_every_ms)
            self._repeat_at[b] = due
            self.events[count] = REPEAT << 4 | b
            count += 1
        return count

    def held(self, b):
        """True while button b is (debounced) pressed."""
        return self._down[b] == 1

    def any_pressed(self):
        """True if any pin reads pressed right now, without debouncing."""
        for pin in self.pins:
            if not pin.value():
                return True
        return False

    def mute_held(self, now_ms):
        """Buttons pressed now give no events until released (the press that
        woke the device from sleep does not also act in the game)."""
        for b in range(len(self.pins)):
            if not self.pins[b].value():
                self._muted[b] = 1
                self.quiet = False
                self._raw[b] = 1
                self._raw_at[b] = now_ms
                self._down[b] = 1
