"""The linear prefilter's table form equals the evaluator's estimate, its
ranking of a roll's plays in store chunks keeps the lowest scores in
generator order, and under MicroPython its viper loop equals the plain twin."""
from firmware.opponent import evaluator, linear, linear_plain, linear_reference
from firmware.engine import movegen
from firmware.engine.position import START, flip


def _positions():
    """(start board, its plays) along a short fixed game, one at a time
    (MicroPython's 200k heap)."""
    board = START
    rolls = ((3, 1), (6, 6), (5, 2), (4, 4), (2, 1), (6, 5), (1, 1), (5, 5), (4, 3), (2, 2))
    for k in range(3):
        for d1, d2 in rolls:
            plays = movegen.plays(board, d1, d2)
            yield board, plays
            board = flip(plays.result((k * 7 + d1) % len(plays)))


def _after(ranker, result):
    """The table form's score of a whole result (the plain reference)."""
    return linear_reference.after(ranker.base, result, ranker.table, ranker.base_left, ranker.off_weight)


def _rank_all(ranker, plays, limit, rank=None):
    """Ranker.rank over every chunk of plays (or `rank`, a twin of its
    loop, called as Ranker.rank calls it); returns (kept, scores, index)."""
    from array import array
    scores = array("i", bytes(4 * limit))
    index = array("H", bytes(2 * limit))
    ranker.start_rank(limit)
    kept = 0
    c = 0
    while c * movegen.CHUNK_PLAYS < len(plays):
        if rank is None:
            kept = ranker.rank(plays, c, scores, index)
        else:
            chunk, n = plays.chunk(c)
            kept = rank(chunk, n, plays.start, ranker.base, ranker.table, ranker.state, scores, index)
        c += 1
    return kept, list(scores[:kept]), list(index[:kept])


def test_the_table_form_equals_the_scorers_linear_estimate():
    scorer = evaluator.Scorer()
    ranker = linear.Ranker()
    n = 0
    for board, plays in _positions():
        scorer.set_base(flip(board))
        ranker.set_base(flip(board))
        for i in range(len(plays)):
            r = plays.result(i)
            assert _after(ranker, r) == scorer.linear_after(r)
            n += 1
    assert n > 500


def test_rank_keeps_the_lowest_scores_in_generator_order():
    # each play scored as its whole result is, ties kept in generator
    # order, a few limits, rolls with more plays than a chunk among them
    ranker = linear.Ranker()
    many = 0
    for board, plays in _positions():
        ranker.set_base(flip(board))
        scores = [_after(ranker, plays.result(i)) for i in range(len(plays))]
        order = sorted(range(len(plays)), key=lambda i: (scores[i], i))
        many += len(plays) > movegen.CHUNK_PLAYS
        for limit in (1, 6, 8, 48):
            kept, low, index = _rank_all(ranker, plays, limit)
            assert kept == min(limit, len(plays))
            assert index == order[:kept]
            assert low == [scores[i] for i in index]
    assert many >= 3


def test_rank_viper_loop_equals_the_plain_twin():
    ranker = linear.Ranker()
    for board, plays in _positions():
        ranker.set_base(flip(board))
        for limit in (1, 6):
            assert _rank_all(ranker, plays, limit, linear_plain.rank) == _rank_all(ranker, plays, limit)


def test_rank_reads_a_hit_from_the_bar():
    # their blots on our 20 and 22 points, our checker on the bar: 5-3 hits both
    b = bytearray(50)
    b[24] = 1
    b[5] = 5
    b[25 + 4] = 1
    b[25 + 2] = 1
    b[25 + 12] = 13
    plays = movegen.plays(bytes(b), 5, 3)
    ranker = linear.Ranker()
    ranker.set_base(flip(bytes(b)))
    kept, low, index = _rank_all(ranker, plays, len(plays))
    assert kept == len(plays)
    assert sum(plays.result(i)[49] for i in range(len(plays)))
    assert low == sorted(_after(ranker, plays.result(i)) for i in range(len(plays)))
    assert _rank_all(ranker, plays, len(plays), linear_plain.rank) == (kept, low, index)


def test_the_table_is_sixteen_bits_and_refuses_wider_sums():
    from firmware.opponent import weights
    t = linear.table(weights.LINEAR)
    assert len(t) == 50 * 16 and min(t) == 0 and max(t) <= 0xFFFF
    t[0] = 0xFFFF           # unsigned 16-bit entries
    assert t[0] == 0xFFFF
    wide = list(weights.LINEAR)
    wide[3] = 6000          # a fourth unit's weight: 12 times it at fifteen checkers
    try:
        linear.table(wide)
    except ValueError:
        return
    assert False, "a table spanning more than 16 bits was made"
