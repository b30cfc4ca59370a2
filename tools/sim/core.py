"""The simulated handheld: the real boot.py, main.py loop, drivers and app on
the simulated machine (tools/hostlib/machine.py), with the flash in a folder.

    sim = Sim(FolderFlash("sim-data"), seed=7)
    sim.press("A")          # close the contact for 60 ms, then 140 ms more
    sim.run_ms(500)
    sim.grid()              # the LEDs as a player sees them: bytearray(512)
    sim.cut_power()         # the board restarts; the saved game resumes

Only buttons, time, the battery and the power are pushed in; the LEDs, the
buzzer and the files are read back. Runs under CPython and the MicroPython
unix port (which has no os.path, so this file imports without the `tools`
package there).
"""
import sys

if sys.implementation.name == "micropython":     # with tools/sim itself on sys.path
    from flash import FolderFlash, PowerCut
else:
    from tools.sim.flash import FolderFlash, PowerCut

import machine

import mainloop
from firmware.engine import flashwriter
from firmware import forget
from firmware.engine.dice import Dice, SeededSource
from hw import board as hw_board

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "CUBE", "MENU")
PRESS_MS = 60           # a deliberate press: well past the 20 ms debounce
GAP_MS = 140            # after the release, before the next press

POWER_ON = "power-on"
POWER_CUT = "power cut"
CRASH = "crash"
WATCHDOG = "watchdog"
UPDATE = "update"       # the menu's UPDATE restarted the board into update mode
BACK = "back"           # update mode's B (or MENU held) restarted the board into the game


def _no_collection():
    pass


def run_boot_py():
    """What MicroPython does at power-on before main.py: run boot.py's source."""
    here = getattr(mainloop, "__file__", "main.py")
    path = here[:here.rfind("mainloop.")] + "boot.py"
    with open(path) as f:
        exec(f.read(), {"__name__": "boot"})


class _NoLoop:
    """Stands in for mainloop.Loop in update mode, for the status lines."""
    asleep = False
    events = 0
    app = None

    class flash:
        saves = 0


def button_index(name):
    name = name.upper()
    if name not in BUTTONS:
        raise ValueError("no button %r; the buttons are %s" % (name, " ".join(BUTTONS)))
    return BUTTONS.index(name)


class Sim:
    def __init__(self, flash=None, seed=1, app_class=None, on_boot=None, entropy=False):
        self.board = machine.sim
        self.flash = flash if flash is not None else FolderFlash("sim-data")
        self.seed = seed
        self.app_class = app_class
        self.on_boot = on_boot          # called with the Sim after each start-up
        # True: the device's dice (startup.make_dice over hw/entropy.py and the
        # simulated ring oscillator, seeded from `seed`); False: SeededSource
        self.entropy = entropy
        self.boots = 0
        self.restarts = []              # (ms, reason) of every restart after the first
        self.crashes = []               # exceptions that reset the board
        self.loop = None
        self.updating = False           # in update mode: no game, no watchdog
        self.update_mode = None         # startup.UpdateMode while updating
        self._battery = None            # (rest mV or None, charge used) across restarts
        self._elapsed_before = 0        # simulated ms before the last start-up
        self.record = None              # a list to log every input as script lines
        self.power_on(POWER_ON)

    @property
    def tones_dropped(self):
        """Buzzer records forgotten since the last start-up (the tone
        recorder keeps only the newest, simhw/tones.py)."""
        return self.board.tones.forgotten(hw_board.BUZZER_GPIO)

    # --- power ---------------------------------------------------------------

    def power_on(self, reason=POWER_ON, hold=()):
        board = self.board
        kept = self._battery
        board.rosc.seed = self.seed * 1009 + self.boots + 1
        board.reset()
        for name in hold:               # buttons held while switching on
            board.press(button_index(name))
        if kept is not None:
            board.battery.set_voltage(kept[0])
            board.battery.used_uas = kept[1]
        if reason == WATCHDOG:
            board.reset_cause = machine.WDT_RESET
        self.boots += 1
        run_boot_py()
        import startup      # as main.py: loaded for the start-up, then let go
        self.updating = startup.start_mode(self.flash, startup.menu_held(), flashwriter.UPDATE_FILE) == startup.UPDATE
        self.update_mode = None
        if self.updating:
            self.loop = _NoLoop()
            import time
            self.update_mode = startup.UpdateMode(hw_board.setup(watchdog=False), time.ticks_ms())
        else:
            startup.load_opponent()
            hw = hw_board.setup(watchdog=True)
            if self.entropy:
                # the host's os.urandom cannot be seeded: its share comes
                # from the seed too, so a run repeats exactly
                urandom = SeededSource(self.seed * 7919 + self.boots)
                hw.entropy.extra = lambda: bytes(urandom.byte() for _ in range(32))
                dice = startup.make_dice(hw.entropy)
            else:
                dice = Dice(SeededSource(self.seed * 1009 + self.boots))
            self.loop = mainloop.Loop(hw, self.flash, self.flash.open, dice, self.app_class)
            if sys.implementation.name != "micropython":
                # CPython's heap is not the chip's: its collections would only
                # cost the host time (the unix port's runs collect as the chip does)
                self.loop.collect = _no_collection
        forget("startup")
        if self.on_boot is not None:
            self.on_boot(self)

    def _restart(self, reason, hold=()):
        battery = self.board.battery
        self._battery = (battery.fixed_mv, battery.used_uas)
        self.restarts.append((self.total_ms(), reason))
        self._elapsed_before += self.board.clock.ms()
        self.power_on(reason, hold)

    def cut_power(self, hold=()):
        """Batteries out and back in: RAM, display and clock lost, flash
        kept; `hold` names buttons held down while it switches on."""
        self._log("cut")
        self._restart(POWER_CUT, hold)

    def cut_power_during_save(self, nbytes=10):
        """The power goes `nbytes` into the next file written to the flash."""
        self._log("cut-save %d" % nbytes)
        self.flash.cut_in(nbytes)

    def _log(self, line):
        """Keeps the input as a script line (docs/simulator.md), merging waits."""
        record = self.record
        if record is None:
            return
        if line.startswith("wait ") and record and record[-1].startswith("wait "):
            record[-1] = "wait %d" % (int(record[-1][5:]) + int(line[5:]))
        else:
            record.append(line)

    # --- time --------------------------------------------------------------

    def ms(self):
        """Milliseconds since the last start-up (the board's clock)."""
        return self.board.clock.ms()

    def total_ms(self):
        """Milliseconds of simulated time since the simulation began."""
        return self._elapsed_before + self.board.clock.ms()

    def run_ms(self, ms):
        """Runs the real main loop for `ms` of simulated time; restarts the
        board as the device would after a crash, watchdog or power cut."""
        self._log("wait %d" % ms)
        clock = self.board.clock
        left = ms
        while left > 0:
            if self.updating:           # no game: the buttons polled, as main() does
                left -= self._update_step(left)
                continue
            start = clock.ms()
            end = start + left
            reason = None
            try:
                mainloop.run(self.loop, lambda: clock.ms() >= end or self._watchdog_bit())
            except machine.SimulatedReset:
                if self.loop.restart:
                    reason = UPDATE
                else:
                    self.crashes.append(self.loop.crash_exc)
                    reason = CRASH
            except PowerCut:
                reason = POWER_CUT
            else:
                if self._watchdog_bit():
                    reason = WATCHDOG
            left -= clock.ms() - start
            if reason is not None:
                self._restart(reason)

    def _update_step(self, ms):
        """Update mode for up to `ms`, a poll every startup.POLL_MS; the ms
        it ran. B or MENU held restarts the board into the game."""
        clock = self.board.clock
        mode = self.update_mode
        start = clock.ms()
        end = start + ms
        while clock.ms() < end:
            if mode.step(clock.ms()):
                spent = clock.ms() - start
                self._restart(BACK)
                return max(spent, 1)
            clock.advance_us(min(10, end - clock.ms()) * 1000)
        return ms

    def _watchdog_bit(self):
        """The watchdog reset the board: fed too late, or not fed in time."""
        return self.board.watchdog_fired or self.board.watchdog_overdue()

    # --- buttons -----------------------------------------------------------

    def down(self, name):
        self._log("down %s" % name)
        self.board.press(button_index(name))

    def up(self, name):
        self._log("up %s" % name)
        self.board.release(button_index(name))

    def press(self, name, hold_ms=PRESS_MS, gap_ms=GAP_MS):
        self.down(name)
        self.run_ms(hold_ms)
        self.up(name)
        self.run_ms(gap_ms)

    def hold(self, name, ms):
        self.press(name, ms, GAP_MS)

    # --- battery -------------------------------------------------------------

    def set_battery_mv(self, mv):
        """Holds the pack's rest voltage (None: follow the discharge curve)."""
        self._log("battery %s" % ("curve" if mv is None else mv))
        self.board.battery.set_voltage(mv)

    def fresh_batteries(self):
        """A new set of cells, following the discharge curve from full."""
        self._log("battery fresh")
        self.board.battery.set_voltage(None)
        self.board.battery.used_uas = 0

    # --- what a player sees and hears ----------------------------------------

    def grid(self):
        return self.board.display_grid(self.board.clock.ms())

    def text(self):
        return self.board.display_text(self.board.clock.ms())

    def brightness(self):
        return max(self.board.brightness())

    def display_on(self):
        return any(m.lit() for m in self.board.modules)

    def notes(self):
        """(start_ms, length_ms, freq_hz) of everything the buzzer played since
        the last start-up."""
        return self.board.notes()

    def sounding(self):
        return self.board.buzzer_sounding()

    def tone_hz(self):
        history = self.board.tone_history()
        if not history or not self.board.buzzer_sounding():
            return 0
        return history[-1][1]


def run_script(sim, lines, png=None, out=print):
    """Plays a script (docs/simulator.md) on the simulator. `png(path, sim)`
    writes a screenshot; None where PNGs cannot be written."""
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        try:
            _command(sim, words, png, out)
        except IndexError:
            raise ValueError("script line %d (%s): missing a value; usage: %s" % (
                number, line, USAGE.get(words[0].lower(), words[0])))
        except (ValueError, OSError) as exc:
            raise ValueError("script line %d (%s): %s" % (number, line, exc))


USAGE = {
    "press": "press NAME [MS]", "presses": "presses N NAME", "hold": "hold NAME MS",
    "down": "down NAME", "up": "up NAME", "wait": "wait MS", "battery": "battery V|curve|fresh",
    "cut-save": "cut-save N", "png": "png FILE",
}


# The most a script line may ask for: a press or hold of a minute, 1,000
# presses, a day of waiting (long enough to sleep and wake), a cut 1 MB in.
MAX_HOLD_MS = 60000
MAX_PRESSES = 1000
MAX_WAIT_MS = 86400000
MAX_CUT_BYTES = 1 << 20
MIN_MV = 2000           # the pack's rest voltage a script may set: 2.0 to 6.0 V
MAX_MV = 6000


def _count(word, what, low, high):
    """A whole number in low..high written in the digits 0-9, else
    ValueError saying what was wanted."""
    if not word or len(word) > 12 or any(c not in "0123456789" for c in word.lstrip("-")) \
            or word.lstrip("-") == "":
        raise ValueError("%s is a whole number from %d to %d, got %r" % (what, low, high, word))
    value = int(word)
    if not low <= value <= high:
        raise ValueError("%s is a whole number from %d to %d, got %r" % (what, low, high, word))
    return value


def _command(sim, words, png, out):
    cmd = words[0].lower()
    args = words[1:]
    if cmd == "press":
        hold = _count(args[1], "MS", 1, MAX_HOLD_MS) if len(args) > 1 else PRESS_MS
        button_index(args[0])
        sim.press(args[0], hold)
    elif cmd == "presses":
        # presses N NAME: the same button N times
        n = _count(args[0], "N", 0, MAX_PRESSES)
        button_index(args[1])
        for _ in range(n):
            sim.press(args[1])
    elif cmd == "hold":
        hold = _count(args[1], "MS", 1, MAX_HOLD_MS)
        button_index(args[0])
        sim.hold(args[0], hold)
    elif cmd == "down":
        sim.down(args[0])
    elif cmd == "up":
        sim.up(args[0])
    elif cmd == "wait":
        sim.run_ms(_count(args[0], "MS", 0, MAX_WAIT_MS))
    elif cmd == "battery":
        if args[0] == "fresh":
            sim.fresh_batteries()
        else:
            sim.set_battery_mv(None if args[0] == "curve" else _millivolts(args[0]))
    elif cmd == "cut":
        sim.cut_power()
    elif cmd == "cut-save":
        sim.cut_power_during_save(_count(args[0], "N", 0, MAX_CUT_BYTES) if args else 10)
    elif cmd == "png":
        if png is None:
            raise ValueError("PNG screenshots need CPython")
        png(args[0], sim)
    elif cmd == "text":
        out(sim.text())
    elif cmd == "print":
        out(" ".join(args))
    else:
        raise ValueError("unknown command %r" % cmd)


def _millivolts(word):
    """Volts (3.3, 4) or millivolts (3300) as millivolts, MIN_MV..MAX_MV."""
    wrong = ValueError("the battery is volts (3.3) or millivolts (3300), from %d.%d to %d.%d V, got %r"
                       % (MIN_MV // 1000, MIN_MV % 1000 // 100, MAX_MV // 1000,
                          MAX_MV % 1000 // 100, word))
    whole, dot, frac = word.partition(".")
    for part in (whole, frac):
        if any(c not in "0123456789" for c in part) or len(part) > 6:
            raise wrong
    if not whole or (dot and not frac):
        raise wrong
    if dot:
        value = int(whole) * 1000 + int((frac + "000")[:3])
    else:
        value = int(whole)
        if value < 20:
            value *= 1000
    if not MIN_MV <= value <= MAX_MV:
        raise wrong
    return value
