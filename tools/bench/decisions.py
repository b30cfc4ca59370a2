"""Decision quality of float checkpoints at 0-ply, judged by GNU Backgammon's 0-ply.

    python -m tools.bench.decisions tools/data/evaluator_net.npz build/train/contact.npz [--games 300]

Positions from games of gnubg's 0-ply network against itself (tools.train.data's
games, seed 12345: not the training data's seeds), a random roll each; every
legal play is valued by gnubg's 0-ply equity, and each checkpoint (quantised
as the device runs it, bear-off database included) picks its best play. The
report gives each checkpoint's mean equity given away per decision with more
than one play, and each later checkpoint's gain over the first on the same
decisions with its standard error: a paired comparison much less noisy than
games against pubeval (docs/ai.md, Figures).
"""
import argparse
import math
import types

import gnubg_nn
import numpy as np

from tools.gen import weights as gen_weights
from tools.train import data, netmath


def decisions(games, seed=12345, roll_seed=5):
    """(groups, boards, values): for each decision its first index and count
    into boards (each play's result, flipped: the side to roll next) and
    values (gnubg's 0-ply equity of each play for the mover)."""
    rows = []
    rng = np.random.default_rng(seed)
    for _ in range(games):
        data.play_game(rng, rows, 0)
    dice = np.random.default_rng(roll_seed)
    groups, boards, values = [], [], []
    for board, _ in rows:
        d1, d2 = dice.integers(1, 7, size=2)
        keys = gnubg_nn.moves(data.to_gnubg(board), int(d1), int(d2))
        if len(keys) < 2:
            continue
        groups.append((len(boards), len(keys)))
        for key in keys:
            r = data.from_gnubg_result(gnubg_nn.board_from_position_key(key))
            if sum(r[0:25]) == 0:
                values.append(3.0)      # bore off the last checker: no play is better
            else:
                values.append(-data.equity(gnubg_nn.probabilities(data.to_gnubg(data.flip(r)), 0)))
            boards.append(data.flip(r))
    return groups, boards, np.array(values)


def losses(path, groups, boards, values):
    """Equity given away at each decision by the checkpoint's choice."""
    net = netmath.IntNet(types.SimpleNamespace(**gen_weights.quantise(np.load(path))))
    eq = -netmath.equity(net.probs(boards))
    return np.array([values[s:s + n].max() - values[s + int(np.argmax(eq[s:s + n]))] for s, n in groups])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("nets", nargs="+", help="float checkpoints; the first is the reference")
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args(argv)
    groups, boards, values = decisions(args.games)
    print("%d decisions, %d plays" % (len(groups), len(boards)))
    base = None
    for path in args.nets:
        loss = losses(path, groups, boards, values)
        line = "%s: %.5f given away a decision, best play %.1f%%" % (path, loss.mean(), 100 * (loss < 1e-9).mean())
        if base is None:
            base = loss
        else:
            gain = base - loss
            line += ", gain %.5f +- %.5f" % (gain.mean(), gain.std(ddof=1) / math.sqrt(len(gain)))
        print(line)


if __name__ == "__main__":
    main()
