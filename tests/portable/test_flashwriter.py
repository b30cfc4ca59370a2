"""The flash writer on its own: a save and the match file behind it, a
flash change a pass, a newer snapshot overtaking the work under way, the
crash file, and power cuts at every step.

Flash is test_archive.py's stand-in for the `os` module and `open`: every
byte written, file created, renamed or removed is a step, and the power
can go before any step.
"""
from firmware.engine import flashwriter, save
from firmware.engine.flashwriter import CRASH_FILE, MAT_FILE, MAT_TMP, FlashWriter
from tests.portable import test_archive
from tests.portable.test_save import PowerCut


class Flash(test_archive.Flash):
    """Files opened "w" take text too (the match file), as UTF-8."""

    def open(self, path, mode="r"):
        f = test_archive.Flash.open(self, path, mode)
        if "w" in mode:
            write = f.write
            f.write = lambda data: write(data.encode() if isinstance(data, str) else data)
        return f


def match_lines(n):
    """A stand-in for the app's mat_lines: `n` numbered lines."""
    return lambda: ("line %d of %d" % (i, n) for i in range(n))


def mat_text(n):
    return "".join("line %d of %d\n" % (i, n) for i in range(n))


def writer(flash, lines=4):
    w = FlashWriter(flash, flash.open)
    w.mat_lines = match_lines(lines)
    return w


def passes(w, most=200):
    """The loop's flash passes until nothing is due: a pass that writes
    when something is made, else a quiet pass that settles and prepares.
    Returns the steps each writing pass took on the flash."""
    flash = w.os
    steps = []
    for _ in range(most):
        if w.due():
            before = flash.steps
            w.write()
            steps.append(flash.steps - before)
        elif w.mat_due:
            w.settle(None)
            w.prepare()
        else:
            return steps
    raise AssertionError("the writer never finished")


def saved(flash):
    return save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).load()


def test_a_save_and_the_match_file_behind_it():
    flash = Flash()
    w = writer(flash, lines=5)
    assert w.load() == (save.MISSING, None)
    w.offer(b"first game state")
    assert w.mat_due and not w.due()
    passes(w)
    assert w.saves == 1 and w.save_failures == 0
    assert saved(flash) == (save.OK, b"first game state")
    assert flash.files[MAT_FILE].decode() == mat_text(5)
    assert MAT_TMP not in flash.files


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


def test_each_pass_makes_one_flash_change():
    # A write may wait for a block's erase and a rename for a metadata
    # compaction: one of them a pass, and none in a pass that prepares.
    flash = Logged()
    w = writer(flash, lines=9)
    w.offer(b"a state")
    changes = []
    while w.due() or w.mat_due:
        del flash.log[:]
        if w.due():
            w.write()
            changes.append(list(flash.log))
        else:
            w.settle(None)
            w.prepare()
            assert flash.log == []
    for change in changes:
        # one rename or removal, or the writes to one file
        assert len(change) == 1 or (len(set(name for _, name in change)) == 1
                                    and set(kind for kind, _ in change) <= {"open", "write"}), change
    names = [c[-1] for c in changes]
    assert names[:2] == [("write", "blot.tmp"), ("rename", "blot.sav")]   # no old save to keep
    assert names[-1] == ("rename", MAT_FILE)
    assert sum(1 for c in names if c == ("write", MAT_TMP)) == 5    # 9 lines, 2 a pass


def test_the_match_file_is_written_a_few_lines_a_pass():
    flash = Flash()
    w = writer(flash, lines=9)
    w.offer(b"state")
    texts = []
    while w.due() or w.mat_due:
        if w.due():
            w.write()
        else:
            w.settle(None)
            w.prepare()
            if w._mat_text:
                texts.append(w._mat_text)
    assert all(t.count("\n") <= flashwriter.MAT_LINES for t in texts)
    assert "".join(texts) == mat_text(9)


def test_a_newer_snapshot_replaces_one_prepared_and_restarts_the_match_file():
    flash = Flash()
    w = writer(flash, lines=6)
    w.offer(b"one")
    passes(w)
    w.offer(b"two")
    w.prepare()                 # the record made, not written
    assert w.store.record is not None
    w.offer(b"three")           # a newer snapshot: the record goes
    assert w.store.record is None
    passes(w)
    assert saved(flash) == (save.OK, b"three") and w.saves == 2
    # a save in the middle of the match file's text: the file starts again
    w.offer(b"four")
    while w._mat_file is None:
        if w.due():
            w.write()
        else:
            w.settle(None)
            w.prepare()
    w.offer(b"five")
    w.mat_lines = match_lines(3)
    passes(w)
    assert saved(flash) == (save.OK, b"five")
    assert flash.files[MAT_FILE].decode() == mat_text(3)


def test_flush_writes_everything_due_at_once():
    flash = Flash()
    w = writer(flash)
    w.offer(b"one")
    w.prepare()
    w.write()                   # the record, renames to come
    w.offer(b"two")
    w.flush()
    assert not w.due() and saved(flash) == (save.OK, b"two")
    w.write_mat()
    assert not w.mat_due and flash.files[MAT_FILE].decode() == mat_text(4)


def test_power_cuts_at_every_step_leave_a_whole_save_and_a_whole_match_file():
    # The old save and match file on the flash, then a new save and file,
    # cut before each of its steps in turn.
    total = None
    k = 0
    while total is None or k < total:
        flash = Flash()
        w = writer(flash, lines=3)
        w.load()
        w.offer(b"old")
        passes(w)
        flash.reboot(cut_at=k)
        w.mat_lines = match_lines(7)
        w.offer(b"new")
        try:
            passes(w)
            total = flash.steps
        except PowerCut:
            pass
        flash.reboot()
        status, payload = saved(flash)
        assert status in (save.OK, save.RESTORED) and payload in (b"old", b"new"), k
        assert flash.files[MAT_FILE].decode() in (mat_text(3), mat_text(7)), k
        k += 1
    assert total > 20


def test_crashes_are_counted_and_a_game_that_keeps_crashing_is_set_aside():
    flash = Flash()
    w = writer(flash)
    w.offer(b"the game")
    passes(w)
    for n in range(1, flashwriter.CRASH_LIMIT + 1):
        w = writer(flash)
        assert w.crashes == n - 1
        w.note_crash(lambda stream: stream.write("Traceback\n"))
        assert flash.files[CRASH_FILE].decode() == "%d\nTraceback\n" % n
    w = writer(flash)
    assert w.load() == (save.KEPT, None)
    assert "blot.old" in flash.files


def test_a_save_after_a_crash_removes_the_crash_file():
    flash = Flash()
    w = writer(flash)
    w.note_crash(lambda stream: None)
    w = writer(flash)
    assert w.crashes == 1 and w.load() == (save.MISSING, None)
    w.offer(b"went on")
    passes(w)
    assert w.crashes == 0 and CRASH_FILE not in flash.files


def test_a_full_flash_counts_a_failed_save_and_keeps_the_old_one():
    flash = Flash()
    w = writer(flash)
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
