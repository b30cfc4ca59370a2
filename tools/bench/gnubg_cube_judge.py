# Runs inside GNU Backgammon's own Python (`gnubg -t -q -r -p THIS`), where
# `import gnubg` is the program itself: tools.bench.cube writes the cube
# decisions to judge as JSON lines to the file named by BLOT_CUBE_TASKS, and
# reads the answers, one JSON line each, from BLOT_CUBE_ANSWERS.
#
# A task: [position id (the side on roll first), cube, owner (-1 centred,
# 0 the side on roll, 1 the other side), match length (0 money), the side on
# roll's score, the other side's, [plies, ...]]. An answer: for each ply
# [no double, double/take, double/pass], cubeful, as gnubg's cfevaluate gives
# them for the side on roll (normalised equity: money equity per cube, a
# match's winning chances written as money equity).
import json
import os

import gnubg

# Blot's money games have no Jacoby rule (docs/rules-match.md); gnubg's
# own setting, on unless set, would count no gammon with the cube centred.
gnubg.command("set jacoby off")


def judge(task):
    pid, cube, owner, length, score_us, score_them, plies = task
    board = gnubg.positionfromid(pid)
    # The side on roll is gnubg's player 0: its score first, owner 0 its cube.
    info = gnubg.cubeinfo(cube, owner, 0, length, (score_us, score_them), 0, 0)
    out = []
    for ply in plies:
        context = gnubg.evalcontext(1, ply, 0, 0, 0.0)
        _, nd, dt, dp, _, _ = gnubg.cfevaluate(board, info, context)
        out.append([nd, dt, dp])
    return out


with open(os.environ["BLOT_CUBE_TASKS"]) as tasks, open(os.environ["BLOT_CUBE_ANSWERS"], "w") as answers:
    for line in tasks:
        answers.write(json.dumps(judge(json.loads(line))) + "\n")
