"""The Thinker picks the same play at every level through the evaluator's
viper kernels and through their plain twins (a module of its own: a fresh
200 KB heap under the MicroPython unix port, where the look-ahead needs it).
Under CPython there are no emitters and nothing to compare."""
import gc

# the opponent first: compiled from source, its weights need 25 KB in one
# piece of a 200 KB heap that later imports fragment
from firmware.opponent import ai, evaluator, kernels
from firmware.engine import movegen, posid
from firmware.engine.position import START, flip, winner_kind

VIPER = kernels.VIPER is not None


def _positions(count, seed):
    """(board, d1, d2) from a seeded random game (as test_kernels.py)."""
    state = seed
    board = START
    for _ in range(count):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        d1 = 1 + (state >> 8) % 6
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        d2 = 1 + (state >> 8) % 6
        yield board, d1, d2
        plays = movegen.plays(board, d1, d2)
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        result = plays.result((state >> 4) % len(plays))
        plays = None
        board = START if winner_kind(result) else flip(result)


def test_the_thinker_picks_the_same_play_at_every_level():
    if not VIPER:
        return
    # doubles with a hundred plays and more, where the prefilter runs
    many = ((posid.from_position_id("4HPwATBArTRDFQ"), 6, 6),
            (posid.from_position_id("4HPwwQDb7g4AAA"), 1, 1))
    try:
        for cases in (many, _positions(40, 13)):
            for board, d1, d2 in cases:
                for level in range(1, ai.LEVELS + 1):
                    gc.collect()        # the prefilter sorts one list of every play's score
                    evaluator.use_viper(False)
                    a = ai.choose(board, d1, d2, level)
                    evaluator.use_viper(True)
                    b = ai.choose(board, d1, d2, level)
                    assert a == b, (level, board, d1, d2, a, b)
    finally:
        evaluator.use_viper(True)
