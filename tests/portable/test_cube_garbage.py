"""The cube's thinking makes little garbage (the chip's heap plan,
docs/chip.md): counted under the MicroPython unix port, whose gc counts
what is allocated; CPython's figures would mean nothing, so there the
decisions are only made."""
import gc

from firmware.opponent import cube, cubeful
from firmware.engine.position import START

COUNTS = hasattr(gc, "mem_alloc")


def _allocated(work):
    work()                  # the first time loads and interns what it needs
    gc.collect()
    if COUNTS:
        gc.disable()
        before = gc.mem_alloc()
    work()
    if COUNTS:
        got = gc.mem_alloc() - before
        gc.enable()
        return got
    return 0


def test_the_match_live_cube_leaves_no_garbage_but_its_answers():
    # a decision in the loop solves the live cube at every roll's end: it
    # works in ints, on the one _Match, and makes nothing but its answer
    p = [5500, 1500, 100, 1200, 60]

    def work():
        for a, b in ((3, 5), (2, 2), (7, 4), (5, 3)):
            cubeful.after_roll(p, 1, False, 7, a, b)
            cubeful.after_roll(p, 2, True, 7, a, b)

    assert _allocated(work) <= 8 * 64       # eight (no double, double/take) pairs


def test_a_look_ahead_cube_decision_in_a_match_allocates_little():
    board = bytearray(START)
    board[5] -= 2                           # a position with a decision to weigh
    board[3] += 2

    def work():
        t = cube.CubeThinker(bytes(board), 5, 1, False, 7, 3, 5, window=None)
        while not t.step():
            pass
        assert len(t.result) == 3

    # 14.4 KB on the unix port (8-byte words), 53.6 KB when the live cube
    # built its knots at every roll's end; a MAX checker move allocates
    # about as much, well under the heap free in play
    assert _allocated(work) <= 24000


def test_a_move_weighing_a_live_cube_makes_no_more_garbage_than_one_without():
    # With a stake, each roll of MAX's look-ahead ends in the cube's value
    # (cubeful.Stake): worked out in ints, money's and a match's alike, so a
    # move allocates what it did without one (its buffers, the replies)
    from firmware.opponent import ai

    def move(stake):
        def work():
            t = ai.Thinker(START, 6, 4, ai.LEVELS, weights=cube.weights(1, 7, 5, 3), stake=stake)
            while not t.step():
                pass
            assert t.candidates > 1         # it looked ahead
        return work

    plain = _allocated(move(None))
    for stake in (cube.stake(1, -1, 0, 0, 0), cube.stake(2, 1, 0, 0, 0), cube.stake(1, -1, 7, 5, 3),
                  cube.stake(2, 0, 7, 5, 4)):
        assert _allocated(move(stake)) <= plain + 1024
