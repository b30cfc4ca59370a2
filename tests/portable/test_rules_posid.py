"""GNU Backgammon Position IDs, both ways (values checked against gnubg)."""
from firmware.engine import movegen, position, posid


def test_start_position_id():
    assert posid.position_id(position.START) == "4HPwATDgc/ABMA"
    assert posid.from_position_id("4HPwATDgc/ABMA") == position.START


def test_ids_from_gnubg():
    # gnubg's own IDs: after 8/5 6/5 (seen by the mover, not swapped), and
    # a bear-off position
    b = movegen.apply_step(movegen.apply_step(position.START, 8, 5), 6, 5)
    assert posid.position_id(b) == "4HPwATCwZ/ABMA"
    us = [2, 2, 2, 3, 3, 3] + [0] * 19
    them = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5] + [0] * 11 + [2]     # two on their bar
    b = position.make(us, them)
    assert posid.position_id(b) == "4HPwAWDb7g4AAA"
    assert posid.from_position_id("4HPwAWDb7g4AAA") == b


def test_round_trip_over_the_opening_plays():
    for d1 in range(1, 7):
        for r, m in movegen.plays(position.START, d1, 7 - d1):
            pid = posid.position_id(r)
            assert len(pid) == 14
            assert posid.from_position_id(pid) == r
            assert posid.from_position_id(posid.position_id(position.flip(r))) == position.flip(r)


def test_bad_ids_raise_value_error():
    for bad in ("4HPwATDgc/ABM", "4HPwATDgc/ABMAA", "4HPwATDgc/AB!A", "4HPwATDgc/ABMB",
                "//////////////", "AAAAAAAAAAAAAA", 12345):
        try:
            posid.from_position_id(bad)
        except ValueError:
            pass
        else:
            assert False, bad


def test_key_is_ten_bytes():
    assert len(posid.key(position.START)) == 10
    assert posid.from_key(posid.key(position.START)) == position.START
