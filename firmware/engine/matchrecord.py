"""The match record: every roll, move and cube action, a few bytes a turn,
written out as a Jellyfish .mat text file that GNU Backgammon imports.

The record is one bytearray of entries, each starting with a code byte:

    0xF0 | first, s0 lo, s0 hi, s1 lo, s1 hi
                    a game starts; `first` won the opening roll; the score
                    before it (little-endian 16-bit)
    n * 36 + (d1 - 1) * 6 + (d2 - 1), then n step bytes  (codes 0..179)
                    a roll d1-d2 and the n single-die steps (0..4) played;
                    a step byte is from << 3 | (from - to), from 1..25
                    (25 the bar), to 0..24 (0 off)
    200, 201, 202   double, take, drop
    210 + how * 2 + winner, points
                    the game ends: how is BORNE_OFF, DROPPED, RESIGNED or
                    TIMED_OUT; points as scored

Whose entry it is follows from the order: the opening roll's winner acts
first and the players then alternate (a double, the answer and the
doubler's roll alternate too). Once the record passes `limit` bytes the
oldest finished games are dropped, so a long session never outgrows the save.

On the handheld the finished games leave the heap for a flash file
(firmware/engine/archive.py, loaded for a moment each time): main.py
attaches the record to it and hands the finished games over in a flash
pass, and the record keeps only the games not yet written there (the game
in play). `generation` and `archived_length` say which of the file's
frames are this match's; a save holds them (Match.write_to).

firmware/engine/matfile.py writes the record as the .mat file, line by line
(no big string is built): matfile.record_lines(record, length, names), and
Match.mat_lines and write_mat through it. A saved record is checked as it
is read back (firmware/engine/restore.py).
"""

from micropython import const


GAME = const(0xF0)
DOUBLE = const(200)
TAKE = const(201)
_DROP = const(202)
END = const(210)
MOVES = const(180)          # codes below this are a roll and its steps

BORNE_OFF = const(0)
DROPPED = const(1)
RESIGNED = const(2)
TIMED_OUT = const(3)

LIMIT = const(8192)


class MatchRecord:
    def __init__(self, data=b"", limit=LIMIT):
        self.data = bytearray(data)     # a saved record: firmware/engine/restore.py checked it
        self.limit = limit
        # the finished games' flash file (firmware/engine/archive.py, which
        # main.py loads for a moment to attach it and to hand games over)
        self.store = None               # (os module, open, file name) once attached
        self.generation = 0             # the archive's generation for this match
        self.archived_length = 0        # its frames' bytes that are this match's
        self.archived_games = 0
        self.archive_exact = False      # the file holds those frames and no more
        self.handing = 0                # games in the archive's temporary file, until its rename
        self.archive_due = False        # finished games in the heap for the archive
        self.trimmed = 0                # games dropped from the front (_trim), none archived

    def start_game(self, first, score0, score1):
        if first not in (0, 1):
            raise ValueError("first player must be 0 or 1, got %r" % (first,))
        for s in (score0, score1):
            if not 0 <= s <= 0xFFFF:
                raise ValueError("score %r does not fit the record" % (s,))
        self._trim()
        self.data.extend(bytes((GAME | first, score0 & 255, score0 >> 8,
                                score1 & 255, score1 >> 8)))

    def move(self, d1, d2, steps):
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6) or len(steps) > 4:
            raise ValueError("bad roll %r-%r or %d steps" % (d1, d2, len(steps)))
        self.data.append(len(steps) * 36 + (d1 - 1) * 6 + (d2 - 1))
        for step in steps:
            f, t = step[0], step[1]
            if not (1 <= f <= 25 and 1 <= f - t <= 6 and t >= 0):
                raise ValueError("step %r/%r is not one die's move" % (f, t))
            self.data.append(f << 3 | (f - t))

    def double(self):
        self.data.append(DOUBLE)

    def take(self):
        self.data.append(TAKE)

    def drop(self):
        self.data.append(_DROP)

    def end(self, winner, points, how):
        if winner not in (0, 1) or not 0 < points < 256 or not 0 <= how <= TIMED_OUT:
            raise ValueError("bad game end: winner %r, %r points, how %r" % (winner, points, how))
        self.data.append(END + how * 2 + winner)
        self.data.append(points)
        self.archive_due = self.store is not None

    def games(self):
        """How many games the record holds, the archived ones included (the
        last one may be in play)."""
        n = self.archived_games
        i = 0
        while i < len(self.data):
            if self.data[i] >= GAME:
                n += 1
            i = next_entry(self.data, i)
        return n

    def _trim(self):
        # Drop whole games from the front until the record is under its limit;
        # the newest game always stays (and those handed to the archive).
        while len(self.data) > self.limit and not self.handing:
            starts = [i for i in game_starts(self.data)]
            if len(starts) < 2:
                return
            self.data = self.data[starts[1]:]
            self.trimmed += 1


def next_entry(data, i):
    """Index of the entry after the one at i; ValueError if it is cut short."""
    code = data[i]
    if code < MOVES:
        size = 1 + code // 36
    elif code in (DOUBLE, TAKE, _DROP):
        size = 1
    elif END <= code < END + 8:
        size = 2
    elif code in (GAME, GAME | 1):
        size = 5
    else:
        raise ValueError("record byte %d at %d is no entry" % (code, i))
    if i + size > len(data):
        raise ValueError("record entry at %d is cut short" % i)
    return i + size


def game_starts(data):
    i = 0
    while i < len(data):
        if data[i] >= GAME:
            yield i
        i = next_entry(data, i)
