from firmware.opponent import bearoff, evaluator


def _board(us, them):
    """Both sides home: us and them are counts on points 1..6."""
    return bytes(list(us) + [0] * 19 + list(them) + [0] * 19)


def test_the_database_file_is_found():
    db = bearoff.database()
    assert db is not None and db.checkers >= 6 and db.count > 900


def test_known_races():
    out = [0] * 5
    # one checker on our 1 point: off on the first roll
    assert bearoff.probabilities(_board((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1)), 0, 25, out) == [10000, 0, 0, 0, 0]
    # one on each 6 point: we miss only with a 1 or 2 on both dice (1/4);
    # then they miss too a quarter of the time: 3/4 + 1/16
    assert bearoff.probabilities(_board((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1)), 0, 25, out)[0] == 8125
    # two on our 6 point against one on their 1: only 3-3 to 6-6 win
    assert bearoff.probabilities(_board((0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 0)), 0, 25, out)[0] == 1111


def test_the_board_can_be_read_from_either_half():
    out = [0] * 5
    b = _board((2, 1, 0, 3, 0, 1), (0, 2, 2, 0, 1, 1))
    flipped = b[25:] + b[:25]
    assert bearoff.probabilities(b, 0, 25, out)[0] == bearoff.probabilities(flipped, 25, 0, [0] * 5)[0]


def test_positions_outside_the_database_are_left_to_the_network():
    out = [0] * 5
    too_many = _board((3, 3, 3, 3, 3, 0), (0, 0, 0, 0, 0, 1))
    assert bearoff.probabilities(too_many, 0, 25, out) is None
    not_home = bytearray(_board((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1)))
    not_home[25 + 6] = 1        # one of theirs still on their 7 point
    assert bearoff.probabilities(bytes(not_home), 0, 25, out) is None
    assert evaluator.evaluate(bytes(not_home))[0] > 9000


def test_the_evaluator_answers_bear_offs_from_the_database():
    b = _board((0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 0))
    assert evaluator.evaluate(b) == [1111, 0, 0, 0, 0]
    scorer = evaluator.Scorer()
    scorer.set_base(b)
    # the same position reached as the result of the other side's play
    assert list(scorer.score_after(b[25:] + b[:25])) == [1111, 0, 0, 0, 0]
