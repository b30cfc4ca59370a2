"""Records what a PWM pin plays: (time_ms, freq_hz, duty_u16) at each change."""


class ToneRecorder:
    def __init__(self, clock):
        self.clock = clock
        self.reset()

    def reset(self):
        self.history = {}       # gpio -> list of (ms, freq, duty_u16)
        self.state = {}         # gpio -> (freq, duty_u16)

    def set(self, gpio, freq, duty_u16):
        if self.state.get(gpio) == (freq, duty_u16):
            return
        self.state[gpio] = (freq, duty_u16)
        self.history.setdefault(gpio, []).append((self.clock.ms(), freq, duty_u16))

    def sounding(self, gpio):
        """True while the pin drives the buzzer (a duty above 0)."""
        state = self.state.get(gpio)
        return state is not None and state[1] > 0

    def notes(self, gpio):
        """The sounding stretches as (start_ms, length_ms, freq_hz), in order."""
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
