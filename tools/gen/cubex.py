"""Generates the money cube efficiency of short bear-offs: _BEAR_X in firmware/opponent/cubeful.py.

    python -m tools.gen.cubex [--positions 4000] [--seed 1]

Janowski's model (firmware/opponent/cubeful.py) mixes a live-cube equity
with the dead one by an efficiency X. One X serves a long race, but in a
bear-off of a few rolls the cube's life is short, and how short depends on
the rolls each side has left and on who owns the cube: with one roll left
a side owning the cube can use it no more (X near 0), while a centred cube
the other side could have turned is worth nearly its whole live value.

The figures come from GNU Backgammon 1.07 (Debian's `gnubg`), whose 0-ply
money values for bear-offs of at most six checkers a side are exact
(its two-sided database, cubeful). For random such bear-offs (SEED; the
side on roll wins 30% to 95%, cube decisions live there) it gives the
cubeful equity with the cube centred, owned by the side on roll and owned
by the other; with the exact win chance from Blot's one-sided database,
X for each ownership is the least-squares fit of equity = X * live + (1 -
X) * dead over the positions whose sides need, on average, the same whole
number of rolls (1 to 6, from the database's distributions: the class
cubeful.efficiency answers), where at least MIN_FIT positions fall.

Layout (cubeful.py says it too): _BEAR_X[(owner * 6 + ra - 1) * 6 + rc -
1], owner 0 centred, 1 owned by the side on roll, 2 by the other; ra and
rc the rolls the side on roll and the other side need, rounded, at most
6; the X in 1/100 (0 to 100), or NONE where too few positions fell (the
race's X stands there). The generator rewrites that one line of
cubeful.py.
"""
import argparse

import numpy as np

import tools  # noqa: F401
from firmware.engine import posid
from firmware.opponent import bearoff, cubeful

OUT = "firmware/opponent/cubeful.py"
LINE = "_BEAR_X = const("
ROLLS = 6
MIN_FIT = 20
NONE = 255
ONE = cubeful.ONE


def _side(rng):
    half = [0] * 25
    for _ in range(int(rng.integers(1, 7))):
        half[int(rng.integers(0, 6))] += 1
    return half


def positions(count, seed):
    """(board, probabilities) of random bear-offs of at most six checkers a side."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        board = bytes(_side(rng) + _side(rng))
        p = [0] * 5
        bearoff.probabilities(board, 0, 25, p)
        if 3000 <= p[0] <= 9500:
            out.append((board, p))
    return out


def gnubg_values(found):
    """gnubg's 0-ply (exact) cubeful money equities, per position: (centred,
    owned by the side on roll, owned by the other)."""
    from tools.bench import cube
    tasks = []
    for board, _ in found:
        pid = posid.position_id(board)
        tasks.append([pid, 1, -1, 0, 0, 0, [0]])
        tasks.append([pid, 2, 0, 0, 0, 0, [0]])
    answers = cube.run_gnubg(tasks)
    out = []
    for i in range(len(found)):
        nd, dt, _ = answers[2 * i][0]
        out.append((nd, answers[2 * i + 1][0][0], dt / 2))
    return out


def rolls(board):
    """The rolls the side on roll and the other side need, rounded (1 to
    ROLLS): the class cubeful.efficiency answers for money."""
    k = (cubeful.efficiency(board) >> 14) - 1
    return k // ROLLS + 1, k % ROLLS + 1


def fit(found, values):
    """X per (owner, ra, rc), as the layout's bytes."""
    sums = {}
    for (board, p), equities in zip(found, values):
        ra, rc = rolls(board)
        dead = cubeful.dead_equity(p) / ONE
        for owner, e in enumerate(equities):
            live = cubeful.live_equity(p, owner) / ONE
            s = sums.setdefault((owner, ra, rc), [0.0, 0.0, 0])
            s[0] += (live - dead) * (e - dead)
            s[1] += (live - dead) ** 2
            s[2] += 1
    table = bytearray([NONE] * (3 * ROLLS * ROLLS))
    for (owner, ra, rc), (num, den, n) in sums.items():
        if n >= MIN_FIT and den > 0:
            x = min(1.0, max(0.0, num / den))
            table[(owner * ROLLS + ra - 1) * ROLLS + rc - 1] = int(round(100 * x))
    return bytes(table)


def render(table, text):
    """text (cubeful.py) with its table line rewritten."""
    lines = text.split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith(LINE)]
    if len(at) != 1:
        raise ValueError("%s: no single line starting %r" % (OUT, LINE))
    lines[at[0]] = "%s%r)" % (LINE, table)
    return "\n".join(lines)


def table(count=4000, seed=1):
    found = positions(count, seed)
    return fit(found, gnubg_values(found))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    with open(OUT) as f:
        text = f.read()
    text = render(table(args.positions, args.seed), text)
    with open(OUT, "w") as f:
        f.write(text)
    print("%s: _BEAR_X written" % OUT)


if __name__ == "__main__":
    main()
