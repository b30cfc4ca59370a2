"""The linear prefilter's table form equals the evaluator's, and under
MicroPython its viper loop equals the plain twin."""
from firmware.opponent import evaluator, linear
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


def test_ranker_equals_the_scorers_linear_estimate():
    scorer = evaluator.Scorer()
    ranker = linear.Ranker()
    n = 0
    for board, plays in _positions():
        scorer.set_base(flip(board))
        ranker.set_base(flip(board))
        for i in range(len(plays)):
            r = plays.result(i)
            assert ranker.after(r) == scorer.linear_after(r)
            n += 1
    assert n > 500


def test_viper_loop_equals_the_plain_twin():
    ranker = linear.Ranker()
    for board, plays in _positions():
        ranker.set_base(flip(board))
        for i in range(len(plays)):
            r = plays.result(i)
            plain = linear._after_plain(ranker.base, r, ranker.table, ranker.base_left, ranker.off_weight)
            assert linear._after(ranker.base, r, ranker.table, ranker.base_left, ranker.off_weight) == plain


def test_ranker_reads_plays_in_movegens_store():
    ranker = linear.Ranker()
    n = 0
    for board, plays in _positions():
        ranker.set_base(flip(board))
        for i in range(len(plays)):
            assert ranker.after_play(plays, i) == ranker.after(plays.result(i))
            # the store's short record, expanded to the full layout
            record = plays.expand(i, bytearray(28))     # 25 counts, 3 bytes of hits
            plain = linear._record_plain(ranker.base, record,
                                         ranker.table, ranker.base_left, ranker.off_weight)
            assert ranker.after_play(plays, i) == plain
            n += 1
    assert n > 500


def test_a_hit_from_the_bar_is_read_from_the_store():
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
    hit = 0
    for i in range(len(plays)):
        r = plays.result(i)
        hit += r[49] > 0
        assert ranker.after_play(plays, i) == ranker.after(r)
    assert hit


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
