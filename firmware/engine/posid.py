"""GNU Backgammon's Position ID: 14 characters for a position.

The 80-bit key lists the side not on roll, then the side on roll, each as 25
counts (points 1..24 from that side's own view, then its bar); a count n is
n one-bits followed by a zero-bit, filled from the low bit of byte 0 up. The
ID is the key's 10 bytes in base64 without padding. Our board's two halves
are the same 25 counts, so the key is their half, then ours.
The start position is "4HPwATDgc/ABMA".
"""

from micropython import const

from firmware.engine import position

_KEY_BYTES = const(10)
_ID_CHARS = const(14)
# bytes: a character taken from it is a number, where one taken from a str
# would be interned on the device, a string for each of the 64 for good
ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def key(board):
    """The 10-byte position key."""
    out = bytearray(_KEY_BYTES)
    bit = 0
    for start in (25, 0):
        for i in range(start, start + 25):
            for _ in range(board[i]):
                out[bit >> 3] |= 1 << (bit & 7)
                bit += 1
            bit += 1
    return bytes(out)


def from_key(data):
    """The board a 10-byte key encodes; ValueError if it is not one."""
    if len(data) != _KEY_BYTES:
        raise ValueError("position key needs 10 bytes, got %d" % len(data))
    counts = bytearray(50)
    slot = 0
    bit = 0
    while slot < 50:
        if bit >= 80:
            raise ValueError("position key ends after %d of 50 counts" % slot)
        if data[bit >> 3] >> (bit & 7) & 1:
            if counts[slot] == 15:
                raise ValueError("more than 15 checkers in slot %d" % slot)
            counts[slot] += 1
        else:
            slot += 1
        bit += 1
    for rest in range(bit, 80):
        if data[rest >> 3] >> (rest & 7) & 1:
            raise ValueError("position key has more than 30 checkers")
    # key order is theirs, then ours
    board = bytes(counts[25:]) + bytes(counts[:25])
    position.validate(board)
    return board


def base64_into(data, groups, out):
    """The first `groups` 3-byte groups of data as 4 ALPHABET characters
    each, high bits first, into the bytearray out: the body of gnubg's
    Position and Match IDs (firmware/engine/matchid.py)."""
    for g in range(groups):
        n = data[3 * g] << 16 | data[3 * g + 1] << 8 | data[3 * g + 2]
        for k in range(4):
            out[4 * g + k] = ALPHABET[n >> (18 - 6 * k) & 63]


def position_id(board):
    """The 14-character Position ID of a board."""
    data = key(board)
    chars = bytearray(_ID_CHARS)
    base64_into(data, 3, chars)
    chars[12] = ALPHABET[data[9] >> 2]
    chars[13] = ALPHABET[(data[9] & 3) << 4]
    return chars.decode()


def from_position_id(text):
    """The board a Position ID names; ValueError, saying why, if none does."""
    if not isinstance(text, str):
        raise ValueError("a Position ID is text, got %r" % (text,))
    if len(text) != _ID_CHARS:
        raise ValueError("a Position ID has 14 characters, got %d in %r" % (len(text), text))
    values = bytearray(_ID_CHARS)
    for i in range(_ID_CHARS):
        v = ALPHABET.find(text[i].encode())
        if v < 0:
            raise ValueError("%r is not a Position ID character (in %r)" % (text[i], text))
        values[i] = v
    if values[13] & 15:
        raise ValueError("Position ID %r has stray bits in its last character" % text)
    data = bytearray(_KEY_BYTES)
    for g in range(3):
        n = values[4 * g] << 18 | values[4 * g + 1] << 12 | values[4 * g + 2] << 6 | values[4 * g + 3]
        data[3 * g] = n >> 16
        data[3 * g + 1] = n >> 8 & 255
        data[3 * g + 2] = n & 255
    data[9] = values[12] << 2 | values[13] >> 4
    return from_key(bytes(data))
