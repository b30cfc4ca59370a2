"""The training positions made for a purpose: the cube's (the doubler's best
plays to every roll from roots in the doubling window, as the taker sees
them) and the short races with stragglers."""
import numpy as np
import pytest

import tools  # noqa: F401

gnubg_nn = pytest.importorskip("gnubg_nn")

from firmware.engine import movegen  # noqa: E402
from firmware.engine.position import START, flip  # noqa: E402
from firmware.opponent.evaluator import network  # noqa: E402
from firmware.opponent.netfile import CONTACT  # noqa: E402
from tools.train import cubedata, data  # noqa: E402


def test_leaves_are_the_best_plays_of_each_roll_seen_by_the_taker():
    root = START
    rows = []
    cubedata.leaves(root, rows, top=3)
    # 21 rolls, three plays each (every roll has at least three from the start)
    assert len(rows) == 21 * 3
    for (d1, d2), k in zip(cubedata.ROLLS, range(0, len(rows), 3)):
        plays = movegen.plays(root, d1, d2)
        legal = {flip(plays[i][0]) for i in range(len(plays))}
        kept = [bytes(b) for b, _ in rows[k:k + 3]]
        assert set(kept) <= legal
        # the doubler's best: the lowest equity left to the side on roll next
        everyone = sorted(data.equity(gnubg_nn.probabilities(data.to_gnubg(b), 0)) for b in legal)
        assert [data.equity(p) for _, p in rows[k:k + 3]] == pytest.approx(everyone[:3])


def test_roots_are_contact_positions_in_the_window_and_seeded():
    rows = cubedata.generate(3, 11, 1.0, top=2)
    assert rows
    roots = [(b, p) for b, p in rows if network(bytes(b)) == CONTACT and cubedata.in_window(p)]
    assert roots
    again = cubedata.generate(3, 11, 1.0, top=2)
    assert [bytes(b) for b, _ in again] == [bytes(b) for b, _ in rows]
    fewer = cubedata.generate(3, 11, 0.0, top=2)
    assert fewer == []
    assert all(len(b) == 50 for b, _ in rows) and np.all(np.array([p for _, p in rows]) >= 0)


def test_short_races_have_a_straggler_and_are_races():
    from firmware.engine.position import is_race
    from tools.train import shortrace
    rows = shortrace.generate(300, 5, 0)
    pips = np.arange(1, 26)
    for board, probs in rows:
        b = np.frombuffer(board, dtype=np.uint8)
        assert is_race(board)
        assert b[6:25].sum() or b[31:50].sum()                 # someone still outside home
        assert b[12:25].sum() == 0 and b[37:50].sum() == 0     # stragglers no further than the 12 point
        assert max(b[:25].sum(), b[25:].sum()) <= shortrace.CHECKERS
        assert max((b[:25] * pips).sum(), (b[25:] * pips).sum()) <= shortrace.MAX_PIPS
        assert 0 <= probs[0] <= 1
    assert len({b for b, _ in rows}) == len(rows)
    assert [b for b, _ in shortrace.generate(300, 5, 0)] == [b for b, _ in rows]
