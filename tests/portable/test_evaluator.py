from firmware.opponent import evaluator
from firmware.engine.position import START, flip

ONE = evaluator.ONE


def test_start_is_about_even():
    p = evaluator.evaluate(START)
    assert 4500 < p[0] < 5800
    assert 0 < p[1] < p[0] and p[2] <= p[1]
    assert 0 < p[3] < ONE - p[0] and p[4] <= p[3]


def test_probabilities_are_consistent_everywhere_tested():
    # 13 checkers borne off each, a few left: still a valid input
    us = bytearray(50)
    us[0] = 2
    us[25 + 5] = 2
    for board in (START, bytes(us), flip(bytes(us))):
        p = evaluator.evaluate(board)
        assert 0 <= p[2] <= p[1] <= p[0] <= ONE
        assert 0 <= p[4] <= p[3] <= ONE - p[0]


def test_a_big_racing_lead_wins():
    b = bytearray(50)
    b[0] = 3                 # we have three checkers on our 1 point
    b[25 + 23] = 15          # they have all fifteen on their 24 point
    p = evaluator.evaluate(bytes(b))
    assert p[0] > 9800
    assert p[1] > 9000       # and they have borne off nothing: a gammon


def test_terminal_positions_are_exact():
    b = bytearray(50)
    b[25 + 3] = 4            # we have borne off everything; they have four left
    p = evaluator.evaluate(bytes(b))
    assert p == [ONE, 0, 0, 0, 0]


def test_equity_of_probabilities():
    assert evaluator.equity([ONE, 0, 0, 0, 0]) == ONE
    assert evaluator.equity([0, 0, 0, ONE, ONE]) == -3 * ONE
