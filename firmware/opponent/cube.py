"""The computer's cube decisions, by level, in slices as it thinks.

CubeThinker(board, level, cube, owned, length, away_us, away_them) values
the cube for the side on roll of board, before its roll: when step()
returns True, .result is (no double, double/take, double/pass) in
firmware.opponent.cubeful's units (points per cube for money, a match's
winning chances in 1/ONE), for the side on roll.

Below MAX the values come from the position's own probabilities (0-ply,
one evaluation, a step). At MAX they come one ply deeper, as GNU
Backgammon's 1-ply: for each of the 21 rolls, the side on roll's best play
by 0-ply at the score (cubeful.weights; among the PLAYS the linear
prefilter ranks best, as the checkers' look-ahead picks the opponent's
replies), and the cubeful value
of the position after it, the other side to roll with the cube as it
would be (centred or ours after no double, 2 x cube theirs after
double/take) and its own double or redouble where it has one
(cubeful.after_roll; with contact, Janowski's X there is _LOOKAHEAD_X),
averaged with the rolls' weights. So the next roll's
swings, a market lost or a cash, count as they fall, and the cube model
answers only one roll later.

cube_offer and cube_take are the decisions all at once; the handheld
steps a CubeThinker. Weaker levels shift no double and take by half
their checker noise (ai.LEVEL_NOISE), a bias fixed by the position.
"""
from array import array

from micropython import const

from firmware.engine.position import flip
from firmware.opponent import ai, cubeful, evaluator, linear
from firmware.opponent.cubeful import may_double, stake, weights  # noqa: F401  (the app's questions too)

ONE = evaluator.ONE
PLAYS = const(8)        # the side on roll's plays to a roll the network scores (the checkers' look-ahead: ai.REPLIES)
WINDOW = const(2500)    # MAX looks ahead only where 0-ply finds the decision within this (1/ONE points)
# A roll's end in the look-ahead, beyond the network's score: the best
# play's cube efficiency and its cubeful values with the other side's own
# cube decision there, in microseconds on the chip (the unix port's time
# x 100: a match's live cube solved level by level for no double,
# double/take and the other side's double or redouble, up to 5.4 ms, a
# half more than without its decision; money's Janowski about 0.3 ms;
# the efficiency up to 1.5 ms, and for money in a bear-off the database
# covers up to 5.2 ms, where it reads a side's distribution again), so
# that a step with one stays within STEP_WORK.
_LEAF_MONEY = const(6000)
_LEAF_MATCH = const(8000)
# X with contact at a roll's end, where the other side is on roll: the X
# at which these values' double gap sits, on average, on GNU Backgammon's
# 2-ply's (gnubg's 0.68 left MAX doubling too often; docs/ai.md, The
# look-ahead's X)
_LOOKAHEAD_X = const(7200)
_IN_36 = (2,) * 15 + (1,) * 6     # each of the 21 rolls counted in 36, as ai's search orders them
_HALF_ROLLS = const(11)


def bias(board, level):
    """The level's fixed shift of no double and take, for the board the decider sees."""
    return ai.noise(ai.salt(board, 0, 0), board, ai.LEVEL_NOISE[level - 1] // 2)


def pass_value(cube, length, away_us, away_them):
    """double/pass for the side on roll: one cube won."""
    if length:
        return cubeful.mwc(away_us - cube, away_them, cubeful.past_crawford(away_us, away_them))
    return ONE


class CubeThinker(ai.Thinker):
    """The cube's three values for the side on roll, a slice per step()."""

    kept_replies = PLAYS

    def __init__(self, board, level, cube, owned, length, away_us, away_them, take=False,
                 window=WINDOW):
        ai.check_level(level)
        self.board = bytes(board)
        self.level = level
        self.deep = ai.LEVEL_PLY[level - 1]
        self.cube = cube
        self.owned = owned
        self.length = length
        self.away_us = away_us
        self.away_them = away_them
        # this side's play for each roll is the best for it at the score:
        # the lowest equity left to the other side by its own weights
        self.their_weights = weights(cube, length, away_them, away_us)
        self.take = take            # the question: the other side's take, else this side's double
        self.window = window        # None: look ahead whatever 0-ply says
        self.zero = None            # the 0-ply values, once scored
        self.scorer = None
        self.ranker = None
        self.gen = None
        self.reply_gen = None
        self.replies = None
        self.result = None
        self.units = 0
        self.next = 0
        self.cand = 0
        self.candidates = 1
        self.work = 0
        self.sub = ai.S_BASE
        self.phase = ai.SEARCH
        self.collect = False        # ai.Thinker.step reads it; the cube's buffers follow the collection at its start

    def _cost(self):
        leaf = _LEAF_MATCH if self.length else _LEAF_MONEY
        if self.zero is None:
            return ai.COST_BASE + ai.COST_NET + leaf    # the 0-ply values: a base, a score, the values
        cost = ai.Thinker._cost(self)
        if self.sub == ai.S_NET and self.next == self.kept - 1:
            cost += leaf
        return cost

    # The search is the checkers' look-ahead (ai.Thinker) over a single
    # candidate: the position before this side's roll, seen from the other
    # side, so that the "replies" are this side's plays for each roll.

    def _candidate_base(self):
        board = self.board
        if self.zero is None:
            # a unit of its own: the position's own values (0-ply)
            self.scorer = evaluator.Scorer()
            self.scorer.set_base(board)
            p = self.scorer.score(board)
            v = self.zero = cubeful.values(p, self.cube, self.owned, self.length, self.away_us,
                                           self.away_them, cubeful.efficiency(board, 0, self.length))
            if not self.deep or self._clear(v):
                self._done(v[0], v[1])
            return
        self.scorer.set_base(flip(board))
        self.ranker = linear.Ranker()
        self.ranker.set_base(flip(board))
        self.reply_from = board
        self.keep_index = array("H", bytes(2 * PLAYS))
        self.keep_score = array("i", bytes(4 * PLAYS))
        self.reply = bytearray(50)
        self.best = array("i", bytes(4 * 5))   # the roll's best play: the other side's probabilities
        self.nd = 0
        self.dt = 0
        self.roll = 0
        self.sub = ai.S_REPLIES

    def _reply_run(self, limit):
        """The network scores one of this side's plays for the roll (the
        other side's probabilities after it), one a call whatever `limit`
        (the roll's last costs more: the values at its end); the best is
        the one that leaves the other side the lowest equity at the score
        (money's, or its match winning chances: cubeful.weights). Returns
        1."""
        k = self.next
        reply = self.replies.result_into(self.keep_index[k], self.reply)
        p = self.scorer.score_after(reply)
        e = ai.weighted(p, self.their_weights)
        if e < self.roll_min:
            self.roll_min = e
            self.best_k = k
            best = self.best
            for i in range(5):
                best[i] = p[i]
        self.next = k + 1
        if self.next < self.kept:
            return 1
        # the cube efficiency of the other side, on roll after the best play
        x = cubeful.efficiency(self.replies.result_into(self.keep_index[self.best_k], self.reply), 1,
                               self.length, _LOOKAHEAD_X)
        nd, dt = cubeful.after_roll(self.best, self.cube, self.owned, self.length,
                                    self.away_us, self.away_them, x)
        w = _IN_36[self.roll]
        self.nd += w * nd
        self.dt += w * dt
        self.replies = None
        self.roll += 1
        self.sub = ai.S_REPLIES
        if self.roll == _HALF_ROLLS:
            # a collection half-way: the decision's garbage (up to 14 KB)
            # would fill the heap in play, its collection inside a step
            self.collect = True
        if self.roll == 21:
            self._done(self.nd // 36, self.dt // 36)
        return 1

    def doubles(self):
        """Once done: True when the side on roll doubles, at its level."""
        return cubeful.doubles(self.result, self._in_units(bias(self.board, self.level)))

    def takes(self):
        """Once done: True when the other side takes the double, at its level."""
        return cubeful.takes(self.result, self._in_units(bias(flip(self.board), self.level)))

    def _clear(self, v):
        """True when 0-ply answers the question by more than the window: a
        decision that far from close is not turned by a roll's look-ahead
        (gnubg looks deeper only inside such a window too)."""
        if self.window is None:
            return False
        nd, dt, dp = v
        gap = dt - dp if self.take else (dt if dt < dp else dp) - nd
        window = self._in_units(self.window)
        return gap > window or gap < -window

    def _in_units(self, b):
        """An amount in points of a single game (a bias, the window) in the
        values' units: in a match, winning chances, half a single game's
        swing at this cube."""
        if not self.length or not b:
            return b
        a, c = self.away_us, self.away_them
        swing = pass_value(self.cube, self.length, a, c) - cubeful.mwc(a, c - self.cube, cubeful.past_crawford(a, c))
        return b * swing // (2 * ONE)

    def _done(self, nd, dt):
        self.result = (nd, dt, pass_value(self.cube, self.length, self.away_us, self.away_them))
        self.scorer = None
        self.ranker = None
        self.replies = None
        self.reply = None
        self.reply_gen = None
        self.phase = ai.DONE


def _thought(t):
    while not t.step():
        pass
    return t


def values(board, level, cube, owned, length, away_us, away_them, window=None):
    """CubeThinker's result, all at once (by default MAX looks ahead
    whatever 0-ply says)."""
    return _thought(CubeThinker(board, level, cube, owned, length, away_us, away_them,
                                window=window)).result


def cube_offer(board, level, cube, owner_is_us_or_centred, length, away_us, away_them, crawford):
    """True to double: board seen by the side on roll, before rolling.

    cube: its value (1 centred, more owned: the app checks ownership too);
    length 0 = money, else the match length with away_us, away_them points
    needed; crawford: this is the Crawford game."""
    ai.check_level(level)
    if not owner_is_us_or_centred or not may_double(cube, length, away_us, crawford):
        return False
    return _thought(CubeThinker(board, level, cube, cube > 1, length, away_us, away_them)).doubles()


def cube_take(board, level, cube, length, away_us, away_them):
    """True to take a double to 2*cube: board seen by the side deciding (its
    checkers first), the doubler being the one to roll next."""
    return _thought(CubeThinker(flip(bytes(board)), level, cube, False, length, away_them, away_us,
                                True)).takes()
