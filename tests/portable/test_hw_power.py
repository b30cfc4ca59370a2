import machine  # first: under MicroPython it puts simulated time behind `import time`
import time

from firmware.handheld import keys
from hw import board
from hw.buttons import Buttons
from hw.buzzer import Buzzer
from hw.matrix import Matrix
from hw.power import ACTIVE, DIMMED, FULL_HZ, IDLE_HZ, SLEEP, SLICE_MS, Power

sim = machine.sim


class Parts:
    def __init__(self):
        sim.reset()
        self.matrix = Matrix(machine.I2C(0), board.MATRIX_ADDRESSES, level=10)
        self.buttons = Buttons(board.make_button_pins())
        self.buzzer = Buzzer(machine.PWM(machine.Pin(board.BUZZER_GPIO), freq=1000, duty_u16=0))
        self.retimed = 0
        self.wdt = machine.WDT(timeout=board.WATCHDOG_MS)
        self.power = Power(self.matrix, self.buttons, self.buzzer, self.wdt, self.retime,
                           dim_after_ms=30000, sleep_after_ms=120000, dim_level=2)

    def retime(self):
        self.retimed += 1

    def run(self, ms, step=50):
        state = None
        for _ in range(ms // step):
            sim.clock.advance(step)
            state = self.power.update(time.ticks_ms())
        return state


def test_dims_when_idle_and_brightens_on_activity():
    parts = Parts()
    assert parts.run(29000) == ACTIVE
    assert sim.brightness() == [10] * 8
    assert parts.run(2000) == DIMMED
    assert sim.brightness() == [2] * 8
    parts.power.activity(time.ticks_ms())
    assert parts.power.state == ACTIVE
    assert sim.brightness() == [10] * 8


def test_player_brightness_is_what_wake_restores():
    parts = Parts()
    parts.run(31000)
    parts.power.set_brightness(14)
    assert sim.brightness() == [2] * 8
    parts.power.activity(time.ticks_ms())
    assert sim.brightness() == [14] * 8


def test_asks_for_sleep_after_the_idle_time():
    parts = Parts()
    assert parts.run(119000) == DIMMED
    assert parts.run(2000) == SLEEP


def test_sleep_keeps_the_picture_feeds_the_watchdog_and_wakes_on_a_button():
    parts = Parts()
    frame = bytearray(512)
    frame[100] = 2
    parts.matrix.show(frame)
    parts.buzzer.play(bytes((69, 100)), time.ticks_ms())
    seen = []

    def look():
        seen.append((sim.display_grid(), sim.buzzer_sounding(), machine.freq()))
        sim.press("B")

    sim.clock.after(60000, look)
    slept = parts.power.sleep()
    assert 60000 <= slept <= 60000 + SLICE_MS
    grid, sounding, hz = seen[0]
    assert grid == bytearray(512) and not sounding and hz == IDLE_HZ
    assert sim.display_grid() == frame
    assert machine.freq() == FULL_HZ
    assert not sim.watchdog_overdue() and not sim.watchdog_fired
    assert sim.sleep_ms_total >= 60000
    assert parts.power.state == ACTIVE
    events = []
    for _ in range(40):
        sim.clock.advance(50)
        for i in range(parts.buttons.poll(time.ticks_ms())):
            events.append(parts.buttons.events[i])
    assert events == []                 # the waking press does not act
    sim.release("B")
    sim.press("B")
    for _ in range(4):
        sim.clock.advance(10)
        for i in range(parts.buttons.poll(time.ticks_ms())):
            events.append(parts.buttons.events[i])
    assert events == []                 # still muted until seen released
    sim.release("B")
    for _ in range(4):
        sim.clock.advance(10)
        parts.buttons.poll(time.ticks_ms())
    sim.press("B")
    for _ in range(4):
        sim.clock.advance(10)
        for i in range(parts.buttons.poll(time.ticks_ms())):
            events.append(parts.buttons.events[i])
    assert events == [keys.event(keys.PRESS, keys.B)]


def test_slices_are_shorter_than_the_watchdog_timeout():
    assert SLICE_MS * 4 < board.WATCHDOG_MS


def test_think_and_rest_switch_the_cpu_clock_and_retime_once_each():
    parts = Parts()
    parts.power.rest()
    assert machine.freq() == IDLE_HZ
    parts.power.rest()
    parts.power.think()
    assert machine.freq() == FULL_HZ
    assert parts.retimed == 2
    assert [hz for _, hz in sim.freq_history] == [FULL_HZ, IDLE_HZ, FULL_HZ]


def test_update_feeds_the_watchdog():
    parts = Parts()
    parts.run(20000, step=1000)
    assert not sim.watchdog_fired and not sim.watchdog_overdue()
    sim.clock.advance(board.WATCHDOG_MS + 1)
    assert sim.watchdog_overdue()


def test_dormant_enables_a_level_low_wake_on_each_button_for_the_sleep_alone():
    sim.reset()
    registers = {0x40014160: 0x00000004, 0x40014164: 0, 0x40014168: 0, 0x4001416C: 0}
    seen = []

    def dormant():
        seen.append(dict(registers))
    matrix = Matrix(machine.I2C(0), board.MATRIX_ADDRESSES, level=10)
    buttons = Buttons(board.make_button_pins())
    power = Power(matrix, buttons, lightsleep=dormant, wake_gpios=board.BUTTON_GPIOS,
                  registers=registers)
    power.dormant()
    during = seen[0]
    # GP6, GP7 in INTE0 (bits 24, 28), GP8..GP13 in INTE1 (bits 0..20), the
    # bit set before kept
    assert during[0x40014160] == 0x00000004 | 1 << 24 | 1 << 28
    assert during[0x40014164] == 0x00111111
    assert during[0x40014168] == 0 and during[0x4001416C] == 0
    assert registers[0x40014160] == 0x00000004 and registers[0x40014164] == 0


def test_the_simulated_dormant_wakes_on_the_buttons_and_refuses_no_wake_source():
    parts = Parts()
    power = Power(parts.matrix, parts.buttons, wake_gpios=board.BUTTON_GPIOS)
    before = time.ticks_ms()
    power.dormant()
    assert sim.dormant_ms_total == time.ticks_diff(time.ticks_ms(), before) > 0
    assert sim.dormant_wake == [0, 0, 0, 0]
    sim.press("A")
    power.dormant()                     # a wake pin reads low: back at once
    assert sim.dormant_ms_total == time.ticks_diff(time.ticks_ms(), before)
    sim.release("A")
    lost = Power(parts.matrix, parts.buttons)
    try:
        lost.dormant()
    except RuntimeError as exc:
        assert "never wake" in str(exc)
    else:
        raise AssertionError("dormant without a wake source slept")
