"""A human's turn on the buttons: the cursor, picking up and placing checkers,
undo, and the confirm step. Pure; the app feeds it buttons and draws it.

Points are the mover's (1..24, 25 = bar, 0 = off). The cursor walks the
board as drawn: LEFT and RIGHT along a half (through the bar and, at the
right end, the borne-off tray while a checker may bear off), UP and DOWN to
the other half.

A checker picked up may be put down where one die takes it, or where two
dice or more take it in a row (24/21 with a 2-1): that drop makes each
step in turn, and B takes the whole drop back.
"""
from array import array

from micropython import const

from firmware.handheld import keys, sounds
from firmware.engine import movegen
from firmware.handheld.render import red_point

_BAR = const(25)
_STATES = const(32)         # turn states whose steps are kept (a turn's look-ahead meets 28 at the most)
_STEP_BYTES = const(1024)   # their steps, 3 bytes each (from, to, die): 341 (a turn's look-ahead meets 278 at the most)
_CHAINS = const(64)         # a key's chain: its hash's low bits
_NO_STATE = const(255)
_FAR = const(4)             # far drops of a checker held: a double's 2, 3 and 4 dice in a row at the most
_DROP = const(10)           # a far drop in _far_buf: its point, its step count, then each step's from and to

# Cursor stops along each half, left to right, in red's numbering (25 bar, 0 off).
_TOP = (13, 14, 15, 16, 17, 18, 25, 19, 20, 21, 22, 23, 24, 0)
_BOTTOM = (12, 11, 10, 9, 8, 7, 25, 6, 5, 4, 3, 2, 1, 0)


def _to_red(mover, point):
    return point if point in (0, _BAR) else red_point(mover, point)


def _stop(mover, point, half):
    """(half, index) of the mover's point: half 0 top, 1 bottom. The bar and
    the tray have a stop in each half: they keep the half the cursor is in."""
    rp = _to_red(mover, point)
    if rp in (0, _BAR):
        return half, _TOP.index(rp)
    if rp >= 13:
        return 0, _TOP.index(rp)
    return 1, _BOTTOM.index(rp)


def _point(mover, half, index):
    rp = (_TOP if half == 0 else _BOTTOM)[index]
    return rp if rp in (0, _BAR) else red_point(mover, rp)


class Known:
    """The steps after each turn state met or looked ahead at (steps_after's
    answers), by the state's board and dice left, in buffers made once with
    the turn. The states come one at a time through the player's minutes
    of thought; as objects of their own (a dict of keys, lists and
    tuples, about 20 KB at its cap of 64 states) each lay wherever the
    heap's use had reached when it came and split the heap's free space
    for the rest of the turn. A key is found through the low bits of its
    hash (a chain of the states with those bits) and compared whole.
    Where the buffers are full, the look-ahead stops, and a state that a
    held checker's far drops or a press need starts them afresh: the 21
    rolls of 300 positions of random-play games (6,300 turns), each
    checker held and every far drop looked ahead at, met 28 states and
    278 steps at the most. The buffers take 2.9 KB."""

    def __init__(self, size):
        self.size = size + 4        # a key: the board's bytes, then the dice left, 0s after them (no die is 0)
        self.keys = bytearray(_STATES * self.size)
        self.buf = memoryview(self.keys)
        self.first = bytearray(b"\xff" * _CHAINS)     # by the hash's low bits: the newest state, or _NO_STATE
        self.next = bytearray(_STATES)             # the state before it with the same bits
        self.end = array("H", bytes(2 * _STATES + 2))     # state i's steps: steps[end[i]:end[i + 1]]
        self.steps = bytearray(_STEP_BYTES)
        self.count = 0

    def key(self, board, dice):
        return board + bytes(dice) + b"\0\0\0\0"[len(dice):]

    def room(self):
        """True while another state's steps may be kept."""
        return self.count < _STATES and self.end[self.count] < _STEP_BYTES

    def index(self, key):
        """The state's number, or _NO_STATE if its steps are not kept."""
        i = self.first[hash(key) % _CHAINS]
        size = self.size
        while i != _NO_STATE and self.buf[i * size:(i + 1) * size] != key:
            i = self.next[i]
        return i

    def find(self, key):
        """The steps kept for key, as a new list of (from, to, die), or None."""
        i = self.index(key)
        if i == _NO_STATE:
            return None
        s = self.steps
        return [(s[j], s[j + 1], s[j + 2]) for j in range(self.end[i], self.end[i + 1], 3)]

    def clear(self):
        self.count = 0
        for h in range(_CHAINS):
            self.first[h] = _NO_STATE

    def put(self, key, steps):
        """Keeps key's steps; with no room left for them, the states kept
        before are let go first (a held checker's far drops need a few
        states at a time, and the look-ahead fills the rest)."""
        if 3 * len(steps) > _STEP_BYTES:
            return
        if not self.room() or self.end[self.count] + 3 * len(steps) > _STEP_BYTES:
            self.clear()
        i = self.count
        at = self.end[i]
        end = at + 3 * len(steps)
        self.keys[i * self.size:(i + 1) * self.size] = key
        s = self.steps
        for f, t, d in steps:
            s[at] = f
            s[at + 1] = t
            s[at + 2] = d
            at += 3
        self.end[i + 1] = end
        h = hash(key) % _CHAINS
        self.next[i] = self.first[h]
        self.first[h] = i
        self.count = i + 1


class TurnInput:
    """Entry of one play from `start` (mover's view) with dice d1, d2."""

    def __init__(self, start, d1, d2, mover, cursor=-1):
        self.start = bytes(start)
        self.d1 = d1
        self.d2 = d2
        self.mover = mover
        self.done = []          # steps made: (from, to, die)
        self.drops = []         # (first, end) of each far drop's steps in done
        self.boards = [self.start]
        self.holding = 0
        # the far drops of the checker held, _far_n of them in a buffer
        # made with the turn (_DROP bytes each), for (steps made << 5 |
        # point held) in _far_key: kept as tuples, made as the player
        # thinks, they lay wherever the heap's use had reached
        self._far_key = -1
        self._far_buf = bytearray(_FAR * _DROP)
        self._far_n = 0
        self._far_whole = True  # False while some chain waits for steps not worked out yet
        self.half = 1 - mover     # where the mover's bar and tray are drawn
        # next_steps of each turn state met or looked ahead at: a press
        # finds them here (an undo nearly always does)
        self._known = Known(len(self.start))
        self._refresh()
        self.cursor = cursor if cursor in self.sources else self._first_source()

    # ---- state ------------------------------------------------------------

    def _dice_left(self):
        """The dice the steps made so far leave."""
        dice = movegen.roll_dice(self.d1, self.d2)
        for f, t, d in self.done:
            dice.remove(d)
        return dice

    def _steps_after(self, board, dice, played):
        """The steps from board, `played` steps made and `dice` left,
        worked out once."""
        key = self._known.key(board, dice)
        steps = self._known.find(key)
        if steps is None:
            steps = movegen.steps_after(self.start, self.d1, self.d2, board, dice, played)
            self._known.put(key, steps)
        return steps

    def looking(self):
        """True while look_ahead() may still have work: the far drops of a
        checker held not all found, or steps after a next step not known."""
        if self.holding:
            self._far()
            if not self._far_whole:
                return True
        return self._ahead < len(self.steps) and self._known.room()

    def look_ahead(self):
        """Works out the steps after one more of the legal steps from here,
        if one is not known yet, so that placing a checker finds them ready.
        One steps_after call at most: the app calls it in idle passes. True
        when it did work. A checker held comes first: its far drops' steps.
        """
        if self.holding:
            self._far()
            if not self._far_whole:
                self._far(1)
                return True
        while self._ahead < len(self.steps) and self._known.room():
            f, t, d = self.steps[self._ahead]
            self._ahead += 1
            dice = self._dice_left()
            dice.remove(d)
            board = movegen.apply_step(self.board, f, t)
            if self._known.index(self._known.key(board, dice)) == _NO_STATE:
                self._steps_after(board, dice, len(self.done) + 1)
                return True
        return False

    def _refresh(self):
        self.steps = self._steps_after(self.board, self._dice_left(), len(self.done))
        self._ahead = 0         # look_ahead's next step to try
        self.sources = []
        for f, t, d in self.steps:
            if f not in self.sources:
                self.sources.append(f)

    def _first_source(self):
        if not self.sources:
            return self.cursor if hasattr(self, "cursor") and self.cursor >= 0 else 6
        return max(self.sources)

    @property
    def board(self):
        return self.boards[-1]

    def complete(self):
        """True when no checker can move any more: the play waits for A."""
        return not self.steps

    def targets(self):
        """Where the checker held may be put down: a die away, then the
        points only two dice or more in a row reach."""
        if not self.holding:
            return ()
        near = tuple(t for f, t, d in self.steps if f == self.holding)
        far = self._far_points()
        return near + tuple(far) if far else near

    def _far(self, work=0):
        """How many far drops the checker held has (in _far_buf: _chains),
        from the steps already worked out; `work` more steps_after calls
        may be made for it (the idle passes' look-ahead makes one, a drop
        on a point not found yet as many as it needs). True in _far_whole
        once no chain waits."""
        key = len(self.done) << 5 | self.holding
        if self._far_key != key or (not self._far_whole and work):
            self._far_key = key
            self._far_n, self._far_whole = self._chains(self.holding, work)
        return self._far_n

    def _far_points(self):
        return [self._far_buf[k * _DROP] for k in range(self._far())]

    def _chains(self, held, work):
        """(count, whole): the points the checker on `held` reaches with
        two dice or more in a row, each step legal as the one before
        leaves it, and not with one die, written into _far_buf (a drop's
        point, its step count, each step's from and to); whole is False
        when a chain was left for steps not worked out yet (`work` calls
        of steps_after may be made). Where two orders reach a point, one
        that hits nothing on the way is kept."""
        near = [t for f, t, d in self.steps if f == held]
        found = []
        whole = True
        # (point, board, dice left, steps so far, hit on the way)
        frontier = [(held, self.board, self._dice_left(), (), False)]
        while frontier:
            point, board, dice, path, hit = frontier.pop(0)
            if not path:
                steps = self.steps
            else:
                steps = self._known.find(self._known.key(board, dice))
                if steps is None:
                    if not work:
                        whole = False
                        continue
                    work -= 1
                    steps = self._steps_after(board, dice, len(self.done) + len(path))
            for f, t, d in steps:
                if f != point:
                    continue
                way = path + ((f, t),)
                if path and t not in near:
                    k = 0
                    while k < len(found) and found[k][0] != t:
                        k += 1
                    if k == len(found):
                        found.append((t, way, hit))
                    elif found[k][2] and not hit:
                        found[k] = (t, way, hit)
                left = list(dice)
                left.remove(d)
                if t and left:
                    frontier.append((t, movegen.apply_step(board, f, t), left, way,
                                     hit or board[49 - t] == 1))
        buf = self._far_buf
        for k in range(len(found)):
            t, way = found[k][0], found[k][1]
            at = k * _DROP
            buf[at] = t
            buf[at + 1] = len(way)
            for f, to in way:
                at += 2
                buf[at] = f
                buf[at + 1] = to
        return len(found), whole

    def left(self):
        """The dice still to play, for the display (empty once complete)."""
        if not self.steps:
            return ()
        return tuple(self._dice_left())

    def move(self):
        """The play made, as movegen writes moves: ((from, to), ...)."""
        return tuple((f, t) for f, t, d in self.done)

    # ---- actions ----------------------------------------------------------

    def place(self, f, t):
        """Makes the step f -> t; returns the sound (move or hit)."""
        die = 0
        for sf, st, sd in self.steps:
            # Bearing off with either of two dice: spend the smaller.
            if sf == f and st == t and (not die or sd < die):
                die = sd
        if not die:
            raise ValueError("step %d/%d is not legal now" % (f, t))
        board = self.board
        hit = t and board[49 - t] == 1
        self.done.append((f, t, die))
        self.boards.append(movegen.apply_step(board, f, t))
        self._refresh()
        return sounds.HIT if hit else sounds.MOVE

    def undo(self):
        """Takes the last drop back: one step, or a far drop's steps."""
        start = len(self.done) - 1
        if self.drops and self.drops[-1][1] == len(self.done):
            start = self.drops.pop()[0]
        f = self.done[start][0]
        while len(self.done) > start:
            self.done.pop()
            self.boards.pop()
        self._refresh()
        self.cursor = f

    def press(self, button):
        """Handles one button; returns a melody or None. A on a complete
        turn is the app's to handle (it confirms)."""
        if button in (keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN):
            self._walk(button)
            return None
        if button == keys.A:
            return self._a()
        if button == keys.B:
            if self.holding:
                self.cursor = self.holding
                self.holding = 0
                return sounds.CLICK
            if self.done:
                self.undo()
                return sounds.CLICK
            return sounds.ILLEGAL
        return None

    def _a(self):
        if self.holding:
            if self.cursor == self.holding:
                self.holding = 0
                return sounds.CLICK
            f = self.holding
            for sf, st, sd in self.steps:
                if sf == f and st == self.cursor:
                    self.holding = 0
                    return self.place(f, self.cursor)
            buf = self._far_buf
            for k in range(self._far(0 if self.cursor in self._far_points() else 4)):
                at = k * _DROP
                if buf[at] == self.cursor:
                    self.holding = 0
                    first = len(self.done)
                    melody = sounds.MOVE
                    for j in range(buf[at + 1]):
                        if self.place(buf[at + 2 + 2 * j], buf[at + 3 + 2 * j]) == sounds.HIT:
                            melody = sounds.HIT
                    self.drops.append((first, len(self.done)))
                    return melody
            return sounds.ILLEGAL
        if self.cursor in self.sources:
            self.holding = self.cursor
            targets = self.targets()
            if len(targets) == 1 and self._far_whole:
                self.cursor = targets[0]     # the only place it can go
            return sounds.CLICK
        return sounds.ILLEGAL

    def _may_bear_off(self):
        for f, t, d in self.steps:
            if t == 0:
                return True
        return False

    def _walk(self, button):
        half, index = _stop(self.mover, self.cursor, self.half)
        last = len(_TOP) - 1
        if button == keys.LEFT:
            index = index - 1 if index > 0 else last
            if index == last and not self._may_bear_off():
                index -= 1          # no checker may bear off: the tray is no stop
        elif button == keys.RIGHT:
            index = index + 1 if index < last else 0
            if index == last and not self._may_bear_off():
                index = 0
        else:
            half = 1 - half
        self.cursor = _point(self.mover, half, index)
        self.half = half
