"""GNU Backgammon's 0-ply as a player in a match, answering on a pipe.

Runs inside gnubg's own Python (it imports the `gnubg` module that only
exists there), started by tools/bench/matches.py:

    /usr/games/gnubg -t -q -r -p tools/bench/gnubg_server.py

Each line on stdin is one JSON request; each answer is one line on stdout
that starts with "@" (gnubg writes its banner and notes there too). A
request carries the board (Blot's 50 counts, the side on roll first:
firmware/engine/position.py) and the cube as gnubg's cubeinfo takes it:
[cube, owner (-1 centred, else the player), player on roll, match length,
score of player 0, score of player 1, 1 in the Crawford game]. Blot's
players 0 and 1 are gnubg's.

    {"op": "move", "board": [...], "dice": [d1, d2], "cube": [...]}
        -> "@" + the board after gnubg's play (its checkers still first);
           with "cubeless": true, the play its cubeless evaluation picks
           (at a match score, the dead cube's match winning chance)
    {"op": "value", "board": [...], "cube": [...], "ply": n}
        -> "@" + the side on roll's cubeful equity before its roll, its
           cube action taken as gnubg's n-ply finds best (normalised:
           money per cube, a match's winning chance written as money)
    {"op": "double", "board": [...], "cube": [...]}   (side on roll, before rolling)
        -> "@1" to double, "@0" not
    {"op": "take", "board": [...], "cube": [...]}     (the doubler's view and cube)
        -> "@1" to take, "@0" to pass

The decisions are the ones gnubg's own computer player makes
(ComputerTurn in gnubg's play.c) with 0-ply cubeful settings: the play is
findbestmove at the score; a double is considered only inside the dead-cube
market window of the cubeless evaluation, then made when the cubeful
evaluation recommends it (an optional double too, unless the game is all
but lost); a take is every recommendation but a pass. gnubg never resigns
here.
"""
import json
import sys

import gnubg

# gnubg's cubedecision enum (eval.h), in its order
(DOUBLE_TAKE, DOUBLE_PASS, NODOUBLE_TAKE, TOOGOOD_TAKE, TOOGOOD_PASS, DOUBLE_BEAVER,
 NODOUBLE_BEAVER, REDOUBLE_TAKE, REDOUBLE_PASS, NO_REDOUBLE_TAKE, TOOGOODRE_TAKE,
 TOOGOODRE_PASS, NO_REDOUBLE_BEAVER, NODOUBLE_DEADCUBE, NO_REDOUBLE_DEADCUBE, NOT_AVAILABLE,
 OPTIONAL_DOUBLE_TAKE, OPTIONAL_REDOUBLE_TAKE, OPTIONAL_DOUBLE_BEAVER, OPTIONAL_DOUBLE_PASS,
 OPTIONAL_REDOUBLE_PASS) = range(21)
DOUBLES = (DOUBLE_TAKE, REDOUBLE_TAKE, DOUBLE_PASS, REDOUBLE_PASS, DOUBLE_BEAVER)
OPTIONAL = (OPTIONAL_DOUBLE_BEAVER, OPTIONAL_DOUBLE_TAKE, OPTIONAL_REDOUBLE_TAKE,
            OPTIONAL_DOUBLE_PASS, OPTIONAL_REDOUBLE_PASS)
PASSES = (DOUBLE_PASS, TOOGOOD_PASS, REDOUBLE_PASS, TOOGOODRE_PASS, OPTIONAL_DOUBLE_PASS,
          OPTIONAL_REDOUBLE_PASS)

# cubeful, plies, deterministic, prune, noise
CUBEFUL = gnubg.evalcontext(1, 0, 1, 0, 0.0)
CUBELESS = gnubg.evalcontext(0, 0, 1, 0, 0.0)


def board_of(counts):
    """gnubg's board: the side not on roll first."""
    return (tuple(counts[25:50]), tuple(counts[0:25]))


def cube_of(c, cube=None, owner=None):
    value, own, move, length, s0, s1, crawford = c
    return gnubg.cubeinfo(value if cube is None else cube, own if owner is None else owner,
                          move, length, (s0, s1), crawford, 0)


def play(counts, dice, c, context=CUBEFUL):
    """The board after gnubg's best play, applied step by step (points in
    the answer are 1..24, 25 the bar, 0 off; a hit sends the blot to its
    bar)."""
    us = list(counts[0:25])
    them = list(counts[25:50])
    steps = gnubg.findbestmove(board_of(counts), cube_of(c), context, tuple(dice))
    for i in range(0, len(steps), 2):
        src, dst = steps[i], steps[i + 1]
        us[src - 1] -= 1
        if dst > 0:
            us[dst - 1] += 1
            if them[24 - dst] == 1:
                them[24 - dst] = 0
                them[24] += 1
    return us + them


def double(counts, c):
    board = board_of(counts)
    ci = cube_of(c)
    p = gnubg.evaluate(board, ci, CUBELESS)
    # the dead-cube market window (GetDoublePointDeadCube): the win chance
    # at or above the double point is the cubeless match winning chance
    # with a dead 2x cube, theirs, at least that with the cube as it is
    twice = cube_of(c, cube=2 * c[0], owner=1 - c[2])
    if gnubg.eq2mwc(gnubg.evaluate(board, twice, CUBELESS)[5], twice) < gnubg.eq2mwc(p[5], ci):
        return False
    rec = gnubg.cfevaluate(board, ci, CUBEFUL)[4]
    return rec in DOUBLES or (rec in OPTIONAL and p[0] > 0.001)


def value(counts, c, ply):
    return gnubg.cfevaluate(board_of(counts), cube_of(c), gnubg.evalcontext(1, ply, 1, 0, 0.0))[0]


def take(counts, c):
    return gnubg.cfevaluate(board_of(counts), cube_of(c), CUBEFUL)[4] not in PASSES


def main():
    gnubg.command("set threads 2")      # one thread waits 10 ms on each call
    # Blot's money games have no Jacoby rule (docs/rules-match.md); gnubg's
    # own setting would count no gammon with the cube centred
    gnubg.command("set jacoby off")
    sys.stdout.write("@ready\n")
    sys.stdout.flush()
    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        if op == "move":
            context = CUBELESS if req.get("cubeless") else CUBEFUL
            out = json.dumps(play(req["board"], req["dice"], req["cube"], context))
        elif op == "value":
            out = json.dumps(value(req["board"], req["cube"], req["ply"]))
        elif op == "double":
            out = "1" if double(req["board"], req["cube"]) else "0"
        elif op == "take":
            out = "1" if take(req["board"], req["cube"]) else "0"
        elif op == "quit":
            break
        else:
            out = json.dumps({"error": "unknown op %r" % op})
        sys.stdout.write("@" + out + "\n")
        sys.stdout.flush()


main()
