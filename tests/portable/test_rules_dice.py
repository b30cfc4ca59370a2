"""Dice: the seeded source gives the same faces under every Python."""
from firmware.engine.dice import Dice, ManualDice, SeededSource


def test_seeded_sequence_is_fixed():
    dice = Dice(SeededSource(7))
    assert [dice.roll() for _ in range(5)] == [(1, 5), (4, 3), (3, 6), (4, 6), (5, 3)]


def test_faces_are_one_to_six_and_all_appear():
    dice = Dice(SeededSource(3))
    counts = [0] * 7
    for _ in range(6000):
        counts[dice.one()] += 1
    assert counts[0] == 0
    for face in range(1, 7):
        assert 850 < counts[face] < 1150, counts


def test_high_bytes_are_rejected_not_folded():
    class Bytes:
        def __init__(self, values):
            self.values = list(values)

        def byte(self):
            return self.values.pop(0)

    # 252..255 would give faces 1..4 again under a plain modulo: they are skipped
    assert Dice(Bytes([255, 252, 5])).one() == 6
    assert Dice(Bytes([0, 251])).roll() == (1, 6)


def test_manual_dice():
    dice = ManualDice((3, 1))
    assert dice.roll() == (3, 1)
    dice.push(6, 6, 2)
    assert dice.roll() == (6, 6)
    assert dice.one() == 2
    for bad in ((), (7,), (0,)):
        try:
            if bad:
                dice.push(*bad)
            else:
                dice.roll()
        except ValueError:
            pass
        else:
            assert False, bad
