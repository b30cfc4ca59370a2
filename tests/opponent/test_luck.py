"""tools.bench.luck: luck-adjusted results for the strength matches."""
import numpy as np

import tools  # noqa: F401
from firmware.engine import movegen
from firmware.engine.position import START, flip
from tools.bench import ai as bench
from tools.bench import luck


def _positions():
    """START and a few positions of a game gnubg plays against itself."""
    out = [START]
    board = START
    dice = bench.Dice((5, 0))
    for turn in range(30):
        result = bench.gnubg_policy(board, *dice.roll(turn))
        if bench.winner_kind(result):
            break
        board = flip(result)
        if turn % 6 == 5:
            out.append(board)
    return out


def test_luck_averages_to_nothing_over_the_rolls_that_can_come():
    for board in _positions():
        total = sum((1 if a == b else 2) * luck.luck(board, a, b) for a, b in luck.ROLLS)
        assert abs(total) < 1e-9
        assert any(abs(luck.luck(board, a, b)) > 0.01 for a, b in luck.ROLLS)
    # the opening: the harness rolls a first double again
    total = sum(luck.luck(START, a, b, opening=True) for a, b in luck.OPENING_ROLLS)
    assert abs(total) < 1e-9 and len(luck.OPENING_ROLLS) == 15


def test_value_after_is_gnubgs_best_play_and_a_dance_leaves_the_board():
    board = flip(movegen.plays(START, 6, 4).result(0))
    best = bench.gnubg_policy(board, 5, 2)
    import gnubg_nn
    q = gnubg_nn.probabilities([list(best[:25]), list(best[25:])], 0)
    assert abs(luck.value_after(board, 5, 2) + (2 * q[0] - 1 + q[1] - q[3] + q[2] - q[4])) < 1e-6
    # one checker on the bar against a closed board: no play, the same board
    us = [0] * 25
    us[5], us[24] = 14, 1
    them = [2] * 6 + [0] * 6 + [3] + [0] * 12
    closed = bytes(us) + bytes(them)
    assert movegen.plays(closed, 3, 1).result(0) == closed
    q = gnubg_nn.probabilities([us, them], 0)
    assert abs(luck.value_after(closed, 3, 1) + (2 * q[0] - 1 + q[1] - q[3] + q[2] - q[4])) < 1e-6
    # a play that bears off the last checker is worth the result: a gammon
    # here (the other side has all fifteen on the board), a single once it
    # has borne one off
    us = [0] * 25
    us[0] = 1
    assert luck.value_after(bytes(us) + bytes(them), 2, 1) == 2.0
    them[12] = 2
    assert luck.value_after(bytes(us) + bytes(them), 2, 1) == 1.0


def test_adjusted_results_keep_the_points_and_take_out_most_of_the_noise(tmp_path):
    player = bench.level_policy(bench.BlasNet(bench.weights), 4)
    save = str(tmp_path / "m.npy")
    res = bench.strength(player, bench.gnubg_policy, 12, 7, save=save, adjust=True)
    pts = bench.load_points([save])
    assert pts.shape == (12, 2, 2)
    assert res["games"] == 24 and abs(res["ppg"] - pts[..., 0].mean()) < 1e-12
    assert abs(res["adjusted_ppg"] - pts[..., 1].mean()) < 1e-6     # saved as float32
    # the points are whole games; the adjusted results are not
    assert set(np.abs(pts[..., 0]).ravel()) <= {1, 2, 3}
    assert res["adjusted_se"] * 3 < res["se"] and res["variance_ratio"] > 9
    # without the adjustment: the same games, the same points
    raw = bench.strength(player, bench.gnubg_policy, 12, 7)
    assert raw["ppg"] == res["ppg"] and "adjusted_ppg" not in raw
    # paired: both differences, game pair by game pair
    diff = bench.paired(pts, pts)
    assert diff["difference"] == 0 and diff["adjusted_difference"] == 0
    assert bench.paired(pts, pts[..., 0])["difference"] == 0
