"""The piezo buzzer: a non-blocking tone and melody player on PWM.

A melody is bytes of (note, length) pairs: MIDI note (69 = A4 = 440 Hz, 0 = rest)
and length in 10 ms units. play() starts one, update(now_ms) moves it on, and
the PWM duty is 0 whenever nothing sounds: at rest, muted, stopped or finished.
"""
from micropython import const
from time import ticks_add, ticks_diff, ticks_ms

# MIDI notes 120..131 (C9..B9) in Hz, 440 * 2 ** ((n - 69) / 12) rounded; lower
# octaves halve them.
_TOP_OCTAVE = (8372, 8870, 9397, 9956, 10548, 11175, 11840, 12544, 13290, 14080, 14917, 15804)
_TOP_NOTE = const(120)
# Duty for volume 0..4: a piezo gets louder with duty up to 50 % (32768).
_VOLUME_DUTY = (0, 1000, 4000, 12000, 32768)
_MAX_VOLUME = const(4)


def note_hz(note):
    """Frequency of a MIDI note 1..131, rounded to whole Hz."""
    shift = 10 - note // 12
    top = _TOP_OCTAVE[note % 12]
    if shift <= 0:
        return top
    return (top + (1 << (shift - 1))) >> shift


class Buzzer:
    def __init__(self, pwm, volume=3):
        self.pwm = pwm
        self.playing = False
        self._melody = b""
        self._pos = 0
        self._end = ticks_ms()  # ticks when the current note ends
        self._muted = False
        self._duty = _VOLUME_DUTY[volume]
        self._one = bytearray(2)    # tone() plays this one-note melody
        self._silence()

    def play(self, melody, now_ms):
        """Starts a melody now, replacing whatever was playing."""
        if len(melody) & 1:
            raise ValueError("a melody is (note, length) pairs, got %d bytes" % len(melody))
        self._melody = melody
        self._pos = 0
        self._end = now_ms
        self.playing = len(melody) > 0
        if self._muted or not self.playing:
            self.playing = False
            self._silence()
            return
        self._start(now_ms)

    def tone(self, note, length_10ms, now_ms):
        """One note, as a one-note melody."""
        self._one[0] = note
        self._one[1] = length_10ms
        self.play(self._one, now_ms)

    def update(self, now_ms):
        """Moves the melody on; returns True while it plays."""
        if not self.playing:
            return False
        if ticks_diff(now_ms, self._end) < 0:
            return True
        melody = self._melody
        pos = self._pos
        end = self._end
        while ticks_diff(now_ms, end) >= 0:     # skips notes an update came too late for
            pos += 2
            if pos >= len(melody):
                self.stop()
                return False
            end = ticks_add(end, melody[pos + 1] * 10)
        self._pos = pos
        self._sound(melody[pos])
        self._end = end
        return True

    def stop(self):
        self.playing = False
        self._silence()

    def mute(self, on=True):
        """Muted, nothing sounds and play() does nothing."""
        self._muted = on
        if on:
            self.stop()

    def muted(self):
        return self._muted

    def volume(self, level):
        """0 (silent) to 4 (loudest)."""
        if not 0 <= level <= _MAX_VOLUME:
            raise ValueError("volume must be 0..%d, got %d" % (_MAX_VOLUME, level))
        self._duty = _VOLUME_DUTY[level]
        if self.playing:
            self._sound(self._melody[self._pos])

    def retune(self):
        """Sets the current note again after a CPU clock change."""
        if self.playing:
            self._sound(self._melody[self._pos])

    def _start(self, now_ms):
        melody = self._melody
        self._end = ticks_add(now_ms, melody[1] * 10)
        if melody[1] == 0:
            self.update(now_ms)
        else:
            self._sound(melody[0])

    def _sound(self, note):
        if note == 0 or self._duty == 0:
            self._silence()
        else:
            self.pwm.freq(note_hz(note))
            self.pwm.duty_u16(self._duty)

    def _silence(self):
        self.pwm.duty_u16(0)
