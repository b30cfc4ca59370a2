"""The save file: one small, versioned, checksummed record that survives power cuts.

A record is

    magic  b"Blot"           4 bytes, so a file from elsewhere is recognised
    version                  1 byte  (FORMAT_VERSION)
    reserved                 1 byte  (0)
    length                   2 bytes, little-endian: bytes of payload
    serial                   4 bytes, little-endian: counts saves, newest wins
    payload                  `length` bytes, the app's own
    crc                      2 bytes, little-endian: CRC-16/CCITT of all the above

A save writes the record to NAME.tmp, closes it, renames the current
NAME.sav to NAME.bak and renames NAME.tmp to NAME.sav. Renames are atomic on
LittleFS, so after a power cut at any instant at least one complete record is
on the flash, and the loader takes the newest complete one of the three.

Storage comes in as two arguments, the `os` module and `open` on the device;
tests pass stand-ins that cut the power at every write. docs/save.md says more.
"""
import sys
from array import array

from micropython import const

FORMAT_VERSION = const(1)
MAGIC = b"Blot"
_HEADER = const(12)
_TRAILER = const(2)
MAX_PAYLOAD = const(16384)
_RESERVE_BLOCKS = const(6)
_ENOENT = const(2)   # LittleFS needs spare blocks for its metadata pairs

# What load and save report; the app shows MESSAGES[status].
OK = const(0)
RESTORED = const(1)       # the newest copy was damaged; an older complete one loaded
MISSING = const(2)
TRUNCATED = const(3)
CORRUPT = const(4)
FOREIGN = const(5)
VERSION = const(6)
UNREADABLE = const(7)
NO_SPACE = const(8)
WRITE_FAILED = const(9)
TOO_BIG = const(10)
KEPT = const(11)          # a save this firmware cannot read, renamed to NAME.old

MESSAGES = (
    "saved game",
    "save damaged, older copy",
    "no saved game",
    "save cut short",
    "save corrupt",
    "not a Blot save",
    "save from other version",
    "save unreadable",
    "flash full, not saved",
    "save failed",
    "save too big",
    "save kept aside",
)

# CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) a nibble at a time: every
# value stays a small int on the RP2040, so checking a save allocates nothing.
_CRC_NIBBLE = array("H", (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
))

if sys.implementation.name != "micropython":
    # CPython has no emitters: the plain twin, generated from _v_crc16 by
    # tools/gen/twins.py
    from firmware.engine.save_plain import crc16 as _crc16
else:
    import micropython

    # A save late in a match is several KB: as bytecode its CRC alone took
    # tens of milliseconds of a loop pass on the RP2040.
    @micropython.viper
    def _v_crc16(data, n: int, crc: int) -> int:
        p = ptr8(data)
        table = ptr16(_CRC_NIBBLE)
        i = 0
        while i < n:
            b = p[i]
            crc = ((crc << 4) & 0xFFFF) ^ table[(crc >> 12) ^ (b >> 4)]
            crc = ((crc << 4) & 0xFFFF) ^ table[(crc >> 12) ^ (b & 15)]
            i += 1
        return crc

    _crc16 = _v_crc16


def crc16(data, crc=0xFFFF):
    """The CRC of data (bytes, bytearray or memoryview) continued from crc."""
    return _crc16(data, len(data), crc)


def _u16(data, at):
    return data[at] | data[at + 1] << 8


def _u32(data, at):
    return data[at] | data[at + 1] << 8 | data[at + 2] << 16 | data[at + 3] << 24


def frame(payload, serial):
    """(header, trailer) of the record holding payload as save number
    `serial`: the record is header + payload + trailer, written in three
    pieces so that a payload of kilobytes is never copied."""
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes exceeds %d" % (n, MAX_PAYLOAD))
    head = bytearray(_HEADER)
    head[0:4] = MAGIC
    head[4] = FORMAT_VERSION
    head[6] = n & 255
    head[7] = n >> 8
    for i in range(4):
        head[8 + i] = (serial >> (8 * i)) & 255
    crc = crc16(payload, crc16(head))
    return head, bytes((crc & 255, crc >> 8))


def encode(payload, serial):
    """The record holding payload as save number `serial`, in one piece."""
    head, trailer = frame(payload, serial)
    return head + payload + trailer


def decode(record):
    """(status, serial, payload) of a record; payload is None unless status is OK."""
    if len(record) < 4:
        if MAGIC.startswith(bytes(record)):
            return TRUNCATED, 0, None
        return FOREIGN, 0, None
    if bytes(record[0:4]) != MAGIC:
        return FOREIGN, 0, None
    if len(record) < _HEADER:
        return TRUNCATED, 0, None
    if record[4] != FORMAT_VERSION:
        return VERSION, 0, None
    n = _u16(record, 6)
    if n > MAX_PAYLOAD:
        return CORRUPT, 0, None
    if len(record) < _HEADER + n + _TRAILER:
        return TRUNCATED, 0, None
    if len(record) > _HEADER + n + _TRAILER:
        return CORRUPT, 0, None
    if crc16(memoryview(record)[:_HEADER + n]) != _u16(record, _HEADER + n):
        return CORRUPT, 0, None
    return OK, _u32(record, 8), bytes(record[_HEADER:_HEADER + n])


def read_file(opener, path):
    """The bytes of path, or None if it does not exist."""
    try:
        f = opener(path, "rb")
    except OSError as exc:
        if exc.args and exc.args[0] == _ENOENT:
            return None
        raise
    try:
        return f.read()
    finally:
        f.close()


def write_atomic(os_module, opener, path, data):
    """Write data to path via path + ".tmp" and a rename: old or new, never half."""
    tmp = path + ".tmp"
    f = opener(tmp, "wb")
    try:
        f.write(data)
    finally:
        f.close()
    os_module.rename(tmp, path)


def has_room(os_module, nbytes):
    """Whether nbytes more fit and leave LittleFS its spare blocks.

    A LittleFS that fills up can no longer move its metadata, so a save that
    would leave fewer than _RESERVE_BLOCKS free blocks is not written.
    Storage that cannot tell (no statvfs) is taken to have room."""
    statvfs = getattr(os_module, "statvfs", None)
    if statvfs is None:
        return True
    try:
        st = statvfs(".")
    except OSError:
        return True
    block = st[0] or 1
    return st[4] >= (nbytes + block - 1) // block + _RESERVE_BLOCKS


class SaveFile:
    """The game's save: load at power-on, save at the safe moments the app names."""

    def __init__(self, os_module, opener, name="blot"):
        self.os = os_module
        self.open = opener
        self.path = name + ".sav"
        self.tmp = name + ".tmp"
        self.bak = name + ".bak"
        self.old = name + ".old"
        self.serial = 0
        self.writes = 0        # records written since start-up (each is one file on flash)
        self._settled = False
        self._main_ok = False   # NAME.sav holds a complete record (worth keeping as .bak)
        self.pending = False    # begin() has written NAME.tmp, finish() has not renamed it
        self.record = None      # prepare()'s record, for begin() to write

    def _read(self, path):
        """(status, serial, payload) of one copy; MISSING if it is not there."""
        try:
            data = read_file(self.open, path)
        except OSError:
            return UNREADABLE, 0, None
        if data is None:
            return MISSING, 0, None
        return decode(data)

    def load(self):
        """(status, payload): the newest complete save and how it was found.

        status is OK or RESTORED with the payload, else the reason there is
        none (MISSING, TRUNCATED, CORRUPT, FOREIGN, VERSION, UNREADABLE) and
        None. Never raises for anything found on the flash."""
        main = self._read(self.path)
        best = main
        best_path = self.path
        for path in (self.tmp, self.bak):
            found = self._read(path)
            if found[0] == OK and (best[0] != OK or found[1] > best[1]):
                best = found
                best_path = path
        self._main_ok = best_path == self.path and best[0] == OK
        self._settle(best_path if best[0] == OK else None)
        if best[0] != OK:
            return main[0], None
        self.serial = best[1]
        if best_path == self.bak:
            return RESTORED, best[2]
        return OK, best[2]

    def _settle(self, best_path):
        """Make NAME.sav the newest complete copy again and drop a stale temp file.

        A complete NAME.tmp is the newest save when the power went between
        the two renames; renaming it into place now keeps the next save from
        overwriting it while it is the only copy."""
        self._settled = True
        try:
            if best_path == self.tmp:
                self.os.rename(self.tmp, self.path)
                self._main_ok = True
            else:
                self._remove(self.tmp)
        except OSError:
            pass

    def _remove(self, path):
        try:
            self.os.remove(path)
        except OSError:
            pass

    def save(self, payload):
        """Write payload as the newest save; OK, or why it was not written.

        The previous save stays complete on the flash until the new one is."""
        status = self.begin(payload)
        return self.finish() if status == OK else status

    def prepare(self, payload):
        """The record for payload made (its CRC included) and the room for
        it checked, nothing written: OK, or why not. begin() writes it. The
        handheld's loop prepares in a pass that writes nothing, so the pass
        that writes (and may stall for an erase) has no record to build."""
        self.record = None
        if len(payload) > MAX_PAYLOAD:
            return TOO_BIG
        if not self._settled:
            self.load()
        head, trailer = frame(payload, self.serial + 1)
        if not has_room(self.os, len(head) + len(payload) + len(trailer)):
            return NO_SPACE
        self.record = (head, payload, trailer)     # the payload is not copied: nothing changes it
        return OK

    def begin(self, payload=None):
        """The first half of save(): the record (payload's, or the one
        prepared) written whole into the temporary file (the flash's erase
        for its block falls here). OK, or why not; finish() puts it in
        place. A power cut between the two leaves a complete temporary
        file, which load() takes as the newest save. The handheld's loop
        does each half in a pass of its own."""
        if payload is not None:
            status = self.prepare(payload)
            if status != OK:
                return status
        record = self.record
        self.record = None
        try:
            f = self.open(self.tmp, "wb")
            try:
                for piece in record:
                    f.write(piece)
            finally:
                f.close()
        except OSError:
            return WRITE_FAILED
        self.writes += 1
        self.pending = True
        return OK

    def finish(self):
        """The second half of save(): the two renames that make the record
        begun the save and its predecessor the backup."""
        if not self.pending:
            return OK
        self.pending = False
        try:
            if self._main_ok:
                self.os.rename(self.path, self.bak)
            self.os.rename(self.tmp, self.path)
        except OSError:
            return WRITE_FAILED
        self._main_ok = True
        self.serial += 1
        return OK

    def rename_one(self):
        """finish() one rename at a time, for the handheld's loop, which
        makes one flash change a pass (each rename may wait for a metadata
        compaction): None while the second rename is still to come, then
        finish()'s status. Between the two, NAME.bak holds the previous
        save and NAME.tmp the new one, which load() takes."""
        if not (self.pending and self._main_ok):
            return self.finish()
        try:
            self.os.rename(self.path, self.bak)
        except OSError:
            self.pending = False
            return WRITE_FAILED
        self._main_ok = False       # no NAME.sav until the second rename
        return None

    def set_aside(self):
        """Renames NAME.sav, which this firmware cannot use (another
        version's format, or a game it cannot resume), to NAME.old, replacing
        an older one, so the next save does not overwrite it. False when
        the flash refused."""
        self._remove(self.old)
        try:
            self.os.rename(self.path, self.old)
        except OSError:
            return False
        self._main_ok = False
        return True

    def erase(self):
        """Forget the saved game (a finished match is not offered for resume)."""
        for path in (self.tmp, self.path, self.bak):
            self._remove(path)
        self._main_ok = False
        self.pending = False
