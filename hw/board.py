"""The reference board in one place: every pin, address and bus setting, and
setup(), which builds the drivers on them. See hw/README.md for the wiring."""
from micropython import const

from machine import ADC, I2C, PWM, WDT, Pin, mem32

_I2C_ID = const(0)
_SDA_GPIO = const(4)
_SCL_GPIO = const(5)
_I2C_HZ = const(400000)
# Eight HT16K33s, 4 wide x 2 high, row-major from the top left module.
MATRIX_ADDRESSES = (0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77)
# Buttons to ground with internal pull-ups, in firmware/handheld/keys.py order:
# UP DOWN LEFT RIGHT A B CUBE MENU.
BUTTON_GPIOS = (6, 7, 8, 9, 10, 11, 12, 13)
_BUTTON_MASK = const(0x3FC0)    # GP6..GP13 in GPIO_IN
_SIO_GPIO_IN = const(0xD0000004)  # SIO GPIO_IN: every GPIO's level in one read (RP2040 datasheet 2.3.1.7)
BUZZER_GPIO = const(15)
VSYS_GPIO = const(29)           # ADC3: VSYS through the Pico's 200k/100k divider
# VSYS in mV for a full-scale reading: 3 (divider) x 3300 mV (ADC reference).
# Trim per board against a meter: VSYS_CAL_MV = 9900 * meter_mv // shown_mv.
VSYS_CAL_MV = const(9900)

# A level counts once it has held this long. Tact switches bounce for well
# under 5 ms; 10 ms is twice that, and the loop polls every 10 ms, so a press
# counts at the second poll that sees it. Every ms here is a ms of the
# press-to-LED budget (50 ms, docs/app.md).
DEBOUNCE_MS = const(10)

WATCHDOG_MS = const(5000)
# LED duty at start-up, in sixteenths, until the app sets the player's: the
# app's default (hw/README.md, Current and battery life).
_BRIGHTNESS = const(5)


class Hardware:
    """All the drivers, built once by setup(); main.py keeps this one object."""

    def __init__(self, watchdog=True):
        from hw.battery import Battery
        from hw.buttons import Buttons
        from hw.buzzer import Buzzer
        from hw.entropy import Noise
        from hw.matrix import Matrix
        from hw.power import Power

        self.i2c = make_i2c()
        self.matrix = Matrix(self.i2c, MATRIX_ADDRESSES, _BRIGHTNESS)
        self.buttons = Buttons(make_button_pins(), DEBOUNCE_MS, released=buttons_released)
        self.buzzer = Buzzer(PWM(Pin(BUZZER_GPIO), freq=1000, duty_u16=0))
        self.battery = Battery(ADC(VSYS_GPIO), VSYS_CAL_MV)
        self.entropy = Noise()      # the dice's noise, for firmware/engine/entropy.py
        wdt = WDT(timeout=WATCHDOG_MS) if watchdog else None
        self.power = Power(self.matrix, self.buttons, self.buzzer, wdt, self.retime,
                           wake_gpios=BUTTON_GPIOS)

    def retime(self):
        """After a CPU clock change: the I2C baud rate and the buzzer's PWM
        divider are computed from the clock when set, so set them again."""
        self.i2c = make_i2c()
        self.matrix.i2c = self.i2c
        self.buzzer.retune()


def make_i2c():
    return I2C(_I2C_ID, scl=Pin(_SCL_GPIO), sda=Pin(_SDA_GPIO), freq=_I2C_HZ)


def buttons_released():
    """True when no button reads pressed (pulled up: all their bits 1)."""
    return mem32[_SIO_GPIO_IN] & _BUTTON_MASK == _BUTTON_MASK


def make_button_pins():
    return tuple(Pin(gpio, Pin.IN, Pin.PULL_UP) for gpio in BUTTON_GPIOS)


def setup(watchdog=True):
    return Hardware(watchdog)
