"""Short races with stragglers, made up at random, labelled by GNU Backgammon.

    python -m tools.train.shortrace --positions 200000 --seed 400 --out build/train/short400.npz

Whole games reach few short races in which a side still has a checker or
three outside its home, and there the race network misses most (docs/ai.md,
The race network): a cube turned a roll too early or a take passed,
worth a tenth of a point and more. These positions are drawn directly:
each side has CHECKERS checkers at most, up to three of them on its
points 7 to 12 and the rest spread over its home, so the sides are past
each other; at least one side has a checker outside; the longer side
needs at most MAX_PIPS. Each is labelled by gnubg at --ply (1 by default:
in a short race a roll's look-ahead reaches gnubg's bear-off database).
Deterministic for a seed and a gnubg_nn version.
"""
import argparse

import gnubg_nn
import numpy as np

from tools.train import data

CHECKERS = 12
MAX_PIPS = 50


def _side(rng):
    """25 slots of one side: home points, up to three stragglers on 7 to 12."""
    side = np.zeros(25, dtype=np.uint8)
    n = int(rng.integers(1, CHECKERS + 1))
    out = min(n, int(rng.choice((0, 1, 1, 2, 3))))
    for _ in range(out):
        side[int(rng.integers(6, 12))] += 1
    # the rest over the home points, some points favoured as play leaves them
    weights = rng.dirichlet(np.ones(6))
    for p in rng.choice(6, size=n - out, p=weights):
        side[p] += 1
    return side


def position(rng):
    """A short race, the side on roll first, with a straggler on at least one side."""
    pips = np.arange(1, 26)
    while True:
        us, them = _side(rng), _side(rng)
        if not (us[6:].any() or them[6:].any()):
            continue
        if max(int((us * pips).sum()), int((them * pips).sum())) > MAX_PIPS:
            continue
        return bytes(us) + bytes(them)


def generate(count, seed, ply):
    rng = np.random.default_rng(seed)
    rows = []
    seen = set()
    while len(rows) < count:
        board = position(rng)
        if board in seen:
            continue
        seen.add(board)
        rows.append((board, gnubg_nn.probabilities(data.to_gnubg(board), ply)))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=400)
    ap.add_argument("--ply", type=int, default=1, help="gnubg ply for the labels")
    ap.add_argument("--out", default="build/train/short400.npz")
    args = ap.parse_args(argv)
    rows = generate(args.positions, args.seed, args.ply)
    data.save(rows, args.out)
    print("%d positions -> %s" % (len(rows), args.out))


if __name__ == "__main__":
    main()
