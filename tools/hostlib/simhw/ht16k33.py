"""An HT16K33 as the I2C bus sees it: decodes every write the way the chip does.

Commands (first byte of a write):
  0x00-0x0F  display RAM address pointer; the bytes that follow are written to
             RAM with auto-increment, wrapping from 0x0F to 0x00
  0x20 | S   system setup: S=1 oscillator on, S=0 standby
  0x80 | B<<1 | D   display setup: D display on, B blink (0 off, 1 2 Hz, 2 1 Hz, 3 0.5 Hz)
  0xA0 | ..  ROW/INT set (recorded, no effect on the LEDs)
  0xE0 | P   dimming: duty (P + 1)/16
  0x40-0x4F  key data address pointer (for reads; recorded)
Any other first byte is counted in `unknown`.

At power-on the RAM holds whatever the cells settled to (the datasheet does not
promise zeros), the oscillator is off, the display is off, dimming is 16/16.
"""

BLINK_PERIOD_MS = (0, 500, 1000, 2000)


class HT16K33:
    def __init__(self, address, seed=1):
        self.address = address
        self.seed = seed
        self.power_on()

    def power_on(self):
        self.ram = bytearray(16)
        x = (self.seed * 2654435761 + self.address) & 0xFFFFFFFF
        for i in range(16):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            self.ram[i] = (x >> 16) & 0xFF
        self.written = bytearray(16)   # 1 where RAM was written since power-on
        self.oscillator = False
        self.display_on = False
        self.blink = 0
        self.dimming = 15
        self.row_int = 0xA0
        self.pointer = 0
        self.key_pointer = 0
        self.unknown = 0
        self.writes = 0
        self.ram_writes = 0
        self.garbage_shown = False     # the display went on with unwritten RAM

    def write(self, data):
        """One I2C write transaction (the address byte already matched)."""
        if not data:
            return
        self.writes += 1
        cmd = data[0]
        top = cmd & 0xF0
        if top == 0x00:
            self.pointer = cmd & 0x0F
            if len(data) > 1:
                self.ram_writes += 1
            for value in data[1:]:
                self.ram[self.pointer] = value
                self.written[self.pointer] = 1
                self.pointer = (self.pointer + 1) & 0x0F
        elif top == 0x20:
            self.oscillator = bool(cmd & 1)
        elif top == 0x80:
            self.display_on = bool(cmd & 1)
            self.blink = (cmd >> 1) & 3
        elif top == 0xE0:
            self.dimming = cmd & 0x0F
        elif top == 0xA0:
            self.row_int = cmd
        elif top == 0x40:
            self.key_pointer = cmd & 0x0F
        else:
            self.unknown += 1
        if self.lit() and min(self.written) == 0:
            self.garbage_shown = True

    def lit(self):
        """True when the LEDs are being driven (oscillator and display on)."""
        return self.oscillator and self.display_on

    def visible(self, now_ms):
        """True when the LEDs show at now_ms, taking blink into account."""
        if not self.lit():
            return False
        period = BLINK_PERIOD_MS[self.blink]
        return period == 0 or (now_ms % period) < period // 2

    def led(self, row, column):
        """Colour held in RAM for one LED: bit 0 red, bit 1 green (module wiring:
        RAM byte 2*row drives the green LEDs of that row, byte 2*row+1 the red;
        bit `column` is the column)."""
        green = (self.ram[2 * row] >> column) & 1
        red = (self.ram[2 * row + 1] >> column) & 1
        return red | green << 1

    def lit_leds(self):
        """How many LED dies are switched on in RAM (a yellow pixel is two)."""
        count = 0
        for value in self.ram:
            while value:
                count += value & 1
                value >>= 1
        return count
