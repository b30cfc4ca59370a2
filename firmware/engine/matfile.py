"""The match record (firmware/engine/matchrecord.py) as the Jellyfish .mat
text that GNU Backgammon imports, a line at a time. gnubg's own export is
the model: `N point match`, `Game k`, the score line, numbered lines with
player 0 on the left and player 1 on the right, each step as from/to with
25 for the bar, 0 for off and * on a hit, and `Wins N points`.

Only writing the match file needs it (after each save, or when the file
is asked for): Match.mat_lines loads it, and on the device the flash writer
keeps it loaded (an import takes 25 ms or more on the chip). It imports
the record's codes; the record never imports it.
"""
from micropython import const

from firmware.engine import movegen, position
from firmware.engine.matchrecord import DOUBLE, END, GAME, MOVES, TAKE, game_starts, next_entry

_SLOT = const(28)        # width of the left column, as gnubg writes it
ARCHIVE_HEADER = const(8)   # archive.HEADER: the archive file's bytes before its frames


def archived(record):
    """The record's finished games in the archive (firmware/engine/
    archive.py), a frame at a time, oldest first; nothing when it has none.
    Read here, with the match file's writer, so that the archive's own
    module stays unloaded while the text is made."""
    if record.store is None or not record.archived_length:
        return ()
    return frames(record.store[1], record.store[2], record.archived_length)


def frames(opener, name, length):
    """The frames in the first `length` bytes after the archive file's
    header, each a new bytes object (a generator); it stops at a frame cut
    short."""
    f = opener(name, "rb")
    try:
        f.read(ARCHIVE_HEADER)
        at = 0
        while at < length:
            head = f.read(2)
            n = head[0] | head[1] << 8 if len(head) == 2 else 0
            frame = f.read(n)
            if not n or len(frame) != n:
                return
            at += 2 + n
            yield frame
    finally:
        f.close()


GAME_HEAD = " Game "     # how each game's lines begin


def record_lines(record, length, names, skip=0):
    """The .mat file of a MatchRecord, its archived games included, line
    by line (a generator: nothing is read before the first line is asked).
    With `skip`, the lines after the first `skip` games (the header left
    out too): the rest of a file that holds those already. The archive is
    read only when some of its games are wanted."""
    if skip >= record.archived_games:
        yield from lines((), record.data, length, names, skip, record.archived_games)
    else:
        yield from lines(archived(record), record.data, length, names, skip)


def lines(frames, data, length, names, skip=0, number=0):
    """The .mat file for a match of `length` points (0: money), line by
    line (a generator): the games of each of `frames` (the archive's, each
    record bytes of whole games, read one at a time), then those of the
    record's bytes `data`, `number` games coming before them. The first
    `skip` games (and the header) are counted and left out."""
    if not skip:
        yield " %d point match" % length
        yield ""
    for frame in frames:
        for start in game_starts(frame):
            number += 1
            if number > skip:
                yield from _game(frame, start, number, names)
    for start in game_starts(data):
        number += 1
        if number > skip:
            yield from _game(data, start, number, names)


def _game(data, start, number, names):
    """Game `number`'s lines, its entry at data[start]: its head, score
    line, numbered lines and a blank one."""
    yield GAME_HEAD + str(number)
    left = " %s : %d" % (names[0], data[start + 1] | data[start + 2] << 8)
    yield left + " " * max(1, 32 - len(left)) + "%s : %d" % (names[1], data[start + 3] | data[start + 4] << 8)
    yield from _game_lines(data, start)
    yield ""


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
    i = next_entry(data, start)
    while i < len(data) and data[i] < GAME:
        at = i
        i = next_entry(data, i)
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
        if code < MOVES:
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
