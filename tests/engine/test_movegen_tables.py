"""The generated move tables, and the hash the search keeps with them."""
import subprocess
import sys

from firmware.engine import movegen, movetables, position
from tools.gen import movetables as gen_movetables


def test_tables_module_matches_its_generator():
    with open("firmware/engine/movetables.py") as f:
        assert f.read() == gen_movetables.source(), "run python -m tools.gen.movetables"


def test_generator_check_mode_passes():
    result = subprocess.run([sys.executable, "-m", "tools.gen.movetables", "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_land_table():
    assert movetables.LAND[13 * 8 + 6] == 7
    assert movetables.LAND[25 * 8 + 3] == 22
    assert movetables.LAND[3 * 8 + 3] == 0
    assert movetables.LAND[2 * 8 + 6] == 0


def test_stored_hash_is_the_change_in_position_hash():
    start = position.START
    base = movegen.position_hash(start)
    for d1, d2 in ((3, 1), (4, 4), (6, 5)):
        found = movegen.plays(start, d1, d2)
        for i in range(len(found)):
            assert found.stored_hash(i) == (movegen.position_hash(found.result(i)) - base) & 0xFFFF


def test_hash_stays_a_small_int_on_the_device():
    # 30 checkers times the largest weight must stay below 2**30
    assert 30 * max(movetables.WEIGHT) < 2 ** 30


def test_readers_of_the_play_store_agree_on_its_layout():
    from firmware.engine import movewalk_plain
    from firmware.opponent import linear, linear_plain
    assert movegen._RECORD == movewalk_plain.RECORD == linear._RECORD == linear_plain._RECORD == 6
    assert 1 << movegen._CHUNK_SHIFT == movegen.CHUNK_PLAYS == movewalk_plain.CHUNK
    assert movegen._CHUNK_SHIFT == movewalk_plain.CHUNK_SHIFT
    # the ranking's state, as both loops read it
    for name in ("_BASE_LEFT", "_OFF_WEIGHT", "_KEPT", "_LIMIT", "_FIRST"):
        assert getattr(linear, name) == getattr(linear_plain, name)



def test_plays_are_short_records_that_give_the_full_results():
    # every play of a spread double: 6 bytes each in the store; each one's
    # result, written by the walk, is the start with its steps made
    from firmware.engine import posid
    board = posid.from_position_id("4HPwATColKRMKg")
    plays = movegen.plays(board, 2, 2)
    assert plays.double and len(plays) == 1258
    assert len(plays.chunks) == (1258 + movegen.CHUNK_PLAYS - 1) // movegen.CHUNK_PLAYS
    assert all(len(c) == movegen.CHUNK_PLAYS * movegen._RECORD for c in plays.chunks)
    out = bytearray(50)
    for i in range(len(plays)):
        made = bytearray(board)
        for p, t in plays.move(i):
            made[p - 1] -= 1
            if t:
                if made[49 - t] == 1:       # their blot, to their bar
                    made[49 - t] = 0
                    made[49] += 1
                made[t - 1] += 1
        assert plays.result(i) == bytes(made), i
        assert plays.result_into(i, out) == made
