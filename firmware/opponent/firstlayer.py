"""The first layer's columns for the board's inputs, read from flash.

w1.bin, beside this module, holds them (tools/gen/weights.py writes it with
weights.py, from the same network): a HEADER-byte header, then for each of
the INPUTS raw inputs (the slots' four units each, then the two
checkers-off counts) its column of weights.HIDDEN bytes, each weight an
int8 in steps of 1/32 stored with 128 added.

As a bytes constant of weights.py the 26 KB would stay in the heap for as
long as the evaluator lives. An evaluation needs only the columns of the
inputs that changed from its base position: a move at the strongest level
adds about a thousand, of about a hundred inputs. The last ROWS columns
read stay in CACHE (2 KB), so about one in four is read from the file:
the kernels (firmware/opponent/kernels.py, slots) look an input up with
the clock's second chance (kernels_plain.cached) and on a miss read its
column straight into the cache's row (VIEWS), one seek and one readinto,
as load() does for the plain twin.

Header (little-endian): b"BLW1", version 1, a zero byte, the hidden units
(uint16), the inputs (uint16), the stamp (uint32: weights.W1_STAMP, the
first three bytes of the columns' SHA-256, so a w1.bin from another network
is refused), two zero bytes.
"""
from array import array

from micropython import const

from firmware.opponent import beside, weights

HEADER = const(16)
INPUTS = const(202)
VERSION = const(1)
ROWS = const(16)


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def open_columns(hidden, stamp, path=None):
    """The open w1.bin, its header checked against the network's size and
    stamp; column k starts at HEADER + k * hidden. Raises OSError if the
    file is missing, ValueError if it does not belong to these weights."""
    path = path or beside("w1.bin")
    f = open(path, "rb")
    head = bytearray(HEADER)
    try:
        if f.readinto(head) != HEADER or head[0:4] != b"BLW1" or head[4] != VERSION:
            raise ValueError("%s is not a version %d first-layer file" % (path, VERSION))
        got = (_u16(head, 6), _u16(head, 8), _u16(head, 10) | _u16(head, 12) << 16)
        if got != (hidden, INPUTS, stamp):
            raise ValueError("%s holds %d hidden x %d inputs, stamp %d; the weights need %d x %d, stamp %d"
                             % ((path,) + got + (hidden, INPUTS, stamp)))
    except Exception:
        f.close()
        raise
    return f


HIDDEN = weights.HIDDEN
FILE = open_columns(HIDDEN, weights.W1_STAMP)
CACHE = bytearray(ROWS * HIDDEN)
VIEWS = [memoryview(CACHE)[r * HIDDEN:(r + 1) * HIDDEN] for r in range(ROWS)]
TAGS = bytearray(INPUTS)            # each input's row + 1, 0 when not held
OWNER = array("h", [-1] * ROWS)     # each row's input, -1 none
REFS = bytearray(ROWS + 1)          # each row used since the hand passed; then the hand


def read(k, buf):
    """Reads input k's column into buf (HIDDEN bytes)."""
    FILE.seek(HEADER + k * HIDDEN)
    if FILE.readinto(buf) != HIDDEN:
        short(k)


def load(k, r):
    """Reads input k's column into the cache's row r, the row already
    given to it (as the kernels do it, for their plain twins)."""
    read(k, VIEWS[r])


def short(k):
    """A column that the file ends before: nothing holds it."""
    TAGS[k] = 0
    raise OSError("w1.bin ends before input %d's column" % k)
