"""The whole reference board as the simulated `machine` sees it.

One SimBoard (machine.sim) holds the clock, the I2C bus with its eight HT16K33s,
the buttons' contacts, the buzzer's tone record, the battery and the CPU state,
and reads back what a player would see, hear and feel. The wiring facts here
(addresses, GPIOs) are the board's; hw/board.py holds the same numbers for the
firmware, and a test checks that the two agree.
"""
from simhw.battery import BatteryModel
from simhw.clock import Clock
from simhw.contacts import Contacts
from simhw.ht16k33 import HT16K33
from simhw.i2cbus import Bus
from simhw.rosc import RingOscillator
from simhw.tones import ToneRecorder

WIDTH = 32
HEIGHT = 16
MODULE_ADDRESSES = (0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77)   # row-major, 4 x 2
BUTTON_GPIOS = (6, 7, 8, 9, 10, 11, 12, 13)     # UP DOWN LEFT RIGHT A B CUBE MENU
BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "CUBE", "MENU")
BUZZER_GPIO = 15
VSYS_GPIO = 29
FREQ_MOST = 400             # clock changes recorded before the oldest are forgotten
FREQ_KEEP = 100             # ... down to the newest this many

ADC_FULL_SCALE_MV = 3300
LED_PEAK_UA = 20000         # HT16K33 row source current, one die, while its row is scanned
LED_SCAN_ROWS = 8           # eight commons: each die is driven 1/8 of the time
BOOST_EFFICIENCY_PCT = 85   # 5 V boost converter feeding the display
CONTROLLER_UA = 1000        # one HT16K33 running, LEDs aside
STANDBY_UA = 10             # one HT16K33 in standby
BUZZER_UA = 5000
SLEEP_UA = 1500             # RP2040 in lightsleep, board included
DORMANT_UA = 900            # RP2040 dormant, board included
DORMANT_SLICE_MS = 100      # the simulated board wakes from dormant at least this often


def cpu_ua(freq_hz):
    """Board current at VSYS while running: about 5 mA plus 0.16 mA per MHz."""
    return 5000 + freq_hz // 6250


class SimBoard:
    def __init__(self):
        self.clock = Clock()
        self.bus = Bus()
        self.contacts = Contacts(self.clock)
        self.tones = ToneRecorder(self.clock)
        self.battery = BatteryModel(self.clock)
        self.modules = [HT16K33(address) for address in MODULE_ADDRESSES]
        self.rosc = RingOscillator()
        self.reset()

    def reset(self, start_ms=0):
        """Power-on: fresh clock, modules, contacts, battery and CPU state."""
        self.clock.reset(start_ms)
        self.bus.__init__()
        for module in self.modules:
            module.power_on()
            self.bus.attach(module)
        self.contacts.reset()
        self.tones.reset()
        self.battery.reset()
        self.rosc.reset()
        self.pins = {}              # gpio -> [mode, pull, output level]
        self.adc_noise_lsb = 3
        self.adc_mv = {}            # gpio -> fixed pin voltage for the other ADC inputs
        self.freq_hz = 125000000
        self.freq_history = [(0, self.freq_hz)]
        self.sleeping = False
        self.sleep_ms_total = 0
        self.dormant_now = False
        self.dormant_ms_total = 0
        self.dormant_wake = [0, 0, 0, 0]    # IO_BANK0 DORMANT_WAKE_INTE0..3
        self.wdt_timeout_ms = 0
        self.wdt_fed_us = 0
        self.watchdog_fired = False
        self.reset_cause = 1        # PWRON_RESET

    # --- what a player sees -------------------------------------------------

    def display_grid(self, now_ms=None):
        """The 32x16 colours a player sees, as a frame: bytearray(512), index
        y*32+x, 0 off, 1 red, 2 green, 3 yellow. A module that is off or in
        standby shows 0; with now_ms, a blinking module shows 0 in its off phase."""
        grid = bytearray(WIDTH * HEIGHT)
        for m, module in enumerate(self.modules):
            if self.bus.devices.get(module.address) is not module:
                continue
            shown = module.lit() if now_ms is None else module.visible(now_ms)
            if not shown:
                continue
            x0 = (m % 4) * 8
            y0 = (m // 4) * 8
            for row in range(8):
                for column in range(8):
                    grid[(y0 + row) * WIDTH + x0 + column] = module.led(row, column)
        return grid

    def display_text(self, now_ms=None):
        """The grid as 16 lines of 32 characters: . off, R red, G green, Y yellow."""
        grid = self.display_grid(now_ms)
        lines = []
        for y in range(HEIGHT):
            lines.append("".join(".RGY"[grid[y * WIDTH + x]] for x in range(WIDTH)))
        return "\n".join(lines)

    def brightness(self):
        """Each module's brightness level 1..16 (dimming + 1)."""
        return [module.dimming + 1 for module in self.modules]

    def blink(self):
        return [module.blink for module in self.modules]

    def unplug(self, address):
        """The module stops answering (NACKs every write)."""
        self.bus.detach(address)

    def plug(self, address):
        """The module comes back as if just powered on."""
        module = self.modules[MODULE_ADDRESSES.index(address)]
        module.power_on()
        self.bus.attach(module)

    # --- buttons --------------------------------------------------------------

    def _gpio(self, button):
        if isinstance(button, str):
            return BUTTON_GPIOS[BUTTON_NAMES.index(button)]
        return BUTTON_GPIOS[button]

    def press(self, button):
        """Closes a button's contact; button is a name ("A") or a number 0..7."""
        self.contacts.set(self._gpio(button), True)

    def release(self, button):
        self.contacts.set(self._gpio(button), False)

    def set_bounce(self, ms):
        self.contacts.bounce_ms = ms

    def pin_level(self, gpio):
        mode, pull, out = self.pins.get(gpio, (0, 0, 0))
        if mode == 1:               # OUT drives the pin
            return out
        idle = 1 if pull == 1 else 0
        return self.contacts.level(gpio, idle)

    # --- sound ------------------------------------------------------------------

    def tone_history(self):
        return self.tones.history.get(BUZZER_GPIO, [])

    def notes(self):
        return self.tones.notes(BUZZER_GPIO)

    def buzzer_sounding(self):
        return self.tones.sounding(BUZZER_GPIO)

    # --- power ------------------------------------------------------------------

    def display_5v_ua(self):
        """Current the display takes from its 5 V supply."""
        total = 0
        for module in self.modules:
            if self.bus.devices.get(module.address) is not module:
                continue
            if module.lit():
                dies = module.lit_leds()
                total += CONTROLLER_UA + dies * LED_PEAK_UA // LED_SCAN_ROWS * (module.dimming + 1) // 16
            else:
                total += STANDBY_UA
        return total

    def load_ua(self):
        """Current drawn from the battery now. The 5 V boost draws its power at
        the pack's terminal voltage, which itself sags with the current."""
        cpu = DORMANT_UA if self.dormant_now else SLEEP_UA if self.sleeping else cpu_ua(self.freq_hz)
        fixed = cpu + (BUZZER_UA if self.buzzer_sounding() else 0)
        display_uw = self.display_5v_ua() * 5 * 100 // BOOST_EFFICIENCY_PCT
        rest = self.battery.rest_mv()
        mohm = self.battery.resistance_mohm()
        total = fixed
        for _ in range(4):
            terminal = max(rest - total * mohm // 1000000, 1000)
            total = fixed + display_uw * 1000 // terminal
        return total

    def update_battery(self):
        self.battery.catch_up(self.load_ua() // 1000)

    def vsys_mv(self):
        self.update_battery()
        return self.battery.vsys_mv()

    def adc_read_u16(self, gpio):
        if gpio == VSYS_GPIO:
            mv = self.vsys_mv() // 3
        else:
            mv = self.adc_mv.get(gpio, 0)
        raw = mv * 4095 // ADC_FULL_SCALE_MV
        if self.adc_noise_lsb:
            x = (self.clock.us * 2654435761 + raw * 97) & 0xFFFFFFFF
            x = (x ^ (x >> 15)) * 2246822519 & 0xFFFFFFFF
            raw += (x >> 8) % (2 * self.adc_noise_lsb + 1) - self.adc_noise_lsb
        raw = min(4095, max(0, raw))
        return raw << 4 | raw >> 8

    def set_freq(self, hz):
        self.update_battery()
        self.freq_hz = hz
        history = self.freq_history
        history.append((self.clock.ms(), hz))
        if len(history) > FREQ_MOST:
            del history[:-FREQ_KEEP]     # a long run keeps only the newest changes

    def lightsleep(self, ms):
        self.update_battery()
        self.sleeping = True
        self.clock.sleep_ms(ms)
        self.update_battery()
        self.sleeping = False
        self.sleep_ms_total += ms

    def dormant(self):
        """machine.lightsleep() with no time: the crystal stopped until a pin
        whose wake is enabled (level low only) reads low. The script's
        presses come between the loop's passes, so the simulated board
        wakes after at most DORMANT_SLICE_MS of its time even with none;
        the firmware then goes dormant again. The watchdog stops on the
        chip meanwhile; here it is fed between the slices."""
        enabled = [gpio for gpio in range(32)
                   if self.dormant_wake[gpio // 8] >> 4 * (gpio % 8) & 1]
        if not enabled or any(self.dormant_wake[i] & ~0x11111111 for i in range(4)):
            raise RuntimeError("dormant with no level-low wake enabled (%s): the chip would never wake"
                               % ["0x%08x" % w for w in self.dormant_wake])
        if any(not self.pin_level(gpio) for gpio in enabled):
            return                  # a wake pin reads low: no sleep at all
        self.update_battery()
        self.sleeping = True
        self.dormant_now = True
        self.clock.sleep_ms(DORMANT_SLICE_MS)
        self.update_battery()
        self.dormant_now = False
        self.sleeping = False
        self.dormant_ms_total += DORMANT_SLICE_MS

    def start_watchdog(self, timeout_ms):
        self.wdt_timeout_ms = timeout_ms
        self.wdt_fed_us = self.clock.us

    def feed_watchdog(self):
        if self.watchdog_overdue():
            self.watchdog_fired = True
        self.wdt_fed_us = self.clock.us

    def watchdog_overdue(self):
        """True when the watchdog would have reset the board by now."""
        if not self.wdt_timeout_ms:
            return False
        return self.clock.us - self.wdt_fed_us > self.wdt_timeout_ms * 1000
