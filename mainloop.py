"""Blot's one loop: buttons and battery in, the app's frame and sounds out,
saves at the moments the app names, the watchdog fed on every pass.
Or, when the menu's UPDATE asked for it or MENU is held at power-on, update
mode: no game and no watchdog, the display saying UPDATE, the REPL left to
tools/deploy.py (docs/deploy.md).

On the device main.py calls main() after boot.py, and main() builds the
drivers (hw/board.py), the save file (the `os` module and `open`) and the app,
then loops forever. The host simulator (tools/sim/cli.py) builds a Loop the same
way over the simulated machine, with its own storage and seeded dice.

Nothing here waits for anything but the rest of a loop pass: the app thinks
in slices, the buzzer plays without blocking, and sleeping is a state of the
loop (one lightsleep slice per pass) rather than a call that only returns on a
button press.
"""
import gc
import os
import sys
import time

import machine
from micropython import const

from firmware import forget
# The archive and the match file's writer are kept loaded (matfile for
# MatchRecord.mat_lines): an import takes 25 to 55 ms on the chip, more
# than the quiet pass that needs them can spare (docs/chip.md).
from firmware.engine import archive, matfile, save  # noqa: F401
from hw.power import SLEEP

PASS_MS = const(10)          # one loop pass: the app asks for every 10-20 ms
_SLEEP_SLICE_MS = const(100)  # one lightsleep while asleep, far inside the watchdog
_BATTERY_MS = const(1000)    # how often the battery is sampled
SAVE_NAME = "blot"           # blot.sav, with blot.bak and blot.tmp beside it
MAT_FILE = "blot.mat"        # the match so far, for GNU Backgammon
MAT_TMP = MAT_FILE + ".tmp"  # the match file being written, renamed over it when whole
MAT_LINES = const(2)         # match file lines made in a quiet pass (about 5 ms each)
ARCHIVE_FILE = "blot.arc"    # the finished games of the match in play (archive.py)
_ALL_LINES = const(0x7FFFFFFF)
CRASH_FILE = "blot.crash"    # the last crash, and how many came in a row
_CRASH_LIMIT = const(3)      # crashes in a row before the saved game is set aside
UPDATE_FILE = "blot.update"  # left by the menu's UPDATE, removed at the next start-up (startup.py)

_NO_EVENTS = b""
START_GC = const(4096)       # bytes allocated between collections at start-up (start())
PLAY_GC = const(40960)       # ... and in play
COLLECT_MS = const(2000)     # the loop collects in a pass of its own at least this often
_STIRRED_COLLECT_MS = const(500)  # ... and this often after presses and flash work


class Loop:
    """One pass at a time: step() reads the inputs, updates the app, shows,
    plays and saves, then idles the rest of the pass."""

    def __init__(self, hw, os_module, opener, dice, app_class=None):
        self.hw = hw
        self.os = os_module
        self.open = opener
        self.store = save.SaveFile(os_module, opener, SAVE_NAME)
        self.crashes = self._read_crashes()
        self.save_status, payload = self.store.load()
        if payload is not None and self.crashes >= _CRASH_LIMIT:
            # the saved game crashed the firmware every time it resumed
            payload = None
            self.save_status = save.KEPT if self.store.set_aside() else save.CORRUPT
        elif self.save_status == save.VERSION and self.store.set_aside():
            self.save_status = save.KEPT    # another firmware's save, kept for it
        self.dice = dice
        self._record = None          # the match record attached to the archive
        self._archive_job = None     # a rewritten archive to rename, next flash pass
        self.app = self._make_app(app_class, dice, payload)
        if getattr(self.app, "save_rejected", False):
            self.store.set_aside()      # a payload the app cannot resume: kept too
        self.crash_exc = None
        self.restart = False         # run() resets the board: update mode next
        self.saves = 0
        self._mat_due = False        # the match file is behind the save
        self._mat_lines = None       # the match file's lines to come (a generator)
        self._mat_text = None        # its next lines, for the next flash pass to write
        self._mat_end = False        # _mat_text holds the last of them
        self._mat_whole = False      # the file holds them all: close and rename it next
        self._mat_file = None        # the temporary file being written
        self._mat_stale = None       # one abandoned by a new save, for a flash pass to close
        self.wrote = False           # the last pass wrote the flash (and did nothing else)
        self._save_due = None        # the app's newest snapshot, not written yet
        self._save_end = None        # a save's status from a flash pass, for the next to count
        self._crash_file_due = False # a save after crashes: the crash file to remove
        self.events = 0              # button events handed to the app, all time
        self.collections = 0         # passes that collected the heap
        self.collect = gc.collect    # (the simulator under CPython, whose heap is not the chip's, skips it)
        self._collected = time.ticks_ms()
        self._stirred = False        # presses or flash work since the last collection
        self.save_failures = 0
        self.asleep = False
        self.wakes = 0               # times a button woke it from sleep
        self._wake_armed = False
        self._ticks = time.ticks_ms()
        self.now = 0                 # ms awake since power-on: the app's clock
        self._battery_due = 0
        self._battery = (-1, -1)
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
            print_exception(exc)
            self.save_status = save.KEPT if self.store.set_aside() else save.CORRUPT
            return app_class(dice, saved=None, save_error=save.MESSAGES[self.save_status])

    # --- the pass ----------------------------------------------------------

    def step(self):
        """One loop pass, idle time included."""
        ticks = time.ticks_ms()
        elapsed = time.ticks_diff(ticks, self._ticks)
        self._ticks = ticks
        if self.asleep:
            self._sleeping(ticks)
            return
        self.now += elapsed
        hw = self.hw
        # The buttons are read in every pass: their debounce needs each sample.
        n = hw.buttons.poll(ticks)
        if not n and not self.wrote and self._flash_due():
            # A pass that writes the flash does nothing else: LittleFS may
            # stall the CPU for a block erase (45 ms), so the app, the
            # drivers, the save's record and the match file's text wait
            # for the next pass, which writes nothing.
            self.wrote = True
            self._stirred = True
            self._write_flash()
            self._rest_of_pass(ticks)
            return
        self.wrote = False
        if not n and (self.app.collect_requested or time.ticks_diff(ticks, self._collected)
                      >= (_STIRRED_COLLECT_MS if self._stirred else COLLECT_MS)):
            # The heap is collected in a pass that does nothing else (21 ms
            # on the chip): before the computer thinks, so that no
            # collection falls inside a step of its thinking (which
            # allocates far less than the heap then has free); and every
            # COLLECT_MS, sooner after presses and saves (with the match
            # file's text, they make most of the garbage: up to 33 KB a
            # second on the chip), so that the heap seldom reaches PLAY_GC
            # and collects inside a busy pass.
            self.app.collect_requested = False
            self._stirred = False
            self.collect()
            self._collected = ticks
            self.collections += 1
            self._rest_of_pass(ticks)
            return
        if self._save_end is not None:
            self._end_save()
        self._attach_archive()
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
            # The newest snapshot is a whole state, so it replaces one due
            # and a record made but not written yet.
            self._save_due = data
            self.store.record = None
        elif not n and not self._flash_due():
            # The save's record (its CRC, the room for it) or the match
            # file's next lines as text, in a quiet pass that writes
            # nothing: the next pass writes them and does nothing else
            # (the whole file's text is hundreds of milliseconds of
            # bytecode late in a match).
            if self._save_due is not None:
                self._prepare_save()
            elif self._mat_due and not self._archive_due():
                self._next_mat_text(MAT_LINES)
        if app.update_requested:
            self.request_update()
        if hw.power.update(ticks) == SLEEP or app.sleep_requested:
            self._fall_asleep()
        self._rest_of_pass(ticks)

    def _rest_of_pass(self, ticks):
        left = PASS_MS - time.ticks_diff(time.ticks_ms(), ticks)
        if left > 0:
            time.sleep_ms(left)

    def _flash_due(self):
        """Something made and waiting for a pass that writes it."""
        store = self.store
        return (store.pending or store.record is not None or self._mat_text is not None
                or self._mat_whole or self._mat_stale is not None or self._crash_file_due
                or self._archive_due())

    def _write_flash(self):
        """The next piece of flash work, one per pass: a save's record, then
        its two renames, a pass each (each can wait on the flash: an erase
        for the record's block, a metadata compaction for a rename), then
        the crash file's removal after crashes, then the match file's text
        a few lines at a time, then its close and rename (as with the save,
        a block's erase for the text and a compaction for the rename never
        fall in one pass). Each was made in a quiet pass before, and the
        save is counted in the pass after (_end_save): this pass only
        writes. A match file abandoned by the save before is closed first,
        in a pass of its own: its close commits what it holds (LittleFS
        may compact the metadata for it), so it never shares a pass with
        the save's renames."""
        store = self.store
        if self._mat_stale is not None:
            self._close_stale()
        elif store.pending:
            self._save_end = store.rename_one()
        elif store.record is not None:
            status = store.begin()
            if status != save.OK:
                self._save_end = status
        elif self._crash_file_due:
            self._remove_crash_file()
        elif self._archive_due():
            self._write_archive()
        elif self._mat_whole:
            self._close_mat()
        elif self._mat_text is not None:
            self._write_mat_text()

    # --- the archive: finished games leave the heap for the flash ----------

    def _attach_archive(self):
        """The match in play keeps its finished games in the archive
        (firmware/engine/archive.py): a match new to the loop (started, or
        restored from the save) is attached once; a restored one whose
        games the file no longer holds goes on without them."""
        m = getattr(self.app, "match", None)     # an app without matches has none
        record = None if m is None else m.record
        if record is self._record:
            return
        self._record = record
        self._archive_job = None
        if record is not None and record.store is None:
            try:
                archive.attach(record, self.os, self.open, ARCHIVE_FILE)
            except OSError:
                pass            # no archive: the heap keeps the games

    def _archive_due(self):
        """Finished games to write, or a rewritten archive to rename: after
        the save that holds them, and never while the match file is being
        made from the archive."""
        record = self._record
        store = self.store
        return (record is not None and (record.archive_due or self._archive_job is not None)
                and self._mat_lines is None and self._save_due is None
                and store.record is None and not store.pending)

    def _write_archive(self):
        """One piece of the archive's work: the finished games appended (or
        a rewritten file, whose rename is the next flash pass's, as with
        the save's), then the record lets them go."""
        record = self._record
        try:
            job = self._archive_job
            self._archive_job = None
            if job is not None:
                archive.finish(record, job)
            else:
                self._archive_job = archive.hand_over(record)
        except OSError:
            # the flash is full or failing: the games stay in the heap (and
            # in the save), and go at the next game's end
            record.handing = 0

    def _end_save(self):
        status = self._save_end
        self._save_end = None
        self._saved(status)

    def _prepare_save(self):
        """The due snapshot's record, for the next flash pass to write."""
        data = self._save_due
        self._save_due = None
        status = self.store.prepare(data)
        if status != save.OK:
            self._saved(status)

    def _check_battery(self, ticks):
        if time.ticks_diff(ticks, self._battery_due) < 0:
            return
        self._battery_due = time.ticks_add(ticks, _BATTERY_MS)
        battery = self.hw.battery
        state = battery.update(ticks, self.hw.matrix.load_ma())
        if (state, battery.percent) != self._battery:
            self._battery = (state, battery.percent)
            self.app.battery(state, battery.percent)

    # --- sleep: a state of the loop, so the loop never blocks ---------------

    def _fall_asleep(self):
        self.write_due_save()
        if self._mat_due:
            self.write_mat()
        hw = self.hw
        hw.buzzer.stop()
        hw.matrix.standby()
        hw.power.rest()
        self.asleep = True
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
            self.wakes += 1
            self.app.woke()     # a critical battery's message shows again first
            return
        machine.lightsleep(_SLEEP_SLICE_MS)

    # --- the flash -----------------------------------------------------------

    def write_due_save(self):
        """The save under way and the snapshot the app last asked to save,
        written now (before sleep, a crash's reset or update mode)."""
        store = self.store
        if self._save_end is not None:
            self._end_save()
        if store.pending:
            self._saved(store.finish())
        if store.record is not None:
            status = store.begin()
            self._saved(store.finish() if status == save.OK else status)
        data = self._save_due
        if data is not None:
            self._save_due = None
            self._saved(store.save(data))
        self._close_stale()
        if self._crash_file_due:
            self._remove_crash_file()

    def _saved(self, status):
        """A save's end: counted, the match file started again behind it
        (at the next quiet pass); after crashes, the game has gone on: the
        count starts again, and the crash file goes in a flash pass of its
        own (or in write_due_save, at once)."""
        if status == save.OK:
            self.saves += 1
            self._drop_mat(later=True)  # its text is behind the new save: start again
            self._mat_due = True
            if self.crashes:
                self.crashes = 0
                self._crash_file_due = True
        else:
            self.save_failures += 1
        return status

    def request_update(self):
        """The menu's UPDATE: leave the flag for startup.start_mode(), then run()
        resets the board. The game resumes from its last save afterwards."""
        self.write_due_save()
        try:
            save.write_atomic(self.os, self.open, UPDATE_FILE, b"update\n")
        except OSError:
            self.app.update_failed()
            return
        self.restart = True

    @property
    def mat_due(self):
        """True while the match file is behind the game: a save due, or the
        file being written."""
        store = self.store
        return (self._mat_due or self._save_due is not None or store.pending
                or store.record is not None or self._save_end is not None)

    def write_mat(self):
        """The match file beside the save, the rest of it at once."""
        self._close_stale()
        while self._mat_due:
            if self._mat_whole:
                self._close_mat()
            elif self._mat_text is not None:
                self._write_mat_text()
            else:
                self._next_mat_text(_ALL_LINES)

    def _next_mat_text(self, count):
        """The match file's next `count` lines as one string, for the next
        flash pass to write; at the last line the job is marked to end, and
        with no line left the close is due (_close_mat)."""
        if self._mat_lines is None:
            lines = self.app.mat_lines()
            if lines is None:
                self._mat_due = False
                return
            self._mat_lines = lines
        parts = []
        for _ in range(count):
            try:
                parts.append(next(self._mat_lines))
            except StopIteration:
                self._mat_end = True
                break
            parts.append("\n")
        self._stirred = True
        if parts or self._mat_file is None:
            self._mat_text = "".join(parts)
        else:
            self._mat_whole = True      # nothing more to write: the close is next

    def _write_mat_text(self):
        """The prepared lines into the temporary file; after the last, the
        file is whole and _close_mat() is due."""
        text = self._mat_text
        self._mat_text = None
        try:
            if self._mat_file is None:
                self._mat_file = self.open(MAT_TMP, "w")
            if text:
                self._mat_file.write(text)
        except OSError:
            self._drop_mat()
            self._mat_due = False
            return
        self._mat_whole = self._mat_end

    def _close_mat(self):
        """The whole temporary file closed and renamed over MAT_FILE, so the
        file on the flash is the old one or the new one, never half of one."""
        f = self._mat_file
        self._mat_file = None
        self._drop_mat()
        self._mat_due = False
        try:
            f.close()
            self.os.rename(MAT_TMP, MAT_FILE)
        except OSError:
            pass

    def _drop_mat(self, later=False):
        """Abandons the match file being written (the old one stays); its
        temporary file is closed now, or (later) by the next flash pass or
        the next save written at once, before the file is opened again."""
        f = self._mat_file
        self._mat_file = None
        self._mat_lines = None
        self._mat_text = None
        self._mat_end = False
        self._mat_whole = False
        if f is not None:
            self._close_stale()     # at most one left open
            self._mat_stale = f
        if not later:
            self._close_stale()

    def _close_stale(self):
        f = self._mat_stale
        self._mat_stale = None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass

    def _read_crashes(self):
        try:
            data = save.read_file(self.open, CRASH_FILE)
        except OSError:
            return 0
        if not data:
            return 0
        try:
            return int(data.split(b"\n", 1)[0])
        except ValueError:
            return 1

    def _remove_crash_file(self):
        self._crash_file_due = False
        try:
            self.os.remove(CRASH_FILE)
        except OSError:
            pass

    def crashed(self, exc):
        """Notes the crash on the flash (count and traceback) before a reset."""
        self.crash_exc = exc
        print_exception(exc)
        try:
            f = self.open(CRASH_FILE, "w")
            try:
                f.write("%d\n" % (self.crashes + 1))
                print_exception(exc, f)
            finally:
                f.close()
        except OSError:
            pass


def print_exception(exc, stream=None):
    """MicroPython's sys.print_exception, or CPython's traceback in the simulator."""
    printer = getattr(sys, "print_exception", None)
    if printer is None:
        import traceback
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=stream)
    elif stream is None:
        printer(exc)
    else:
        printer(exc, stream)


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


def load_opponent():
    """The computer, loaded at power-on before anything else: its buffers
    (the largest 9.3 KB) are made once on an empty heap and never freed.
    Loaded at its first move instead, they met a heap in pieces: on the
    chip no 9 KB piece was left of 136 KB free (docs/app.md, Heap)."""
    from firmware.opponent import ai, judge  # noqa: F401


def start():
    """The game's start-up: the computer, the drivers, the dice, the Loop.

    The heap is collected after every START_GC bytes while the modules
    load, so that what they keep packs the bottom of the heap and the rest
    is one block (70.9 KB of 74.5 KB free on the chip; left to collect
    only when full, the largest block was 7.7 KB). In play it is collected
    after every PLAY_GC bytes, so that new objects take the holes low in
    the heap and the top stays whole, and before the computer thinks
    (Loop.step), which allocates less than that (19 KB at the most on the
    chip), so that no collection falls inside its steps."""
    gc.threshold(START_GC)
    load_opponent()
    from hw import board
    import startup      # the start-up's code, let go before the game runs
    hw = board.setup(watchdog=True)
    dice = startup.make_dice(hw.entropy)
    startup = None
    forget("startup")
    loop = Loop(hw, os, open, dice)
    gc.collect()
    gc.threshold(PLAY_GC)
    return loop


def main():
    import startup
    if startup.start_mode(os, startup.menu_held(), UPDATE_FILE) == startup.UPDATE:
        print("Blot: update mode, no game and no watchdog: python -m tools.deploy flash")
        from hw import board
        try:
            startup.show_update(board.setup(watchdog=False))
        except Exception as exc:    # a half-copied image: the REPL is what matters
            print_exception(exc)
        return
    startup = None
    forget("startup")
    run(start())
