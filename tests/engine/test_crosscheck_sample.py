"""A CI-sized sample of the cross-check against GNU Backgammon; the full run
(100,000 pairs) is python -m tools.bench.crosscheck_gnubg."""
from tools.bench import crosscheck_gnubg


def test_sample_agrees_with_gnubg_and_the_viper_walk_too():
    tally = crosscheck_gnubg.run(4000, seed=2026)
    assert tally.pairs == 4000
    assert tally.faults == []
    # the sample reaches the hard cases
    for kind in ("doubles", "on the bar", "bearing off", "no move", "only part of the roll"):
        assert tally.kinds[kind] > 0, kind
    # the device's path: the same pairs under MicroPython, through viper
    assert crosscheck_gnubg.micropython_faults(tally) == []


def test_a_viper_difference_would_be_caught(monkeypatch):
    tally = crosscheck_gnubg.run(40, seed=3)
    real = crosscheck_gnubg.movegen.plays

    def drops_one(board, d1, d2):
        found = real(board, d1, d2)
        if len(found) > 1:
            found.n -= 1
        return found

    # CPython's side loses a play: MicroPython's plays no longer match it
    monkeypatch.setattr(crosscheck_gnubg.movegen, "plays", drops_one)
    assert crosscheck_gnubg.micropython_faults(tally)


def test_a_wrong_generator_is_caught(monkeypatch):
    real = crosscheck_gnubg.movegen.plays

    def drops_one(board, d1, d2):
        found = real(board, d1, d2)
        if len(found) > 1:
            found.n -= 1            # forget the last play
        return found

    monkeypatch.setattr(crosscheck_gnubg.movegen, "plays", drops_one)
    tally = crosscheck_gnubg.run(50, seed=1)
    assert tally.faults
