"""Keys from the window or the terminal, fed to the simulated buttons so
that the firmware sees every press whatever the frame rate.

A frame takes the key events that came since the last one, then runs the
simulation. Applied as they come, a press and its release that arrive in
one frame (a quick tap, or any press on a machine too busy to draw often)
would close and open the contact with no simulated time between, and the
buttons' debounce (hw/board.py, 10 ms) would never see it. So each change
waits, in simulated time, until the button's last change is at least
MIN_MS old (or the press's own hold, for the terminal's key presses): the
frame runs the simulation up to that moment, then applies it.
"""

MIN_MS = 40     # a press, and the gap after it: past the 10 ms debounce and a 10 ms poll, twice


class KeyFeed:
    def __init__(self, sim, min_ms=MIN_MS):
        self.sim = sim
        self.min_ms = min_ms
        self.queue = []         # (down, button, ms after the button's last change)
        self.changed = {}       # button -> simulated ms of its last change

    def down(self, name, after=None):
        self.queue.append((True, name, self.min_ms if after is None else after))

    def up(self, name, after=None):
        self.queue.append((False, name, self.min_ms if after is None else after))

    def tap(self, name, hold_ms):
        """A press of hold_ms: a key that reports no release (the terminal)."""
        self.down(name)
        self.up(name, max(hold_ms, self.min_ms))

    def pending(self):
        return len(self.queue)

    def feed(self):
        """Applies the queued changes in order, running the simulation
        between them where a change must wait; the simulated ms it ran."""
        sim = self.sim
        ran = 0
        queue = self.queue
        self.queue = []
        for down, name, after in queue:
            at = self.changed.get(name)
            if at is not None:
                wait = at + after - sim.total_ms()
                if wait > 0:
                    sim.run_ms(wait)
                    ran += wait
            if down:
                sim.down(name)
            else:
                sim.up(name)
            self.changed[name] = sim.total_ms()
        return ran
