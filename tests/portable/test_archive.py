"""The archive of finished games: frames written and read back, a restored
match's frames taken up or refused, a file with frames past the save's
length rewritten without them, and power cuts at every step of a write.

Flash is test_save.py's stand-in for the `os` module and `open` (every
byte written, every file created and every rename a step, the power able
to go before any step) with files opened to append and read in pieces. A
file appended to keeps the bytes written before a cut, which is harsher
than LittleFS (it keeps the file as it was until the close).
"""

from firmware.engine import archive as archive_mod
from firmware.engine import matfile
from firmware.engine.archive import Archive, attach, finish, hand_over
from firmware.engine.matchrecord import MatchRecord
from tests.portable import test_save
from tests.portable.test_save import PowerCut


class Flash(test_save.Flash):
    def open(self, path, mode="r"):
        if "a" in mode:
            self.tick()
            self.files.setdefault(path, bytearray())
            return test_save._Writer(self, path)
        if "w" in mode or path not in self.files:
            return super().open(path, mode)
        return _Reader(bytes(self.files[path]))


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def read(self, n=-1):
        end = len(self.data) if n < 0 else min(len(self.data), self.at + n)
        out = self.data[self.at:end]
        self.at = end
        return out

    def readinto(self, buf):
        out = self.read(len(buf))
        buf[:len(out)] = out
        return len(out)

    def seek(self, offset, whence=0):
        self.at = max(0, offset + (0, self.at, len(self.data))[whence])
        return self.at

    def close(self):
        pass


NAME = "blot.arc"


def _games(count, first=0):
    """`count` short finished games of a record, as bytes, and their spans."""
    rec = MatchRecord()
    for k in range(count):
        rec.start_game(k & 1, first + k, 0)
        rec.move(3, 1, ((8, 5), (6, 5)))
        rec.move(6, 4, ((24, 18), (18, 14)))
        rec.end(k & 1, 1 + k % 3, 0)
    data = bytes(rec.data)
    starts = [i for i in range(len(data)) if data[i] >= 0xF0]
    return data, [(starts[k], starts[k + 1] if k + 1 < len(starts) else len(data)) for k in range(count)]


def _new_archive():
    """A flash and an archive on it for a new match."""
    flash = Flash()
    a = Archive(flash, flash.open, NAME)
    a.new_match()
    return flash, a


def _frames(a):
    """The archive's frames as the match file's writer reads them."""
    return list(matfile.frames(a.open, a.name, a.length)) if a.length else []


def _write(a, data, spans):
    if not a.begin(data, spans):
        a.finish()


def test_frames_come_back_as_written():
    flash, a = _new_archive()
    assert a.generation == 1 and a.length == 0 and _frames(a) == []
    data, spans = _games(5)
    _write(a, data, spans[:2])          # a new file: written whole, then renamed
    assert a.exact and NAME in flash.files and NAME + ".tmp" not in flash.files
    assert a.begin(data, spans[2:])     # appended
    assert _frames(a) == [data[s:e] for s, e in spans]
    assert a.length == len(flash.files[NAME]) - archive_mod.HEADER == len(data) + 2 * 5


def test_a_restored_match_takes_up_its_frames():
    flash, a = _new_archive()
    data, spans = _games(3)
    _write(a, data, spans)
    b = Archive(flash, flash.open, NAME)
    assert b.adopt(a.generation, a.length)
    assert b.exact and b.length == a.length and _frames(b) == _frames(a)
    # a length that ends inside a frame, or beyond the file, or another
    # generation's: the frames are lost, and the next generation starts
    for generation, length in ((a.generation, a.length - 1), (a.generation, a.length + 4),
                               (a.generation + 1, a.length)):
        c = Archive(flash, flash.open, NAME)
        assert not c.adopt(generation, length)
        assert c.length == 0 and c.generation == a.generation + 1 and _frames(c) == []
    assert not Archive(Flash(), Flash().open, NAME).adopt(1, 10)     # no file at all


def test_frames_past_the_saved_length_are_left_out_at_the_next_write():
    # the save counted two games; a third was archived before a power cut
    # took the save that would have counted it
    flash, a = _new_archive()
    data, spans = _games(4)
    _write(a, data, spans[:2])
    saved = a.length
    assert a.begin(data, spans[2:3])
    b = Archive(flash, flash.open, NAME)
    assert b.adopt(a.generation, saved) and not b.exact
    assert _frames(b) == [data[s:e] for s, e in spans[:2]]
    # the third game is still in the save's record: archived again, once
    assert not b.begin(data, spans[2:4])
    b.finish()
    assert _frames(b) == [data[s:e] for s, e in spans]
    assert len(flash.files[NAME]) == archive_mod.HEADER + b.length


def test_a_new_match_starts_the_file_again():
    flash, a = _new_archive()
    data, spans = _games(2)
    _write(a, data, spans)
    old = a.generation
    a.new_match()
    assert a.generation == old + 1 and _frames(a) == []
    other, other_spans = _games(1, first=7)
    _write(a, other, other_spans)
    assert _frames(a) == [other]
    assert not Archive(flash, flash.open, NAME).adopt(old, 10)


def test_power_cuts_at_every_step_keep_the_saved_frames():
    # whatever step the power goes at, while a game is archived (appended,
    # or a rewrite and its rename), the frames a save counted come back,
    # and the game is either archived whole or not at all
    data, spans = _games(3)
    for rewrite in (False, True):
        cut = 0
        while True:
            flash, a = _new_archive()
            _write(a, data, spans[:2])
            generation, saved = a.generation, a.length
            if rewrite:
                a.exact = False         # as after a restore with frames past the save's
            flash.reboot(cut)
            done = False
            try:
                _write(a, data, spans[2:])
                done = True
            except PowerCut:
                pass
            flash.reboot()
            b = Archive(flash, flash.open, NAME)
            assert b.adopt(generation, saved), (rewrite, cut)
            assert _frames(b) == [data[s:e] for s, e in spans[:2]]
            if done:
                break
            cut += 1
        assert cut > 5


def _hand_over(rec):
    """hand_over, and finish when a rewrite waits for its rename."""
    job = hand_over(rec)
    if job is not None:
        assert rec.handing
        finish(rec, job)
    assert not rec.handing


def test_a_record_hands_its_finished_games_over():
    flash = Flash()
    rec = MatchRecord()
    assert attach(rec, flash, flash.open, NAME) and rec.store is not None
    data, spans = _games(2)
    rec.data.extend(data)
    rec.start_game(0, 3, 1)
    rec.move(5, 2, ((13, 8), (13, 11)))
    assert rec.games() == 3 and archive_mod.finished(rec) == spans
    job = hand_over(rec)             # the match's first games: a new file, then its rename
    assert job is not None and rec.handing == 2 and rec.archived_length == 0
    assert len(rec.data) > len(data)     # still the record's until the rename
    finish(rec, job)
    assert rec.games() == 3 and rec.archived_games == 2
    assert rec.archived_length == len(flash.files[NAME]) - archive_mod.HEADER
    assert rec.data[0] == 0xF0 and rec.data[1:5] == bytes((3, 0, 1, 0))
    assert archive_mod.finished(rec) == []      # the game in play stays
    assert hand_over(rec) is None and rec.archived_games == 2
    rec.end(0, 1, 0)
    assert rec.archive_due
    game = bytes(rec.data)
    assert hand_over(rec) is None       # appended: no rename
    assert rec.archived_games == 3 and len(rec.data) == 0 and not rec.archive_due
    assert list(matfile.archived(rec)) == [data[s:e] for s, e in spans] + [game]


def test_the_match_file_reads_the_archive_first():
    # the same match with its finished games in the archive (handed over in
    # two goes) and all in the heap: the same .mat text, the games numbered
    # on across both
    data, spans = _games(4)
    whole = MatchRecord(data)
    whole.start_game(1, 4, 2)
    whole.move(6, 5, ((24, 18), (18, 13)))
    flash = Flash()
    rec = MatchRecord(bytes(data[:spans[1][0]]))
    attach(rec, flash, flash.open, NAME)
    _hand_over(rec)
    assert rec.archived_games == 1 and not rec.data
    rec.data.extend(data[spans[1][0]:])
    rec.start_game(1, 4, 2)
    rec.move(6, 5, ((24, 18), (18, 13)))
    _hand_over(rec)
    assert rec.archived_games == 4 and len(list(matfile.archived(rec))) == 4
    assert rec.games() == whole.games() == 5
    text = list(matfile.record_lines(rec, 7, ("Ann", "Bob")))
    assert text == list(matfile.record_lines(whole, 7, ("Ann", "Bob")))
    assert " Game 5" in text
    # the match file's writer reads the archive with a header of its own
    assert matfile.ARCHIVE_HEADER == archive_mod.HEADER


def test_a_full_archive_drops_its_oldest_games():
    # past the limit, the game handed over starts the next generation with
    # itself alone: the match file keeps the newest games, as the heap's
    # record does past its own limit
    flash = Flash()
    rec = MatchRecord()
    attach(rec, flash, flash.open, NAME)
    data, spans = _games(1)
    for k in range(3):
        rec.data.extend(data)
        _hand_over(rec)
    assert rec.archived_games == 3
    first = rec.generation
    a = Archive(flash, flash.open, NAME)
    assert a.limit == archive_mod.LIMIT
    a.generation, a.length, a.exact = rec.generation, rec.archived_length, True
    a.limit = rec.archived_length + 2 + len(data) - 1      # the next frame passes it
    assert not a.begin(data, spans)      # a new generation: a new file, then its rename
    a.finish()
    assert a.generation == first + 1 and a.started and _frames(a) == [data]
    rec.data.extend(data)
    rec.handing = 1
    archive_mod._release(rec, a, 1)
    assert rec.archived_games == 1 and rec.generation == first + 1 and not rec.data


def test_no_room_keeps_the_games_in_the_heap():
    class Full(Flash):
        def statvfs(self, path):
            return (4096, 4096, 352, 3, 3, 0, 0, 0, 0, 255)
    flash = Full()
    rec = MatchRecord()
    attach(rec, flash, flash.open, NAME)
    data, spans = _games(1)
    rec.data.extend(data)
    try:
        hand_over(rec)
    except OSError:
        pass
    else:
        assert False, "a full flash took the archive's write"
    assert rec.archived_length == 0 and bytes(rec.data) == data and NAME + ".tmp" not in flash.files
