"""A save as the firmware of payload version 1 wrote it, before all time's
dice counts joined the settings: built here byte by byte from the layouts
that firmware used, not by today's writers, so the tests that read it stay
true whatever those writers become.

The game in it: VS CPU at EASY, a 7-point match at 3-2 after five games
(each a double dropped), the sixth under way: player 0 opened 3-1 (8/5 6/5),
the computer answered 6-4 (24/14), and player 0 is to roll.

The record (firmware/engine/save.py, format 1):
    b"Blot", format 1, reserved 0, payload length (u16 LE), serial (u32 LE),
    payload, CRC-16/CCITT-FALSE of all that (u16 LE)
The payload, version 1 (firmware/handheld/resume.py reads it without dice counts):
    1, mode, level, points index, clock, mute, brightness, knockout round,
    then the match (Match.to_bytes, format 1): the head below, the 50-byte
    board seen by the player on roll, the match record.
"""
import binascii
import struct

PAYLOAD_VERSION = 1
RECORD_FORMAT = 1
MATCH_FORMAT = 1
SERIAL = 41

# mode VS CPU, level EASY, points index 4 (LENGTHS[4] = 7), clock off,
# sound on, brightness 8, no knockout
SETTINGS = bytes((PAYLOAD_VERSION, 0, 1, 4, 0, 0, 8, 0))
MODE_NAME = "VS CPU"
LENGTH = 7
SCORE = (3, 2)
GAMES = 5
TURN = 0
STATE_ROLL = 1

# Format 1's head: format, length, score0, score1, flags, games, match
# winner, state, turn, d1, d2, log2 cube, cube owner, resign, game winner,
# kind, points, how, opening dice (player 0's << 4 | player 1's), clock
# reserve and delay, the players' reserves, the timed player, the turn's
# used ms, the next game's reserve and delay, the record's length.
MATCH_HEAD = "<BHHHBHbBBBBBbBbBBBBIIIIbIIIH"
RESERVE_MS = 300000
DELAY_MS = 30000


def _half(counts):
    """25 counts of one side from {point: checkers} (25: the bar)."""
    half = bytearray(25)
    for point, n in counts.items():
        half[point - 1] = n
    return bytes(half)


# Player 0, on roll: 8/5 6/5 played from the start.
US = _half({5: 2, 6: 4, 8: 2, 13: 5, 24: 2})
# The computer: one back checker run 24/14, the rest at the start.
THEM = _half({6: 5, 8: 3, 13: 5, 14: 1, 24: 1})
BOARD = US + THEM


def _start(first, s0, s1):
    return bytes((0xF0 | first, s0 & 255, s0 >> 8, s1 & 255, s1 >> 8))


def _roll(d1, d2, *steps):
    out = bytearray((len(steps) * 36 + (d1 - 1) * 6 + (d2 - 1),))
    for f, t in steps:
        out.append(f << 3 | (f - t))
    return bytes(out)


_OPENING = _roll(3, 1, (8, 5), (6, 5))
_DOUBLE, _DROP = 200, 202
_END_DROPPED = 210 + 1 * 2        # + the winner; then the points


def _dropped_game(first, s0, s1):
    """The opening winner plays 3-1, the other doubles, the first drops."""
    winner = 1 - first
    return _start(first, s0, s1) + _OPENING + bytes((_DOUBLE, _DROP, _END_DROPPED + winner, 1))


RECORD = (_dropped_game(0, 0, 0) + _dropped_game(1, 0, 1) + _dropped_game(1, 1, 1)
          + _dropped_game(0, 2, 1) + _dropped_game(1, 2, 2)
          + _start(0, 3, 2) + _OPENING + _roll(6, 4, (24, 18), (18, 14)))


def match_bytes():
    head = struct.pack(
        MATCH_HEAD, MATCH_FORMAT, LENGTH, SCORE[0], SCORE[1], 0, GAMES, -1,
        STATE_ROLL, TURN, 0, 0, 0, -1, 0, -1, 0, 0, 0, 3 << 4 | 1,
        RESERVE_MS, DELAY_MS, RESERVE_MS, RESERVE_MS, -1, 0, RESERVE_MS, DELAY_MS, len(RECORD))
    assert len(head) == 54
    return head + BOARD + RECORD


def payload():
    return SETTINGS + match_bytes()


def record(serial=SERIAL):
    body = payload()
    head = b"Blot" + bytes((RECORD_FORMAT, 0)) + struct.pack("<HI", len(body), serial)
    data = head + body
    return data + struct.pack("<H", binascii.crc_hqx(data, 0xFFFF))
