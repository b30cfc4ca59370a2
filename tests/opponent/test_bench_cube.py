"""tools/bench/cube.py: the cube benchmark's bookkeeping (the judge itself needs gnubg)."""
import tools  # noqa: F401
from firmware.engine.position import START
from tools.bench import cube


def _home(us, them):
    return bytes(list(us) + [0] * 19 + list(them) + [0] * 19)


def test_positions_are_classed_as_contact_race_or_bear_off():
    assert cube.position_class(START) == "contact"
    assert cube.position_class(_home((2, 1, 0, 0, 0, 0), (0, 0, 3, 0, 0, 0))) == "bear-off"
    race = bytearray(_home((2, 1, 0, 0, 0, 0), (0, 0, 3, 0, 0, 0)))
    race[8] = 1                     # one of ours on our 9 point, theirs all home
    assert cube.position_class(bytes(race)) == "race"


def test_losses_by_class_and_the_judges_losses():
    d = cube.Decision(_home((2, 1, 0, 0, 0, 0), (0, 0, 3, 0, 0, 0)), "money centred", 0, 0, 0, 1, False)
    d.judge = (0.80, 0.90, 1.0)     # double/take is right, and the take
    assert cube.losses(d, True, True) == (0.0, 0.0)
    dl, tl = cube.losses(d, False, False)
    assert round(dl, 6) == 100.0 and round(tl, 6) == 100.0
    lines = []
    cube.by_class({"a": [(d, (0.0, 0.0), (True, True))], "b": [(d, (dl, tl), (False, False))]}, lines.append)
    assert any(line.split()[:3] == ["bear-off", "money", "doubles"] and line.split()[-2:] == ["0.00", "100.00"]
               for line in lines)
    assert any(line.split()[:3] == ["bear-off", "money", "takes"] and line.split()[-1] == "100.00" for line in lines)
