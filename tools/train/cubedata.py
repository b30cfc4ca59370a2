"""The positions a cube decision looks at, labelled by GNU Backgammon's 0-ply.

    python -m tools.train.cubedata --games 1500 --seed 300 --out build/train/K300.npz

MAX decides the cube one roll ahead (firmware.opponent.cube): for each of
the 21 rolls it scores the doubler's plays and reads the cubeful value of
the best one's position, the taker on roll. Those are the positions where
the network's error becomes a wrong double or a wrong take, and in
ordinary games they are a small share of what the network learns from.

Roots: the positions of gnubg 0-ply self-play (tools.train.data's games)
that the contact network answers and whose side on roll wins between
WINDOW's bounds by gnubg's 0-ply (where doubles and takes are decided),
each kept with probability --share. For each root and each of the 21
rolls, the results of the side on roll's TOP best plays by gnubg's 0-ply
are kept as the other side sees them, on roll, each with its 0-ply
probabilities; the root itself too. Deterministic for a seed and a
gnubg_nn version.
"""
import argparse

import gnubg_nn
import numpy as np

from tools.train import data

WINDOW = (0.58, 0.92)   # the side on roll's cubeless winning chance at a root
TOP = 8                 # the doubler's plays kept a roll (cube.PLAYS: the look-ahead scores that many)
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def in_window(probs):
    return WINDOW[0] <= probs[0] <= WINDOW[1]


def leaves(root, out, top=TOP):
    """Append (board, 0-ply probabilities) for the top plays of every roll
    from root, each seen by the side to roll next."""
    g = data.to_gnubg(root)
    for d1, d2 in ROLLS:
        keys = gnubg_nn.moves(g, d1, d2)
        scored = []
        for k in keys:
            r = data.from_gnubg_result(gnubg_nn.board_from_position_key(k))
            if not sum(r[0:25]):
                continue            # the game is over: nothing to learn
            f = data.flip(r)
            p = gnubg_nn.probabilities(data.to_gnubg(f), 0)
            scored.append((data.equity(p), f, p))
        # the side that played wants the other side's equity lowest
        scored.sort(key=lambda s: s[0])
        for _, f, p in scored[:top]:
            out.append((f, p))


def generate(games, seed, share, top=TOP):
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(games):
        roots = []
        data.play_game(rng, roots, 0, contact=True)
        for board, probs in roots:
            if in_window(probs) and rng.random() < share:
                rows.append((board, probs))
                leaves(board, rows, top)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=300)
    ap.add_argument("--share", type=float, default=0.25, help="share of the window's roots expanded")
    ap.add_argument("--top", type=int, default=TOP, help="the doubler's plays kept a roll")
    ap.add_argument("--out", default="build/train/K300.npz")
    args = ap.parse_args(argv)
    rows = generate(args.games, args.seed, args.share, args.top)
    data.save(rows, args.out)
    print("%d positions from %d games -> %s" % (len(rows), args.games, args.out))


if __name__ == "__main__":
    main()
