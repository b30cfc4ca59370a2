import machine  # first: under MicroPython it puts simulated time behind `import time`
import time

from firmware.handheld import keys
from hw import board, buttons
from hw.buttons import Buttons

sim = machine.sim


def fresh(start_ms=0, **kwargs):
    sim.reset(start_ms)
    return Buttons(board.make_button_pins(), **kwargs)


def run(pad, ms, step=5):
    """Polls every `step` ms for `ms`; returns [(ticks, event), ...]."""
    out = []
    for _ in range(ms // step):
        sim.clock.advance(step)
        now = time.ticks_ms()
        for i in range(pad.poll(now)):
            out.append((now, pad.events[i]))
    return out


def kinds(events):
    return [keys.kind(ev) for _, ev in events]


def test_event_encoding_is_firmware_keys():
    assert (buttons.PRESS, buttons.RELEASE, buttons.LONG, buttons.REPEAT) == (
        keys.PRESS, keys.RELEASE, keys.LONG, keys.REPEAT)
    pad = fresh()
    for b, name in enumerate(keys.NAMES):
        sim.press(name)
        events = run(pad, 50)
        assert [ev for _, ev in events] == [keys.event(keys.PRESS, b)]
        sim.release(name)
        events = run(pad, 50)
        assert [ev for _, ev in events] == [keys.event(keys.RELEASE, b)]


def test_press_counts_only_after_the_debounce_time():
    pad = fresh(debounce_ms=20)
    sim.press("A")
    first = run(pad, 15)
    assert first == []
    events = run(pad, 20)
    assert kinds(events) == [keys.PRESS]
    assert pad.held(keys.A)


def test_a_glitch_shorter_than_the_debounce_time_is_ignored():
    pad = fresh(debounce_ms=20)
    sim.press("B")
    run(pad, 10)
    sim.release("B")
    assert run(pad, 100) == []


def test_bouncing_contacts_give_one_press_and_one_release():
    pad = fresh(debounce_ms=20)
    sim.set_bounce(8)
    levels = set()
    for _ in range(20):
        sim.press("LEFT")
        levels.add(machine.Pin(board.BUTTON_GPIOS[keys.LEFT]).value())
        sim.clock.advance_us(300)
    sim.press("LEFT")
    events = run(pad, 300, step=1)
    sim.release("LEFT")
    events += run(pad, 300, step=1)
    assert levels == {0, 1}                      # the contact did chatter
    assert kinds(events) == [keys.PRESS, keys.RELEASE]


def test_long_press_once_then_repeats_at_the_rate():
    pad = fresh(debounce_ms=20, long_ms=700, repeat_after_ms=400, repeat_every_ms=100)
    sim.press("UP")
    events = run(pad, 1000)
    press_at = events[0][0]
    assert kinds(events)[0] == keys.PRESS
    repeats = [t for t, ev in events if keys.kind(ev) == keys.REPEAT]
    longs = [t for t, ev in events if keys.kind(ev) == keys.LONG]
    assert [time.ticks_diff(t, press_at) for t in longs] == [700]
    assert [time.ticks_diff(t, press_at) for t in repeats] == [400, 500, 600, 700, 800, 900]


def test_repeat_mask_limits_auto_repeat():
    pad = fresh(repeat_mask=1 << keys.RIGHT)
    sim.press("RIGHT")
    sim.press("A")
    events = run(pad, 1000)
    repeating = set(keys.button(ev) for _, ev in events if keys.kind(ev) == keys.REPEAT)
    assert repeating == {keys.RIGHT}


def test_several_buttons_at_once():
    pad = fresh()
    sim.press("A")
    sim.press("CUBE")
    sim.press("DOWN")
    events = run(pad, 30)
    assert len(set(t for t, _ in events)) == 1       # one poll reported all three
    assert sorted(keys.button(ev) for _, ev in events) == [keys.DOWN, keys.A, keys.CUBE]
    sim.release("CUBE")
    events = run(pad, 30)
    assert [ev for _, ev in events] == [keys.event(keys.RELEASE, keys.CUBE)]
    assert pad.held(keys.A) and pad.held(keys.DOWN) and not pad.held(keys.CUBE)


def test_timing_survives_the_ticks_wrap():
    start = time.ticks_add(0, -600)              # 600 ms before ticks_ms wraps to 0
    pad = fresh(start_ms=start, debounce_ms=20, long_ms=700, repeat_after_ms=400,
                repeat_every_ms=100)
    assert time.ticks_ms() == start
    sim.press("MENU")
    events = run(pad, 1000)
    press_at = events[0][0]
    assert press_at > time.ticks_ms()            # pressed before the wrap
    longs = [t for t, ev in events if keys.kind(ev) == keys.LONG]
    assert [time.ticks_diff(t, press_at) for t in longs] == [700]
    assert kinds(events).count(keys.REPEAT) == 6


def test_late_polls_give_one_repeat_not_a_burst():
    pad = fresh(repeat_after_ms=400, repeat_every_ms=100)
    sim.press("DOWN")
    run(pad, 30)
    sim.clock.advance(2000)
    first = pad.poll(time.ticks_ms())
    assert sorted(keys.kind(pad.events[i]) for i in range(first)) == [keys.LONG, keys.REPEAT]
    assert kinds(run(pad, 100)) == [keys.REPEAT]


def test_a_press_held_through_wake_up_gives_no_events():
    pad = fresh()
    sim.press("A")
    pad.mute_held(time.ticks_ms())
    assert run(pad, 1500) == []
    sim.release("A")
    assert run(pad, 50) == []
    sim.press("A")
    assert kinds(run(pad, 50)) == [keys.PRESS]


def test_a_press_muted_at_wake_up_and_released_before_the_next_poll_is_not_held():
    pad = fresh()
    run(pad, 50)                                 # all released and settled
    sim.press("A")
    pad.mute_held(time.ticks_ms())
    sim.release("A")
    assert run(pad, 50) == []
    assert not pad.held(keys.A)
    sim.press("A")
    assert kinds(run(pad, 50)) == [keys.PRESS]


def test_a_30_ms_tap_registers_whatever_the_polls_phase():
    # the loop polls once a pass (10 ms) with the board's debounce
    for phase in range(10):
        pad = fresh(debounce_ms=board.DEBOUNCE_MS)
        events = []
        for t in range(200):
            if t == 100 + phase:
                sim.press("B")
            elif t == 130 + phase:
                sim.release("B")
            if t % 10 == 0:
                now = time.ticks_ms()
                events += [pad.events[i] for i in range(pad.poll(now))]
            sim.clock.advance(1)
        assert events == [keys.event(keys.PRESS, keys.B), keys.event(keys.RELEASE, keys.B)], phase


def test_event_buffer_holds_the_worst_poll():
    pad = fresh(long_ms=400, repeat_after_ms=400)
    for name in keys.NAMES:
        sim.press(name)
    run(pad, 50)
    sim.clock.advance(400)
    assert pad.poll(time.ticks_ms()) == 16
