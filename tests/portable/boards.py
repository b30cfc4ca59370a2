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
