"""The handheld cursor's view: which single steps are still legal mid-turn."""
from firmware.engine import movegen, position
from tests.portable.boards import board


def ends(start, d1, d2, done=(), b=None, acc=None):
    """Every position reachable by following next_steps to the end."""
    if acc is None:
        acc = set()
        b = start
    steps = movegen.next_steps(start, d1, d2, done)
    if not steps:
        acc.add(b)
        return acc
    for f, t, die in steps:
        ends(start, d1, d2, done + ((f, t, die),), movegen.apply_step(b, f, t), acc)
    return acc


def test_opening_three_one_offers_every_first_step():
    steps = movegen.next_steps(position.START, 3, 1)
    assert (8, 5, 3) in steps and (6, 5, 1) in steps and (24, 23, 1) in steps
    assert len(steps) == len(set(steps))


def test_following_the_steps_reaches_exactly_the_legal_plays():
    for d1, d2 in ((3, 1), (6, 5), (2, 2), (6, 6), (5, 2)):
        want = set(r for r, m in movegen.plays(position.START, d1, d2))
        assert ends(position.START, d1, d2) == want, (d1, d2)


def test_step_that_would_strand_the_other_die_is_not_offered():
    # 12/6 with the 6 first would leave the 1 unplayable: only 12/11 is offered
    b = board({12: 1, 1: 14}, {19: 2, 18: 2})
    assert movegen.next_steps(b, 6, 1) == [(12, 11, 1)]
    assert movegen.next_steps(b, 6, 1, ((12, 11, 1),)) == [(11, 5, 6)]
    assert movegen.next_steps(b, 6, 1, ((12, 11, 1), (11, 5, 6))) == []


def test_only_the_larger_die_is_offered_when_one_die_can_be_played():
    b = board({9: 1, 20: 1}, {10: 2, 11: 2})
    assert movegen.next_steps(b, 6, 5) == [(9, 3, 6)]
    assert movegen.next_steps(b, 6, 5, ((9, 3, 6),)) == []


def test_nothing_offered_when_nothing_can_move():
    b = board({25: 1, 13: 14}, dict((p, 2) for p in range(1, 7)))
    assert movegen.next_steps(b, 6, 5) == []


def test_bar_first_then_the_rest():
    b = board({25: 1, 13: 14}, {3: 2, 1: 13})
    assert movegen.next_steps(b, 6, 3) == [(25, 19, 6)]
    later = movegen.next_steps(b, 6, 3, ((25, 19, 6),))
    assert (19, 16, 3) in later and (13, 10, 3) in later


def test_illegal_done_step_is_refused():
    try:
        movegen.next_steps(position.START, 3, 1, ((24, 20, 3),))
    except ValueError:
        pass
    else:
        assert False
