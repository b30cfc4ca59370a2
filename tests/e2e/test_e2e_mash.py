"""Random button mashing through the real main loop (the CI length; the
million-event run is `python -m tools.bench.mash`): no exception resets the board
and the match stays valid after every press, across power cuts, cuts during
saves, battery changes and idle spells."""
from tools.bench.mash import mash

EVENTS = 10000


def test_button_mashing_never_crashes_and_keeps_the_match_valid(tmp_path):
    result = mash(EVENTS, seed=11, folder=str(tmp_path / "flash"))
    assert result["events"] >= EVENTS
    assert result["crashes"] == 0
    assert result["simulated_hours"] > 0.2
    assert result["cuts"] + result["save_cuts"] > 0
