"""tools/train/pubeval.py (the benchmark opponent) scores boards as GNU
Backgammon's compiled pub_eval.c does (gnubg_nn.pub_eval_score)."""
import numpy as np

import tools  # noqa: F401
import gnubg_nn
from firmware.engine import movegen
from firmware.engine.position import START, flip
from tools.train import pubeval


def test_scores_match_gnubgs_pubeval():
    rng = np.random.default_rng(5)
    board = START
    checked = 0
    for _ in range(300):
        d1, d2 = (int(v) for v in rng.integers(1, 7, size=2))
        plays = movegen.plays(board, d1, d2)
        result = plays.result(int(rng.integers(len(plays))))
        if sum(result[:25]) == 0:
            board = START
            continue
        # gnubg's pubeval picks its race weights from the board it is given
        ours = pubeval.score([result], pubeval.is_race(result))[0]
        theirs = gnubg_nn.pub_eval_score([list(result[:25]), list(result[25:])])
        assert abs(ours - theirs) < 1e-3, (result, ours, theirs)
        checked += 1
        board = flip(result)
    assert checked > 200


def test_best_index_prefers_the_obvious_point():
    plays = movegen.plays(START, 3, 1)
    results = [plays.result(i) for i in range(len(plays))]
    best = results[pubeval.best_index(START, results)]
    assert best[4] == 2     # pubeval makes the 5 point with 31
