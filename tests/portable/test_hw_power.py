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
