"""The 32x16 bicolor LED matrix on eight HT16K33s.

Frames come from the app as bytearray(512), index y*32+x, 0 off, 1 red,
2 green, 3 yellow. Module m (I2C address addresses[m]) shows x 8*(m%4)..+7,
y 8*(m//4)..+7. Inside a module, the LED row r = y%8 is on COM r; RAM byte 2r
holds its green LEDs and byte 2r+1 its red ones, bit c = column x%8 (the usual
8x8 bicolor backpack wiring: green anodes on ROW0-7, red on ROW8-15).

show() sends only the modules whose RAM changed. An I2C error never reaches the
caller: a working module is retried at once, a failing one is set up again
(oscillator, RAM, dimming, display) on the next show(); errors are counted.
"""
import sys

from micropython import const

_MODULES = const(8)
_BLOCK = const(17)          # RAM address pointer 0x00 + 16 RAM bytes, one write
_SYSTEM_ON = const(0x21)    # system setup: oscillator on
_SYSTEM_STANDBY = const(0x20)
_DISPLAY = const(0x80)      # display setup: | blink << 1 | on
_DISPLAY_ON = const(0x01)
_DIMMING = const(0xE0)      # dimming: | duty - 1 (1..16 sixteenths)
_RETRIES = const(2)         # extra attempts for a module that was working

# Display current per lit LED die at 5 V, in uA at full duty: the HT16K33 row
# drivers source about 20 mA, and each row of LEDs is driven 1/8 of the time.
_DIE_UA = const(2500)
_CONTROLLER_UA = const(1000)

BLINK_OFF = const(0)
BLINK_2HZ = const(1)
BLINK_1HZ = const(2)
BLINK_HALF_HZ = const(3)

_BITS = bytes(bin(i).count("1") for i in range(256))
# Pixel value -> its red LED at bit 0 and its green LED at bit 8: eight pixels
# shifted by their column and or-ed give the module row's two RAM bytes at once.
_SPREAD = (0, 0x001, 0x100, 0x101)


def convert_plain(frame, ram, dirty, bits):
    """The frame into the modules' RAM images (ram: _MODULES blocks of
    _BLOCK bytes, the address byte first), marking the modules whose
    bytes changed in dirty; returns the change in LED dies lit. The viper
    _convert's twin: CPython's, and tests/portable/test_hw_matrix.py holds
    the two equal under the unix port."""
    t = _SPREAD
    f = frame
    lit = 0
    i = 0
    for y in range(16):
        block = (y >> 3) * 4 * _BLOCK + 1 + (y & 7) * 2
        for _ in range(4):
            # Eight pixels of one module row, unrolled: 1.7 times as fast
            # as a loop over them in bytecode.
            w = (t[f[i]] | t[f[i + 1]] << 1 | t[f[i + 2]] << 2 | t[f[i + 3]] << 3
                 | t[f[i + 4]] << 4 | t[f[i + 5]] << 5 | t[f[i + 6]] << 6 | t[f[i + 7]] << 7)
            i += 8
            green = w >> 8
            red = w & 0xFF
            if ram[block] != green or ram[block + 1] != red:
                # the count follows the changed rows only: load_ma() stays cheap
                lit += bits[green] + bits[red] - bits[ram[block]] - bits[ram[block + 1]]
                ram[block] = green
                ram[block + 1] = red
                dirty[block // _BLOCK] = 1
            block += _BLOCK
    return lit


if sys.implementation.name == "micropython":
    import micropython

    # A frame that changes the board is 64 eight-LED words: as bytecode
    # about 7-10 ms of a loop pass on the RP2040, in viper a fraction of one.
    @micropython.viper
    def convert_viper(frame, ram, dirty, bits) -> int:
        f = ptr8(frame)
        r = ptr8(ram)
        d = ptr8(dirty)
        b = ptr8(bits)
        lit = 0
        i = 0
        y = 0
        while y < 16:
            block = (y >> 3) * 4 * _BLOCK + 1 + (y & 7) * 2
            m = (y >> 3) * 4
            k = 0
            while k < 4:
                green = 0
                red = 0
                c = 0
                while c < 8:
                    v = f[i + c]
                    red |= (v & 1) << c
                    green |= ((v >> 1) & 1) << c
                    c += 1
                i += 8
                if r[block] != green or r[block + 1] != red:
                    lit += b[green] + b[red] - b[r[block]] - b[r[block + 1]]
                    r[block] = green
                    r[block + 1] = red
                    d[m + k] = 1
                block += _BLOCK
                k += 1
            y += 1
        return lit

    _convert = convert_viper
else:
    _convert = convert_plain


class Matrix:
    def __init__(self, i2c, addresses, level=16):
        if len(addresses) != _MODULES:
            raise ValueError("need 8 module addresses, got %d" % len(addresses))
        if not 1 <= level <= 16:
            raise ValueError("brightness must be 1..16, got %d" % level)
        self.i2c = i2c
        self.addresses = addresses
        self._ram = bytearray(_BLOCK * _MODULES)     # zeros: the cleared RAM
        self._blocks = [memoryview(self._ram)[m * _BLOCK:(m + 1) * _BLOCK] for m in range(_MODULES)]
        self._cmd = bytearray(1)
        self._last = bytearray(512)         # the frame last converted, to skip a repeat
        self._dirty = bytearray(_MODULES)
        self._lit = 0                       # LED dies lit in the RAM, kept by show()
        self._ready = bytearray(_MODULES)   # 1 once set up, 0 after any failure
        self._level = level
        self._blink = BLINK_OFF
        self._awake = True
        self.errors = 0                     # failed I2C writes, all time
        for m in range(_MODULES):
            self._set_up(m)

    # --- the frame ------------------------------------------------------------

    def show(self, frame):
        """Puts a 512-byte frame on the LEDs, writing only the changed modules."""
        if len(frame) != 512:
            raise ValueError("a frame is 512 bytes, got %d" % len(frame))
        if frame == self._last:     # one memcmp: the loop may show every pass
            self.flush()
            return
        self._last[:] = frame
        self._lit += _convert(frame, self._ram, self._dirty, _BITS)
        self.flush()

    def flush(self):
        """Sends changed RAM; sets up again any module that failed before."""
        for m in range(_MODULES):
            if not self._ready[m]:
                self._set_up(m)
            elif self._dirty[m]:
                if self._write(m, self._blocks[m], _RETRIES):
                    self._dirty[m] = 0

    # --- settings -------------------------------------------------------------

    def brightness(self, level):
        """LED duty in sixteenths, 1..16."""
        if not 1 <= level <= 16:
            raise ValueError("brightness must be 1..16, got %d" % level)
        if level != self._level:
            self._level = level
            self._command_all(_DIMMING | (level - 1))

    def level(self):
        return self._level

    def blink(self, rate):
        """BLINK_OFF, BLINK_2HZ, BLINK_1HZ or BLINK_HALF_HZ: the whole display."""
        if not 0 <= rate <= 3:
            raise ValueError("blink rate must be 0..3, got %d" % rate)
        self._blink = rate
        if self._awake:
            self._command_all(_DISPLAY | rate << 1 | _DISPLAY_ON)

    def standby(self):
        """Display off and oscillators stopped; the RAM keeps the picture."""
        self._awake = False
        self._command_all(_DISPLAY)
        self._command_all(_SYSTEM_STANDBY)

    def wake(self):
        self._awake = True
        self._command_all(_SYSTEM_ON)
        self._command_all(_DISPLAY | self._blink << 1 | _DISPLAY_ON)

    def awake(self):
        return self._awake

    def load_ma(self):
        """Estimated display current at 5 V in mA, from the LEDs now lit."""
        if not self._awake:
            return 0
        return (_MODULES * _CONTROLLER_UA + self._lit * _DIE_UA * self._level // 16) // 1000

    def ready(self):
        """How many modules are set up and answering."""
        return sum(self._ready)

    # --- the bus --------------------------------------------------------------

    def _set_up(self, m):
        # RAM is written before the display goes on: at power-on it holds noise.
        ok = (self._command(m, _SYSTEM_ON if self._awake else _SYSTEM_STANDBY)
              and self._write(m, self._blocks[m], 0)
              and self._command(m, _DIMMING | (self._level - 1))
              and self._command(m, _DISPLAY | self._blink << 1 | (_DISPLAY_ON if self._awake else 0)))
        self._ready[m] = 1 if ok else 0
        if ok:
            self._dirty[m] = 0
        return ok

    def _command_all(self, cmd):
        for m in range(_MODULES):
            if self._ready[m]:
                self._command(m, cmd, _RETRIES)

    def _command(self, m, cmd, retries=0):
        self._cmd[0] = cmd
        return self._write(m, self._cmd, retries)

    def _write(self, m, data, retries):
        while True:
            try:
                self.i2c.writeto(self.addresses[m], data)
                return True
            except OSError:
                self.errors += 1
                if retries <= 0:
                    self._ready[m] = 0
                    return False
                retries -= 1
