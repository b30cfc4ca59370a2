"""Standard move notation, in GNU Backgammon's style.

    24/18 13/11    one checker 24 to 18, another 13 to 11
    bar/22*        entering from the bar and hitting on 22
    6/off          bearing off from the 6 point
    8/4(2)         two checkers 8 to 4
    24/13          one checker moving with both dice, nothing hit on the way
    24/18*/13      the same with a hit on 18, so the stop is shown

A checker's consecutive steps are joined; a stop in the middle is written
only when it hit there. Parts are listed from the highest starting point
down, and equal parts are counted, not repeated. No move at all is "".
"""

from micropython import const

_BAR = const(25)
_THEM_BAR = const(49)


def point_text(point):
    if point == _BAR:
        return "bar"
    if point == 0:
        return "off"
    return str(point)


def _trails(board, move):
    """Each checker's trail: [from, to, hit?, to, hit?, ...] in play order."""
    them = bytearray(board[25:])
    trails = []
    for step in move:
        f, t = step[0], step[1]
        hit = 0
        if t and them[24 - t] == 1:     # their blot on our point t
            them[24 - t] = 0
            hit = 1
        for trail in reversed(trails):
            if trail[-2] == f and f != 0:
                trail.append(t)
                trail.append(hit)
                break
        else:
            trails.append([f, t, hit])
    return trails


def _part(trail):
    text = point_text(trail[0])
    last = len(trail) - 2
    for i in range(1, len(trail), 2):
        if i == last or trail[i + 1]:
            text += "/" + point_text(trail[i]) + ("*" if trail[i + 1] else "")
    return text


def move_text(board, move):
    """The move (steps (from, to) in play order) played from board, as text."""
    trails = _trails(board, move)
    # highest start first; for equal starts the longer trip first
    trails.sort(key=lambda trail: (-trail[0], trail[-2]))
    parts = []
    counts = []
    for trail in trails:
        text = _part(trail)
        if parts and parts[-1] == text:
            counts[-1] += 1
        else:
            parts.append(text)
            counts.append(1)
    out = []
    for i in range(len(parts)):
        out.append(parts[i] if counts[i] == 1 else "%s(%d)" % (parts[i], counts[i]))
    return " ".join(out)
