"""Push buttons wired from a GPIO to ground, with optional contact bounce.

A pressed button pulls its pin to 0; a released one leaves it to the pull
(1 with PULL_UP). For `bounce_ms` after each change the contact chatters: a read
returns a pseudo-random level that changes every 250 us, the same for the same
time, so tests repeat exactly.
"""

CHATTER_US = 250


class Contacts:
    def __init__(self, clock):
        self.clock = clock
        self.reset()

    def reset(self):
        self.closed = {}        # gpio -> True while pressed
        self.changed_us = {}    # gpio -> clock.us of the last change
        self.bounce_ms = 0
        self.seed = 12345

    def set(self, gpio, pressed):
        pressed = bool(pressed)
        if self.closed.get(gpio, False) != pressed:
            self.closed[gpio] = pressed
            self.changed_us[gpio] = self.clock.us

    def is_closed(self, gpio):
        return self.closed.get(gpio, False)

    def level(self, gpio, idle_level):
        """The level a pin reads: 0 when closed, idle_level (from the pull) when open."""
        settled = 0 if self.closed.get(gpio, False) else idle_level
        if self.bounce_ms <= 0:
            return settled
        since = self.clock.us - self.changed_us.get(gpio, -10 ** 12)
        if since >= self.bounce_ms * 1000:
            return settled
        x = (self.clock.us // CHATTER_US) * 2654435761 + gpio * 40503 + self.seed
        x = (x ^ (x >> 13)) * 1274126177
        return (x >> 16) & 1
