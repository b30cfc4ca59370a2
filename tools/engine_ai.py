"""The computer opponent's engine commands (merged into tools/engine.py;
HELP is their part of its --help). Each raises ValueError with what was
wrong, which the engine answers as an error line."""
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

HELP = """\
  best POSID D1 D2 [LEVEL]
      the play the computer chooses: its result as a Position ID (seen by
      the player who moved, as moves answers), then the move in GNU
      Backgammon's notation (nothing after the ID when no checker can
      move). LEVEL is 1 to 5 or KID, EASY, CLUB, PRO, MAX (any case);
      MAX, the strongest, when left out.
      example: best 4HPwATDgc/ABMA 3 1 club

  eval POSID
      the computer's estimate for the player on roll: "win W wingammon WG
      winbg WB losegammon LG losebg LB equity E", probabilities from 0 to 1
      (gammons include backgammons) and the money equity without the cube,
      to four decimals."""
