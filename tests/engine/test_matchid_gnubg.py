"""Match IDs cross-checked against GNU Backgammon itself (skipped where the
Debian `gnubg` package is not installed): gnubg reads each ID this module
writes with `set matchid` and must write back the same 12 characters.
gnubg clears a pending double or resignation when it sets a match ID, so
those fields are checked against IDs from real play in
tests/portable/test_matchid.py instead."""
import os
import random
import subprocess
import tempfile

import pytest

from firmware.engine import matchid

GNUBG = "/usr/games/gnubg"

pytestmark = pytest.mark.skipif(not os.path.exists(GNUBG), reason="gnubg is not installed")


def random_state(rng):
    length = rng.choice((0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25))
    score0 = rng.randrange(length) if length else rng.randrange(100)
    score1 = rng.randrange(length) if length else rng.randrange(100)
    crawford = int(bool(length) and (score0 == length - 1) != (score1 == length - 1)
                   and rng.random() < 0.5)
    on_roll = rng.randrange(2)
    cube = 1 << rng.randrange(7) if not crawford else 1
    owner = 3 if cube == 1 else rng.randrange(2)
    turn = on_roll
    if rng.random() < 0.3:
        d1 = d2 = 0
    else:
        d1, d2 = rng.randrange(1, 7), rng.randrange(1, 7)
    jacoby = int(length == 0 and rng.random() < 0.5)
    return (cube, owner, on_roll, crawford, matchid.PLAYING, turn, 0, 0,
            d1, d2, length, score0, score1, jacoby)


def test_gnubg_reads_back_every_id_unchanged():
    rng = random.Random(20261130)
    ids = [matchid.encode(random_state(rng)) for _ in range(200)]
    script = "\n".join([
        "import gnubg",
        "gnubg.command('set player 0 human')",
        "gnubg.command('set player 1 human')",
        "gnubg.command('new match 5')",
        "for mid in %r:" % (ids,),
        "    gnubg.command('set matchid ' + mid)",
        "    print('BACK', mid, gnubg.matchid())",
    ])
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "roundtrip.py")
        with open(path, "w") as f:
            f.write(script + "\n")
        out = subprocess.run([GNUBG, "-t", "-q", "-p", path], capture_output=True, text=True,
                             timeout=120, cwd=tmp, env=dict(os.environ, HOME=tmp)).stdout
    back = [line.split()[1:] for line in out.splitlines() if line.startswith("BACK ")]
    assert len(back) == len(ids)
    wrong = [(mine, theirs, matchid.decode(mine)) for mine, theirs in back if mine != theirs]
    assert not wrong, wrong[:5]
