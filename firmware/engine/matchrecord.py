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

`mat_lines(length, names)` yields the .mat file line by line (no big string
is built); `write_mat(stream, length, names)` writes them. gnubg's own
export is the model: `N point match`, `Game k`, the score line, numbered
lines with player 0 on the left and player 1 on the right, each step as
from/to with 25 for the bar, 0 for off and * on a hit, and `Wins N points`.
"""

from micropython import const

from firmware.engine import movegen, position

GAME = const(0xF0)
DOUBLE = const(200)
TAKE = const(201)
DROP = const(202)
END = const(210)
_MOVES = const(180)

BORNE_OFF = const(0)
DROPPED = const(1)
RESIGNED = const(2)
TIMED_OUT = const(3)

LIMIT = const(8192)
_SLOT = const(28)        # width of the left column, as gnubg writes it


class MatchRecord:
    def __init__(self, data=b"", limit=LIMIT):
        self.data = bytearray(data)
        self.limit = limit
        if data:
            check(self.data)

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
        self.data.append(DROP)

    def end(self, winner, points, how):
        if winner not in (0, 1) or not 0 < points < 256 or not 0 <= how <= TIMED_OUT:
            raise ValueError("bad game end: winner %r, %r points, how %r" % (winner, points, how))
        self.data.append(END + how * 2 + winner)
        self.data.append(points)

    def games(self):
        """How many games the record holds (the last one may be in play)."""
        n = 0
        i = 0
        while i < len(self.data):
            if self.data[i] >= GAME:
                n += 1
            i = _next(self.data, i)
        return n

    def _trim(self):
        # Drop whole games from the front until the record is under its limit;
        # the newest game always stays.
        while len(self.data) > self.limit:
            starts = [i for i in _game_starts(self.data)]
            if len(starts) < 2:
                return
            self.data = self.data[starts[1]:]

    def mat_lines(self, length, names=("Player 1", "Player 2")):
        yield " %d point match" % length
        yield ""
        data = self.data
        number = 0
        for start in _game_starts(data):
            number += 1
            yield " Game %d" % number
            left = " %s : %d" % (names[0], data[start + 1] | data[start + 2] << 8)
            yield left + " " * max(1, 32 - len(left)) + "%s : %d" % (names[1], data[start + 3] | data[start + 4] << 8)
            for line in _game_lines(data, start):
                yield line
            yield ""

    def write_mat(self, stream, length, names=("Player 1", "Player 2")):
        for line in self.mat_lines(length, names):
            stream.write(line)
            stream.write("\n")


def _next(data, i):
    """Index of the entry after the one at i; ValueError if it is cut short."""
    code = data[i]
    if code < _MOVES:
        size = 1 + code // 36
    elif code in (DOUBLE, TAKE, DROP):
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


def _game_starts(data):
    i = 0
    while i < len(data):
        if data[i] >= GAME:
            yield i
        i = _next(data, i)


def check(data):
    """ValueError unless data is a well-formed record: games that each start
    with a game entry, steps within the board, at most one end per game,
    and nothing after an end but the next game."""
    i = 0
    in_game = False
    ended = False
    while i < len(data):
        code = data[i]
        j = _next(data, i)
        if code >= GAME:
            if in_game and not ended:
                raise ValueError("game at %d starts before the last one ended" % i)
            in_game = True
            ended = False
        elif not in_game or ended:
            raise ValueError("record entry at %d is outside a game" % i)
        elif code < _MOVES:
            for k in range(i + 1, j):
                f = data[k] >> 3
                d = data[k] & 7
                if not (1 <= f <= 25 and 1 <= d <= 6 and d <= f):
                    raise ValueError("record step byte %d at %d is no step" % (data[k], k))
        elif END <= code < END + 8:
            if not data[i + 1]:
                raise ValueError("game end at %d scores no points" % i)
            ended = True
        i = j


def _move_text(board, data, i):
    """'52: 13/8 13/11' for the move entry at data[i] played from board
    (mover's view), and the board after it."""
    code = data[i]
    d1 = code % 36 // 6 + 1
    d2 = code % 6 + 1
    if d1 < d2:
        d1, d2 = d2, d1
    parts = ["%d%d:" % (d1, d2)]
    for k in range(i + 1, i + 1 + code // 36):
        f = data[k] >> 3
        t = f - (data[k] & 7)
        hit = t > 0 and board[49 - t] == 1
        board = movegen.apply_step(board, f, t)
        parts.append("%d/%d%s" % (f, t, "*" if hit else ""))
    return " ".join(parts), board


def _game_lines(data, start):
    """The numbered lines of the game whose entry is at data[start], read
    where the record holds them (the record was checked when it was made
    and grows by whole entries: no copy of its entries is made here)."""
    board = position.START
    player = data[start] & 1
    cube = 1
    slots = ["", ""]
    number = 1
    i = _next(data, start)
    while i < len(data) and data[i] < GAME:
        at = i
        i = _next(data, i)
        code = data[at]
        if code >= END:
            winner = code & 1
            points = data[at + 1]
            text = " Wins %d point%s" % (points, "" if points == 1 else "s")
            if winner == 1 and slots[0]:
                # player 0 dropped (or acted) on this line: same line, as gnubg
                slots[1] = text
                yield _line(number, slots)
                return
            if slots[0]:
                yield _line(number, slots)
            yield _line(None, [text, ""] if winner == 0 else ["", text])
            return
        if code < _MOVES:
            text, board = _move_text(board, data, at)
            board = position.flip(board)
        elif code == DOUBLE:
            cube *= 2
            text = " Doubles => %d" % cube
        elif code == TAKE:
            text = " Takes"
        else:
            text = " Drops"
        slots[player] = text
        if player == 1:
            yield _line(number, slots)
            number += 1
            slots = ["", ""]
        player = 1 - player
    if slots[0]:
        yield _line(number, slots)


def _line(number, slots):
    left = slots[0]
    right = slots[1]
    if number is None:
        return "     " + left + (" " * max(2, _SLOT - len(left)) + right if right else "")
    head = "%3d) " % number
    if not right:
        # gnubg pads a numbered line's empty right column too; its reader
        # takes a short line for an unfinished turn
        return head + left + " " * max(1, _SLOT - len(left))
    # gnubg's reader splits the columns at the second colon, else at the
    # first double space past column 15: a right column without a colon
    # needs two spaces before it.
    gap = 1 if ":" in right else 2
    return head + left + " " * max(gap, _SLOT - len(left)) + right
