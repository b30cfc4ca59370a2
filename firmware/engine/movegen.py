"""Legal plays: every distinct position a roll can reach, each with one move.

plays(board, d1, d2) -> Plays, a read-only sequence of (result, move)
    result: the 50-byte position after the play, still from the mover's view
    (not flipped); move: the steps ((from, to), ...) in the order played,
    points from the mover's view, 25 = bar, 0 = off. When nothing can move
    it holds the one entry (board, ()).
Generation(board, d1, d2): the same plays a slice at a time; step(budget)
    returns True once .plays is complete, so a roll with a thousand plays
    can be spread over the handheld's loop passes.

The walk over the dice and the play store are firmware/engine/movewalk.py
(viper on MicroPython; its plain-Python twin, movewalk_plain.py, elsewhere).
Doubles take their steps from high points to low, which reaches every
position once; other rolls try both orders, the second skipping what the
first has found; a play is stored only when it uses the most dice, and a
table of hashes finds duplicates. A play costs 6 bytes of heap (its steps
and hash; a roll other than a double about 4 more for the duplicate
table) and no object until it is asked for. next_steps(start, d1, d2, done) serves the
handheld's cursor. docs/movegen.md has the design and the figures.
"""

import sys

from micropython import const

from firmware.engine.movetables import LAND, WEIGHT

if sys.implementation.name == "micropython":
    from firmware.engine import movewalk as walker
else:
    from firmware.engine import movewalk_plain as walker

_BAR = const(25)        # our bar as a point number
_THEM_BAR = const(49)   # index of their bar
_HOME = const(6)        # points 1..6 are our home board
# A stored play (movewalk.RECORD bytes): 4 step codes p << 3 | d (0:
# none), then the low 16 bits of its hash; movewalk.result writes the
# position it leaves.
_RECORD = const(6)
_HASH = const(4)
CHUNK_PLAYS = const(32)     # plays per chunk of the store (Plays.chunk), as movewalk.CHUNK
_CHUNK_SHIFT = const(5)
# Candidate steps one Generation.step() walks by default: under 20 ms of the
# RP2040's time, stored plays included (docs/movegen.md has the measurement).
STEP_WORK = const(800)
_ALL = const(0xFFFFFFF)     # a budget no roll exhausts (walk() returns it times 4)


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

    def __init__(self, start, double=False):
        self.start = start  # the position before the roll, 50 bytes
        self.chunks = []    # bytearrays of CHUNK_PLAYS records, filled by the walk
        self.n = 0
        self.dice_used = 0
        self.double = double

    def __len__(self):
        return self.n

    def _where(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("play %d of %d" % (i, self.n))
        return self.chunks[i >> _CHUNK_SHIFT], (i & (CHUNK_PLAYS - 1)) * _RECORD

    def result(self, i):
        """The 50-byte position after play i."""
        return bytes(self.result_into(i, bytearray(50)))

    def result_into(self, i, out):
        """Writes the position after play i into out (a 50-byte bytearray)
        and returns it; allocates nothing, for the look-ahead's replies."""
        if 0 <= i < self.n:
            # inline: _where's tuple would be the look-ahead's garbage
            walker.result(self.chunks[i >> _CHUNK_SHIFT], (i & (CHUNK_PLAYS - 1)) * _RECORD, self.start, out)
        else:
            chunk, o = self._where(i)   # from the end, or out of range (raises)
            walker.result(chunk, o, self.start, out)
        return out

    def chunk(self, c):
        """(chunk c of the store, how many plays it holds): plays 32c on,
        _RECORD bytes each, in generator order."""
        n = self.n - (c << _CHUNK_SHIFT)
        return self.chunks[c], (n if n < CHUNK_PLAYS else CHUNK_PLAYS)

    def move(self, i):
        """The steps ((from, to), ...) of play i, in the order played."""
        chunk, o = self._where(i)
        steps = []
        for j in range(o, o + 4):
            code = chunk[j]
            if code:
                steps.append((code >> 3, LAND[code]))
        return tuple(steps)

    def stored_hash(self, i):
        """The low 16 bits of play i's hash (relative to the start)."""
        chunk, o = self._where(i)
        return chunk[o + _HASH] | chunk[o + _HASH + 1] << 8

    def find(self, result):
        """Index of the play that reaches `result`, -1 if none does. The
        stored hashes rule out almost every play without building its
        position: a double's thousand plays are one pass over the chunks."""
        h = (position_hash(result) - position_hash(self.start)) & 0xFFFF
        lo = h & 0xFF
        hi = h >> 8
        i = 0
        for chunk in self.chunks:
            for o in range(_HASH, min(len(chunk), (self.n - i) * _RECORD), _RECORD):
                if chunk[o] == lo and chunk[o + 1] == hi:
                    j = i + (o - _HASH) // _RECORD
                    if self.result(j) == result:
                        return j
            i += CHUNK_PLAYS
        return -1

    def __getitem__(self, i):
        return self.result(i), self.move(i)

    def __iter__(self):
        for i in range(self.n):
            yield self[i]


def _check_dice(d1, d2):
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError("dice must be 1..6, got %r, %r" % (d1, d2))


class Generation:
    """The plays of one roll, found a slice at a time.

    step(budget) walks at most about `budget` candidate steps (STEP_WORK by
    default) and returns True once `plays` (a Plays) is complete; `work`
    counts the steps walked. `walk` picks the walker module (the tests
    compare the viper walk with its twin); `reuse` keeps the buffers for
    again()."""

    def __init__(self, board, d1, d2, walk=None, reuse=False):
        self._walk = walker if walk is None else walk
        self._reuse = reuse
        self._ctx = None
        self._spare = None      # with reuse, the finished walk's context
        self.again(board, d1, d2)

    def again(self, board, d1, d2):
        """Starts the plays of another roll. With reuse, in the buffers of
        the one before (its walk state, duplicate table and store chunks),
        so that the look-ahead's 21 rolls of replies a candidate make no
        garbage beyond a small Plays each; the plays before are lost."""
        _check_dice(d1, d2)
        self.start = bytes(board)
        self.work = 0
        ctx = self._spare
        self._spare = None
        if ctx is None:
            ctx = self._walk.context(True, self.start)
            self.plays = Plays(self.start, d1 == d2)
        else:
            ctx[6] = self.start
            plays = self.plays
            plays.start = self.start
            plays.n = plays.dice_used = 0
            plays.double = d1 == d2
        self._ctx = ctx
        self.plays.chunks = ctx[5]
        if d1 == d2:
            self._dice = (d1, d1)
        else:
            self._dice = (d1, d2) if d1 > d2 else (d2, d1)  # larger first
        self._phase = 0
        self._begin()

    def _begin(self):
        """Sets up the walk of the current phase: doubles have one; other
        rolls the larger die first, then the smaller first, then (when only
        one die can be played) the larger alone, then the smaller alone."""
        w = self._walk
        ctx = self._ctx
        hi, lo = self._dice
        phase = self._phase
        # flags: 1 fresh, 2 skip, the goal (5: never reached) times 4
        if hi == lo:
            w.start_run(ctx, hi, hi, 4, 21)
        elif phase == 0:
            w.start_run(ctx, hi, lo, 2, 21)
        elif phase == 1:
            skip = w.best(ctx) == 2 and not self.start[24]
            w.start_run(ctx, lo, hi, 2, 22 if skip else 20)
        else:
            w.start_run(ctx, hi if phase == 2 else lo, 0, 1, 21)

    def _next_phase(self):
        """True when another walk follows the one just finished."""
        hi, lo = self._dice
        found = self._walk.best(self._ctx)
        if hi == lo or self._phase == 3:
            return False
        if self._phase == 1 and found != 1:
            return False
        if self._phase == 2 and found != 0:
            return False
        self._phase += 1
        self._begin()
        return True

    def step(self, budget=STEP_WORK):
        """Walks on for at most about `budget` candidate steps; True once
        the plays are complete."""
        ctx = self._ctx
        if ctx is None:
            return True
        w = self._walk
        while True:
            got = w.walk(ctx, budget)
            status = got & 3
            got >>= 2       # the budget left
            self.work += budget - got
            budget = got
            if status == w.FULL:
                w.grow(ctx)
            elif status == w.MORE:
                return False
            elif not self._next_phase():
                break
            elif budget <= 0:
                return False
        plays = self.plays
        plays.n = w.stored(ctx)
        plays.dice_used = w.best(ctx)
        if self._reuse:
            self._spare = ctx       # its spare chunks kept for the next roll
        else:
            del plays.chunks[(plays.n + CHUNK_PLAYS - 1) >> _CHUNK_SHIFT:]   # spare chunks
        self._ctx = None
        return True

    def finish(self):
        """Completes the generation at once; returns the plays."""
        while not self.step(_ALL):
            pass
        return self.plays


def plays(board, d1, d2):
    """Every distinct legal result of rolling d1, d2, with one move for each."""
    return Generation(board, d1, d2).finish()


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


# one context for _most, made with the module (made in play, it would lie
# wherever the heap's use had reached); a board is copied into its buffer,
# so that none of the callers' boards is kept alive
_probe = walker.context(False, bytearray(50))


def _most(board, dice):
    """How many of dice (in this order) can be played from board; the
    walk stops as soon as it finds all of them played."""
    ctx = _probe
    ctx[6][:] = board
    d = dice[0]
    n = len(dice)
    walker.start_run(ctx, d, d if d == dice[-1] else dice[1], n, 1 | n << 2)
    walker.walk(ctx, _ALL)
    return walker.best(ctx)


# The facts next_steps needs about one turn, kept for the turn last asked
# about: [start, d1, d2, dice a full play uses, the die a one-die play uses].
# The start is a copy in a buffer of the module's (d1 0: none yet).
_turn = [bytearray(50), 0, 0, 0, 0]


def _turn_facts(start, d1, d2):
    t = _turn
    if t[1] == d1 and t[2] == d2 and t[0] == start:
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
    t[0][:] = start
    t[1], t[2], t[3], t[4] = d1, d2, best, only
    return t


def roll_dice(d1, d2):
    """The dice a roll gives to play, as a new list: four for a double."""
    return [d1, d1, d1, d1] if d1 == d2 else [d1, d2]


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
    dice = roll_dice(d1, d2)
    board = start
    for step in done:
        f, t, die = step
        if die not in dice or (f, t) not in legal_steps(board, die):
            raise ValueError("step %d/%d with a %d is not legal here" % (f, t, die))
        dice.remove(die)
        board = apply_step(board, f, t)
    return steps_after(start, d1, d2, board, dice, len(done))


def steps_after(start, d1, d2, board, dice, played):
    """next_steps for `board`, reached from `start` by `played` steps that
    next_steps gave, `dice` (a list) the roll's dice they left: the cursor
    knows its steps are legal, so they are not checked again."""
    facts = _turn_facts(start, d1, d2)
    need = facts[3] - played - 1    # dice still to play after the next step
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
