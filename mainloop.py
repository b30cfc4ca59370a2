"""Blot's one loop: buttons and battery in, the app's frame and sounds out,
the flash work (firmware/engine/flashwriter.py) and the heap's collections
in passes of their own. main.py builds it through startup.start() and runs
it forever (run()); the simulator (tools/sim/core.py) builds one over the
simulated machine, with its own storage and seeded dice.

Nothing here waits for anything but the rest of a loop pass: the app thinks
in slices, the buzzer plays without blocking, the flash is written a change
a pass, and sleep is a state of the loop (dormant until a press) rather
than a call that returns on a button press.
"""
import gc
import sys
import time

import machine
from micropython import const

from firmware.engine import save
from firmware.engine.flashwriter import FlashWriter
from hw.power import SLEEP

_PASS_MS = const(10)         # one loop pass: the app asks for every 10-20 ms
_SLEEP_SLICE_MS = const(100)  # one lightsleep while asleep, far inside the watchdog
_BATTERY_MS = const(1000)    # how often the battery is sampled
_QUIET_MS = const(8)         # a pass this busy so far makes no flash work

_NO_EVENTS = b""
_COLLECT_MS = const(500)     # the heap collected in a pass of its own this often, at work


class Loop:
    """One pass at a time: step() reads the inputs, updates the app, shows,
    plays and saves, then idles the rest of the pass."""

    def __init__(self, hw, os_module, opener, dice, app_class=None):
        self.hw = hw
        self.flash = FlashWriter(os_module, opener)
        self.save_status, payload = self.flash.load()
        self.dice = dice
        self.app = self._make_app(app_class, dice, payload)
        if getattr(self.app, "save_rejected", False):
            self.flash.set_aside()      # a payload the app cannot resume: kept too
        self.flash.mat_lines = self.app.mat_lines
        self.crash_exc = None
        self.restart = False         # run() resets the board: update mode next
        self.wrote = False           # the last pass wrote the flash (and did nothing else)
        self.events = 0              # button events handed to the app, all time
        self.collections = 0         # passes that collected the heap
        self.collect = gc.collect    # (the simulator under CPython, whose heap is not the chip's, skips it)
        self._collected = time.ticks_ms()
        self._stirred = False        # presses, flash or app work since the last collection
        self._fresh = False          # the pass before collected the heap
        self.asleep = False
        self.wakes = 0               # times a button woke it from sleep
        self._wake_armed = False
        self._ticks = time.ticks_ms()
        self._ended = self._ticks    # when the last pass ended, its idle rest included
        self._idle_until = self._ticks  # passes before it only read the buttons
        self._buttons = hw.buttons
        self._released = hw.buttons.released or (lambda: False)   # no one-read check: poll
        self._thinking = getattr(self.app, "thinking", None) or (lambda: False)
        self.now = 0                 # ms awake since power-on: the app's clock
        self._battery_due = 0
        self._battery = -1           # the battery's state << 8 | percent, as the app was last told
        self._brightness = -1

    def _make_app(self, app_class, dice, payload):
        if app_class is None:
            from firmware.handheld.app import App
            app_class = App
        error = False
        if self.save_status not in (save.OK, save.RESTORED, save.MISSING):
            error = save.MESSAGES[self.save_status]       # the app shows it
        try:
            return app_class(dice, saved=payload, save_error=error)
        except Exception as exc:
            # a save this firmware writes but cannot read back: offer a fresh game
            sys.print_exception(exc)
            self.save_status = self.flash.set_aside()
            return app_class(dice, saved=None, save_error=save.MESSAGES[self.save_status])

    # --- the pass ----------------------------------------------------------

    def step(self):
        """One loop pass, idle time included."""
        ticks = time.ticks_ms()
        if time.ticks_diff(self._idle_until, ticks) > 0 and self._buttons.quiet and self._released():
            # The app waits for a press with a still frame (App.idle_ms) and
            # no button is down or settling: one read of the pins, the core
            # asleep through the rest. The next whole pass counts the time.
            time.sleep_ms(_PASS_MS)
            self._ended = time.ticks_ms()
            return
        elapsed = time.ticks_diff(ticks, self._ticks)
        self._ticks = ticks
        if self.asleep:
            self._sleeping(ticks)
            return
        self.now += elapsed
        hw = self.hw
        flash = self.flash
        # The buttons are read in every pass: their debounce needs each sample.
        n = hw.buttons.poll(ticks)
        if not n and self.app.update_requested:
            # The menu's UPDATE, in a flash pass of its own after the press
            # that chose it: everything due written and the flag left
            # (LittleFS may erase), then run() resets the board.
            self.wrote = True
            self.request_update()
            self._rest_of_pass(ticks)
            return
        if not n and not self.wrote and flash.due(self._thinking()):
            # A pass that writes the flash does nothing else: LittleFS may
            # stall the CPU for a block erase (45 ms); the next writes nothing.
            # While the computer thinks only a save is written: the match
            # file's passes (and their erases) would keep the player waiting.
            self.wrote = True
            self._stirred = True
            flash.write()
            self._rest_of_pass(ticks)
            return
        self.wrote = False
        fresh = self._fresh
        self._fresh = False
        # the match file's next lines, made only while the computer does
        # not think, in the pass after a collection (FlashWriter.mat_next)
        mat_next = not n and flash.mat_next and not self._thinking()
        if not n and (self.app.collect_requested or mat_next and not fresh or self._stirred
                      and time.ticks_diff(ticks, self._collected) >= _COLLECT_MS):
            # The heap is collected in a pass that does nothing else (24 ms
            # on the chip): when the app asks (before and after the
            # computer thinks, at a roll, before a match begins:
            # App.collect_requested), before each of the match file's
            # lines is made (what they leave lasts passes, and takes the
            # heap's lowest holes), and every _COLLECT_MS while the app
            # works, the flash is written or keys are pressed, so that it
            # seldom fills inside a busy pass (in play no threshold
            # collects: startup.start()).
            if (time.ticks_diff(ticks, self._ended) >= _QUIET_MS
                    or time.ticks_diff(time.ticks_ms(), ticks) >= _QUIET_MS):
                # The pass began late or ran long before it got here: the
                # collector itself may have run, met by an allocation that
                # found the heap full (a call's frame over 11 words is one,
                # so step()'s own call can be), and a second collection
                # would double the pass. This one waits a pass. (A long
                # pass before, a computer's step, is no sign of it: waiting
                # on those, the collections every _COLLECT_MS starved while
                # the computer thought, and a full heap collected inside a
                # thinking step.)
                self._rest_of_pass(ticks)
                return
            self.app.collect_requested = False
            self._fresh = True
            self._stirred = False
            self.collect()
            self._collected = ticks
            self.collections += 1
            self._rest_of_pass(ticks)
            return
        match = getattr(self.app, "match", None)     # an app without matches has none
        flash.settle(None if match is None else match.record)
        if fresh and mat_next and flash.prepare(False):
            self._stirred = True        # the match file's next lines, first after the collection
        events = _NO_EVENTS
        if n:
            self._stirred = True
            events = bytes(hw.buttons.events[:n])
            self.events += n
            hw.power.activity(ticks)
            self.dice.stir(time.ticks_us())     # a press's timing feeds the dice
        self._check_battery(ticks)
        app = self.app
        app.update(self.now, events)
        hw.matrix.show(app.frame)
        if app.brightness != self._brightness:
            self._brightness = app.brightness
            hw.power.set_brightness(app.brightness)
        melody = app.take_sound()
        if melody is not None:
            hw.buzzer.play(melody, ticks)
        hw.buzzer.update(ticks)
        data = app.take_save()
        if data is not None:
            flash.offer(data)
        elif (not n and time.ticks_diff(time.ticks_ms(), ticks) < _QUIET_MS
              and not flash.due() and flash.prepare(True)):
            # the save's record (16 ms on the chip), made in a pass whose
            # app part was short; the next writes
            self._stirred = True
        if hw.power.update(ticks) == SLEEP or app.sleep_requested:
            self._fall_asleep()
        else:
            # the app's idle time, unless a melody or the flash needs passes
            idle = 0 if hw.buzzer.playing or flash.mat_due or flash.due() or app.update_requested else app.idle_ms()
            self._stirred = self._stirred or not idle   # at work: garbage to collect
            self._idle_until = time.ticks_add(ticks, idle)
        self._rest_of_pass(ticks)

    def _rest_of_pass(self, ticks):
        left = _PASS_MS - time.ticks_diff(time.ticks_ms(), ticks)
        if left > 0:
            time.sleep_ms(left)
        self._ended = time.ticks_ms()

    def _check_battery(self, ticks):
        if time.ticks_diff(ticks, self._battery_due) < 0:
            return
        self._battery_due = time.ticks_add(ticks, _BATTERY_MS)
        battery = self.hw.battery
        state = battery.update(ticks, self.hw.matrix.load_ma())
        told = state << 8 | battery.percent     # an int: a tuple kept would lie anywhere in the heap
        if told != self._battery:
            self._battery = told
            self.app.battery(state, battery.percent)

    # --- sleep: a state of the loop, so the loop never blocks ---------------

    def _fall_asleep(self):
        self.flash.flush()
        self.flash.write_mat()
        hw = self.hw
        hw.buzzer.stop()
        hw.matrix.standby()
        hw.power.rest()
        self.asleep = True
        self._idle_until = time.ticks_ms()
        # a button still held from before does not wake it: only a new press
        self._wake_armed = not hw.buttons.any_pressed()

    def _sleeping(self, ticks):
        hw = self.hw
        hw.power.feed()
        pressed = hw.buttons.any_pressed()
        if not self._wake_armed:
            self._wake_armed = not pressed
        elif pressed:
            hw.buttons.mute_held(ticks)   # the waking press does not also play
            hw.power.think()
            hw.matrix.wake()
            hw.power.activity(ticks)
            self.asleep = False
            self._idle_until = ticks
            self.wakes += 1
            self.app.woke()     # a critical battery's message shows again first
            return
        if self._wake_armed:
            # dormant (0.9 mA for the Pico board, lightsleep 1.5 mA) until a
            # press; the display is in standby since falling asleep
            hw.power.dormant()
        else:
            machine.lightsleep(_SLEEP_SLICE_MS)     # until the held button is let go

    # --- leaving the game: update mode, a crash --------------------------------

    def request_update(self):
        """The menu's UPDATE: leave the flag for startup.start_mode(), then run()
        resets the board. The game resumes from its last save afterwards."""
        if self.flash.flag_update():
            self.restart = True
        else:
            self.app.update_failed()

    def crashed(self, exc):
        """Notes the crash on the flash (count and traceback) before a reset."""
        self.crash_exc = exc
        sys.print_exception(exc)
        self.flash.note_crash(lambda stream: sys.print_exception(exc, stream))


def run(loop, until=None):
    """Steps the loop until `until()` says stop (never, on the device). A crash
    is noted and the board reset; the saved game resumes after the restart.
    The menu's UPDATE resets it too, into update mode."""
    try:
        while not loop.restart and (until is None or not until()):
            loop.step()
    except Exception as exc:
        loop.crashed(exc)
        machine.reset()
    if loop.restart:
        machine.reset()
