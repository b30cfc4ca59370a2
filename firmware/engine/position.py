"""A backgammon position: 50 bytes, always seen from the side on roll.

board[0:25]  the side on roll ("us"): board[p - 1] checkers on our point p
             (1..24, counted from our own home), board[24] on our bar.
board[25:50] the other side ("them"), the same way from their own view:
             board[25 + p - 1] on their point p, board[49] on their bar.

Our point p is their point 25 - p. Checkers borne off are 15 minus the
side's total. A position is an immutable `bytes` value, so it can be a
dict key and costs 50 bytes of heap; `flip` turns it round for the other
side, and one move generator serves both (gnubg's anBoard[1] and anBoard[0]).
"""

from micropython import const

_CHECKERS = const(15)
_BAR = const(24)         # index of our bar; their bar is THEM + _BAR
_THEM = const(25)        # offset of the other side's half

# 2 on the 24 point, 5 on the 13, 3 on the 8, 5 on the 6; the same for them.
_HALF = bytes((0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0))
START = _HALF + _HALF


def flip(board):
    """The same position seen by the other side."""
    return board[_THEM:] + board[:_THEM]


def pips(board):
    """Pip counts (us, them): each checker's distance to off, bar = 25."""
    us = 0
    them = 0
    for i in range(25):
        us += board[i] * (i + 1)
        them += board[_THEM + i] * (i + 1)
    return us, them


def borne_off(board, side=0):
    """Checkers side 0 (us) or 1 (them) has borne off."""
    start = side * _THEM
    return _CHECKERS - sum(board[start:start + 25])


def validate(board):
    """Raise ValueError, naming the fault, unless board is a possible position."""
    if len(board) != 50:
        raise ValueError("position needs 50 counts, got %d" % len(board))
    for side in (0, 1):
        total = 0
        for i in range(25):
            n = board[side * _THEM + i]
            if n < 0:
                raise ValueError("negative count %d at index %d" % (n, side * _THEM + i))
            total += n
        if total > _CHECKERS:
            raise ValueError("side %d has %d checkers on the board, more than 15" % (side, total))
    for p in range(1, 25):
        if board[p - 1] and board[_THEM + 24 - p]:
            raise ValueError("both sides on point %d" % p)
    if borne_off(board, 0) == _CHECKERS and borne_off(board, 1) == _CHECKERS:
        raise ValueError("both sides have borne off all 15 checkers")


def make(us, them):
    """A validated position from two 25-count sequences (point 1..24, bar)."""
    if len(us) != 25 or len(them) != 25:
        raise ValueError("each side needs 25 counts (24 points and the bar)")
    for n in tuple(us) + tuple(them):
        if not 0 <= n <= _CHECKERS:
            raise ValueError("count %d out of range 0..15" % n)
    board = bytes(us) + bytes(them)
    validate(board)
    return board


def is_race(board):
    """True when the sides have passed each other: no hit is possible again."""
    ours = 25
    while ours and not board[ours - 1]:
        ours -= 1
    theirs = 25
    while theirs and not board[_THEM + theirs - 1]:
        theirs -= 1
    # their rearmost checker stands on our point 25 - theirs
    return ours + theirs <= 25


def winner_kind(board):
    """After a play, seen by the side that made it (not flipped): 0 while we
    still have checkers on the board, else what our win is worth: 1 single,
    2 gammon (they have borne off none), 3 backgammon (none off, and one of
    theirs still on their bar or in our home board)."""
    if borne_off(board, 0) != _CHECKERS:
        return 0
    if borne_off(board, 1):
        return 1
    # our points 1..6 are their points 19..24; index 49 is their bar
    for i in range(_THEM + 18, _THEM + 25):
        if board[i]:
            return 3
    return 2
