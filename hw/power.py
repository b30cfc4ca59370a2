"""Power: dimming when idle, sleep that keeps the game, the CPU clock, the watchdog.

update(now_ms) is called every loop; it feeds the watchdog, dims the display
after dim_after_ms without activity and says SLEEP once sleep_after_ms have
passed. sleep() then blanks the display and light-sleeps in slices shorter than
the watchdog's timeout, polling the buttons between slices; RAM, and so the game,
is kept. dormant() is the deepest sleep the RP2040 has, until a button is
pressed. think() and rest() switch the CPU between full speed and a slower idle
clock.
"""
from micropython import const
import machine
from time import ticks_diff, ticks_ms

ACTIVE = const(0)
DIMMED = const(1)
SLEEP = const(2)            # idle long enough: main should call sleep()

FULL_HZ = const(125000000)
IDLE_HZ = const(48000000)
SLICE_MS = const(100)       # one lightsleep; well inside the watchdog's timeout
# IO_BANK0's DORMANT_WAKE_INTE0..3 (RP2040 datasheet 2.19.6.1): four bits a
# GPIO, eight GPIOs a register; bit 0 of a GPIO's four wakes while it reads low.
_DORMANT_WAKE_INTE0 = const(0x40014160)
_LEVEL_LOW = const(1)


class Power:
    def __init__(self, matrix, buttons, buzzer=None, watchdog=None, retime=None,
                 dim_after_ms=30000, sleep_after_ms=300000, dim_level=2,
                 lightsleep=machine.lightsleep, clock=ticks_ms, wake_gpios=(), registers=None):
        self.matrix = matrix
        self.buttons = buttons
        self.buzzer = buzzer
        self.watchdog = watchdog
        self.retime = retime            # called after a CPU clock change
        self.dim_after_ms = dim_after_ms
        self.sleep_after_ms = sleep_after_ms
        self.dim_level = dim_level
        self.bright_level = matrix.level()
        self.state = ACTIVE
        self.hz = machine.freq()
        self._lightsleep = lightsleep
        self._clock = clock
        self._last = clock()
        # (register, bits): the dormant wake enables of the buttons' pins
        bits = [0, 0, 0, 0]
        for gpio in wake_gpios:
            bits[gpio // 8] |= _LEVEL_LOW << 4 * (gpio % 8)
        self._wake = tuple((_DORMANT_WAKE_INTE0 + 4 * i, b) for i, b in enumerate(bits) if b)
        self._registers = machine.mem32 if registers is None else registers

    def activity(self, now_ms):
        """A button was used: back to full brightness, idle timers restart."""
        self._last = now_ms
        if self.state != ACTIVE:
            self.state = ACTIVE
            self.matrix.brightness(self.bright_level)

    def set_brightness(self, level):
        """The player's brightness, 1..16; dimming goes below it, waking back to it."""
        self.bright_level = level
        if self.state == ACTIVE:
            self.matrix.brightness(level)

    def update(self, now_ms):
        """Feeds the watchdog and applies the idle timers; returns the state."""
        self.feed()
        idle = ticks_diff(now_ms, self._last)
        if idle >= self.sleep_after_ms:
            self.state = SLEEP
        elif idle >= self.dim_after_ms and self.state == ACTIVE:
            self.state = DIMMED
            self.matrix.brightness(min(self.dim_level, self.bright_level))
        return self.state

    def feed(self):
        if self.watchdog is not None:
            self.watchdog.feed()

    def think(self):
        """Full CPU speed, for the computer's move."""
        self._set_hz(FULL_HZ)

    def rest(self):
        """The slower idle clock, while waiting for the player."""
        self._set_hz(IDLE_HZ)

    def _set_hz(self, hz):
        if hz != self.hz:
            machine.freq(hz)
            self.hz = hz
            if self.retime is not None:
                self.retime()

    def dormant(self):
        """The deepest sleep: the crystal stopped and every clock with it
        (the watchdog's too), RAM kept, until a button pulls its pin low.
        MicroPython's lightsleep() without a time goes dormant and wakes on
        the GPIO wake enables set here for the call. The display should be
        in standby first. Returns once woken; the caller checks the buttons
        (a wake with none down is possible: go dormant again)."""
        registers = self._registers
        for register, bits in self._wake:
            registers[register] = registers[register] | bits
        self._lightsleep()
        for register, bits in self._wake:
            registers[register] = registers[register] & ~bits

    def sleep(self):
        """Blank display, silent, slow clock, lightsleep in slices until a button
        is pressed; returns the ms slept. The waking press gives no events."""
        start = self._clock()
        if self.buzzer is not None:
            self.buzzer.stop()
        self.matrix.standby()
        hz = self.hz
        self.rest()
        while True:
            self.feed()
            self._lightsleep(SLICE_MS)
            if self.buttons.any_pressed():
                break
        now = self._clock()
        self.buttons.mute_held(now)
        self._set_hz(hz)
        self.matrix.wake()
        self.activity(now)
        return ticks_diff(now, start)
