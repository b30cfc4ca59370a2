"""The money cube efficiency of short bear-offs (tools/gen/cubex.py)."""
import os

import pytest

import tools  # noqa: F401
from firmware.opponent import ai, cube
from firmware.engine.position import flip
from tools.bench import cube as bench
from tools.gen import cubex as gen


@pytest.mark.skipif(not os.path.exists(bench.GNUBG), reason="gnubg is not installed")
def test_shipped_table_is_regenerated():
    with open(gen.OUT) as f:
        text = f.read()
    assert gen.render(gen.table(), text) == text


def test_a_double_two_rolls_from_the_end_is_made_and_taken():
    # Three on our ace and one on our 2 point against two on their 3
    # point, money, the cube centred: 59% to win, neither side able to use
    # the cube again once it is turned, so doubling gains the whole cube
    # (gnubg, exact: no double +0.187, double/take +0.373). Janowski's one
    # X for a race counted the other side's ownership as a long game's.
    b = bytearray(50)
    b[0] = 3
    b[1] = 1
    b[25 + 2] = 2
    b = bytes(b)
    for level in (ai.PRO, ai.LEVELS):
        assert cube.cube_offer(b, level, 1, True, 0, 0, 0, False)
        assert cube.cube_take(flip(b), level, 1, 0, 0, 0)
    nd, dt, _ = cube.values(b, ai.LEVELS, 1, False, 0, 0, 0)
    assert abs(nd - 1870) < 500 and abs(dt - 3730) < 500
