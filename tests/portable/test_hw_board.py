import machine  # first: under MicroPython it puts simulated time behind `import time`
import time

from firmware.handheld import keys
from hw import board
from hw.power import IDLE_HZ
from simhw import board as simboard

sim = machine.sim


def test_simulated_wiring_matches_the_pin_map():
    assert simboard.MODULE_ADDRESSES == board.MATRIX_ADDRESSES
    assert simboard.BUTTON_GPIOS == board.BUTTON_GPIOS
    assert simboard.BUTTON_NAMES == keys.NAMES
    assert simboard.BUZZER_GPIO == board.BUZZER_GPIO
    assert simboard.VSYS_GPIO == board.VSYS_GPIO


def test_time_runs_on_the_simulated_clock():
    sim.reset(1000)
    assert time.ticks_ms() == 1000
    sim.clock.advance(250)
    assert time.ticks_ms() == 1250
    time.sleep_ms(50)
    machine.lightsleep(100)
    assert time.ticks_ms() == 1400
    assert time.ticks_us() == 1400000


def test_ticks_wrap_like_the_rp2_port():
    sim.reset((1 << 30) - 5)
    before = time.ticks_ms()
    sim.clock.advance(10)
    after = time.ticks_ms()
    assert after == 5
    assert time.ticks_diff(after, before) == 10
    assert time.ticks_add(before, 10) == after
    assert time.ticks_diff(before, after) == -10


def test_timed_callbacks_run_in_order_at_their_time():
    sim.reset()
    seen = []
    sim.clock.at(30, lambda: seen.append(("b", time.ticks_ms())))
    sim.clock.at(10, lambda: seen.append(("a", time.ticks_ms())))
    sim.clock.advance(25)
    assert seen == [("a", 10)]
    sim.clock.advance(25)
    assert seen == [("a", 10), ("b", 30)]


def test_buttons_read_through_pull_ups():
    sim.reset()
    pins = board.make_button_pins()
    assert [pin.value() for pin in pins] == [1] * 8
    sim.press("CUBE")
    assert [pin.value() for pin in pins] == [1, 1, 1, 1, 1, 1, 0, 1]
    assert machine.Pin(12, machine.Pin.IN).value() == 0
    sim.release(keys.CUBE)
    assert pins[keys.CUBE].value() == 1


def test_missing_module_nacks_with_oserror():
    sim.reset()
    i2c = board.make_i2c()
    assert i2c.scan() == list(board.MATRIX_ADDRESSES)
    sim.unplug(0x74)
    try:
        i2c.writeto(0x74, b"\x21")
    except OSError as exc:
        assert exc.args[0] == 5
    else:
        assert False, "a missing module answered"


def test_ht16k33_decodes_commands_and_ram_pointer():
    sim.reset()
    i2c = board.make_i2c()
    module = sim.modules[0]
    i2c.writeto(0x70, b"\x21")
    assert module.oscillator
    i2c.writeto(0x70, b"\xe7")
    assert module.dimming == 7
    i2c.writeto(0x70, b"\x85")
    assert module.display_on and module.blink == 2
    i2c.writeto(0x70, bytes([0x0E, 1, 2, 3, 4]))   # wraps from 0x0F to 0x00
    assert module.ram[14:16] == bytes([1, 2]) and module.ram[0:2] == bytes([3, 4])
    i2c.writeto(0x70, b"\x20")
    assert not module.lit()
    i2c.writeto(0x70, b"\x60")
    assert module.unknown == 1


def test_pwm_and_adc_follow_the_rp2_api():
    sim.reset()
    pwm = machine.PWM(machine.Pin(board.BUZZER_GPIO), freq=2000, duty_u16=0)
    for bad in (pwm.freq, pwm.duty_u16):
        try:
            bad(-1)
        except ValueError:
            pass
        else:
            assert False, "accepted -1"
    pwm.duty_u16(100)
    assert sim.tone_history()[-1][1:] == (2000, 100)
    sim.battery.set_voltage(3960)
    sim.adc_noise_lsb = 0
    raw = machine.ADC(board.VSYS_GPIO).read_u16()
    assert abs(raw * board.VSYS_CAL_MV // 65536 - sim.vsys_mv()) < 10
    assert machine.ADC(3).read_u16() == raw


def test_watchdog_limit_and_reset_cause():
    sim.reset()
    try:
        machine.WDT(timeout=9000)
    except ValueError:
        pass
    else:
        assert False, "accepted a timeout the rp2 cannot do"
    assert machine.reset_cause() == machine.PWRON_RESET
    assert len(machine.unique_id()) == 8


def test_setup_builds_every_driver():
    sim.reset()
    hw = board.setup()
    frame = bytearray(512)
    frame[0] = 3
    hw.matrix.show(frame)
    assert sim.display_grid() == frame
    assert hw.battery.update(time.ticks_ms(), hw.matrix.load_ma()) == 0
    hw.power.rest()
    assert machine.freq() == IDLE_HZ
    frame[1] = 1
    hw.matrix.show(frame)           # on the I2C bus set up again after the clock change
    assert sim.display_grid() == frame
