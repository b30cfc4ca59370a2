"""Trains the evaluator's network on gnubg-labelled positions (numpy only).

    python -m tools.train.net --data build/train/data1.npz build/train/data2.npz \
        --hidden 64 --epochs 12 --out tools/data/evaluator_net.npz

Supervised learning: inputs from tools.train.netmath.encode, one sigmoid hidden
layer, five sigmoid outputs, cross-entropy against gnubg's probabilities,
Adam with a step-decayed learning rate, fixed seed. Every epoch the float
checkpoint and the optimiser state are saved (--out and --out + ".state.npz"),
so `--resume` continues an interrupted run. 5% of the positions are held
out; the report gives their equity error in points (float and integer nets).

Quantisation-aware finish: `--fixed-raw` rounds the first layer's raw rows
(the slot and checkers-off inputs) to the device's int8 steps and holds
them there while the rest (the feature rows, the biases, the output layer)
trains around the rounding; `--teacher CHECKPOINT` makes the labels that
float network's own outputs, so the rounded network learns to answer as
the float one did rather than something new:

    python -m tools.train.net --data D1 D2 D3 --init NET --teacher NET --fixed-raw \
        --epochs 3 --lr 0.0002 --out ROUNDED
"""
import argparse
import os
import time

import numpy as np

from tools.train import netmath


def _read(paths):
    boards = []
    probs = []
    for p in paths:
        d = np.load(p)
        boards.append(d["boards"])
        probs.append(d["probs"])
    return np.concatenate(boards), np.concatenate(probs).astype(np.float32)


def load(paths, blend=None, share=0.5):
    """(boards, probs) of the data files, one of each position. blend: files
    of the same positions in the same order under other labels (the same
    games labelled at another ply), averaged in with weight `share`."""
    boards, probs = _read(paths)
    if blend:
        other_boards, other = _read(blend)
        if other_boards.shape != boards.shape or not (other_boards == boards).all():
            raise ValueError("the blended files do not hold the same positions in the same order")
        probs = (1 - share) * probs + share * other
    # Mirror-free duplicates add nothing; keep one of each position.
    _, idx = np.unique(boards, axis=0, return_index=True)
    idx.sort()
    return boards[idx], probs[idx]


def init_net(rng, hidden, inputs=netmath.INPUTS):
    return {
        "W1": (rng.normal(0, 0.1, (inputs, hidden))).astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "W2": (rng.normal(0, 0.1, (hidden, 5))).astype(np.float32),
        "b2": np.zeros(5, dtype=np.float32),
    }


def widen(old, inputs=netmath.INPUTS, hidden=None):
    """A checkpoint's network with zero first-layer rows for inputs it lacks,
    and, when `hidden` is more than it has, new hidden units whose weights
    in and out start small and random (seeded: a rerun widens alike), so
    the network it was still answers nearly as before."""
    net = {k: np.asarray(old[k], dtype=np.float32).copy() for k in ("W1", "b1", "W2", "b2")}
    w1 = np.zeros((inputs, net["W1"].shape[1]), dtype=np.float32)
    w1[:len(net["W1"])] = net["W1"]
    net["W1"] = w1
    extra = (hidden or 0) - w1.shape[1]
    if hidden and extra < 0:
        raise ValueError("the checkpoint has %d hidden units, more than %d" % (w1.shape[1], hidden))
    if extra > 0:
        rng = np.random.default_rng(3)
        net["W1"] = np.concatenate([w1, rng.normal(0, 0.01, (inputs, extra)).astype(np.float32)], 1)
        net["b1"] = np.concatenate([net["b1"], np.zeros(extra, np.float32)])
        net["W2"] = np.concatenate([net["W2"], rng.normal(0, 0.01, (extra, 5)).astype(np.float32)], 0)
    return net


def equity_error(p, t):
    return float(np.mean(np.abs(netmath.equity(p, 1.0) - netmath.equity(t, 1.0))))


def round_raw(net):
    """The first layer's raw rows at the device's int8 steps (tools.gen.weights)."""
    from tools.gen import weights as gen_weights
    q = float(1 << gen_weights.Q1_BITS)
    raw = net["W1"][:netmath.RAW_INPUTS]
    raw[...] = np.clip(np.rint(raw * q), -127, 127) / q


def train(x, y, net, state, epochs, batch, lr, rng, log, save, fixed_raw=False):
    keys = ("W1", "b1", "W2", "b2")
    m = state.get("m") or {k: np.zeros_like(net[k]) for k in keys}
    v = state.get("v") or {k: np.zeros_like(net[k]) for k in keys}
    step = int(state.get("step", 0))
    start_epoch = int(state.get("epoch", 0))
    b1m, b2m, eps = 0.9, 0.999, 1e-8
    n = len(x)
    for epoch in range(start_epoch, epochs):
        rate = lr * 0.5 ** (5.0 * epoch / epochs)
        order = rng.permutation(n)
        t0 = time.time()
        loss_sum = 0.0
        for s in range(0, n, batch):
            i = order[s:s + batch]
            xb = x[i].astype(np.float32)
            yb = y[i]
            h = netmath.sigmoid(xb @ net["W1"] + net["b1"])
            o = netmath.sigmoid(h @ net["W2"] + net["b2"])
            # Cross-entropy gradient through a sigmoid output is (o - y).
            go = (o - yb) / len(i)
            loss_sum += float(np.sum((o - yb) ** 2))
            grads = {"W2": h.T @ go, "b2": go.sum(0)}
            gh = (go @ net["W2"].T) * h * (1 - h)
            grads["W1"] = xb.T @ gh
            if fixed_raw:
                grads["W1"][:netmath.RAW_INPUTS] = 0
            grads["b1"] = gh.sum(0)
            step += 1
            for k in keys:
                m[k] = b1m * m[k] + (1 - b1m) * grads[k]
                v[k] = b2m * v[k] + (1 - b2m) * grads[k] ** 2
                mh = m[k] / (1 - b1m ** step)
                vh = v[k] / (1 - b2m ** step)
                net[k] -= (rate * mh / (np.sqrt(vh) + eps)).astype(np.float32)
            # int8 first layer: keep weights inside what quantisation can store.
            np.clip(net["W1"], -3.96, 3.96, out=net["W1"])
            if fixed_raw:
                # the clip moves the outermost step (127/32) off its step
                round_raw(net)
        log(epoch, loss_sum / n, time.time() - t0)
        save(net, {"m": m, "v": v, "step": step, "epoch": epoch + 1})
    return net


def save_state(path, net, state):
    np.savez(path, **net)
    flat = {"step": state["step"], "epoch": state["epoch"]}
    for k in net:
        flat["m_" + k] = state["m"][k]
        flat["v_" + k] = state["v"][k]
    np.savez(path + ".state.npz", **flat)


def load_state(path):
    net = {k: v for k, v in np.load(path).items()}
    s = np.load(path + ".state.npz")
    state = {"step": int(s["step"]), "epoch": int(s["epoch"]),
             "m": {k: s["m_" + k] for k in net}, "v": {k: s["v_" + k] for k in net}}
    return net, state


def fit_linear(x, y, rng, count=200000):
    """Least-squares fit of the cubeless equity on the inputs (no bias: the
    device only compares plays of one roll), for the prefilter."""
    i = rng.choice(len(x), size=min(count, len(x)), replace=False)
    a = x[i, :netmath.RAW_INPUTS].astype(np.float64)
    e = netmath.equity(y[i].astype(np.float64), 1.0)
    a1 = np.concatenate([a, np.ones((len(a), 1))], axis=1)
    coef, *_ = np.linalg.lstsq(a1, e, rcond=None)
    return coef[:-1].astype(np.float32)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", nargs="+", default=["build/train/data1.npz", "build/train/data2.npz"])
    ap.add_argument("--blend", nargs="+",
                    help="the same positions under other labels (another ply), averaged into --data's")
    ap.add_argument("--blend-share", type=float, default=0.5, help="the blended labels' weight")
    ap.add_argument("--hidden", type=int,
                    help="hidden units (default 64; with --init the checkpoint's, or more to widen it)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default="tools/data/evaluator_net.npz")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--init", help="start from this checkpoint (new input rows start at zero, new hidden units small)")
    ap.add_argument("--inputs", type=int, default=netmath.INPUTS,
                    help="use only the first INPUTS inputs (an earlier network's, for the recipe)")
    ap.add_argument("--teacher", help="label every position with this float checkpoint's outputs")
    ap.add_argument("--fixed-raw", action="store_true",
                    help="round the first layer's raw rows to the device's steps and hold them there")
    ap.add_argument("--linear-only", action="store_true",
                    help="only fit the linear prefilter into the --out checkpoint")
    args = ap.parse_args(argv)
    boards, probs = load(args.data, args.blend, args.blend_share)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(boards))
    held = order[: len(boards) // 20]
    used = order[len(boards) // 20:]
    x = netmath.encode(boards)[:, :args.inputs]
    if args.teacher:
        teacher = {k: v for k, v in np.load(args.teacher).items()}
        probs = np.concatenate([netmath.float_probs(teacher, x[i:i + 65536])
                                for i in range(0, len(x), 65536)]).astype(np.float32)
    print("%d positions, %d for training" % (len(boards), len(used)))
    if args.linear_only:
        net = {k: v for k, v in np.load(args.out).items()}
        net["lin"] = fit_linear(x[used], probs[used], rng)
        np.savez(args.out, **net)
        print("linear prefilter fitted into %s" % args.out)
        return
    if args.resume and os.path.exists(args.out + ".state.npz"):
        net, state = load_state(args.out)
        print("resuming at epoch %d" % state["epoch"])
    elif args.init:
        net, state = widen(np.load(args.init), args.inputs, args.hidden), {}
        print("starting from %s" % args.init)
        if args.fixed_raw:
            round_raw(net)
    else:
        net, state = init_net(rng, args.hidden or 64, args.inputs), {}
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)

    def log(epoch, loss, secs):
        p = netmath.float_probs(net, x[held])
        print("epoch %d  mse %.5f  held-out equity error %.4f  (%.0f s)" % (
            epoch, loss, equity_error(p, probs[held]), secs), flush=True)

    train(x[used], probs[used], net, state, args.epochs, args.batch, args.lr, rng, log,
          lambda n, s: save_state(args.out, n, s), args.fixed_raw)
    net["lin"] = fit_linear(x[used], probs[used], rng)
    np.savez(args.out, **net)
    from tools.gen import weights as gen_weights
    import types
    w = types.SimpleNamespace(**gen_weights.quantise(net))
    pi = netmath.IntNet(w).probs(boards[held]) / netmath.ONE
    print("integer net held-out equity error %.4f" % equity_error(pi, probs[held]))


if __name__ == "__main__":
    main()
