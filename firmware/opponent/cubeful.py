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

from firmware.opponent import met

ONE = const(10000)
HALF = const(5000)
_EFFICIENCY = const(6800)       # Janowski's cube efficiency X, as gnubg's contact value


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
    take = (loss - HALF) * ONE // (win + loss + HALF)
    cash = (loss + ONE) * ONE // (win + loss + HALF)
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


def money_equity(p, owner):
    """Cubeful money equity per cube (Janowski), owner as in live_equity."""
    return (_EFFICIENCY * live_equity(p, owner) + (ONE - _EFFICIENCY) * dead_equity(p)) // ONE


def money_double(p, centred, bias=0):
    """(no double, double/take, double/pass) per current cube."""
    nd = money_equity(p, 0 if centred else 1) + bias
    dt = 2 * money_equity(p, 2)
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


def _given(p, cube, away_us, away_them, post):
    """Average MWC of a win (W) and of a loss (L) played out at this cube."""
    w = p[0]
    if w > 0:
        win = ((w - p[1]) * mwc(away_us - cube, away_them, post)
               + (p[1] - p[2]) * mwc(away_us - 2 * cube, away_them, post)
               + p[2] * mwc(away_us - 3 * cube, away_them, post)) // w
    else:
        win = mwc(away_us - cube, away_them, post)
    if w < ONE:
        loss = ((ONE - w - p[3]) * mwc(away_us, away_them - cube, post)
                + (p[3] - p[4]) * mwc(away_us, away_them - 2 * cube, post)
                + p[4] * mwc(away_us, away_them - 3 * cube, post)) // (ONE - w)
    else:
        loss = mwc(away_us, away_them - cube, post)
    return win, loss


def _point(value, win, loss):
    """Win chance at which a game worth win/loss (MWC) is worth value."""
    if win <= loss:
        return HALF
    t = (value - loss) * ONE // (win - loss)
    return 0 if t < 0 else ONE if t > ONE else t


def _line(w, w0, v0, w1, v1):
    """Value at w on the line through (w0, v0) and (w1, v1)."""
    if w1 <= w0:
        return v1
    return v0 + (v1 - v0) * (w - w0) // (w1 - w0)


def match_live(p, cube, owner, away_us, away_them, post, crawford=False):
    """Cubeful MWC at this cube, owner 0 centred, 1 ours, 2 theirs.

    A side has access to the cube when it owns it or it is centred, and a
    double could still gain it something (not in the Crawford game, and
    not when a single win at this cube already wins it the match). With
    access on one side or both, the live value is piecewise linear in the
    win chance between its take and cash points at twice the cube, as in
    live_equity; mixed with the dead value by _EFFICIENCY."""
    dead = match_value(p, cube, away_us, away_them, post)
    ours = owner != 2 and not crawford and cube < away_us and cube < 64
    theirs = owner != 1 and not crawford and cube < away_them and cube < 64
    if not ours and not theirs:
        return dead
    w = p[0]
    win, loss = _given(p, cube, away_us, away_them, post)
    win2, loss2 = _given(p, 2 * cube, away_us, away_them, post)
    we_pass = mwc(away_us, away_them - cube, post)      # we pass their double
    they_pass = mwc(away_us - cube, away_them, post)    # they pass ours
    take = _point(we_pass, win2, loss2)     # below it we would pass their double
    cash = _point(they_pass, win2, loss2)   # above it they would pass ours
    if theirs and w <= take:
        live = _line(w, 0, loss, take, we_pass)
    elif ours and w >= cash:
        live = _line(w, cash, they_pass, ONE, win)
    elif ours and theirs:
        live = _line(w, take, we_pass, cash, they_pass)
    elif ours:
        live = _line(w, 0, loss, cash, they_pass)
    else:
        live = _line(w, take, we_pass, ONE, win)
    return (_EFFICIENCY * live + (ONE - _EFFICIENCY) * dead) // ONE


def match_double(p, cube, away_us, away_them, post, bias=0, centred=True):
    """(no double, double/take, double/pass) as match winning chances; the
    cube stays live (redoubles) in both no double and double/take."""
    nd = match_live(p, cube, 0 if centred else 1, away_us, away_them, post) + bias
    dt = match_live(p, 2 * cube, 2, away_us, away_them, post)
    dp = mwc(away_us - cube, away_them, post)
    return nd, dt, dp


def should_double(p, cube, centred, length, away_us, away_them, crawford, bias=0):
    """True when the side on roll with probabilities p should double."""
    if cube >= 64:
        return False
    if length:
        if crawford or cube >= away_us:
            return False
        post = away_us == 1 or away_them == 1
        nd, dt, dp = match_double(p, cube, away_us, away_them, post, bias, centred)
    else:
        nd, dt, dp = money_double(p, centred, bias)
    return dt > nd and dp > nd


def should_take(p, cube, length, away_taker, away_doubler, bias=0):
    """True when the side doubled to 2*cube should take; p is the doubler's."""
    if length:
        post = away_taker == 1 or away_doubler == 1
        _, dt, dp = match_double(p, cube, away_doubler, away_taker, post)
    else:
        _, dt, dp = money_double(p, True)
    return dt + bias <= dp
