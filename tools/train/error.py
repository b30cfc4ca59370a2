"""Equity error of trained networks against labelled positions, float and integer.

    python -m tools.train.error --data build/train/d2_41.npz --sample 40000 \
        --net tools/data/evaluator_net.npz OTHER.npz [--classes]

For each checkpoint: the mean absolute cubeless equity error (points) of the
float network and of its integer tables (tools.gen.weights' quantisation,
scored by tools.train.netmath.IntNet as the device scores them, the bear-off
database included) against the data's labels, and the integer tables'
distance from their own float network. The bear-offs (both sides home),
where the database may answer, count in the integer figures only, so the
float figures leave them out and the integer ones are given both ways.
--classes splits the integer error by GNU Backgammon's class of each
position (the network it would answer with: contact, crashed, race; its
bear-off databases, both classes of them; over): each class's share of
the positions, its mean error and its share of the whole error.
"""
import argparse
import json
import types

import numpy as np

from tools.train import netmath


def gnubg_classes(boards):
    """GNU Backgammon's class name of each position (side on roll first);
    gnubg_nn names its classes but one, a second bear-off class (its
    two-sided database), counted here as "bear-off"."""
    import gnubg_nn
    from tools.train.data import to_gnubg
    names = {gnubg_nn.c_over: "over", gnubg_nn.c_bearoff: "bear-off", gnubg_nn.c_race: "race",
             gnubg_nn.c_crashed: "crashed", gnubg_nn.c_contact: "contact"}
    return np.array([names.get(gnubg_nn.classify(to_gnubg([int(v) for v in b])), "bear-off") for b in boards])


def by_class(error, classes):
    out = {}
    for name in ("contact", "crashed", "race", "bear-off", "over"):
        m = classes == name
        if m.any():
            out[name] = {"positions": round(float(m.mean()), 3), "integer": round(float(error[m].mean()), 4),
                         "share of the error": round(float(error[m].sum() / error.sum()), 3)}
    return out


def errors(path, boards, labels, classes=None):
    from tools.gen import weights as gen_weights
    net = {k: v for k, v in np.load(path).items()}
    x = netmath.encode(boards)
    flo = netmath.equity(netmath.float_probs(net, x), 1.0)
    tables = types.SimpleNamespace(**gen_weights.quantise(net))
    ints = netmath.equity(netmath.IntNet(tables).probs(boards) / netmath.ONE, 1.0)
    over, _ = netmath.terminal_probs(boards)
    net_only = ~over & ~netmath.both_home(boards)
    out = {"float": round(float(np.abs(flo - labels)[net_only].mean()), 4),
           "integer": round(float(np.abs(ints - labels)[net_only].mean()), 4),
           "integer, bear-offs included": round(float(np.abs(ints - labels)[~over].mean()), 4),
           "integer from float": round(float(np.abs(ints - flo)[net_only].mean()), 4)}
    if classes is not None:
        out["by class"] = by_class(np.abs(ints - labels), classes)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="a tools.train.data file")
    ap.add_argument("--net", nargs="+", required=True, help="float checkpoints")
    ap.add_argument("--sample", type=int, default=0, help="this many positions at random (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--classes", action="store_true", help="the integer error by GNU Backgammon's class too")
    args = ap.parse_args(argv)
    d = np.load(args.data)
    boards, probs = d["boards"], d["probs"].astype(np.float64)
    if args.sample and args.sample < len(boards):
        pick = np.random.default_rng(args.seed).choice(len(boards), args.sample, replace=False)
        boards, probs = boards[pick], probs[pick]
    labels = netmath.equity(probs, 1.0)
    out = {"data": args.data, "positions": len(boards)}
    classes = gnubg_classes(boards) if args.classes else None
    for path in args.net:
        out[path] = errors(path, boards, labels, classes)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
