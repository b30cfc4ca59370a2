"""The mean of several float checkpoints of one network shape.

    python -m tools.train.average A.npz B.npz [...] --out build/train/mean.npz

Each array is the element-wise mean of the checkpoints' arrays of that name
(weights averaged after fine-tuning from a common start: docs/ai.md,
Training). The checkpoints must hold the same arrays in the same shapes.
"""
import argparse

import numpy as np


def average(paths):
    """{name: mean array} over the checkpoints at paths."""
    nets = [dict(np.load(p).items()) for p in paths]
    names = set(nets[0])
    for p, net in zip(paths, nets):
        if set(net) != names:
            raise ValueError("%s holds %s, not %s" % (p, sorted(net), sorted(names)))
        for k in names:
            if net[k].shape != nets[0][k].shape:
                raise ValueError("%s: %s is %s, not %s" % (p, k, net[k].shape, nets[0][k].shape))
    return {k: np.mean([net[k] for net in nets], axis=0).astype(nets[0][k].dtype) for k in names}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkpoints", nargs="+")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    np.savez(args.out, **average(args.checkpoints))
    print("mean of %d checkpoints -> %s" % (len(args.checkpoints), args.out))


if __name__ == "__main__":
    main()
