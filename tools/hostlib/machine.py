"""The simulated `machine` module: the rp2 port's API for what Blot uses, on
models of the reference board (host only, never deployed).

Placed first on the import path, it stands in for the real module under CPython
and under the MicroPython unix port. `machine.sim` is the board behind it (see
simhw/board.py): tests and the simulator press buttons, advance time and read
back the display, the tones and the battery through it.

Importing this module installs simulated time into `time` (simhw/clock.py): from
then on time.ticks_ms(), ticks_us(), sleep_ms() and lightsleep() run on
machine.sim.clock, which only moves when a test, the simulator or a sleep
advances it.
"""
from simhw import clock as _clock
from simhw.board import SimBoard
from simhw.board_regs import ROSC_RANDOMBIT as _ROSC_RANDOMBIT
from simhw.board_regs import DORMANT_WAKE_INTE0 as _DORMANT_WAKE_INTE0
from simhw.board_regs import SIO_GPIO_IN as _SIO_GPIO_IN

sim = SimBoard()
_clock.install(sim.clock)

PWRON_RESET = 1
WDT_RESET = 3

_FREQ_MIN = 8       # PWM: below this the rp2 divider cannot reach at 125 MHz
_FREQ_MAX = 62500000
_WDT_MAX_MS = 8388
_CPU_MIN_HZ = 10000000
_CPU_MAX_HZ = 250000000


def _gpio_number(id):
    if isinstance(id, Pin):
        return id.id
    if isinstance(id, str):
        if id == "LED":
            return 25
        if id.startswith("GP"):
            return int(id[2:])
        raise ValueError("unknown pin name %r" % id)
    if not 0 <= id <= 29:
        raise ValueError("invalid pin %r" % id)
    return id


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, **kwargs):
        self.id = _gpio_number(id)
        self._handler = None
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kwargs):
        state = sim.pins.setdefault(self.id, [Pin.IN, 0, 0])
        if mode != -1:
            state[0] = mode
        if pull != -1:
            state[1] = 0 if pull is None else pull
        if value is not None:
            state[2] = 1 if value else 0

    def value(self, x=None):
        if x is None:
            return sim.pin_level(self.id)
        sim.pins.setdefault(self.id, [Pin.IN, 0, 0])[2] = 1 if x else 0
        return None

    def __call__(self, x=None):
        return self.value(x)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        self.value(0 if sim.pins.setdefault(self.id, [Pin.IN, 0, 0])[2] else 1)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self._handler = handler

    def __repr__(self):
        return "Pin(GPIO%d)" % self.id


class I2C:
    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
        if id not in (0, 1):
            raise ValueError("I2C(%r) doesn't exist" % id)
        self.id = id
        self.freq = freq

    def scan(self):
        return sim.bus.scan()

    def writeto(self, addr, buf, stop=True):
        return sim.bus.write(addr, buf)

    def writevto(self, addr, vector, stop=True):
        data = bytearray()
        for part in vector:
            data.extend(part)
        return sim.bus.write(addr, data)

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        sim.bus.write(addr, bytes([memaddr]) + bytes(buf))

    def readfrom_into(self, addr, buf, stop=True):
        if addr not in sim.bus.devices:
            raise OSError(5)
        for i in range(len(buf)):
            buf[i] = 0

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf)
        return bytes(buf)


class PWM:
    def __init__(self, dest, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self.gpio = _gpio_number(dest)
        self._freq = 1000
        self._duty = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)
        self._record()

    def _record(self):
        sim.tones.set(self.gpio, self._freq, self._duty)

    def freq(self, value=None):
        if value is None:
            return self._freq
        if value < _FREQ_MIN:
            raise ValueError("freq too small")
        if value > _FREQ_MAX:
            raise ValueError("freq too large")
        self._freq = value
        self._record()
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        if not 0 <= value <= 65535:
            raise ValueError("duty_u16 must be 0..65535, got %r" % value)
        self._duty = value
        self._record()
        return None

    def deinit(self):
        self._duty = 0
        self._record()


class ADC:
    CORE_TEMP = 4

    def __init__(self, id):
        gpio = _gpio_number(id) if not isinstance(id, int) or id > 4 else id + 26
        if gpio not in (26, 27, 28, 29, 30):
            raise ValueError("Pin doesn't have ADC capabilities")
        self.gpio = gpio

    def read_u16(self):
        return sim.adc_read_u16(self.gpio)


class WDT:
    def __init__(self, id=0, timeout=5000):
        if not 1 <= timeout <= _WDT_MAX_MS:
            raise ValueError("WDT timeout too long")
        sim.start_watchdog(timeout)

    def feed(self):
        sim.feed_watchdog()


class _Mem32:
    """machine.mem32 for the registers the simulated board has: reading
    the ring oscillator's RANDOMBIT gives its next bit, SIO's GPIO_IN every
    pin's level (bit n for GPIO n); IO_BANK0's DORMANT_WAKE_INTE0..3 are
    kept for dormant()."""

    def __getitem__(self, addr):
        if addr == _ROSC_RANDOMBIT:
            return sim.rosc.bit()
        if _DORMANT_WAKE_INTE0 <= addr <= _DORMANT_WAKE_INTE0 + 12 and addr % 4 == 0:
            return sim.dormant_wake[(addr - _DORMANT_WAKE_INTE0) // 4]
        if addr == _SIO_GPIO_IN:
            level = 0
            for gpio in range(30):
                level |= sim.pin_level(gpio) << gpio
            return level
        raise ValueError("mem32[0x%08x]: no such register on the simulated board" % addr)

    def __setitem__(self, addr, value):
        if _DORMANT_WAKE_INTE0 <= addr <= _DORMANT_WAKE_INTE0 + 12 and addr % 4 == 0:
            sim.dormant_wake[(addr - _DORMANT_WAKE_INTE0) // 4] = value & 0xFFFFFFFF
            return
        raise ValueError("mem32[0x%08x] = 0x%x: writes are not simulated" % (addr, value))


mem32 = _Mem32()


class SimulatedReset(Exception):
    """machine.reset() on the simulated board: the caller decides what a reboot means."""


def freq(hz=None):
    if hz is None:
        return sim.freq_hz
    if not _CPU_MIN_HZ <= hz <= _CPU_MAX_HZ:
        raise ValueError("cannot change frequency")
    sim.set_freq(hz)
    return None


def lightsleep(time_ms=None):
    if time_ms is None:
        sim.dormant()       # the rp2 port: XOSC dormant, woken by the GPIO wake enables
    else:
        sim.lightsleep(time_ms)


def deepsleep(time_ms=None):
    sim.lightsleep(0 if time_ms is None else time_ms)
    raise SimulatedReset("deepsleep")


def idle():
    pass


def reset():
    raise SimulatedReset("reset")


def soft_reset():
    raise SimulatedReset("soft_reset")


def reset_cause():
    return sim.reset_cause


def unique_id():
    return b"\xe6\x61\x38\x52\x83\x1b\x4c\x2a"


def disable_irq():
    return 0


def enable_irq(state=0):
    pass


def bootloader(*args):
    raise SimulatedReset("bootloader")
