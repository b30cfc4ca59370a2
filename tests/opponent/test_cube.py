"""The computer's cube decisions (firmware/opponent/cube.py)."""
import tools  # noqa: F401
from firmware.engine import movegen, position
from firmware.engine.position import START, flip
from firmware.opponent import ai, cube, cubeful, evaluator
from tests.opponent.boards import race as _race

ROLLS = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)] + [(a, a) for a in range(1, 7)]


def _one_ply(board, cube_value, owned, length, away_us, away_them):
    """The look-ahead written out plainly: every play of every roll scored
    by the network, the best for the side on roll kept, the cubeful values
    of the position after it averaged."""
    nd = dt = 0
    theirs = cubeful.weights(cube_value, length, away_them, away_us)
    for d1, d2 in ROLLS:
        plays = movegen.plays(board, d1, d2)
        best = None
        for i in range(len(plays)):
            p = evaluator.evaluate(flip(plays.result(i))) if position.winner_kind(plays.result(i)) == 0 \
                else _lost(plays.result(i))
            if best is None or ai.weighted(p, theirs) < ai.weighted(best, theirs):
                best = p
                x = cubeful.efficiency(flip(plays.result(i)), 0, length, cube._LOOKAHEAD_X)
        a, b = cubeful.after_roll(best, cube_value, owned, length, away_us, away_them, x)
        w = 1 if d1 == d2 else 2
        nd += w * a
        dt += w * b
    return nd // 36, dt // 36


def _lost(result):
    """The other side's probabilities once the side on roll has borne off its last checker."""
    s = evaluator.Scorer()
    s.set_base(flip(result))
    return list(s.score_after(result))


def _thought(t):
    steps = 0
    while not t.step():
        steps += 1
    return t, steps


def test_below_max_the_values_are_the_positions_own():
    b = _race({6: 5, 5: 4, 4: 3, 3: 3}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1})
    for length, a, c in ((0, 0, 0), (7, 3, 4)):
        t, steps = _thought(cube.CubeThinker(b, ai.PRO, 1, False, length, a, c))
        assert steps == 0
        assert t.result == cubeful.values(evaluator.evaluate(b), 1, False, length, a, c,
                                               cubeful.efficiency(b, 0, length))


def test_max_looks_one_roll_ahead_as_written_out():
    # Few plays a roll (at most cube.PLAYS), so the prefilter keeps them
    # all and the written-out look-ahead must give the very same values: a
    # race, and two checkers a side still to pass each other (contact, where
    # a roll's end reads the look-ahead's X).
    for b in (_race({6: 2, 5: 2, 2: 1, 1: 1}, {6: 3, 4: 2, 3: 1}), _race({24: 1, 6: 1}, {24: 1, 5: 1})):
        for cube_value, owned, length, a, c in ((1, False, 0, 0, 0), (2, True, 0, 0, 0), (1, False, 5, 2, 3),
                                                (2, True, 7, 5, 4)):
            t, steps = _thought(cube.CubeThinker(b, ai.LEVELS, cube_value, owned, length, a, c, window=None))
            nd, dt = _one_ply(b, cube_value, owned, length, a, c)
            assert t.result[:2] == (nd, dt)
            assert t.result[2] == cube.pass_value(cube_value, length, a, c)
            assert steps >= 2


def test_max_steps_stay_within_the_slice():
    # a contact position with many plays a roll: the search's units are
    # whole and each step stops before STEP_WORK, a roll's end (its
    # cubeful values, dearer in a match) counted with its last score
    for length, a, c in ((0, 0, 0), (7, 3, 5)):
        t = cube.CubeThinker(START, ai.LEVELS, 1, False, length, a, c, window=None)
        leaves = 0
        while True:
            units = t.units
            done = t.step()
            assert t.spent <= ai.STEP_WORK or t.units - units == 1
            leaves += t.spent >= ai.COST_NET + (cube._LEAF_MATCH if length else cube._LEAF_MONEY)
            if done:
                break
        assert leaves


def test_decisions_at_the_start_and_in_a_crushing_race():
    assert not cube.cube_offer(START, ai.LEVELS, 1, True, 0, 0, 0, False)
    assert cube.cube_take(START, ai.LEVELS, 1, 0, 0, 0)
    # a race won 99 times in 100, no gammon to play for (one of theirs
    # is off): double, and pass
    b = bytearray(_race({1: 2, 2: 2, 3: 2, 4: 2, 5: 1}, {1: 3, 2: 3, 3: 3, 4: 3, 5: 2}))
    assert cube.cube_offer(bytes(b), ai.LEVELS, 1, True, 0, 0, 0, False)
    assert not cube.cube_take(flip(bytes(b)), ai.LEVELS, 1, 0, 0, 0)
    # no double from a cube the other side owns, in the Crawford game, or
    # with a cube that already wins the match
    assert not cube.cube_offer(bytes(b), ai.LEVELS, 2, False, 0, 0, 0, False)
    assert not cube.cube_offer(bytes(b), ai.LEVELS, 1, True, 7, 3, 1, True)
    assert not cube.cube_offer(bytes(b), ai.LEVELS, 4, True, 7, 3, 5, False)
    # against fifteen far from home the gammon is worth more than the
    # cash: too good to double
    b = bytearray(50)
    b[0] = b[1] = b[2] = 1
    b[25 + 8] = 15
    assert not cube.cube_offer(bytes(b), ai.LEVELS, 1, True, 0, 0, 0, False)


def test_weaker_levels_shift_the_decision_by_a_fixed_bias():
    b = _race({6: 5, 5: 4, 4: 3, 3: 3}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1})
    assert cube.bias(b, ai.PRO) == 0 and cube.bias(b, ai.LEVELS) == 0
    assert cube.bias(b, 1) == cube.bias(b, 1) != 0


def test_a_weaker_levels_bias_weighs_the_same_in_a_match():
    # The bias is in points of a single game; in a match it becomes
    # winning chances, half a single game's swing at the score.
    b = _race({6: 5, 5: 4, 4: 3, 3: 3}, {6: 5, 5: 4, 4: 3, 3: 2, 2: 1})
    t, _ = _thought(cube.CubeThinker(b, 1, 1, False, 7, 3, 4))
    swing = cubeful.mwc(2, 4, False) - cubeful.mwc(3, 3, False)
    assert t._in_units(1000) == 1000 * swing // 20000
    t, _ = _thought(cube.CubeThinker(b, 1, 1, False, 0, 0, 0))
    assert t._in_units(1000) == 1000


def test_max_looks_ahead_only_near_a_decision():
    # At the start no double is clear by 0-ply: one step, the 0-ply values.
    for take in (False, True):
        t, steps = _thought(cube.CubeThinker(START, ai.LEVELS, 1, False, 0, 0, 0, take))
        assert steps == 0 and t.result == t.zero
    # A race won about three times in four: a close double and take, looked into.
    b = _race({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 2})
    for take in (False, True):
        t, steps = _thought(cube.CubeThinker(b, ai.LEVELS, 1, False, 0, 0, 0, take))
        v = t.zero
        gap = v[1] - v[2] if take else min(v[1], v[2]) - v[0]
        assert abs(gap) <= cube.WINDOW and steps > 2
        assert t.result == cube.values(b, ai.LEVELS, 1, False, 0, 0, 0)
