"""The flash writer on its own: a save and the match file behind it, a
flash change a pass, a newer snapshot overtaking the work under way, the
crash file, and power cuts at every step.

Flash is test_archive.py's stand-in for the `os` module and `open`: every
byte written, file created, renamed or removed is a step, and the power
can go before any step.
"""
from firmware.engine import flashwriter, matfile, save
from firmware.engine.flashwriter import CRASH_FILE, MAT_FILE, MAT_TMP, FlashWriter
from firmware.engine.matchrecord import MatchRecord
from tests.portable import test_archive
from tests.portable.test_save import PowerCut


class Flash(test_archive.Flash):
    """Files opened "w" take text too (the crash file), as UTF-8."""

    def open(self, path, mode="r"):
        f = test_archive.Flash.open(self, path, mode)
        if "w" in mode:
            write = f.write
            f.write = lambda data: write(data.encode() if isinstance(data, str) else data)
        return f


NAMES = ("Ann", "Bob")


class Match:
    """A match in play for the writer: its record, and the app's mat_lines."""

    def __init__(self, games=0, moves=2):
        self.record = MatchRecord()
        for k in range(games):
            self.game(k, moves)

    def game(self, k, moves=2, end=True):
        rec = self.record
        rec.start_game(k & 1, k, 0)
        for m in range(moves):
            rec.move(3, 1, ((8, 5), (6, 5)))
            rec.move(6, 4, ((24, 18), (18, 14)))
        if end:
            rec.end(k & 1, 1 + k % 3, 0)

    def move(self):
        self.record.move(2, 1, ((6, 4), (6, 5)))

    def mat_lines(self, skip=0):
        return matfile.record_lines(self.record, 7, NAMES, skip)

    def text(self):
        return "".join(line + "\n" for line in self.mat_lines())


def writer(flash, match):
    w = FlashWriter(flash, flash.open)
    w.mat_lines = match.mat_lines
    w.settle(match.record)
    return w


def passes(w, most=1000):
    """The loop's flash passes until nothing is due: a pass that writes
    when something is made, else a quiet pass that settles and prepares.
    Returns the text each quiet pass made for the match file."""
    texts = []
    for _ in range(most):
        if w.due():
            w.write()
        elif w.mat_due:
            w.settle(w._record)
            w.prepare()
            if w._mat_text:
                texts.append(w._mat_text)
        else:
            return texts
    raise AssertionError("the writer never finished")


def saved(flash):
    return save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).load()


def on_flash(flash):
    return flash.files[MAT_FILE].decode()


def test_a_save_and_the_match_file_behind_it():
    flash = Flash()
    m = Match()
    m.game(0, end=False)
    w = writer(flash, m)
    assert w.load() == (save.MISSING, None)
    w.offer(b"first game state")
    assert w.mat_due and not w.due()
    passes(w)
    assert w.saves == 1 and w.save_failures == 0
    assert saved(flash) == (save.OK, b"first game state")
    assert on_flash(flash) == m.text()
    assert MAT_TMP not in flash.files
    m.move()                    # the first game goes on: made whole again
    w.offer(b"a move later")
    passes(w)
    assert w.saves == 2 and on_flash(flash) == m.text()


class Logged(Flash):
    """Flash that logs its changes: ("rename", new), ("remove", name),
    ("open", name) and ("write", name)."""

    def __init__(self):
        Flash.__init__(self)
        self.log = []

    def open(self, path, mode="r"):
        f = Flash.open(self, path, mode)
        if "r" in mode:
            return f
        self.log.append(("open", path))
        log = self.log
        write = f.write

        def logged(data):
            log.append(("write", path))
            return write(data)
        f.write = logged
        return f

    def rename(self, old, new):
        Flash.rename(self, old, new)
        self.log.append(("rename", new))

    def remove(self, path):
        Flash.remove(self, path)
        self.log.append(("remove", path))


def logged_passes(w):
    """Each writing pass's changes on the flash (a Logged); the quiet passes
    make none."""
    flash = w.os
    changes = []
    while w.due() or w.mat_due:
        del flash.log[:]
        if w.due():
            w.write()
            changes.append(list(flash.log))
        else:
            w.settle(w._record)
            w.prepare()
            assert flash.log == []
    for change in changes:
        # one rename or removal, or the writes to one file
        assert len(change) == 1 or (len(set(name for _, name in change)) == 1
                                    and set(kind for kind, _ in change) <= {"open", "write"}), change
    return [c[-1] for c in changes]


def test_each_pass_makes_one_flash_change():
    # A write may wait for a block's erase and a rename for a metadata
    # compaction: one of them a pass, and none in a pass that prepares.
    flash = Logged()
    m = Match(games=1)
    w = writer(flash, m)
    w.offer(b"a state")
    names = logged_passes(w)
    assert names[:2] == [("write", "blot.tmp"), ("rename", "blot.sav")]   # no old save to keep
    assert names[-1] == ("rename", MAT_FILE)
    lines = m.text().count("\n")
    writes = (lines + flashwriter.MAT_LINES - 1) // flashwriter.MAT_LINES
    assert sum(1 for c in names if c == ("write", MAT_TMP)) == writes


def test_the_match_file_is_written_a_few_lines_a_pass():
    flash = Flash()
    m = Match(games=2)
    w = writer(flash, m)
    w.offer(b"state")
    texts = passes(w)
    assert all(t.count(b"\n") <= flashwriter.MAT_LINES for t in texts)
    assert b"".join(texts).decode() == m.text()


def test_only_the_newest_game_is_made_again_the_rest_copied():
    flash = Logged()
    m = Match(games=3)
    m.game(3, end=False)
    w = writer(flash, m)
    w.offer(b"one")
    passes(w)
    whole = m.text()
    newest = whole.index(" Game 4")
    m.move()
    w.offer(b"two")
    texts = passes(w)
    assert b"".join(texts).decode() == m.text()[newest:]      # game 4's lines alone were made
    assert on_flash(flash) == m.text()
    # the game ends and the next begins: game 4 is kept from then on
    m.record.end(0, 1, 0)
    m.game(4, end=False)
    w.offer(b"three")
    passes(w)
    newest = m.text().index(" Game 5")
    m.move()
    w.offer(b"four")
    del flash.log[:]
    texts = passes(w)
    assert b"".join(texts).decode() == m.text()[newest:] and on_flash(flash) == m.text()
    copies = -(-newest // flashwriter.MAT_COPY)       # blocks of the games before, a pass each
    assert sum(1 for kind, name in flash.log if kind == "write" and name == MAT_TMP) \
        == copies + len(texts)


def test_another_match_or_a_trimmed_record_makes_the_file_whole():
    flash = Flash()
    m = Match(games=2)
    m.game(2, end=False)
    w = writer(flash, m)
    w.offer(b"one")
    passes(w)
    other = Match(games=1)
    w.mat_lines = other.mat_lines
    w.settle(other.record)          # a new match in play
    w.offer(b"two")
    assert b"".join(passes(w)).decode() == other.text() == on_flash(flash)
    other.record.trimmed += 1       # its oldest game dropped, none archived
    other.game(1, end=False)
    w.offer(b"three")
    assert b"".join(passes(w)).decode() == other.text() == on_flash(flash)


def test_a_match_file_shorter_than_it_was_left_is_made_whole():
    flash = Flash()
    m = Match(games=3)
    m.game(3, end=False)
    w = writer(flash, m)
    w.offer(b"one")
    passes(w)
    flash.files[MAT_FILE] = flash.files[MAT_FILE][:40]     # cut short by another hand
    m.move()
    w.offer(b"two")
    passes(w)
    assert on_flash(flash) == m.text()


def test_a_newer_snapshot_replaces_one_prepared_and_restarts_the_match_file():
    flash = Flash()
    m = Match(games=1)
    m.game(1, end=False)
    w = writer(flash, m)
    w.offer(b"one")
    passes(w)
    w.offer(b"two")
    w.prepare()                 # the record made, not written
    assert w.store.record is not None
    w.offer(b"three")           # a newer snapshot: the record goes
    assert w.store.record is None
    passes(w)
    assert saved(flash) == (save.OK, b"three") and w.saves == 2
    # a save in the middle of the match file's copy: the file starts again
    m.move()
    w.offer(b"four")
    while w._mat_file is None:
        if w.due():
            w.write()
        else:
            w.settle(m.record)
            w.prepare()
    m.move()
    w.offer(b"five")
    passes(w)
    assert saved(flash) == (save.OK, b"five")
    assert on_flash(flash) == m.text()


def test_flush_writes_everything_due_at_once():
    flash = Flash()
    m = Match(games=2)
    w = writer(flash, m)
    w.offer(b"one")
    w.prepare()
    w.write()                   # the record, renames to come
    w.offer(b"two")
    w.flush()
    assert not w.store.pending and w.store.record is None     # the archive's work may wait
    assert saved(flash) == (save.OK, b"two")
    w.write_mat()
    assert not w.mat_due and on_flash(flash) == m.text()
    m.game(2, end=False)
    w.offer(b"three")
    w.flush()
    w.write_mat()               # the copy and the newest game's lines at once
    assert not w.mat_due and on_flash(flash) == m.text()


def test_power_cuts_at_every_step_leave_a_whole_save_and_a_whole_match_file():
    # The old save and match file on the flash, then a new save and file
    # (the old file's games copied, the newest made), cut before each of
    # its steps in turn.
    total = None
    k = 0
    while total is None or k < total:
        flash = Flash()
        m = Match(games=2)
        m.game(2, end=False)
        w = writer(flash, m)
        w.load()
        w.offer(b"old")
        passes(w)
        old = m.text()
        m.move()
        flash.reboot(cut_at=k)
        w.offer(b"new")
        try:
            passes(w)
            total = flash.steps
        except PowerCut:
            pass
        flash.reboot()
        status, payload = saved(flash)
        assert status in (save.OK, save.RESTORED) and payload in (b"old", b"new"), k
        assert on_flash(flash) in (old, m.text()), k
        k += 1
    assert total > 20


def test_crashes_are_counted_and_a_game_that_keeps_crashing_is_set_aside():
    flash = Flash()
    m = Match(games=1)
    w = writer(flash, m)
    w.offer(b"the game")
    passes(w)
    for n in range(1, flashwriter.CRASH_LIMIT + 1):
        w = writer(flash, m)
        assert w.crashes == n - 1
        w.note_crash(lambda stream: stream.write("Traceback\n"))
        assert flash.files[CRASH_FILE].decode() == "%d\nTraceback\n" % n
    w = writer(flash, m)
    assert w.load() == (save.KEPT, None)
    assert "blot.old" in flash.files


def test_a_save_after_a_crash_removes_the_crash_file():
    flash = Flash()
    m = Match(games=1)
    w = writer(flash, m)
    w.note_crash(lambda stream: None)
    w = writer(flash, m)
    assert w.crashes == 1 and w.load() == (save.MISSING, None)
    w.offer(b"went on")
    passes(w)
    assert w.crashes == 0 and CRASH_FILE not in flash.files


def test_a_full_flash_counts_a_failed_save_and_keeps_the_old_one():
    flash = Flash()
    m = Match(games=1)
    w = writer(flash, m)
    w.offer(b"kept")
    passes(w)

    def full(path, mode="r"):
        if "w" in mode:
            raise OSError(28)
        return Flash.open(flash, path, mode)
    w.open = full
    w.store.open = full
    w.offer(b"lost")
    passes(w)
    assert w.save_failures == 1 and saved(flash) == (save.OK, b"kept")


def test_while_the_computer_thinks_only_a_save_is_due():
    flash = Flash()
    m = Match(games=1)
    w = writer(flash, m)
    w.offer(b"one")
    w.prepare()                         # the record made
    assert w.due(save_only=True)
    while w.store.record is not None or w.store.pending:
        w.write()                       # the record, then its renames
    w.settle(m.record)
    w.prepare()                         # the match file's first lines made
    assert w.due() and not w.due(save_only=True)
    passes(w)
    assert on_flash(flash) == m.text()
