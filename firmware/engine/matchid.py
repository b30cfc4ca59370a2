"""GNU Backgammon's Match ID: the match state in 12 characters.

The ID is 67 bits packed from the lowest bit of byte 0 upwards into 9 bytes,
written in standard base64 (A-Z a-z 0-9 + /). The fields, in order, with
their widths (gnubg's manual, "Match ID", and matchid.c for the last bit):

    cube      4  log2 of the cube value (0 = 1, 6 = 64)
    owner     2  0 or 1 the owner, 3 centred
    on_roll   1  the player on roll (or who rolled; the doubler while doubled)
    crawford  1  1 in the Crawford game
    state     3  _NO_GAME, PLAYING, OVER, RESIGNED, DROPPED
    turn      1  the player to act now (the taker while doubled)
    doubled   1  1 while a double waits for take or drop
    resign    2  0 none, 1 single, 2 gammon, 3 backgammon offered
    die1      3  0 when not rolled; gnubg writes the larger die first
    die2      3
    length   15  match length, 0 for money play
    score0   15
    score1   15
    jacoby    1  1 when the Jacoby rule is in force (stored inverted, so the
                 bit is 1 in every match and in money play without Jacoby)

`encode(fields)` takes those 14 numbers in that order (the cube as its
value 1..64 and beyond, not its log) and returns the ID; `decode(text)` is
the inverse and raises ValueError on anything malformed. A score may pass
the match length: gnubg writes the final score of a finished match that way
(though its `set matchid` refuses such an ID).
"""

from micropython import const

from firmware.engine.posid import ALPHABET, base64_into

_NO_GAME = const(0)
PLAYING = const(1)
OVER = const(2)
RESIGNED = const(3)
DROPPED = const(4)
CENTRED = const(3)

# (name, bit width) in packing order; the cube is packed as its log2.
FIELDS = (
    ("cube", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1),
    ("state", 3), ("turn", 1), ("doubled", 1), ("resign", 2),
    ("die1", 3), ("die2", 3), ("length", 15), ("score0", 15), ("score1", 15),
    ("jacoby", 1),
)
_JACOBY = const(13)



def _log2(value):
    n = 0
    while value > 1:
        if value & 1:
            raise ValueError("cube value %d is not a power of two" % value)
        value >>= 1
        n += 1
    if value != 1 or n > 15:
        raise ValueError("cube value out of range")
    return n


def _check(values):
    cube, owner, on_roll, crawford, state, turn, doubled, resign, d1, d2 = values[:10]
    length, score0, score1, jacoby = values[10:]
    if owner not in (0, 1, CENTRED):
        raise ValueError("cube owner %d is not 0, 1 or 3 (centred)" % owner)
    if state > DROPPED:
        raise ValueError("game state %d is not 0..4" % state)
    if d1 > 6 or d2 > 6 or (d1 == 0) != (d2 == 0):
        raise ValueError("dice %d-%d are not a roll" % (d1, d2))
    if not length and crawford:
        raise ValueError("money play has no Crawford game")
    for name, v in (("on_roll", on_roll), ("crawford", crawford), ("turn", turn),
                    ("doubled", doubled), ("jacoby", jacoby)):
        if v not in (0, 1):
            raise ValueError("%s is %d, not 0 or 1" % (name, v))
    if doubled and resign:
        raise ValueError("a double and a resignation cannot both be pending")


def encode(values):
    """The 12-character Match ID of the 13 field values in FIELDS order."""
    if len(values) != len(FIELDS):
        raise ValueError("a match ID needs %d fields, got %d" % (len(FIELDS), len(values)))
    _check(values)
    values = list(values)
    values[0] = _log2(values[0])
    if values[8] < values[9]:
        values[8], values[9] = values[9], values[8]
    values[_JACOBY] ^= 1
    key = bytearray(9)
    pos = 0
    for i in range(len(FIELDS)):
        width = FIELDS[i][1]
        v = values[i]
        if v < 0 or v >= 1 << width:
            raise ValueError("%s %d does not fit in %d bits" % (FIELDS[i][0], v, width))
        for b in range(width):
            if v >> b & 1:
                key[(pos + b) >> 3] |= 1 << ((pos + b) & 7)
        pos += width
    out = bytearray(12)
    base64_into(key, 3, out)
    return out.decode()


def decode(text):
    """The 13 field values (cube as its value) of a Match ID; ValueError if malformed."""
    if not isinstance(text, str) or len(text) != 12:
        raise ValueError("a match ID has 12 characters, got %r" % (text,))
    key = bytearray(9)
    for g in range(3):
        n = 0
        for c in text[g * 4:g * 4 + 4]:
            i = ALPHABET.find(c.encode())
            if i < 0:
                raise ValueError("%r is not a match ID character" % c)
            n = n << 6 | i
        key[g * 3] = n >> 16
        key[g * 3 + 1] = n >> 8 & 255
        key[g * 3 + 2] = n & 255
    if key[8] >> 3:
        raise ValueError("match ID %s has bits set past bit 66" % text)
    values = []
    pos = 0
    for name, width in FIELDS:
        v = 0
        for b in range(width):
            if key[(pos + b) >> 3] >> ((pos + b) & 7) & 1:
                v |= 1 << b
        values.append(v)
        pos += width
    values[0] = 1 << values[0]
    values[_JACOBY] ^= 1
    values = tuple(values)
    _check(values)
    return values
