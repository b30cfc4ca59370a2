"""The DICE screen's figures: counts this session and all time, kept across
a save, and the chi-square with a word a player can read."""
from firmware.engine import dicestats, fairness
from firmware.engine.dice import Dice, SeededSource
from firmware.engine.dicestats import Tally
from firmware.engine.fairness import chi_square_x100, verdict


def test_rolls_are_counted_by_face_and_doubles():
    t = Tally()
    for d1, d2 in ((1, 2), (6, 6), (3, 3), (6, 1)):
        t.add(d1, d2)
    assert t.session == [2, 1, 2, 0, 0, 3, 2, 4]
    assert t.all_time() == t.session


def test_all_time_survives_a_save_and_adds_this_session():
    t = Tally()
    t.add(5, 5)
    t.add(2, 4)
    again = Tally()
    again.add(1, 1)
    again.load(t.to_bytes())
    assert again.session == [2, 0, 0, 0, 0, 0, 1, 1]
    assert again.all_time() == [2, 1, 0, 1, 2, 0, 2, 3]
    for bad in (b"", bytes(31), bytes(4) + bytes(24) + b"\x01\x00\x00\x00"):
        try:
            Tally().load(bad)
        except ValueError:
            pass
        else:
            assert False, bad


def test_chi_square_and_its_word():
    assert chi_square_x100([1, 1, 1, 1, 1, 1, 0, 3]) == -1          # too few rolls
    assert verdict(-1) == "TOO FEW"
    even = [100] * 6 + [100, 300]
    assert chi_square_x100(even) == 0 and verdict(0) == "FAIR"
    sixes = [90, 90, 90, 90, 90, 150, 100, 300]                       # sixes come up too often
    x = chi_square_x100(sixes)
    assert x == 3000 and verdict(x) == "NOT FAIR"        # 5 x 1 + 25
    assert verdict(fairness.FAIR_X100) == "UNUSUAL"
    assert verdict(fairness.ODD_X100 - 1) == "UNUSUAL"


def test_seeded_dice_look_fair_over_many_rolls():
    dice = Dice(SeededSource(2024))
    for _ in range(3000):
        dice.roll()
    counts = dice.tally.session
    assert counts[dicestats.ROLLS] == 3000
    assert 400 < counts[dicestats.DOUBLES] < 600          # one in six
    assert verdict(chi_square_x100(counts)) == "FAIR"
