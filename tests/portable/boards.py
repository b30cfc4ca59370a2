"""Hand-made positions for the rule tests: {point: checkers} from each
side's own view, 25 = the bar; checkers not listed are borne off."""
from firmware.engine import position


def board(ours, theirs=None):
    us = [0] * 25
    them = [0] * 25
    for p in ours:
        us[p - 1] = ours[p]
    for p in theirs or {}:
        them[p - 1] = theirs[p]
    return position.make(us, them)


def _next(state):
    return (state * 1103515245 + 12345) & 0x7FFFFFFF


def edges():
    """Boards at the edges of the evaluator's features, one at a time (a
    list of thousands would not fit a Pico-sized heap): each side's fifteen
    checkers on one point or the bar, or its last checker there, or none
    left, for every pair of places; the last checkers just past each other
    (a race by one pip); back games, one to three anchors in the other
    side's home board and a checker on the bar, against that home board."""
    for p in range(26):             # 25: no checker left
        for q in range(26):
            if p < 24 and q < 24 and p + q == 23 or p == q == 25:
                continue            # our point p + 1 is their 24 - p
            for n, m in ((15, 15), (1, 15), (15, 1), (1, 1)):
                b = bytearray(50)
                if p < 25:
                    b[p] = n
                if q < 25:
                    b[25 + q] = m
                yield bytes(b)
    for p in range(23):
        b = bytearray(50)
        b[p] = 14
        b[25 + 22 - p] = 13         # on our point p
        yield bytes(b)
    for a in range(18, 24):
        for c in range(a, 24):
            for d in (c, 23):
                b = bytearray(50)
                b[24] = 1
                b[a] = 2
                b[c] = 2
                b[d] = 2
                b[5] = 15 - sum(b)
                # their home board, but where our anchors stand
                for t in range(6):
                    if not b[23 - t]:
                        b[25 + t] = 2
                b[25 + 7] = 15 - sum(b[25:])
                yield bytes(b)


def scattered(count, seed):
    """Random boards, not from games: each side's 0 to 15 checkers on up to
    eight random places of its own (the bar among them), so points are
    made, stacked and left open at random; a checker whose place the other
    side holds is left off."""
    state = seed
    for _ in range(count):
        b = bytearray(50)
        spots = bytearray(8)
        for side in (0, 25):
            state = _next(state)
            left = (state >> 8) % 16
            state = _next(state)
            n = 1 + (state >> 8) % 8
            for k in range(n):
                state = _next(state)
                spots[k] = (state >> 8) % 25
            while left:
                state = _next(state)
                s = spots[(state >> 8) % n]
                if not (side and s < 24 and b[23 - s]):
                    b[side + s] += 1
                left -= 1
        yield bytes(b)
