"""tools.bench.lookahead: the look-ahead's settings searched offline."""
import numpy as np

from tools.bench import ai as bench_ai
from tools.bench import lookahead
from firmware.opponent import ai


def _rolls(values):
    return np.array(values, dtype=np.int64) * bench_ai.ROLL_WEIGHTS


def test_searched_choice_takes_the_best_sum_and_counts_the_work():
    counts = np.full((3, 21), 3)
    rolls = np.stack([_rolls([100] * 21), _rolls([120] * 21), _rolls([90] * 21)])
    ends = np.zeros(3, dtype=np.int64)
    pick, work, searched = bench_ai.searched_choice(rolls, counts, ends, 6, 0, 0)
    assert (pick, searched) == (1, 3)
    assert work == 3 * 21 * ai.roll_work(3, 6)
    # a cap that leaves room for two candidates only
    cap = 2 * 21 * ai.roll_work(3, 6) + 1
    pick, work, searched = bench_ai.searched_choice(rolls, counts, ends, 6, cap, 0)
    assert (pick, searched) == (1, 2)


def test_pruning_drops_a_trailing_candidate_partway():
    counts = np.full((2, 21), 3)
    # the second trails by 1,000 on every roll
    rolls = np.stack([_rolls([5000] * 21), _rolls([4000] * 21)])
    ends = np.zeros(2, dtype=np.int64)
    full = bench_ai.searched_choice(rolls, counts, ends, 6, 0, 0)
    pruned = bench_ai.searched_choice(rolls, counts, ends, 6, 0, 100)
    assert full[0] == pruned[0] == 0
    # after r non-doubles it trails by 2,000 r, against 100 x (36 - 2 r) to come: r = 2
    assert pruned[1] == (21 + 2) * ai.roll_work(3, 6)
    # a game-ending candidate is worth its result on every roll, unsearched
    ends = np.array([0, 2 * ai.ONE], dtype=np.int64)
    assert bench_ai.searched_choice(rolls, counts, ends, 6, 0, 100)[:2] == (1, 21 * ai.roll_work(3, 6))


def test_collect_and_replay():
    data = lookahead.collect(6, seed=5, judge_ply=0)
    n = len(data["eq0"])
    assert n > 0
    assert data["values"].shape == (n, lookahead.WIDEST, 21, lookahead.RAW_REPLIES)
    # replies kept in the prefilter's order, best (lowest) first
    ranks = data["ranks"]
    kept = ranks < lookahead._NONE
    assert (np.diff(np.where(kept, ranks, np.iinfo(np.int64).max), axis=3) >= 0).all()
    out = lookahead.replay(data, [(4, 1200, 6), (4, 1200, 6, 5000), (1, 1200, 6)])
    assert out["decisions"] == n
    assert out["4,1200,6,5000"]["gain_over_first"] == 0
    assert out["4,1200,6,5000"]["same_choice_as_first"] == 1
    # one candidate: never searched
    assert out["1,1200,6"]["work_ms_max"] == 0


def test_reply_values_best_reply_or_soft_minimum():
    none = lookahead._NONE
    values = np.array([[100, 300, 120, none], [500, none, none, none]], dtype=np.int64)
    assert list(lookahead.reply_values(values, 4)) == [100, 500]
    # only the replies the setting scores count
    assert list(lookahead.reply_values(values, 1)) == [100, 500]
    soft = lookahead.reply_values(values, 4, soft=20)
    # weights 1, e^-10, e^-1 for the first roll; an empty slot weighs nothing
    w = np.exp([0.0, -10.0, -1.0])
    assert soft[0] == round((w * [100, 300, 120]).sum() / w.sum())
    assert soft[1] == 500
    # a cold softness is the minimum again, a warm one tends to the mean
    assert list(lookahead.reply_values(values, 4, soft=1)) == [100, 500]
    assert abs(lookahead.reply_values(values, 3, soft=10 ** 6)[0] - 520 / 3) < 1
