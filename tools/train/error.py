"""Equity error of trained networks against labelled positions, float and integer.

    python -m tools.train.error --data build/train/d2_41.npz --sample 40000 \
        --net tools/data/evaluator_net.npz OTHER.npz

For each checkpoint: the mean absolute cubeless equity error (points) of the
float network and of its integer tables (tools.gen.weights' quantisation,
scored by tools.train.netmath.IntNet as the device scores them, the bear-off
database included) against the data's labels, and the integer tables'
distance from their own float network. The bear-offs (both sides home),
where the database may answer, count in the integer figures only, so the
float figures leave them out and the integer ones are given both ways.
"""
import argparse
import json
import types

import numpy as np

from tools.train import netmath


def errors(path, boards, labels):
    from tools.gen import weights as gen_weights
    net = {k: v for k, v in np.load(path).items()}
    x = netmath.encode(boards)
    flo = netmath.equity(netmath.float_probs(net, x), 1.0)
    tables = types.SimpleNamespace(**gen_weights.quantise(net))
    ints = netmath.equity(netmath.IntNet(tables).probs(boards) / netmath.ONE, 1.0)
    over, _ = netmath.terminal_probs(boards)
    net_only = ~over & ~netmath.both_home(boards)
    return {"float": round(float(np.abs(flo - labels)[net_only].mean()), 4),
            "integer": round(float(np.abs(ints - labels)[net_only].mean()), 4),
            "integer, bear-offs included": round(float(np.abs(ints - labels)[~over].mean()), 4),
            "integer from float": round(float(np.abs(ints - flo)[net_only].mean()), 4)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="a tools.train.data file")
    ap.add_argument("--net", nargs="+", required=True, help="float checkpoints")
    ap.add_argument("--sample", type=int, default=0, help="this many positions at random (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    d = np.load(args.data)
    boards, probs = d["boards"], d["probs"].astype(np.float64)
    if args.sample and args.sample < len(boards):
        pick = np.random.default_rng(args.seed).choice(len(boards), args.sample, replace=False)
        boards, probs = boards[pick], probs[pick]
    labels = netmath.equity(probs, 1.0)
    out = {"data": args.data, "positions": len(boards)}
    for path in args.net:
        out[path] = errors(path, boards, labels)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
