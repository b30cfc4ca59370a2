"""The computer opponent's engine commands (merged into tools/engine.py).

    best POSID D1 D2 [LEVEL]
    -> "<resulting Position ID> <move>": the play the level chooses (LEVEL
       1..5 or the handheld's names KID EASY CLUB PRO MAX, any case;
       default MAX, the strongest), its result seen by the player who moved (not swapped,
       as `moves` answers), and the move in gnubg notation ("" when nothing
       can move).
    eval POSID
    -> "win W wingammon WG winbg WB losegammon LG losebg LB equity E": the
       evaluator's probabilities for the side on roll (gammons include
       backgammons) and its cubeless money equity, to four decimals.

Malformed input raises ValueError with what was wrong.
"""
import tools  # noqa: F401  (puts the MicroPython stand-ins on sys.path)
from firmware.opponent import ai, evaluator
from firmware.engine import notation, posid
from tools.engine_args import parse_die, parse_level, parse_position


def best(args):
    if len(args) not in (3, 4):
        raise ValueError("usage: best POSID D1 D2 [LEVEL]")
    board = parse_position(args[0])
    d1, d2 = parse_die(args[1]), parse_die(args[2])
    level = parse_level(args[3], ai.LEVEL_NAMES) if len(args) == 4 else ai.LEVELS
    result, move = ai.choose(board, d1, d2, level)
    return ("%s %s" % (posid.position_id(result), notation.move_text(board, move))).rstrip()


def _fraction(n):
    sign = "-" if n < 0 else ""
    n = abs(n)
    return "%s%d.%04d" % (sign, n // evaluator.ONE, n % evaluator.ONE)


def evaluate(args):
    if len(args) != 1:
        raise ValueError("usage: eval POSID")
    p = evaluator.evaluate(parse_position(args[0]))
    names = ("win", "wingammon", "winbg", "losegammon", "losebg")
    words = []
    for name, value in zip(names, p):
        words.append("%s %s" % (name, _fraction(value)))
    words.append("equity %s" % _fraction(evaluator.equity(p)))
    return " ".join(words)


COMMANDS = {"best": best, "eval": evaluate}
