"""The networks' tables in flash, and which network answers.

nets.bin, beside this module, holds three networks of the same shape
(tools/gen/weights.py writes it with weights.py): the contact network,
which answers while a hit is still possible; the race network, which
answers once the sides are past each other (as GNU Backgammon keeps one
for races); and the late network, which answers the contact positions
of the game's end: a side with every checker home (bearing off against
contact, or holding against such a bear-off) or crashed (GNU
Backgammon's class: six or fewer checkers left, or few besides those
stacked on the two lowest points). evaluator.network() says which. Each
is a section of the file:

- for each of the INPUTS board inputs (the slots' four units each, then
  the two checkers-off counts) its column of HIDDEN bytes, each weight an
  int8 in steps of 1/32 stored with 128 added;
- the biases (int32, HIDDEN of them, in the features' steps of 1/4096);
- the output layer (int16, five a hidden unit, row by row);
- the output biases (int32, five);
- the accumulator of a board with every checker off (int32, HIDDEN):
  fifteen times each checkers-off column as stored, 128 offset included,
  which the Scorer adds the board's slots to;
- for the contact and late networks, the hand-made features' rows (int16,
  FEATURES rows of HIDDEN, in steps of 1/4096). The race network has none:
  in a race they say nothing the board's inputs do not.

Only the selected network's tables are in the heap, in one set of
buffers (B1, W2, B2, START, and W1F for the features' rows), so a network
costs flash and no heap: select() reads them from the file (2.3 KB in four
reads, and 9.3 KB more when the features' rows change hands between the
contact and the late network) when the answering network changes: as a
game enters a race or its end, as the next game starts, and in the
look-ahead where a candidate play leaves the phase.

An evaluation needs only the columns of the inputs that changed from its
base position: a move at the strongest level adds about a thousand, of
about a hundred inputs. The last ROWS columns read stay in CACHE (2 KB),
so about one in four is read from the file: the kernels
(firmware/opponent/kernels.py, slots) look an input up with the clock's
second chance and on a miss read its column straight into the cache's row
(VIEWS), one seek (to BASE[0], the selected section, on from the header)
and one readinto. select() empties the cache.

Header (little-endian): b"BLNW", version 3, the networks (3), the hidden
units (uint16), the inputs (uint16), the stamp (uint32: weights.NETS_STAMP,
the first three bytes of the sections' SHA-256, so a nets.bin from other
networks is refused), two zero bytes.
"""
from array import array

from micropython import const

from firmware import zeros
from firmware.opponent import beside, weights

HEADER = const(16)
INPUTS = const(202)
FEATURES = const(37)
VERSION = const(3)
_NETWORKS = const(3)
ROWS = const(16)
CONTACT = const(0)
RACE = const(1)
LATE = const(2)
_FEATURED = const(0b101)            # the networks with feature rows: CONTACT and LATE


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def section_bytes(hidden):
    """A network's bytes in the file before its feature rows: its columns,
    biases, output layer, output biases and empty board's accumulator."""
    return INPUTS * hidden + 4 * hidden + 10 * hidden + 20 + 4 * hidden


def feature_bytes(hidden):
    """The feature rows' bytes, at the end of a featured network's section."""
    return 2 * FEATURES * hidden


def offset(net, hidden):
    """Network net's section in the file, from the header's end."""
    at = 0
    for k in range(net):
        at += section_bytes(hidden) + (feature_bytes(hidden) if _FEATURED >> k & 1 else 0)
    return at


def open_networks(hidden, stamp, path=None):
    """The open nets.bin, its header checked against the networks' size and
    stamp. Raises OSError if the file is missing or short, ValueError if it
    does not belong to these weights."""
    path = path or beside("nets.bin")
    f = open(path, "rb")
    head = bytearray(HEADER)
    try:
        if f.readinto(head) != HEADER or head[0:4] != b"BLNW" or head[4] != VERSION:
            raise ValueError("%s is not a version %d networks file" % (path, VERSION))
        got = (head[5], _u16(head, 6), _u16(head, 8), _u16(head, 10) | _u16(head, 12) << 16)
        if got != (_NETWORKS, hidden, INPUTS, stamp):
            raise ValueError("%s holds %d networks of %d hidden x %d inputs, stamp %d; the weights need"
                             " %d of %d x %d, stamp %d" % ((path,) + got + (_NETWORKS, hidden, INPUTS, stamp)))
        f.seek(HEADER + offset(_NETWORKS, hidden) - 1)
        if len(f.read(1)) != 1:
            raise OSError("%s ends before its last network" % path)
    except Exception:
        f.close()
        raise
    return f


HIDDEN = weights.HIDDEN
_SECTIONS = array("i", [offset(k, HIDDEN) for k in range(_NETWORKS)])
FILE = open_networks(HIDDEN, weights.NETS_STAMP)
CACHE = bytearray(ROWS * HIDDEN)
VIEWS = [memoryview(CACHE)[r * HIDDEN:(r + 1) * HIDDEN] for r in range(ROWS)]
TAGS = bytearray(INPUTS)            # each input's row + 1, 0 when not held
OWNER = array("h", [-1] * ROWS)     # each row's input, -1 none
REFS = bytearray(ROWS + 1)          # each row used since the hand passed; then the hand
# The selected network: its section's offset from the header's end (the
# kernels read it on a miss), and its small tables (2.3 KB).
BASE = array("i", [0])
NET = bytearray(1)                  # CONTACT, RACE or LATE
B1 = zeros("i", HIDDEN)
W2 = bytearray(10 * HIDDEN)         # int16, read in place (ptr16: a heap block is aligned)
B2 = array("i", bytes(20))
START = zeros("i", HIDDEN)
# The features' rows of the last featured network selected (9.3 KB; the
# race network leaves them as they are): int16 read in place by the kernels.
W1F = zeros("h", FEATURES * HIDDEN)
ROWS_OF = bytearray(1)              # the network W1F holds


def read(k, buf):
    """Reads the selected network's column of input k into buf (HIDDEN bytes)."""
    FILE.seek(HEADER + BASE[0] + k * HIDDEN)
    if FILE.readinto(buf) != HIDDEN:
        short(k)


def short(k):
    """A column that the file ends before: nothing holds it."""
    TAGS[k] = 0
    raise OSError("nets.bin ends before input %d's column" % k)


def _read_into(buf, size):
    if FILE.readinto(buf) != size:
        raise OSError("nets.bin ends inside network %d" % NET[0])


def _load(net, rows):
    BASE[0] = _SECTIONS[net]
    NET[0] = net
    for r in range(ROWS):
        k = OWNER[r]
        if k >= 0:
            TAGS[k] = 0
        OWNER[r] = -1
        REFS[r] = 0
    REFS[ROWS] = 0
    FILE.seek(HEADER + BASE[0] + INPUTS * HIDDEN)
    _read_into(B1, 4 * HIDDEN)
    _read_into(W2, 10 * HIDDEN)
    _read_into(B2, 20)
    _read_into(START, 4 * HIDDEN)
    if rows:
        # right after START in the section
        _read_into(W1F, feature_bytes(HIDDEN))
        ROWS_OF[0] = net


def select(net):
    """Makes CONTACT, RACE or LATE the answering network: its tables into
    the buffers, the cache emptied. Nothing when it already answers."""
    if net != NET[0]:
        _load(net, _FEATURED >> net & 1 and ROWS_OF[0] != net)


_load(CONTACT, True)
