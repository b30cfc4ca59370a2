"""The finished games of the match in play, kept in a flash file so that the
heap holds only the game in play (firmware/engine/matchrecord.py hands
them over; mainloop.py does the writing, a flash pass of its own).

The record keeps the archive's state (its `store`, `generation`,
`archived_length`, `archive_exact`, and `handing` while a rewrite waits
for its rename); the functions below (attach, hand_over, finish) make an
Archive from it for the call. On the device mainloop keeps this module
loaded (an import takes 25 ms or more on the chip). The match file's
writer reads the frames itself (matfile.archived).

The file (NAME, with NAME.tmp while it is rewritten):

    b"BLTA", version 1, reserved 0, generation (16 bits, little-endian)
    then frames: length (16 bits, little-endian), that many bytes of the
    match record holding one finished game

The generation tells matches apart: a new match takes the next one and
starts the file again at its first game. A save holds the generation and
the frames' length at the moment it was made (Match.write_to), and a file
with more frames after that length is still the match's: after a power cut
between an archived game and the save that counts it, the save's record
still holds that game, and the frames past its length are ignored and left
out of the file at the next write. A file whose generation differs, or
that ends before the save's length, has lost the finished games: the
match goes on, its match file without them.

The file holds at most LIMIT bytes of frames (about 500 games): the game
that would pass it starts the next generation, so the oldest games are
dropped, as the record in the heap drops them past its own limit. A write
that would leave LittleFS fewer spare blocks than a save needs is not made
(save.has_room): the games stay in the heap and the save.

Storage comes in as the `os` module and `open` (firmware/engine/save.py's
two arguments). Nothing is read whole: frames are read one at a time, and
a rewrite copies the kept frames through a small buffer.
"""
from micropython import const

from firmware.engine.matchrecord import END, game_starts, next_entry
from firmware.engine.save import has_room

LIMIT = const(65536)
_ENOSPC = const(28)
_MAGIC = b"BLTA"
_VERSION = const(1)
HEADER = const(8)
_FRAME = const(2)       # a frame's length field
_COPY = const(256)      # the rewrite's buffer


class Archive:
    def __init__(self, os_module, opener, name):
        self.os = os_module
        self.open = opener
        self.name = name
        self.tmp = name + ".tmp"
        self.generation = 0     # the match's, once it has one
        self.length = 0         # the frames' bytes that are the match's
        self.exact = False      # the file holds exactly those frames, and no more
        self.adding = 0         # frames' bytes in the temporary file, for finish()
        self.started = False    # begin() wrote the generation's first frames
        self.limit = LIMIT

    def new_match(self):
        """The next generation, no frames: the file starts again at the
        first append."""
        self.generation = (self._file_generation() + 1) & 0xFFFF
        self.length = 0
        self.exact = False

    def adopt(self, generation, length):
        """A restored match's frames: True when the file is that
        generation's and holds `length` bytes of whole frames; else the
        archive is the next generation's, empty, and False."""
        try:
            f = self.open(self.name, "rb")
        except OSError:
            f = None
        ok = False
        if f is not None:
            try:
                head = f.read(HEADER)
                if _generation(head) == generation:
                    # the frames' lengths, read past their bytes, must end
                    # at the saved length, within the file
                    at = 0
                    while at < length:
                        n = _frame_length(f.read(_FRAME))
                        if n <= 0 or at + _FRAME + n > length:
                            break
                        f.seek(n, 1)
                        at += _FRAME + n
                    end = f.seek(0, 2)
                    ok = at == length and end >= HEADER + length
                    self.exact = ok and end == HEADER + length
            except OSError:
                ok = False
            finally:
                f.close()
        if ok:
            self.generation = generation
            self.length = length
            return True
        self.new_match()
        return False

    def begin(self, data, spans):
        """Writes a frame for each (start, end) of spans over data (whole
        games of the record). True when they are the match's now (appended
        to the file); False when finish() is due first (a new file, or one
        with frames past the match's length: the kept frames and the new
        ones went into the temporary file, for finish() to rename over the
        old one, in a flash pass of its own). OSError leaves the length
        and the file as they were."""
        add = 0
        for start, end in spans:
            if not 0 < end - start <= 0xFFFF:
                raise ValueError("a frame of %d bytes" % (end - start))
            add += _FRAME + end - start
        if self.length + add > self.limit:
            # the oldest games go: the next generation starts with these
            self.generation = (self.generation + 1) & 0xFFFF
            self.length = 0
            self.exact = False
        if not has_room(self.os, add if self.exact else HEADER + self.length + add):
            raise OSError(_ENOSPC)
        self.started = self.length == 0
        if self.exact:
            f = self.open(self.name, "ab")
            try:
                _write_frames(f, data, spans)
            finally:
                f.close()
            self.length += add
            return True
        f = self.open(self.tmp, "wb")
        try:
            f.write(_MAGIC + bytes((_VERSION, 0, self.generation & 255, self.generation >> 8)))
            if self.length:
                self._copy_frames(f)
            _write_frames(f, data, spans)
        finally:
            f.close()
        self.adding = add
        return False

    def finish(self):
        """The temporary file begin() wrote renamed over the archive; its
        frames are the match's from now on."""
        self.os.rename(self.tmp, self.name)
        self.length += self.adding
        self.adding = 0
        self.exact = True

    def _copy_frames(self, out):
        src = self.open(self.name, "rb")
        try:
            src.read(HEADER)
            buf = bytearray(_COPY)
            left = self.length
            while left:
                n = src.readinto(buf)
                if not n:
                    raise OSError(5)        # EIO: the file is shorter than adopted
                if n > left:
                    n = left
                out.write(buf[:n] if n < _COPY else buf)
                left -= n
        finally:
            src.close()

    def _file_generation(self):
        try:
            f = self.open(self.name, "rb")
        except OSError:
            return self.generation
        try:
            g = _generation(f.read(HEADER))
        except OSError:
            g = None
        finally:
            f.close()
        return self.generation if g is None else max(g, self.generation)


def _generation(head):
    if len(head) != HEADER or head[0:4] != _MAGIC or head[4] != _VERSION:
        return None
    return head[6] | head[7] << 8


def _frame_length(field):
    if len(field) != _FRAME:
        return -1
    return field[0] | field[1] << 8


def _write_frames(f, data, spans):
    for start, end in spans:
        n = end - start
        f.write(bytes((n & 255, n >> 8)))
        f.write(memoryview(data)[start:end])


def _of(record):
    os_module, opener, name = record.store
    a = Archive(os_module, opener, name)
    a.generation = record.generation
    a.length = record.archived_length
    a.exact = record.archive_exact
    return a


def _keep(record, a):
    record.generation = a.generation
    record.archived_length = a.length
    record.archive_exact = a.exact


def attach(record, os_module, opener, name):
    """The record keeps its finished games in the file `name`. A restored
    record with frames there (its save's generation and length) takes them
    up if the file still holds them; a new one, one with none yet, or one
    whose frames are gone, starts the next generation. False when frames
    were lost. OSError if the file cannot be read."""
    a = Archive(os_module, opener, name)
    kept = True
    if record.archived_length:
        kept = a.adopt(record.generation, record.archived_length)
    else:
        a.new_match()
    if not kept:
        record.archived_games = 0
    record.store = (os_module, opener, name)
    _keep(record, a)
    record.handing = 0
    record.archive_due = True       # a restored record may hold finished games
    return kept


def finished(record):
    """(start, end) of each finished game at the front of the record."""
    data = record.data
    starts = list(game_starts(data))
    spans = []
    for k in range(len(starts)):
        end = starts[k + 1] if k + 1 < len(starts) else len(data)
        if k + 1 == len(starts):
            i = last = starts[k]
            while i < end:
                last = i
                i = next_entry(data, i)
            if not END <= data[last] < END + 8:
                break
        spans.append((starts[k], end))
    return spans


def hand_over(record):
    """Writes the record's finished games to the archive. None when they
    have left the record (or there were none); else the Archive whose
    rewrite waits for finish(record, archive) in a flash pass of its own
    (the saves go on counting the old frames until then). OSError (the
    flash full or failing) leaves the games in the record."""
    record.archive_due = False
    spans = finished(record)
    if not spans:
        return None
    a = _of(record)
    if a.begin(record.data, spans):
        _release(record, a, len(spans))
        return None
    record.handing = len(spans)
    return a


def finish(record, a):
    """The rewrite hand_over() left renamed over the archive: its games
    leave the record."""
    a.finish()
    n = record.handing
    record.handing = 0
    _release(record, a, n)


def _release(record, a, n):
    """The first n games are the archive's: out of the heap, and counted
    there by the saves from now on."""
    starts = list(game_starts(record.data))
    cut = starts[n] if n < len(starts) else len(record.data)
    record.data = record.data[cut:]
    # the first frames of a generation (a new match, or a full archive
    # started again): the older games left it
    record.archived_games = n + (0 if a.started else record.archived_games)
    _keep(record, a)
