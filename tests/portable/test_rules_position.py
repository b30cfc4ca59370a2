"""Position helpers the game flow relies on: race, game over, validation."""
from firmware.engine import position
from tests.portable.boards import board


def test_is_race():
    assert not position.is_race(position.START)
    assert position.is_race(board({6: 15}, {6: 15}))
    # ours on 10, their last checker on their 14 (our 11): passed
    assert position.is_race(board({10: 15}, {14: 1, 6: 14}))
    # ours on 11, theirs on their 15 (our 10): we can still hit it
    assert not position.is_race(board({11: 15}, {15: 1, 6: 14}))
    assert not position.is_race(board({25: 1, 6: 14}, {6: 15}))


def test_winner_kind():
    assert position.winner_kind(position.START) == 0
    assert position.winner_kind(board({}, {6: 14})) == 1          # they bore one off
    assert position.winner_kind(board({}, {6: 15})) == 2          # gammon
    assert position.winner_kind(board({}, {20: 1, 6: 14})) == 3   # in our home
    assert position.winner_kind(board({}, {25: 1, 6: 14})) == 3   # on their bar
    assert position.winner_kind(board({}, {18: 1, 6: 14})) == 2   # our 7: outside our home


def test_validate_names_the_fault():
    for us, them, words in (
        ([0] * 24 + [16], [0] * 25, "16 checkers"),
        ([0] * 25, [0] * 25, "both sides"),
    ):
        try:
            position.validate(bytes(us) + bytes(them))
        except ValueError as exc:
            assert words in str(exc), str(exc)
        else:
            assert False, words
    try:
        position.validate(bytes(49))
    except ValueError as exc:
        assert "50" in str(exc)
    else:
        assert False
