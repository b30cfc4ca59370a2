# Runs on the board after board_common.py, with LEVEL, CUBE and SCORE set
# above it by the host: the computer's move for each line of positions.txt
# ("BOARD D1 D2", the board as 100 hex digits), or with CUBE, (length,
# away_us, away_them), its cube decision on the board (the cube centred,
# looked ahead whatever 0-ply says); with SCORE, the same, the move at that
# score with the cube centred and live (cubeful.stake),
# stepped as the app steps it (one step() a loop pass), each step timed on
# the chip's clock.
#
# Prints, per move: MOVE index plays total_us steps longest_us over_20ms
# allocated (the heap is collected before the move and not during it, as
# the loop does; the bytes the move allocated, garbage included); then, over all
# moves, one CAL line per kind of step (the phase the step began in): the
# slicing model's estimate of those steps summed (Thinker.spent), the time
# they took summed, their number, the longest of them and the model's figure
# for that one; the heap after a collection before and after; and one
# GEN line per move: the roll's plays generated at once (movegen.plays),
# their number and the time.
from firmware.opponent import ai, cube  # first, as startup.load_opponent()
from firmware.engine import movegen

heap_line("start")
_KINDS = 9          # the Thinker's phases 0..3, then its search's four sub-phases
model = [0] * _KINDS
taken = [0] * _KINDS
count = [0] * _KINDS
longest = [0] * _KINDS
longest_model = [0] * _KINDS


def kind_of(t):
    return 4 + t.sub if t.phase == 4 else t.phase


def think(board, d1, d2):
    t0 = time.ticks_us()
    if CUBE:  # noqa: F821  (set by the host above this file)
        t = cube.CubeThinker(board, LEVEL, 1, False, CUBE[0], CUBE[1], CUBE[2], window=None)  # noqa: F821
    elif SCORE:  # noqa: F821
        t = ai.Thinker(board, d1, d2, LEVEL, weights=cube.weights(1, SCORE[0], SCORE[1], SCORE[2]),  # noqa: F821
                       stake=cube.stake(1, -1, SCORE[0], SCORE[1], SCORE[2]))  # noqa: F821
    else:
        t = ai.Thinker(board, d1, d2, LEVEL)  # noqa: F821
    total = time.ticks_diff(time.ticks_us(), t0)
    steps = 1
    worst = total
    over = 0
    while True:
        k = kind_of(t) if t.phase < 5 else 0
        s0 = time.ticks_us()
        done = t.step()
        us = time.ticks_diff(time.ticks_us(), s0)
        total += us
        steps += 1
        if us > worst:
            worst = us
        if us > 20000:
            over += 1
        model[k] += t.spent
        taken[k] += us
        count[k] += 1
        if us > longest[k]:
            longest[k] = us
            longest_model[k] = t.spent
        if done:
            return 0 if CUBE else len(t.plays), total, steps, worst, over  # noqa: F821


index = 0
for line in open("positions.txt"):
    parts = line.split()
    if len(parts) != 3:
        continue
    board = bytes.fromhex(parts[0])
    d1 = int(parts[1])
    d2 = int(parts[2])
    gc.collect()
    before = gc.mem_alloc()
    gc.disable()
    got = think(board, d1, d2)
    allocated = gc.mem_alloc() - before
    gc.enable()
    print("MOVE %d %d %d %d %d %d %d" % ((index,) + got + (allocated,)))
    gc.collect()
    t0 = time.ticks_us()
    n = len(movegen.plays(board, d1, d2))
    print("GEN %d %d %d" % (index, n, time.ticks_diff(time.ticks_us(), t0)))
    index += 1
for k in range(_KINDS):
    if count[k]:
        print("CAL %d %d %d %d %d %d" % (k, model[k], taken[k], count[k], longest[k], longest_model[k]))
heap_line("end")
print("DONE")
