"""Records what a PWM pin plays: (time_ms, freq_hz, duty_u16) at each change.

The record of each pin is bounded: once it holds MOST changes, the oldest
are forgotten down to the last KEEP (a whole stretch at a time, so the cost
per change stays constant). forgotten(gpio) counts what was dropped, so a
mark taken as forgotten + len(history) stays valid across a trim. A long
simulated run (hours of button mashing under a small MicroPython heap)
therefore holds at most MOST records per pin.
"""

MOST = 400      # records kept before a trim
KEEP = 100      # records left after it: always the newest


class ToneRecorder:
    def __init__(self, clock):
        self.clock = clock
        self.reset()

    def reset(self):
        self.history = {}       # gpio -> list of (ms, freq, duty_u16), the newest last
        self.state = {}         # gpio -> (freq, duty_u16)
        self.dropped = {}       # gpio -> records forgotten since the reset

    def set(self, gpio, freq, duty_u16):
        if self.state.get(gpio) == (freq, duty_u16):
            return
        self.state[gpio] = (freq, duty_u16)
        history = self.history.setdefault(gpio, [])
        history.append((self.clock.ms(), freq, duty_u16))
        if len(history) > MOST:
            drop = len(history) - KEEP
            del history[:drop]
            self.dropped[gpio] = self.dropped.get(gpio, 0) + drop

    def forgotten(self, gpio):
        """How many of the pin's oldest records were dropped since the reset."""
        return self.dropped.get(gpio, 0)

    def sounding(self, gpio):
        """True while the pin drives the buzzer (a duty above 0)."""
        state = self.state.get(gpio)
        return state is not None and state[1] > 0

    def notes(self, gpio):
        """The sounding stretches as (start_ms, length_ms, freq_hz), in order,
        of the records still kept."""
        out = []
        start = None
        freq = 0
        for ms, f, duty in self.history.get(gpio, []):
            if start is not None:
                out.append((start, ms - start, freq))
                start = None
            if duty > 0:
                start = ms
                freq = f
        if start is not None:
            out.append((start, self.clock.ms() - start, freq))
        return out
