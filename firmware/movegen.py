"""Legal plays: every distinct position a roll can reach, each with one move.

plays(board, d1, d2) -> [(result, move), ...]
    result: the 50-byte position after the play, still from the mover's view
    (not flipped); move: the steps ((from, to), ...) in the order played,
    points from the mover's view, 25 = bar, 0 = off. No legal step at all
    gives [(board, ())].

The search walks the dice over one bytearray, moving a checker and putting
it back (no copy per node); only a play that uses the most dice is stored,
keyed by its 50 bytes so each position appears once. Which points a die can
land on does not change during a turn (a hit empties a blot, it never makes
a block), so each die's list of usable source points is built once per call.
Doubles take their steps from high points to low, which reaches every
position exactly once; other rolls try both orders. docs/movegen.md has the
design and the figures.
"""

from micropython import const

from firmware.movetables import LAND

_BAR = const(25)        # our bar as a point number
_THEM_BAR = const(49)   # index of their bar
_HOME = const(6)        # points 1..6 are our home board


def _step_table():
    # One shared (from, to) tuple per table entry, so stored moves cost one
    # pointer per step.
    steps = [None] * len(LAND)
    for p in range(1, 26):
        for d in range(1, 7):
            steps[p * 8 + d] = (p, LAND[p * 8 + d])
    return tuple(steps)


STEPS = _step_table()


def sources(board, die):
    """Points (high to low) a checker could move from with die: the bar and
    points whose landing is not blocked, then every point it bears off from.
    Whether each one is usable depends on the checkers at the time."""
    found = []
    for p in range(_BAR, 0, -1):
        t = p - die
        # their checkers on our point t sit at index 25 + (25 - t) - 1
        if t <= 0 or board[_THEM_BAR - t] < 2:
            found.append(p)
    return found


class _Search:
    """The state one plays() call shares across the recursion."""

    def __init__(self, board):
        self.b = bytearray(board)
        self.path = [None, None, None, None]
        self.best = 0
        self.seen = set()
        self.out = []
        self.dice = None
        self.lists = None
        self.double = False
        # goal < 5: only find whether `goal` dice can be played, store nothing
        self.goal = 5

    def record(self, k):
        if k < self.best:
            return
        if self.goal < 5:
            self.best = k
            return
        if k > self.best:
            self.best = k
            self.seen = set()
            self.out = []
        key = bytes(self.b)
        if key in self.seen:
            return
        self.seen.add(key)
        path = self.path
        if k == 1:
            move = (path[0],)
        elif k == 2:
            move = (path[0], path[1])
        elif k == 3:
            move = (path[0], path[1], path[2])
        else:
            move = (path[0], path[1], path[2], path[3])
        self.out.append((key, move))

    def walk(self, k, lo, outside):
        """Play die k of self.dice and on, trying sources from index lo."""
        if k == len(self.dice):
            self.record(k)
            return
        b = self.b
        d = self.dice[k]
        cands = self.lists[k]
        moved = False
        top = 0         # highest home point with a checker, found when needed
        if b[24]:
            # checkers on the bar enter first; the bar heads every list
            if lo == 0 and cands and cands[0] == _BAR:
                moved = True
                self.step(k, 0, _BAR, d, outside)
        else:
            n = len(cands)
            i = lo
            while i < n:
                p = cands[i]
                if b[p - 1]:
                    t = p - d
                    if t > 0:
                        moved = True
                        self.step(k, i, p, d, outside)
                        if self.best == self.goal:
                            return
                    else:
                        if outside:
                            break       # the rest of the list bears off too
                        if t < 0:
                            if not top:
                                top = _HOME
                                while not b[top - 1]:
                                    top -= 1
                            if p != top:
                                i += 1
                                continue
                        moved = True
                        b[p - 1] -= 1
                        self.path[k] = STEPS[p * 8 + d]
                        self.walk(k + 1, i if self.double else 0, 0)
                        b[p - 1] += 1
                        if self.best == self.goal:
                            return
                i += 1
        if not moved:
            self.record(k)

    def step(self, k, i, p, d, outside):
        """Move one checker from p (not bearing off), search on, put it back."""
        b = self.b
        t = p - d
        b[p - 1] -= 1
        b[t - 1] += 1
        hit = b[_THEM_BAR - t] == 1
        if hit:
            b[_THEM_BAR - t] = 0
            b[_THEM_BAR] += 1
        self.path[k] = STEPS[p * 8 + d]
        self.walk(k + 1, i if self.double else 0,
                  outside - 1 if p > _HOME and t <= _HOME else outside)
        if hit:
            b[_THEM_BAR] -= 1
            b[_THEM_BAR - t] = 1
        b[t - 1] -= 1
        b[p - 1] += 1

    def run(self, dice, lists):
        self.dice = dice
        self.lists = lists
        outside = 0
        b = self.b
        for i in range(_HOME, 25):
            outside += b[i]
        self.walk(0, 0, outside)


def legal_steps(board, die):
    """The single steps (from, to) one die allows now, ignoring what the rest
    of the roll could do (next_steps adds that)."""
    b = board
    found = []
    if b[24]:
        if b[_THEM_BAR - (_BAR - die)] < 2:
            found.append(STEPS[_BAR * 8 + die])
        return found
    outside = 0
    for i in range(_HOME, 24):
        outside += b[i]
    top = _HOME
    while top and not b[top - 1]:
        top -= 1
    for p in range(24, 0, -1):
        if not b[p - 1]:
            continue
        t = p - die
        if t > 0:
            if b[_THEM_BAR - t] < 2:
                found.append(STEPS[p * 8 + die])
        elif not outside and (t == 0 or p == top):
            found.append(STEPS[p * 8 + die])
    return found


def _can_play(board, dice):
    """Whether all of dice (in this order) can be played from board."""
    search = _Search(board)
    search.goal = len(dice)
    search.double = False
    search.run(dice, [sources(board, d) for d in dice])
    return search.best == len(dice)


# The facts next_steps needs about one turn, kept for the turn it was asked
# about: [start, d1, d2, dice a full play uses, the die a one-die play uses].
_turn = [None, 0, 0, 0, 0]


def _turn_facts(start, d1, d2):
    t = _turn
    if t[0] == start and t[1] == d1 and t[2] == d2:
        return t
    hi = d1 if d1 > d2 else d2
    lo = d1 + d2 - hi
    only = 0
    if d1 == d2:
        best = 4
        while best and not _can_play(start, (d1,) * best):
            best -= 1
    elif _can_play(start, (hi, lo)) or _can_play(start, (lo, hi)):
        best = 2
    elif legal_steps(start, hi):
        best, only = 1, hi
    elif legal_steps(start, lo):
        best, only = 1, lo
    else:
        best = 0
    t[0], t[1], t[2], t[3], t[4] = start, d1, d2, best, only
    return t


def next_steps(start, d1, d2, done=()):
    """The single-checker steps (from, to, die) still legal after the steps
    `done` ((from, to, die), ...) made from `start` with roll d1, d2: those
    through which some full legal play can still be reached. Empty once the
    turn is complete (or when nothing can move).

    Cost: the first call of a turn finds how many dice a full play uses (a
    search that stops at its first success); each call then lists the steps
    of each remaining die and, for each, checks that the rest of the roll
    can follow, again stopping at the first success. That is a few hundred
    bytecode steps in ordinary positions, far less than plays()."""
    start = bytes(start)
    facts = _turn_facts(start, d1, d2)
    best = facts[3]
    dice = [d1, d1, d1, d1] if d1 == d2 else [d1, d2]
    board = start
    for step in done:
        f, t, die = step
        if die not in dice or (f, t) not in legal_steps(board, die):
            raise ValueError("step %d/%d with a %d is not legal here" % (f, t, die))
        dice.remove(die)
        board = apply_step(board, f, t)
    need = best - len(done) - 1     # dice still to play after the next step
    if need < 0:
        return []
    found = []
    tried = 0
    for die in dice:
        if die == tried or (facts[4] and die != facts[4]):
            continue
        tried = die
        rest = list(dice)
        rest.remove(die)
        for f, t in legal_steps(board, die):
            if need == 0 or _reachable(apply_step(board, f, t), rest, need):
                found.append((f, t, die))
    return found


def _reachable(board, dice, need):
    """Whether `need` of dice can still be played, in some order."""
    if dice[0] == dice[-1]:
        return _can_play(board, (dice[0],) * need)
    return _can_play(board, (dice[0], dice[1])) or _can_play(board, (dice[1], dice[0]))


def plays(board, d1, d2):
    """Every distinct legal result of rolling d1, d2, as [(result, move)]."""
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError("dice must be 1..6, got %r, %r" % (d1, d2))
    board = bytes(board)
    search = _Search(board)
    if d1 == d2:
        search.double = True
        lst = sources(board, d1)
        search.run((d1, d1, d1, d1), (lst, lst, lst, lst))
    else:
        hi = d1 if d1 > d2 else d2
        lo = d1 + d2 - hi
        hi_list = sources(board, hi)
        lo_list = sources(board, lo)
        search.run((hi, lo), (hi_list, lo_list))
        search.run((lo, hi), (lo_list, hi_list))
        if search.best == 1:
            # Only one die can be played: the larger one if it can be.
            only = _Search(board)
            only.run((hi,), (hi_list,))
            if only.best == 0:
                only = _Search(board)
                only.run((lo,), (lo_list,))
            search = only
    if search.best == 0:
        return [(board, ())]
    return search.out


def apply_step(board, from_point, to_point):
    """The position after one checker moves from_point -> to_point (25 = bar,
    0 = off), hitting a blot it lands on. Checks only that a checker is there
    and the landing point is not blocked."""
    if not 1 <= from_point <= _BAR or not 0 <= to_point < from_point:
        raise ValueError("no step from %r to %r" % (from_point, to_point))
    b = bytearray(board)
    if not b[from_point - 1]:
        raise ValueError("no checker of ours on point %d" % from_point)
    b[from_point - 1] -= 1
    if to_point:
        them = _THEM_BAR - to_point
        if b[them] >= 2:
            raise ValueError("point %d is blocked" % to_point)
        if b[them] == 1:
            b[them] = 0
            b[_THEM_BAR] += 1
        b[to_point - 1] += 1
    return bytes(b)
