"""The handheld's flash work, one change per loop pass: the save, the
archive of finished games, the match file for GNU Backgammon and the
crash file.

The loop (mainloop.py) asks three things of it:

- `due()`: something made and waiting for a pass that writes it;
- `prepare()`, in a quiet pass that writes nothing: the due snapshot's
  record (its CRC, the room for it) or the match file's next lines as text;
- `write()`, in a pass that does nothing else: one flash change.

A change that can wait on the flash (a block's erase for a write, a
metadata compaction for a rename: up to 45 ms each on LittleFS) never
shares a pass with another, nor with the app, the drivers or the making
of text. `flush()` writes everything due at once: before sleep, a crash's
reset or update mode.

Each save (docs/save.md) is a record, then two renames, a pass each; it
is counted in the pass after the last (`settle()`). The match file
(MAT_FILE) is made again behind each save into MAT_TMP, closed and renamed
over the old one when whole, so that the flash holds the old file or the
new one, never half of one. Only the newest game's lines are made again,
a few a pass: the games before it are finished, and their text is copied
from the file before, a block a pass (made again from the record each
time, late in a match the text was the heap's largest source of garbage).
The finished games go to the archive (firmware/engine/archive.py) after
the save that holds them, never while the match file is read from it.
"""
from array import array

from micropython import const

# The archive and the match file's writer stay loaded (matfile for
# Match.mat_lines): an import takes 25 to 55 ms on the chip, more
# than the quiet pass that needs them can spare (docs/chip.md).
from firmware.engine import archive, matfile, save  # noqa: F401

SAVE_NAME = "blot"           # blot.sav, with blot.bak and blot.tmp beside it
MAT_FILE = "blot.mat"        # the match so far, for GNU Backgammon
MAT_TMP = MAT_FILE + ".tmp"  # the match file being written, renamed over it when whole
MAT_LINES = const(2)         # match file lines made in a quiet pass (about 5 ms each)
MAT_COPY = const(512)        # bytes of the finished games' text copied in a flash pass
ARCHIVE_FILE = "blot.arc"    # the finished games of the match in play (archive.py)
CRASH_FILE = "blot.crash"    # the last crash, and how many came in a row
CRASH_LIMIT = const(3)       # crashes in a row before the saved game is set aside
UPDATE_FILE = "blot.update"  # left by the menu's UPDATE, removed at the next start-up (startup.py)
_ALL_LINES = const(0x7FFFFFFF)


class FlashWriter:
    """The save file, the archive, the match file and the crash file, for
    one loop. `mat_lines(skip)`, a function, gives the match file's lines
    after its first `skip` games (a generator, or None with no match); the
    loop sets it to the app's."""

    def __init__(self, os_module, opener):
        self.os = os_module
        self.open = opener
        self.store = save.SaveFile(os_module, opener, SAVE_NAME)
        self.crashes = self._read_crashes()
        self.mat_lines = None
        self.saves = 0
        self.save_failures = 0
        self._record = None          # the match record attached to the archive
        self._archive_job = None     # a rewritten archive to rename, next flash pass
        self._save_due = None        # the app's newest snapshot, not written yet
        self._save_end = None        # a save's status from a flash pass, for the next to count
        self._crash_file_due = False  # a save after crashes: the crash file to remove
        self._mat_due = False        # the match file is behind the save
        self._mat_lines = None       # the match file's lines to come (a generator)
        self._mat_text = None        # its next lines, for the next flash pass to write
        self._mat_end = False        # _mat_text holds the last of them
        self._mat_whole = False      # the file holds them all: close and rename it next
        self._mat_file = None        # the temporary file being written
        self._mat_stale = None       # one abandoned by a new save, for a flash pass to close
        # The match file on the flash: (record.trimmed, games, size) when
        # its first `size` bytes are the header and the first `games` games
        # of the match in play, all finished; games 0 when none are known.
        # Written in place: a tuple made late between collections would
        # lie high in the heap and split its largest free block.
        self._mat_kept = array("i", bytes(12))
        self._mat_copy = 0           # bytes of those still to copy into the temporary file
        self._mat_source = None      # the file they are copied from
        self._mat_buffer = bytearray(MAT_COPY)  # a block of them (made at power-on, low in the heap)
        self._mat_size = 0           # bytes in the temporary file's text so far
        self._mat_games = 0          # games begun in it so far
        self._mat_newest = array("i", bytes(8))     # (games, size) before the newest game's head

    def load(self):
        """(status, payload) of the saved game (save.MESSAGES). A game
        that crashed the firmware CRASH_LIMIT times in a row, or another
        firmware's save, is set aside (save.KEPT) and not resumed."""
        status, payload = self.store.load()
        if payload is not None and self.crashes >= CRASH_LIMIT:
            payload = None
            status = self.set_aside()
        elif status == save.VERSION and self.store.set_aside():
            status = save.KEPT      # another firmware's save, kept for it
        return status, payload

    def set_aside(self):
        """The saved game renamed out of the next save's way (save.KEPT),
        or False (save.CORRUPT) if it could not be."""
        return save.KEPT if self.store.set_aside() else save.CORRUPT

    # --- the loop's three questions ------------------------------------------

    def due(self, save_only=False):
        """Something made and waiting for a pass that writes it; with
        `save_only`, a save's own steps alone (the match file and the
        archive wait while the computer thinks)."""
        store = self.store
        if store.pending or store.record is not None:
            return True
        return not save_only and (
            self._mat_text is not None or self._mat_whole or self._mat_copy
            or self._mat_stale is not None or self._crash_file_due or self._archive_due())

    def prepare(self, save_only=False):
        """In a quiet pass that writes nothing: the due snapshot's record
        (16 ms on the chip), else, unless `save_only`, the match file's
        next MAT_LINES lines as text when they wait (mat_next; about 5 ms
        a line). True when it made either."""
        if self._save_due is not None:
            data = self._save_due
            self._save_due = None
            status = self.store.prepare(data)
            if status != save.OK:
                self._saved(status)
            return True
        if save_only or not self.mat_next:
            return False
        self._next_mat_text(MAT_LINES)
        return True

    def write(self):
        """The next flash change, one per pass: a match file abandoned by
        a new save closed (its close commits what it holds), a save's
        renames, else its record, then the crash file's removal after
        crashes, the archive's work, the match file's close and rename,
        else its next lines."""
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
        elif self._mat_copy:
            self._copy_mat()
        elif self._mat_text is not None:
            self._write_mat_text()

    # --- the loop's other calls ----------------------------------------------

    def offer(self, data):
        """The app's newest snapshot: a whole state, so it replaces one due
        and a record made but not written yet."""
        self._save_due = data
        self.store.record = None

    def settle(self, record):
        """At the start of a pass that runs the app: the save the last
        flash pass ended is counted, and the match record in play (None
        with none) is attached to the archive when it is new to the loop."""
        self._count_save_end()
        if record is not self._record:
            self._attach(record)

    def flush(self):
        """The save under way and the snapshot last offered, written now."""
        store = self.store
        self._count_save_end()
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

    @property
    def mat_next(self):
        """True when the match file's next lines wait to be made: nothing
        else due, no save's record to make first. The loop makes them in
        the pass after a collection of the heap, before anything else:
        what they leave lasts passes (the text until it is written, the
        lines' generator and what its frame still points at), and made
        there it takes the heap's lowest holes."""
        return self._save_due is None and self._mat_due and not self._archive_due() and not self.due()

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
            elif self._mat_copy:
                self._copy_mat()
            elif self._mat_text is not None:
                self._write_mat_text()
            else:
                self._next_mat_text(_ALL_LINES)

    def flag_update(self):
        """Everything due written, and the flag for update mode at the
        next start-up (startup.start_mode()) left; False if it could not be."""
        self.flush()
        try:
            save.write_atomic(self.os, self.open, UPDATE_FILE, b"update\n")
        except OSError:
            return False
        return True

    def note_crash(self, write_traceback):
        """The crash noted on the flash before a reset: the count of
        crashes in a row, then what write_traceback(stream) writes."""
        try:
            f = self.open(CRASH_FILE, "w")
            try:
                f.write("%d\n" % (self.crashes + 1))
                write_traceback(f)
            finally:
                f.close()
        except OSError:
            pass

    # --- saves ---------------------------------------------------------------

    def _saved(self, status):
        """A save's end: counted, the match file started again behind it
        (at the next quiet pass); after crashes, the game has gone on: the
        count starts again, and the crash file goes in a flash pass of its
        own (or in flush(), at once)."""
        if status == save.OK:
            self.saves += 1
            self._drop_mat(later=True)  # its text is behind the new save: start again
            self._mat_due = True
            if self.crashes:
                self.crashes = 0
                self._crash_file_due = True
        else:
            self.save_failures += 1

    def _count_save_end(self):
        """The save a flash pass ended (its last rename, or a failure),
        counted."""
        if self._save_end is not None:
            status = self._save_end
            self._save_end = None
            self._saved(status)

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

    # --- the archive: finished games leave the heap for the flash ----------

    def _attach(self, record):
        """The match in play keeps its finished games in the archive: a
        match new to the loop (started, or restored from the save) is
        attached once; a restored one whose games the file no longer holds
        goes on without them."""
        self._record = record
        self._archive_job = None
        self._mat_kept[1] = 0       # another match: its file is made whole
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

    # --- the match file --------------------------------------------------------

    def _next_mat_text(self, count):
        """The match file's next `count` lines as one string, for the next
        flash pass to write; at the last line the job is marked to end, and
        with no line left the close is due (_close_mat). A new file starts
        with the copy of the finished games that the file before holds."""
        if self._mat_lines is None:
            if not self._start_mat():
                self._mat_due = False
                return
        parts = []
        for _ in range(count):
            try:
                line = next(self._mat_lines)
            except StopIteration:
                self._mat_end = True
                break
            if line.startswith(matfile.GAME_HEAD):
                self._mat_newest[0] = self._mat_games
                self._mat_newest[1] = self._mat_size
                self._mat_games += 1
            self._mat_size += len(line) + 1
            parts.append(line)
            parts.append("\n")
        if parts or self._mat_file is None:
            self._mat_text = "".join(parts).encode()     # the file is bytes: the copy's too
        else:
            self._mat_whole = True      # nothing more to write: the close is next

    def _start_mat(self):
        """A new match file's lines begun: after the games the file on the
        flash holds finished (copied first, by _copy_mat), or all of them.
        False with no match."""
        kept = self._mat_kept
        record = self._record
        skip = size = 0
        if kept[1] and record is not None and kept[0] == record.trimmed:
            skip = kept[1]      # the header and the finished games
            size = kept[2]
        lines = None if self.mat_lines is None else self.mat_lines(skip)
        if lines is None:
            return False
        self._mat_lines = lines
        self._mat_copy = size
        self._mat_size = size
        self._mat_games = skip
        self._mat_newest[0] = skip
        self._mat_newest[1] = size
        return True

    def _copy_mat(self):
        """A block of the finished games' text, from the file on the flash
        into the temporary file. A file shorter than it was left is made
        whole again instead."""
        try:
            if self._mat_file is None:
                self._mat_source = self.open(MAT_FILE, "rb")
                self._mat_file = self.open(MAT_TMP, "wb")
            n = min(self._mat_copy, MAT_COPY)
            block = memoryview(self._mat_buffer)[:n]
            if self._mat_source.readinto(block) != n:
                raise OSError(5)
            self._mat_file.write(block)
        except OSError:
            self._drop_mat()
            self._mat_kept[1] = 0       # due still: made whole at the next quiet pass
            return
        self._mat_copy -= n

    def _write_mat_text(self):
        """The prepared lines into the temporary file; after the last, the
        file is whole and _close_mat() is due."""
        text = self._mat_text
        self._mat_text = None
        try:
            if self._mat_file is None:
                self._mat_file = self.open(MAT_TMP, "wb")
            if text:
                self._mat_file.write(text)
        except OSError:
            self._drop_mat()
            self._mat_due = False
            return
        self._mat_whole = self._mat_end

    def _close_mat(self):
        """The whole temporary file closed and renamed over MAT_FILE."""
        f = self._mat_file
        self._mat_file = None
        self._drop_mat()
        self._mat_due = False
        kept = self._mat_kept
        kept[1] = 0
        try:
            f.close()
            self.os.rename(MAT_TMP, MAT_FILE)
        except OSError:
            return
        if self._record is not None:
            kept[0] = self._record.trimmed
            kept[1] = self._mat_newest[0]
            kept[2] = self._mat_newest[1]

    def _drop_mat(self, later=False):
        """Abandons the match file being written (the old one stays); its
        temporary file is closed now, or (later) by the next flash pass or
        the next flush, before the file is opened again."""
        f = self._mat_file
        self._mat_file = None
        self._mat_lines = None
        self._mat_text = None
        self._mat_end = False
        self._mat_whole = False
        self._mat_copy = 0
        source = self._mat_source
        self._mat_source = None
        if source is not None:
            try:
                source.close()      # read only: its close writes nothing
            except OSError:
                pass
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
