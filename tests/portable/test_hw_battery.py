import machine  # first: under MicroPython it puts simulated time behind `import time`
import time

from hw import board
from hw.battery import CRITICAL, LOW, OK, Battery, next_state, percent
from hw.matrix import Matrix

sim = machine.sim


def fresh():
    sim.reset()
    return Battery(machine.ADC(board.VSYS_GPIO), board.VSYS_CAL_MV)


def settle(battery, mv, seconds=30, load=0):
    sim.battery.set_voltage(mv)
    for _ in range(seconds):
        sim.clock.advance(1000)
        battery.update(time.ticks_ms(), load)
    return battery.state


def test_fresh_pack_is_ok_and_full():
    battery = fresh()
    assert battery.update(time.ticks_ms(), 0) == OK
    assert 4600 < battery.mv < 4800
    assert battery.percent >= 95


def test_samples_once_a_period():
    battery = fresh()
    battery.update(time.ticks_ms(), 0)
    sim.battery.set_voltage(3000)
    sim.clock.advance(500)
    battery.update(time.ticks_ms(), 0)
    assert battery.state == OK and battery.mv > 4000
    sim.clock.advance(500)
    battery.update(time.ticks_ms(), 0)
    assert battery.mv < 4600


def test_thresholds_with_hysteresis():
    battery = fresh()
    assert settle(battery, 3500) == OK
    assert settle(battery, 3400) == LOW
    assert settle(battery, 3500) == LOW          # inside the hysteresis band
    assert settle(battery, 3600) == OK
    assert settle(battery, 3100) == CRITICAL
    assert settle(battery, 3200) == CRITICAL
    assert settle(battery, 3300) == LOW


def test_noise_near_a_threshold_does_not_flap():
    battery = fresh()
    sim.adc_noise_lsb = 12                       # about +-29 mV at VSYS
    settle(battery, 3600)
    changes = 0
    state = battery.state
    for mv in (3470, 3450, 3430, 3460, 3440, 3455, 3445, 3465, 3450):
        settle(battery, mv, seconds=10)
        if battery.state != state:
            changes += 1
            state = battery.state
    assert changes <= 1
    assert state == LOW


def test_led_load_sag_is_corrected():
    sim.reset()
    matrix = Matrix(machine.I2C(0), board.MATRIX_ADDRESSES)
    battery = Battery(machine.ADC(board.VSYS_GPIO), board.VSYS_CAL_MV)
    frame = bytearray(512)
    for p in range(0, 512, 2):
        frame[p] = 3
    matrix.show(frame)
    rest = sim.battery.rest_mv()
    sagged = sim.vsys_mv()
    assert rest - sagged > 300                   # the picture really pulls the pack down
    settle(battery, None, seconds=10, load=matrix.load_ma())
    assert abs(battery.mv - rest) < 60


def test_a_draining_pack_goes_low_then_critical_and_never_back():
    battery = fresh()
    sim.battery.set_used(600)
    seen = []
    for _ in range(400):
        sim.battery.used_uas += 2000 * 3600 * 1      # a thousandth of the charge
        sim.clock.advance(1000)
        state = battery.update(time.ticks_ms(), 0)
        if not seen or seen[-1] != state:
            seen.append(state)
    assert seen == [OK, LOW, CRITICAL]
    assert battery.percent < 10


def test_next_state_table():
    assert next_state(OK, 3460) == OK
    assert next_state(OK, 3440) == LOW
    assert next_state(LOW, 3540) == LOW
    assert next_state(LOW, 3550) == OK
    assert next_state(OK, 3100) == CRITICAL
    assert next_state(CRITICAL, 3240) == CRITICAL
    assert next_state(CRITICAL, 3250) == LOW
    assert next_state(CRITICAL, 3700) == OK


def test_percent_follows_the_discharge_curve():
    assert percent(4800) == 100
    assert percent(3690) == 50
    assert percent(2900) == 0
    previous = 101
    for mv in range(4800, 2900, -50):
        assert percent(mv) <= previous
        previous = percent(mv)
