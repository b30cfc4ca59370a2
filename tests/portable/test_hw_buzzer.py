import machine  # first: under MicroPython it puts simulated time behind `import time`
import time

from hw import board
from hw.buzzer import Buzzer, note_hz

sim = machine.sim

# C5 for 100 ms, a 50 ms rest, E5 for 100 ms, G5 for 200 ms.
TUNE = bytes((72, 10, 0, 5, 76, 10, 79, 20))


def fresh(start_ms=0):
    sim.reset(start_ms)
    return Buzzer(machine.PWM(machine.Pin(board.BUZZER_GPIO), freq=1000, duty_u16=0))


def play_out(buzzer, ms, step=10):
    for _ in range(ms // step):
        sim.clock.advance(step)
        buzzer.update(time.ticks_ms())


def test_note_frequencies():
    assert note_hz(69) == 440
    assert note_hz(81) == 880
    assert note_hz(57) == 220
    assert note_hz(60) == 262
    assert note_hz(127) == 12544


def test_silent_when_idle():
    fresh()
    assert not sim.buzzer_sounding()
    assert sim.tone_history()[-1][2] == 0


def test_melody_plays_its_notes_in_time_and_ends_silent():
    buzzer = fresh()
    buzzer.play(TUNE, time.ticks_ms())
    assert buzzer.playing
    play_out(buzzer, 600)
    assert not buzzer.playing
    assert sim.notes() == [(0, 100, 523), (150, 100, 659), (250, 200, 784)]
    assert not sim.buzzer_sounding()
    assert sim.tone_history()[-1][2] == 0


def test_a_late_update_skips_to_the_note_due_now():
    buzzer = fresh()
    buzzer.play(TUNE, time.ticks_ms())
    sim.clock.advance(300)
    assert buzzer.update(time.ticks_ms())
    assert sim.notes()[-1][2] == 784
    sim.clock.advance(500)
    assert not buzzer.update(time.ticks_ms())
    assert not sim.buzzer_sounding()


def test_tone_mute_and_volume():
    buzzer = fresh()
    buzzer.volume(4)
    buzzer.tone(69, 5, time.ticks_ms())
    assert sim.tone_history()[-1][1:] == (440, 32768)
    buzzer.mute()
    assert not sim.buzzer_sounding()
    buzzer.play(TUNE, time.ticks_ms())
    play_out(buzzer, 300)
    assert not sim.buzzer_sounding() and not buzzer.playing
    buzzer.mute(False)
    buzzer.volume(1)
    buzzer.tone(81, 5, time.ticks_ms())
    assert sim.tone_history()[-1][1:] == (880, 1000)
    buzzer.volume(0)
    assert not sim.buzzer_sounding()


def test_rejects_a_melody_of_odd_length():
    buzzer = fresh()
    try:
        buzzer.play(b"\x45\x0a\x45", 0)
    except ValueError as exc:
        assert "3 bytes" in str(exc)
    else:
        assert False, "accepted an odd-length melody"


def test_melody_across_the_ticks_wrap():
    buzzer = fresh(start_ms=time.ticks_add(0, -120))
    buzzer.play(TUNE, time.ticks_ms())
    play_out(buzzer, 600)
    start = sim.notes()[0][0]
    assert [(at - start, length, hz) for at, length, hz in sim.notes()] == [
        (0, 100, 523), (150, 100, 659), (250, 200, 784)]
    assert time.ticks_ms() < 1000               # ticks wrapped during the tune
    assert not sim.buzzer_sounding()


def test_stop_silences_at_once():
    buzzer = fresh()
    buzzer.play(TUNE, time.ticks_ms())
    buzzer.stop()
    assert not sim.buzzer_sounding() and not buzzer.playing
