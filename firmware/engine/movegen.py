"""Legal plays: every distinct position a roll can reach, each with one move.

plays(board, d1, d2) -> Plays, a read-only sequence of (result, move)
    result: the 50-byte position after the play, still from the mover's view
    (not flipped); move: the steps ((from, to), ...) in the order played,
    points from the mover's view, 25 = bar, 0 = off. When nothing can move
    it holds the one entry (board, ()).

The search walks the dice over one bytearray, moving a checker and putting
it back (no copy per node), and keeps a hash of the position (relative to
the start of the turn) up to date from the tables in firmware/engine/movetables.py.
Only a play that uses the most dice is stored: our 25 counts, the points it
hit on (their half follows from those), its steps and its hash go into
fixed-size chunks, and an open-addressing table of play numbers finds
duplicates, so a play costs about 40 bytes of heap and no object until it
is asked for. Which points a die can land on does not
change during a turn (a hit empties a blot, never makes a block), so each
die's source list is built once per call. Doubles take their steps from
high points to low, which reaches every position once; other rolls try both
orders, the second skipping what the first has found.
next_steps(start, d1, d2, done) serves the handheld's cursor.
docs/movegen.md has the design and the figures.
"""

from array import array

from micropython import const

from firmware.engine.movetables import HIT_HASH, LAND, MOVE_HASH, WEIGHT

_BAR = const(25)        # our bar as a point number
_THEM_BAR = const(49)   # index of their bar
_HOME = const(6)        # points 1..6 are our home board
# A stored play: our 25 counts, the 24-bit mask of our points where it hit a
# blot (their half follows from the start and those hits), 4 step codes
# p << 3 | d, and the low 16 bits of the hash.
_RECORD = const(34)
_HITS = const(25)
_CODES = const(28)
_HASH = const(32)
_CHUNK = const(16)      # plays per chunk (a power of two)
_CHUNK_SHIFT = const(4)
_FIRST_TABLE = const(64)


def step(p, d):
    """The step (from, to) a checker on point p makes with die d."""
    return (p, LAND[p * 8 + d])


def position_hash(board):
    """The hash the search keeps up to date: sum(board[i] * WEIGHT[i])."""
    h = 0
    for i in range(50):
        h += board[i] * WEIGHT[i]
    return h


class Plays:
    """The distinct plays of one roll, stored compactly.

    len(plays), plays[i] -> (result, move) and iteration work like a list of
    pairs; result(i) and move(i) give one half without building the other.
    dice_used is how many dice each play uses (0 when nothing could move).
    """

    def __init__(self, start):
        self.start = start  # the position before the roll, 50 bytes
        self.chunks = []
        self.views = []     # a memoryview of each chunk, to compare without copying
        self.table = array("H", bytes(2 * _FIRST_TABLE))
        self.mask = _FIRST_TABLE - 1
        self.n = 0
        self.dice_used = 0

    def clear(self):
        self.n = 0
        self.table = array("H", bytes(2 * _FIRST_TABLE))
        self.mask = _FIRST_TABLE - 1

    def __len__(self):
        return self.n

    def _where(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("play %d of %d" % (i, self.n))
        return self.chunks[i >> _CHUNK_SHIFT], (i & (_CHUNK - 1)) * _RECORD

    def result(self, i):
        """The 50-byte position after play i."""
        chunk, o = self._where(i)
        out = bytearray(self.start)
        out[0:25] = chunk[o:o + 25]
        hits = chunk[o + _HITS] | chunk[o + _HITS + 1] << 8 | chunk[o + _HITS + 2] << 16
        t = 1
        while hits:
            if hits & 1:
                # their blot on our point t went to their bar
                out[_THEM_BAR - t] = 0
                out[_THEM_BAR] += 1
            hits >>= 1
            t += 1
        return bytes(out)

    def move(self, i):
        """The steps ((from, to), ...) of play i, in the order played."""
        chunk, o = self._where(i)
        steps = []
        for j in range(o + _CODES, o + _CODES + 4):
            code = chunk[j]
            if code:
                steps.append((code >> 3, LAND[code]))
        return tuple(steps)

    def stored_hash(self, i):
        """The low 16 bits of play i's hash (relative to the start)."""
        chunk, o = self._where(i)
        return chunk[o + _HASH] | chunk[o + _HASH + 1] << 8

    def __getitem__(self, i):
        return self.result(i), self.move(i)

    def __iter__(self):
        for i in range(self.n):
            yield self[i]

    def add(self, ours, hits, h, path):
        """Store a play unless an equal one is stored: ours is a view of our
        25 counts after it, hits the mask of points where it hit (bit t - 1
        for our point t), h its hash, path its step codes (unused ones 0)."""
        table = self.table
        mask = self.mask
        slot = h & mask
        low = h & 0xFFFF
        chunks = self.chunks
        while True:
            j = table[slot]
            if not j:
                break
            j -= 1
            chunk = chunks[j >> _CHUNK_SHIFT]
            o = (j & (_CHUNK - 1)) * _RECORD
            if (chunk[o + _HASH] | chunk[o + _HASH + 1] << 8 == low
                    and chunk[o + _HITS] | chunk[o + _HITS + 1] << 8 | chunk[o + _HITS + 2] << 16 == hits
                    and self.views[j >> _CHUNK_SHIFT][o:o + 25] == ours):
                return
            slot = (slot + 1) & mask
        i = self.n
        if not i & (_CHUNK - 1) and len(chunks) <= i >> _CHUNK_SHIFT:
            chunk = bytearray(_CHUNK * _RECORD)
            chunks.append(chunk)
            self.views.append(memoryview(chunk))
        chunk = chunks[i >> _CHUNK_SHIFT]
        o = (i & (_CHUNK - 1)) * _RECORD
        chunk[o:o + 25] = ours
        chunk[o + _HITS] = hits & 255
        chunk[o + _HITS + 1] = hits >> 8 & 255
        chunk[o + _HITS + 2] = hits >> 16
        chunk[o + _CODES:o + _CODES + 4] = path     # steps past the last are 0
        chunk[o + _HASH] = low & 255
        chunk[o + _HASH + 1] = low >> 8
        table[slot] = i + 1
        self.n = i + 1
        if 2 * self.n > mask:
            self._grow()

    def _grow(self):
        size = 2 * (self.mask + 1)
        if size > 0x10000:
            raise MemoryError("more than 32768 plays")
        self.table = None   # let the old table go before the new one is made
        table = array("H", bytes(2 * size))
        mask = size - 1
        for i in range(self.n):
            chunk = self.chunks[i >> _CHUNK_SHIFT]
            o = (i & (_CHUNK - 1)) * _RECORD
            slot = (chunk[o + _HASH] | chunk[o + _HASH + 1] << 8) & mask
            while table[slot]:
                slot = (slot + 1) & mask
            table[slot] = i + 1
        self.table = table
        self.mask = mask


def occupied(board):
    """Our points with a checker, high to low (25 = bar)."""
    return [p for p in range(_BAR, 0, -1) if board[p - 1]]


def sources(board, die, shifts=(), mine=None):
    """Points (high to low) a checker could move from with die, later in the
    turn: points whose landing is not blocked (or that bear off) and that
    hold a checker now (mine), or could once one arrives from `shifts`
    higher up (the dice played before this one). Whether each is usable
    depends on the checkers at the time."""
    if mine is None:
        mine = occupied(board)
    if shifts:
        marks = set(mine)
        for q in mine:
            for s in shifts:
                if q > s:
                    marks.add(q - s)
        mine = sorted(marks, reverse=True)
    # their checkers on our point t = p - die sit at index 25 + (25 - t) - 1
    return [p for p in mine if p <= die or board[_THEM_BAR - p + die] < 2]


class _Search:
    """One depth-first walk over the dice; the state the recursion shares."""

    def __init__(self, board, store):
        self.b = bytearray(board)
        self.ours = memoryview(self.b)[0:25]    # a live view of our half
        self.path = bytearray(4)    # step codes p << 3 | d of the current line
        self.best = 0
        self.store = store          # a Plays, or None to only find `best`
        self.goal = 5               # stop once `goal` dice are played
        self.last = 0               # index of the last die
        self.dice = None
        self.lists = None
        self.double = False
        # in the second order of a roll (small die first) with no checker on
        # the bar: skip the plays the first order has already found
        self.skip_swaps = False

    def record(self, k, hits, h):
        if k < self.best:
            return
        if k > self.best:
            self.best = k
            if self.store is not None:
                self.store.clear()
        if self.store is not None:
            self.store.add(self.ours, hits, h, self.path)

    def walk(self, k, lo, outside, hits, h):
        """Play die k of self.dice and on, trying sources from index lo.
        hits: the mask of our points where this line has hit (bit t - 1);
        h: the hash of the position relative to the start of the turn."""
        b = self.b
        d = self.dice[k]
        cands = self.lists[k]
        n = len(cands)
        if b[24]:
            # checkers on the bar enter first; the bar heads every list
            n = 1 if lo == 0 and n and cands[0] == _BAR else 0
        double = self.double
        leaf = k == self.last       # the step made here completes a play
        path = self.path
        store = self.store
        swap = 0
        if leaf and k == 1 and self.skip_swaps:
            # The first step was p1 -> t1. A second step by another checker
            # (not from t1) that does not bear off could have been played
            # first: the first order has found that play already.
            swap = (path[0] >> 3) - (path[0] & 7)
            if swap < 0:
                swap = 0
            elif outside:
                # nothing bears off here, so only the checker on t1 is left
                # to try (partial plays are not wanted: the roll plays fully)
                if swap not in cands:
                    return
                lo = cands.index(swap)
                n = lo + 1
        moved = False
        top = 0         # our highest home point with a checker, when needed
        i = lo
        while i < n:
            p = cands[i]
            if b[p - 1]:
                t = p - d
                if t > 0 and swap and p != swap:
                    moved = True
                elif t > 0:
                    b[p - 1] -= 1
                    b[t - 1] += 1
                    hh = h + MOVE_HASH[p * 8 + d]
                    them = _THEM_BAR - t
                    hit = b[them] == 1
                    hh_hits = hits
                    if hit:
                        b[them] = 0
                        b[_THEM_BAR] += 1
                        hh += HIT_HASH[t]
                        hh_hits = hits | 1 << (t - 1)
                    path[k] = p << 3 | d
                    if leaf:
                        if self.best <= k:
                            self.record(k + 1, hh_hits, hh)
                        elif store is not None:
                            store.add(self.ours, hh_hits, hh, path)
                    else:
                        self.walk(k + 1, i if double else 0,
                                  outside - 1 if p > _HOME and t <= _HOME else outside, hh_hits, hh)
                    if hit:
                        b[_THEM_BAR] -= 1
                        b[them] = 1
                    b[t - 1] -= 1
                    b[p - 1] += 1
                    moved = True
                elif outside:
                    break       # the rest of the list bears off too
                else:
                    if t < 0:
                        if not top:
                            top = _HOME
                            while not b[top - 1]:
                                top -= 1
                        if p != top:
                            break   # lower points cannot bear off with d either
                    b[p - 1] -= 1
                    path[k] = p << 3 | d
                    if leaf:
                        if self.best <= k:
                            self.record(k + 1, hits, h + MOVE_HASH[p * 8 + d])
                        elif store is not None:
                            store.add(self.ours, hits, h + MOVE_HASH[p * 8 + d], path)
                    else:
                        self.walk(k + 1, i if double else 0, 0, hits, h + MOVE_HASH[p * 8 + d])
                    b[p - 1] += 1
                    moved = True
                if self.best == self.goal:
                    return
            i += 1
        if not moved:
            self.record(k, hits, h)

    def run(self, dice, lists, outside):
        """Walk dice (a tuple) with their source lists; outside is how many
        of our checkers are not yet home."""
        self.dice = dice
        self.lists = lists
        self.last = len(dice) - 1
        self.walk(0, 0, outside, 0, 0)


def _outside(board):
    return sum(board[_HOME:25])


def _check_dice(d1, d2):
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError("dice must be 1..6, got %r, %r" % (d1, d2))


def plays(board, d1, d2):
    """Every distinct legal result of rolling d1, d2, with one move for each."""
    _check_dice(d1, d2)
    board = bytes(board)
    store = Plays(board)
    search = _Search(board, store)
    mine = occupied(board)
    outside = _outside(board)
    if d1 == d2:
        search.double = True
        lst = sources(board, d1, (d1, 2 * d1, 3 * d1), mine)
        search.run((d1, d1, d1, d1), (lst, lst, lst, lst), outside)
    else:
        hi = d1 if d1 > d2 else d2
        lo = d1 + d2 - hi
        hi_first = sources(board, hi, (), mine)
        lo_first = sources(board, lo, (), mine)
        search.run((hi, lo), (hi_first, sources(board, lo, (hi,), mine)), outside)
        search.skip_swaps = search.best == 2 and not board[24]
        search.run((lo, hi), (lo_first, sources(board, hi, (lo,), mine)), outside)
        if search.best == 1:
            # Only one die can be played: the larger one if it can be.
            store = Plays(board)
            search = _Search(board, store)
            search.run((hi,), (hi_first,), outside)
            if search.best == 0:
                search = _Search(board, store)
                search.run((lo,), (lo_first,), outside)
    store.dice_used = search.best
    if search.best == 0:
        store.add(search.ours, 0, 0, search.path)
    return store


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


def legal_steps(board, die):
    """The single steps (from, to) one die allows now, ignoring what the rest
    of the roll could do (next_steps adds that)."""
    b = board
    found = []
    if b[24]:
        if b[_THEM_BAR - (_BAR - die)] < 2:
            found.append(step(_BAR, die))
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
                found.append(step(p, die))
        elif not outside and (t == 0 or p == top):
            found.append(step(p, die))
    return found


def _can_play(board, dice):
    """Whether all of dice (in this order) can be played from board."""
    return _most(board, dice) == len(dice)


def _most(board, dice):
    """How many of dice (in this order) can be played from board; the
    search stops as soon as it finds all of them played."""
    search = _Search(board, None)
    search.goal = len(dice)
    d = dice[0]
    mine = occupied(board)
    if d == dice[-1]:
        search.double = True
        lst = sources(board, d, (d, 2 * d, 3 * d), mine)
        lists = (lst,) * len(dice)
    else:
        lists = (sources(board, d, (), mine), sources(board, dice[1], (d,), mine))
    search.run(dice, lists, _outside(board))
    return search.best


# The facts next_steps needs about one turn, kept for the turn last asked
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
        best = _most(start, (d1, d1, d1, d1))
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
    can follow, again stopping at the first success. docs/movegen.md has
    the measured figures."""
    _check_dice(d1, d2)
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
