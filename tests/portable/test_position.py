from firmware.engine import position


def test_start_has_167_pips_each():
    assert position.pips(position.START) == (167, 167)


def test_flip_twice_is_identity():
    assert position.flip(position.flip(position.START)) == position.START


def test_rejects_both_sides_on_one_point():
    us = [0] * 25
    them = [0] * 25
    us[5] = 1       # our 6 point
    them[18] = 1    # their 19 point is our 6 point
    try:
        position.make(us, them)
    except ValueError as exc:
        assert "point 6" in str(exc)
    else:
        assert False, "accepted two colours on one point"
