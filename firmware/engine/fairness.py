"""How far dice counts (firmware/engine/dicestats.py) are from fair: the
chi-square of the six faces and a word for it, as the DICE screen shows
them (docs/dice.md). Imported only when the screen is looked at.
"""
from micropython import const

from firmware.engine.dicestats import FACES, ROLLS

# The chi-square of six faces has 5 degrees of freedom; fair dice stay under
# 11.07 in 95% of samples and under 20.52 in 99.9% (published tables).
FAIR_X100 = const(1107)
ODD_X100 = const(2052)
MIN_ROLLS = const(15)       # 30 faces: at least 5 expected of each


def chi_square_x100(counts):
    """100 x the chi-square of the six face counts against fair dice, or -1
    with too few rolls for the figure to mean anything."""
    if counts[ROLLS] < MIN_ROLLS:
        return -1
    n = 2 * counts[ROLLS]
    # (c - n/6)**2 / (n/6), summed, is sum((6c - n)**2) / (6n): integers only
    total = 0
    for face in range(FACES):
        d = 6 * counts[face] - n
        total += d * d
    return (100 * total + 3 * n) // (6 * n)


def verdict(x100):
    """A word for a chi-square: how it compares with fair dice."""
    if x100 < 0:
        return "TOO FEW"
    if x100 < FAIR_X100:
        return "FAIR"
    if x100 < ODD_X100:
        return "UNUSUAL"
    return "NOT FAIR"


def percent(part, whole):
    return (100 * part + whole // 2) // whole if whole else 0
