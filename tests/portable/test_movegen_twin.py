"""The move walk in viper and its plain-Python twin give the same plays, in
the same order, roll by roll; and a generation spread over many small
steps gives the same plays as one done at once.

Under the MicroPython unix port (tests/deploy/test_under_micropython.py) movegen
uses the viper walk and this compares it with the twin; under CPython both
sides are the twin, and the test checks only that the walker was chosen.
"""
import gc
import sys

from firmware.engine import movegen, movewalk, movewalk_plain, position, posid
from firmware.engine.dice import Dice, SeededSource

# The hard cases of tools/bench/movegen.py: doubles with checkers spread,
# entering from the bar, bearing off (Position IDs), and the constructed extreme.
HARD = (
    "4HPwATCgqmTBKg", "4HPwATColKRMKg", "4HPwATCoqFQZKQ", "4HPwATBIWakxIQ",
    "4HPwATBArTRDFQ", "23jABwDgc/ABYA", "4HPwwQDb7g4AAA", "4HPwwQCbuzkAAA",
    "CBA7aD1QhVRVKg",
)
ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1))
MICROPYTHON = sys.implementation.name == "micropython"
# under CPython both sides are the twin: a token sample keeps the suite fast
PLAYED = 150 if MICROPYTHON else 5


def same(a, b):
    """Whether two Plays hold the same records in the same order."""
    if a.n != b.n or a.dice_used != b.dice_used or a.double != b.double:
        return False
    for i in range(len(a.chunks)):
        used = min(a.n - movewalk.CHUNK * i, movewalk.CHUNK) * movewalk.RECORD
        x = a.chunks[i]
        y = b.chunks[i]
        for j in range(used):   # byte by byte: a slice would copy the chunk
            if x[j] != y[j]:
                return False
    return True


def agree(board, d1, d2):
    fast = movegen.Generation(board, d1, d2).finish()
    twin = movegen.Generation(board, d1, d2, movewalk_plain).finish()
    ok = same(fast, twin)
    fast = twin = None
    gc.collect()
    return ok


def positions(count, seed):
    """Positions met in seeded random games, both sides' turns."""
    dice = Dice(SeededSource(seed))
    found = []
    board = position.START
    while len(found) < count:
        d1, d2 = dice.roll()
        plays = movegen.plays(board, d1, d2)
        result = plays.result((dice.source.byte() << 8 | dice.source.byte()) % len(plays))
        if position.winner_kind(result):
            board = position.START
            continue
        board = position.flip(result)
        found.append(board)
    return found


def test_the_viper_walk_is_chosen_under_micropython():
    if MICROPYTHON:
        assert movegen.walker.__name__.endswith("movewalk")
    else:
        assert movegen.walker is movewalk_plain


def test_viper_and_twin_agree_on_every_roll_of_played_positions():
    checked = 0
    for board in positions(PLAYED, 11):
        for d1, d2 in ROLLS:
            assert agree(board, d1, d2), (posid.position_id(board), d1, d2)
            checked += 1
    assert checked == PLAYED * 21


def test_viper_and_twin_agree_on_the_hard_cases():
    for pid in HARD if MICROPYTHON else HARD[5:8]:
        board = posid.from_position_id(pid)
        for d1, d2 in ROLLS:
            assert agree(board, d1, d2), (pid, d1, d2)


def test_a_generation_in_small_steps_gives_the_same_plays():
    for pid in HARD[:3] + HARD[5:8]:
        board = posid.from_position_id(pid)
        for d1, d2, budget in ((1, 1, 37), (2, 2, 5), (6, 3, 1), (4, 4, 250), (2, 1, 3)):
            whole = movegen.Generation(board, d1, d2).finish()
            parts = movegen.Generation(board, d1, d2)
            steps = 1
            while not parts.step(budget):
                steps += 1
            assert same(whole, parts.plays), (pid, d1, d2, budget)
            assert parts.work <= steps * budget
            assert steps >= parts.work // budget
            whole = parts = None
            gc.collect()


def test_a_generation_used_again_gives_each_roll_as_a_new_one_would():
    # the look-ahead's replies: one Generation with reuse, again() for
    # every roll, big rolls between small ones (the chunks and the
    # duplicate table grown by one are what the next walks in)
    for walk in (None, movewalk_plain):
        boards = [posid.from_position_id(p) for p in HARD[5:8]] + positions(2 if MICROPYTHON else 1, 14)
        gen = None
        for board in boards:
            for d1, d2 in ((2, 2), (3, 1), (1, 1), (6, 5), (4, 4)):
                if gen is None:
                    gen = movegen.Generation(board, d1, d2, walk, reuse=True)
                else:
                    gen.again(board, d1, d2)
                while not gen.step(200):
                    pass
                fresh = movegen.Generation(board, d1, d2, walk).finish()
                assert same(fresh, gen.plays), (posid.position_id(board), d1, d2)
                fresh = None
        gen = None
        gc.collect()


def test_next_steps_agrees_with_the_twin_walk():
    # next_steps asks the walk how many dice can still be played; the
    # twin's answer must be the same for every step offered
    real, real_probe = movegen.walker, movegen._probe
    for board in positions(40 if MICROPYTHON else 3, 12):
        for d1, d2 in ((3, 1), (2, 2), (6, 5), (1, 1)):
            movegen._turn[1] = 0
            fast = movegen.next_steps(board, d1, d2)
            movegen.walker = movewalk_plain
            movegen._probe = movewalk_plain.context(False, bytearray(50))
            movegen._turn[1] = 0
            try:
                twin = movegen.next_steps(board, d1, d2)
            finally:
                movegen.walker, movegen._probe = real, real_probe
            assert fast == twin, (posid.position_id(board), d1, d2)


def _made(board, move):
    """The position after move's steps, made one at a time by hand: each
    step moves a checker, a lone checker of theirs where it lands goes to
    their bar (index 49; their point facing our t is 49 - t)."""
    b = bytearray(board)
    for p, t in move:
        b[p - 1] -= 1
        if t:
            if b[49 - t] == 1:
                b[49 - t] = 0
                b[49] += 1
            b[t - 1] += 1
    return bytes(b)


def test_both_walks_write_each_play_result_as_its_steps_make_it():
    # result() and result_into() of both walkers, against the move made by
    # hand: hits (a double's second landing on a point it hit), bear-offs
    out = bytearray(50)
    boards = positions(20 if MICROPYTHON else 3, 13) + [posid.from_position_id(p) for p in HARD[5:8]]
    for board in boards:
        for d1, d2 in ((3, 1), (2, 2), (6, 5), (1, 1), (6, 6)):
            for walk in (None, movewalk_plain):
                plays = movegen.Generation(board, d1, d2, walk).finish()
                for i in range(len(plays)):
                    made = _made(board, plays.move(i))
                    assert plays.result(i) == made, (posid.position_id(board), d1, d2, i)
                    assert bytes(plays.result_into(i, out)) == made
                plays = None
                gc.collect()
