"""Property tests of the move generator over positions hypothesis builds, with
the straightforward generator in tools/ and gnubg as second opinions."""
import gnubg_nn
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import movegen, position
from tools.bench import baseline as movegen_baseline
from tools.bench.crosscheck_gnubg import gnubg_results


@st.composite
def positions(draw):
    """Any legal position: each side's 15 checkers spread over its bar, its
    24 points and off, never both sides on one point."""
    us = [0] * 25
    them = [0] * 25
    for _ in range(15):
        slot = draw(st.integers(0, 25))            # 25 = borne off
        if slot < 25:
            us[slot] += 1
    for _ in range(15):
        slot = draw(st.integers(0, 25))
        if slot == 24 or slot == 25:
            if slot == 24:
                them[24] += 1
            continue
        if us[23 - slot]:                          # their point slot+1 is our 24-slot
            continue                               # occupied: this one is borne off
        them[slot] += 1
    if sum(us[:25]) == 0 and sum(them) == 0:
        us[0] = 1
    return position.make(us, them)


@st.composite
def played_positions(draw):
    """A position reached by random play from the start."""
    b = position.START
    for _ in range(draw(st.integers(0, 60))):
        found = movegen.plays(b, draw(st.integers(1, 6)), draw(st.integers(1, 6)))
        r = found.result(draw(st.integers(0, len(found) - 1)))
        if position.winner_kind(r):
            break
        b = position.flip(r)
    return b


dice = st.integers(1, 6)


def check_play(board, d1, d2, result, move, used):
    position.validate(result)
    assert len(move) == used
    roll = [d1] * 4 if d1 == d2 else [d1, d2]
    b = board
    pips = 0
    for f, t in move:
        # the die each step used: exact, or a higher one bearing off
        die = f - t
        if die not in roll:
            assert t == 0 and any(r > f for r in roll), (f, t, roll)
            die = min(r for r in roll if r > f)
        roll.remove(die)
        pips += f - t
        b = movegen.apply_step(b, f, t)
    assert b == result
    # pips moved equal the dice used (a bear-off with a higher die moves only
    # the distance to off)
    assert position.pips(board)[0] - position.pips(result)[0] == pips
    # conservation: ours on the board drop by the checkers borne off; theirs
    # stay 15 - borne off (a hit only moves one to their bar)
    off = sum(1 for f, t in move if t == 0)
    assert position.borne_off(result, 0) == position.borne_off(board, 0) + off
    assert position.borne_off(result, 1) == position.borne_off(board, 1)


def check(board, d1, d2):
    found = movegen.plays(board, d1, d2)
    results = [r for r, m in found]
    assert len(results) == len(set(results))
    for r, m in found:
        check_play(board, d1, d2, r, m, found.dice_used)
    assert set(results) == set(bytes(b) for b in movegen_baseline.plays(board, d1, d2))
    assert set(results) == gnubg_results(board, d1, d2)


@settings(max_examples=300, deadline=None)
@given(played_positions(), dice, dice)
def test_plays_from_played_positions(board, d1, d2):
    check(board, d1, d2)


@settings(max_examples=300, deadline=None)
@given(positions(), dice, dice)
def test_plays_from_arbitrary_positions(board, d1, d2):
    check(board, d1, d2)


@settings(max_examples=100, deadline=None)
@given(played_positions(), dice, dice)
def test_one_die_plays_use_the_larger_die_when_it_can_move(board, d1, d2):
    # when only one die can be played, it is the larger one if that one can
    # move at all; else the smaller. (A step's distance alone does not say
    # which die it used: a checker borne off from the 2 point may use a 2,
    # or a 5 when nothing stands higher.)
    found = movegen.plays(board, d1, d2)
    if d1 != d2 and found.dice_used == 1:
        hi, lo = max(d1, d2), min(d1, d2)
        larger = movegen.legal_steps(board, hi)
        used = larger if larger else movegen.legal_steps(board, lo)
        assert all(len(m) == 1 and m[0] in used for r, m in found), (larger, list(found))


def test_a_bear_off_with_the_smaller_die_when_the_larger_cannot_move():
    # the example that showed the property's old form wrong: 2-5, the 5
    # blocked everywhere (their point on our 1, a checker still on our 6),
    # the 2 bearing off from the 2 point
    board = bytes((0, 3, 4, 0, 0, 7) + (0,) * 19 + (0, 1, 4, 2, 1) + (0,) * 14 + (1, 2, 0, 0, 4, 0))
    found = movegen.plays(board, 2, 5)
    assert found.dice_used == 1 and not movegen.legal_steps(board, 5)
    assert [m for r, m in found] == [((2, 0),)]


def test_gnubg_is_the_reference_used():
    assert gnubg_nn.position_id(gnubg_nn.board_from_position_id("4HPwATDgc/ABMA")) == "4HPwATDgc/ABMA"
