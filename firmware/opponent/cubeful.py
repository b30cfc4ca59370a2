"""Cube decisions from the evaluator's probabilities, in integers.

Probabilities p = [win, win gammon, win backgammon, lose gammon, lose
backgammon] in 1/ONE (gammons include backgammons), for the side on roll,
which is the side that may double.

Money play: Janowski's model. The cubeless equity (dead cube) and a live-cube
equity, linear in the win chance between the take and cash points set by the
average values of a win (W) and a loss (L), are mixed by the cube
efficiency X: E = X * live + (1 - X) * dead. The side doubles when both
"double, take" and "double, pass" are worth more than "no double"; the other
side takes when "double, take" costs it no more than passing.

Match play: match winning chances (MWC) from the Kazaross XG2 table
(firmware/opponent/met.py) for every game result; the Crawford game allows
no double, and a cube already big enough to win the match is not turned.
The cube stays live after a double: Janowski's model carried over to MWC
(docs/ai.md), with the take and cash points read from the table at the
next cube value, each side's access to the cube counted only where a
double could still gain it something.

Every value is an int in 1/ONE; `bias` (1/ONE) shifts a decision toward
not doubling or toward passing, for the weaker levels.
"""
from micropython import const

from firmware.engine.position import is_race, pips
from firmware.opponent import met

ONE = const(10000)
_HALF = const(5000)
CONTACT_X = const(6800)         # Janowski's cube efficiency X with contact, as gnubg's
_MOST = const(45000)            # match_weights' bound on a result's worth, 1/ONE points


def _values(p):
    """Average value of a win (W) and of a loss (L), in 1/ONE points."""
    w = p[0]
    win = (w + p[1] + p[2]) * ONE // w if w > 0 else ONE
    loss = (ONE - w + p[3] + p[4]) * ONE // (ONE - w) if w < ONE else ONE
    return win, loss


def dead_equity(p):
    """Cubeless equity, points per cube."""
    return 2 * p[0] - ONE + p[1] - p[3] + p[2] - p[4]


def _points(win, loss):
    take = (loss - _HALF) * ONE // (win + loss + _HALF)
    cash = (loss + ONE) * ONE // (win + loss + _HALF)
    return take, cash


def live_equity(p, owner):
    """Live-cube equity per cube for owner 0 centred, 1 ours, 2 theirs."""
    w = p[0]
    win, loss = _values(p)
    take, cash = _points(win, loss)
    if owner != 1 and w < take:
        # They double and we pass below our take point; until then they play on.
        return -loss + (loss - ONE) * w // take if take > 0 else -ONE
    if owner == 2:
        return -ONE + (win + ONE) * (w - take) // (ONE - take)
    if w >= cash:
        return ONE + (win - ONE) * (w - cash) // (ONE - cash) if cash < ONE else win
    if owner == 1:
        return -loss + (loss + ONE) * w // cash
    return -ONE + 2 * ONE * (w - take) // (cash - take)


def efficiency(board, side=0):
    """Janowski's cube efficiency X for side (0: the side whose checkers
    come first in board, 1: the other) on roll: 0.68 with contact; in a
    race 0.55 + 0.00125 a pip of the side on roll's, between 0.6 and 0.7
    (a short race leaves fewer turns to use the cube in). gnubg's 0-ply
    cube values fit these to within 0.001 on the race positions of
    tools.bench.cube."""
    if not is_race(board):
        return CONTACT_X
    x = 5500 + pips(board)[side] * 25 // 2
    return 6000 if x < 6000 else 7000 if x > 7000 else x


def money_equity(p, owner, x=CONTACT_X):
    """Cubeful money equity per cube (Janowski), owner as in live_equity."""
    return (x * live_equity(p, owner) + (ONE - x) * dead_equity(p)) // ONE


def money_double(p, centred, x=CONTACT_X):
    """(no double, double/take, double/pass) per current cube."""
    nd = money_equity(p, 0 if centred else 1, x)
    dt = 2 * money_equity(p, 2, x)
    return nd, dt, ONE


def mwc(away_us, away_them, post_crawford):
    """Our match winning chance, 1/ONE, at these away scores."""
    if away_us <= 0:
        return ONE
    if away_them <= 0:
        return 0
    n = met.MAX_AWAY
    if away_us > n or away_them > n:
        # Beyond the table: scale both scores into it, keeping their ratio.
        big = away_us if away_us > away_them else away_them
        away_us = max(1, away_us * n // big)
        away_them = max(1, away_them * n // big)
    if post_crawford and away_us == 1 and away_them > 1:
        i = 2 * (away_them - 1)
        return ONE - (met.POST[i] | met.POST[i + 1] << 8)
    if post_crawford and away_them == 1 and away_us > 1:
        i = 2 * (away_us - 1)
        return met.POST[i] | met.POST[i + 1] << 8
    i = 2 * ((away_us - 1) * n + away_them - 1)
    return met.PRE[i] | met.PRE[i + 1] << 8


def match_value(p, cube, away_us, away_them, post):
    """Match winning chance of the game played out at this cube (dead cube)."""
    single_win = p[0] - p[1]
    gammon_win = p[1] - p[2]
    single_loss = ONE - p[0] - p[3]
    gammon_loss = p[3] - p[4]
    total = (single_win * mwc(away_us - cube, away_them, post)
             + gammon_win * mwc(away_us - 2 * cube, away_them, post)
             + p[2] * mwc(away_us - 3 * cube, away_them, post)
             + single_loss * mwc(away_us, away_them - cube, post)
             + gammon_loss * mwc(away_us, away_them - 2 * cube, post)
             + p[4] * mwc(away_us, away_them - 3 * cube, post))
    return total // ONE


# Cubeless money equity as weights of the five probabilities (ai.weighted):
# -1, then +2 a win, +1 more a gammon, a backgammon; -1 a gammon lost, a
# backgammon lost.
MONEY = (-ONE, 2 * ONE, ONE, ONE, -ONE, -ONE)


def past_crawford(away_us, away_them):
    """True when a side is 1-away: the table's post-Crawford row, in the
    Crawford game too (every result short of the match leads past it)."""
    return away_us == 1 or away_them == 1


def weights(cube, length, away_us, away_them):
    """What each result is worth to the side with away_us to go: MONEY for
    money play (length 0), else match_weights at the score."""
    if not length:
        return MONEY
    return match_weights(cube, away_us, away_them, past_crawford(away_us, away_them))


def match_weights(cube, away_us, away_them, post):
    """Weights of the five probabilities (ai.weighted) for the side with
    away_us to go at this cube: each result's match winning chance, dead
    cube, written as points the size of a single game (gnubg's normalised
    equity), so a single win is +1 and a single loss -1 and the gammons
    weigh what the score makes them: nothing at double match point, more
    where a gammon wins the match. post: a side is 1-away (in the Crawford
    game too: every result short of the match leads past it)."""
    m = [mwc(away_us - cube, away_them, post), mwc(away_us - 2 * cube, away_them, post),
         mwc(away_us - 3 * cube, away_them, post), mwc(away_us, away_them - cube, post),
         mwc(away_us, away_them - 2 * cube, post), mwc(away_us, away_them - 3 * cube, post)]
    span = m[0] - m[3]
    if span <= 0:
        span = 1
    e = [(2 * x - m[0] - m[3]) * ONE // span for x in m]
    for i in range(6):
        # at most 9 points a result, so each weight times a probability stays a small int
        e[i] = -_MOST if e[i] < -_MOST else _MOST if e[i] > _MOST else e[i]
    return (e[3], e[0] - e[3], e[1] - e[0], e[2] - e[1], e[4] - e[3], e[5] - e[4])


def _line(w, w0, v0, w1, v1):
    """Value at w on the line through (w0, v0) and (w1, v1)."""
    if w1 <= w0:
        return v1
    return v0 + (v1 - v0) * (w - w0) // (w1 - w0)


def _bent(w, w0, v0, w1, v1, v2):
    """At w, the line through (w0, v0), (w1, v1) and (ONE, v2)."""
    if w <= w1:
        return _line(w, w0, v0, w1, v1)
    return _line(w, w1, v1, ONE, v2)


def _bent_solve(value, v0, w1, v1, v2):
    """The least w at which the rising line through (0, v0), (w1, v1) and
    (ONE, v2) reaches value (0 below, ONE above)."""
    if value <= v0:
        return 0
    if value <= v1:
        if v1 <= v0:
            return w1
        return w1 * (value - v0) // (v1 - v0)
    if value <= v2 and v1 < v2:
        return w1 + (ONE - w1) * (value - v1) // (v2 - v1)
    return ONE


class _Match:
    """The live cube in a match, from the side on roll's view (A; the other
    side B), for one position's gammon rates: Janowski's model carried
    over to match winning chances and solved level by level.

    At cube c, W(c) and L(c) are A's average MWC for a win and a loss
    played out at c; P(c) what A keeps passing B's double, Q(c) what A
    gets when B passes A's. A side has access to cube c when a double
    could still gain it something (c below its points to go and 64). The
    side owning c has a value bent in A's win chance: from the loss value
    at 0 to the pass value at its cash point (where the other side would
    pass its redouble) and on to the win value at 1; with the cube centred
    both sides' points bend it. The points come from one level up: A's
    take point at c is where owning 2c (with its own redouble) is worth
    P(c), A's cash point where B owning 2c is worth Q(c); at the top level
    the cube is dead. So a take counts the recube's value, which at
    gammonish and lopsided scores is most of it. Every value is worked out
    in ints, level by level, with nothing built on the way, and one
    _Match serves every position (at()): a decision in the loop leaves no
    garbage."""

    def __init__(self):
        self.at(None, 0, 0, False)

    def at(self, p, away_us, away_them, post):
        """Set the position's probabilities p and the score; returns self."""
        self.p = p
        self.a = away_us
        self.b = away_them
        self.post = post
        return self

    def a_may(self, c):
        """A has access to cube c."""
        return c < self.a and c < 64

    def b_may(self, c):
        return c < self.b and c < 64

    def win(self, c):
        """W(c): A's average MWC for a win played out at cube c."""
        p, a, b = self.p, self.a, self.b
        post = self.post
        w = p[0]
        if w <= 0:
            return mwc(a - c, b, post)
        return ((w - p[1]) * mwc(a - c, b, post) + (p[1] - p[2]) * mwc(a - 2 * c, b, post)
                + p[2] * mwc(a - 3 * c, b, post)) // w

    def loss(self, c):
        """L(c): A's average MWC for a loss played out at cube c."""
        p, a, b = self.p, self.a, self.b
        post = self.post
        w = p[0]
        if w >= ONE:
            return mwc(a, b - c, post)
        return ((ONE - w - p[3]) * mwc(a, b - c, post) + (p[3] - p[4]) * mwc(a, b - 2 * c, post)
                + p[4] * mwc(a, b - 3 * c, post)) // (ONE - w)

    def a_owns(self, c, w):
        """A's value owning cube c (with access to it), at win chance w."""
        return _bent(w, 0, self.loss(c), self.cash(c), mwc(self.a - c, self.b, self.post), self.win(c))

    def b_owns(self, c, w):
        """A's value with B owning cube c (with access to it), at win chance w."""
        return _bent(w, 0, self.loss(c), self.take(c), mwc(self.a, self.b - c, self.post), self.win(c))

    def centred(self, c, w):
        """A's value with cube c in the middle, at win chance w: bent at
        A's take point where B has access, at A's cash point where A has."""
        v0, v2 = self.loss(c), self.win(c)
        w0 = 0
        if self.b_may(c):
            w0, v1 = self.take(c), mwc(self.a, self.b - c, self.post)
            if w <= w0 or not self.a_may(c):
                return _bent(w, 0, v0, w0, v1, v2)
            v0 = v1                     # on from the take point
        cash = self.cash(c)
        return _bent(w, w0, v0, cash if cash > w0 else w0, mwc(self.a - c, self.b, self.post), v2)

    def take(self, c):
        """A's take point for B's double at c: owning 2c is worth passing."""
        c2 = 2 * c
        v0, v2 = self.loss(c2), self.win(c2)
        w1, v1 = ONE, v2                # the cube dead at 2c
        if self.a_may(c2):
            w1, v1 = self.cash(c2), mwc(self.a - c2, self.b, self.post)
        return _bent_solve(mwc(self.a, self.b - c, self.post), v0, w1, v1, v2)

    def cash(self, c):
        """A's cash point at c: B, owning 2c after a take, does as well as passing."""
        c2 = 2 * c
        v0, v2 = self.loss(c2), self.win(c2)
        w1, v1 = ONE, v2
        if self.b_may(c2):
            w1, v1 = self.take(c2), mwc(self.a, self.b - c2, self.post)
        return _bent_solve(mwc(self.a - c, self.b, self.post), v0, w1, v1, v2)


_MATCH = _Match()


def match_live(p, cube, owner, away_us, away_them, post, crawford=False, x=CONTACT_X):
    """Cubeful MWC at this cube, owner 0 centred, 1 ours, 2 theirs: the
    live value (_Match) at the win chance, mixed with the dead value by
    the cube efficiency x. In the Crawford game, or where no side that
    could double has access to the cube, the cube is dead."""
    dead = match_value(p, cube, away_us, away_them, post)
    if crawford:
        return dead
    m = _MATCH.at(p, away_us, away_them, post)
    a, b = m.a_may(cube), m.b_may(cube)
    if owner == 1 and a:
        live = m.a_owns(cube, p[0])
    elif owner == 2 and b:
        live = m.b_owns(cube, p[0])
    elif owner == 0 and (a or b):
        live = m.centred(cube, p[0])
    else:
        return dead
    return (x * live + (ONE - x) * dead) // ONE


def match_double(p, cube, away_us, away_them, post, centred=True, x=CONTACT_X):
    """(no double, double/take, double/pass) as match winning chances; the
    cube stays live (redoubles) in both no double and double/take."""
    nd = match_live(p, cube, 0 if centred else 1, away_us, away_them, post, x=x)
    dt = match_live(p, 2 * cube, 2, away_us, away_them, post, x=x)
    dp = mwc(away_us - cube, away_them, post)
    return nd, dt, dp


def choice(nd, dt, cash):
    """The side on roll's value with access to the cube, from no double,
    double/take and double/pass (cash): it doubles where both doubled
    games beat no double, the other side then taking or passing, whichever
    costs it less."""
    if dt > nd and cash > nd:
        return dt if dt < cash else cash
    return nd


def after_roll(p, cube, owned, length, away_us, away_them, x=CONTACT_X):
    """(no double, double/take) for the side that has just played, from p,
    the other side's probabilities with it to roll (x its cube
    efficiency): the other side's cubeful value at the cube as each
    choice leaves it (centred, or ours when `owned`; 2 x cube theirs after
    a take), seen from this side. Where the other side has access to the
    cube it makes its own cube decision there, as gnubg's look-ahead does
    at every position it reaches: a double, or a redouble after the take,
    where both doubled games beat playing on (a market this side lost)."""
    if length:
        post = past_crawford(away_us, away_them)
        a, b = away_them, away_us
        if owned:
            nd = match_live(p, cube, 2, a, b, post, x=x)
        else:
            nd = match_live(p, cube, 0, a, b, post, x=x)
            if may_double(cube, length, a, False):
                nd = choice(nd, match_live(p, 2 * cube, 2, a, b, post, x=x), mwc(a - cube, b, post))
        dt = match_live(p, 2 * cube, 1, a, b, post, x=x)
        if may_double(2 * cube, length, a, False):
            dt = choice(dt, match_live(p, 4 * cube, 2, a, b, post, x=x), mwc(a - 2 * cube, b, post))
        return ONE - nd, ONE - dt
    doubled = 2 * money_equity(p, 2, x)
    nd = money_equity(p, 2, x) if owned else choice(money_equity(p, 0, x), doubled, ONE)
    return -nd, -2 * choice(money_equity(p, 1, x), doubled, ONE)


def values(p, cube, owned, length, away_us, away_them, x=CONTACT_X):
    """(no double, double/take, double/pass) for the side on roll with
    probabilities p and cube efficiency x, the cube centred or `owned` by
    it: points per cube for money (length 0), else match winning chances."""
    if length:
        return match_double(p, cube, away_us, away_them, past_crawford(away_us, away_them), not owned, x)
    return money_double(p, not owned, x)


def may_double(cube, length, away_us, crawford):
    """Whether a double can gain the side on roll anything: the cube below
    64, and in a match not the Crawford game nor a cube that already wins
    it the match."""
    return cube < 64 and not (length and (crawford or cube >= away_us))


def doubles(values, bias=0):
    """True to double, from (no double, double/take, double/pass): both
    doubled games beat no double (bias, in the values' units, shifts it
    towards no double)."""
    nd, dt, dp = values
    nd += bias
    return dt > nd and dp > nd


def takes(values, bias=0):
    """True to take, from the doubler's (no double, double/take,
    double/pass): taking costs no more than passing (bias shifts it
    towards passing)."""
    _, dt, dp = values
    return dt + bias <= dp
