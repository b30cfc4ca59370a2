"""Generates firmware/opponent/weights.py and nets.bin from the trained float networks.

    python -m tools.gen.weights [--net tools/data/evaluator_net.npz] [--race-net tools/data/race_net.npz]
        [--late-net tools/data/late_net.npz]
        [--out firmware/opponent/weights.py] [--nets firmware/opponent/nets.bin]

The contact network (--net), the race network (--race-net: the board's
inputs alone, no features) and the late network (--late-net: the contact
network's inputs) are quantised alike; nets.bin holds each one's board
columns, biases, output layer and feature rows (firmware/opponent/netfile.py
has its layout), weights.py the tables they share.

Quantisation (firmware/opponent/evaluator.py reads it this way):
- first layer W1: int8 at 1/Q1 (Q1 = 2**Q1_BITS), stored as bytes with 128
  added, column k (input k) at [k*HIDDEN, (k+1)*HIDDEN), in nets.bin (read
  by seek) that weights.py names by its stamp (NETS_STAMP);
- hidden sigmoid table: 512 uint8 entries (activation*256, capped at 255) for
  pre-activations -8 .. +8 in steps of 1/32, each at its step's midpoint;
- W2 and B2: ints, W2 at 1/Q2 so that a*W2 (a in 1/256) is at 1/2**16, B2 at
  1/2**16; row j (hidden unit j) holds the five outputs' weights; in
  nets.bin, W2 as little-endian int16, B2 as int32;
- output sigmoid table: 512 little-endian uint16 entries (probability*ONE)
  for logits -8 .. +8 in steps of 1/32, interpolated linearly between them;
- W1F: the first layer's rows for the hand-made features (the inputs after
  the first RAW_INPUTS), ints at 1/2**F_BITS, row k (feature k) at
  [k*HIDDEN, (k+1)*HIDDEN): their inputs reach 36, so 1/32 steps would be
  too coarse; the device sums them apart and shifts the sum to 1/32 once.
  In nets.bin as little-endian int16, read into one buffer for the
  selected network;
- B1: the first layer's biases at 1/2**F_BITS (int32 in nets.bin), the
  features' accumulator's starting value (at 1/32 their rounding alone would cost 0.0003 points of
  held-out equity error);
- LINEAR: the prefilter's equity weight per input, ints in steps of
  2**k/ONE (an array of int16), the finest step whose sums fit the
  device's 16-bit table of them (firmware/opponent/linear.py; the shipped
  fit's at 1/ONE would not hold fifteen checkers on a bar: 2/ONE); only
  the order of its sums counts;
- ESCAPES_NEAR, ESCAPES_FAR: not trained: for each 12-bit mask m of the
  blocked points in front of a checker (bit d-1: distance d), the rolls of
  36 on which it gets past them (tools/train/netmath.py, ESCAPES), for the
  escape and containment features, as two tables of 512 bytes where one
  would take 4,096: ESCAPES[m] = ESCAPES_NEAR[m & 0x1FF] +
  ESCAPES_FAR[(m >> 9) << 6 | m & 0x3F]. A roll that lands within nine
  points depends on the mask's first nine bits alone (NEAR); one that
  lands 10 to 12 points on, on its landing bit and the dice's six (FAR).
Deterministic: the same checkpoint always gives the same file.
"""
import argparse
import hashlib
import os

import numpy as np

from tools.train import netmath

Q1_BITS = 5          # first layer weights in steps of 1/32 (|w| < 4)
Q2_BITS = 8
OUT_BITS = 16        # output pre-activation scale 2**16 (1/256 activations * 1/Q2 weights)
STEP_BITS = 5        # both sigmoid tables in steps of 1/32
F_BITS = 12          # feature rows (and biases) of the first layer in steps of 1/4096
RAW_INPUTS = 202     # inputs stored at 1/32 (slots and checkers off); the rest are W1F
ONE = 10000
NET = "tools/data/evaluator_net.npz"
RACE_NET = "tools/data/race_net.npz"
OUT = "firmware/opponent/weights.py"
NETS = "firmware/opponent/nets.bin"
LATE_NET = "tools/data/late_net.npz"
NETS_VERSION = 3


def _int16_bytes(what, weights, bits):
    """Weights rounded to steps of 1/2**bits, as little-endian int16 bytes
    in row order (the kernels read them in place)."""
    q = np.rint(np.asarray(weights, dtype=np.float64) * (1 << bits)).astype(np.int64)
    if q.size and np.abs(q).max() > 32767:
        raise ValueError("%s holds %d (1/%d), beyond int16" % (what, q.flat[np.abs(q).argmax()], 1 << bits))
    return q.reshape(-1).astype("<i2").tobytes()


def linear_weights(lin):
    """The prefilter's weights as ints in steps of 2**k/ONE, the finest
    that keeps the sums of each slot's four weights at its counts 0 to 15
    within the device's 16-bit table (firmware/opponent/linear.py): only
    the order of the sums counts, so the step is not stored."""
    lin = np.asarray(lin, dtype=np.float64) * ONE
    step = 1
    while True:
        w = np.rint(lin / step).astype(np.int64)
        sums = netmath.linear_slot_sums(w)
        if sums.max() - sums.min() <= 0xFFFF:
            return tuple(int(v) for v in w)
        step *= 2


def quantise(net):
    """Dict of the integer tables for a float network."""
    w1 = np.asarray(net["W1"], dtype=np.float64)
    hidden = w1.shape[1]
    q1 = 1 << Q1_BITS
    w1q = np.clip(np.rint(w1[:RAW_INPUTS] * q1), -127, 127).astype(np.int64) + 128
    w1f = _int16_bytes("a feature row", w1[RAW_INPUTS:], F_BITS)
    b1q = np.rint(np.asarray(net["b1"]) * (1 << F_BITS)).astype(np.int64)
    w2 = _int16_bytes("an output weight", net["W2"], Q2_BITS)
    b2q = np.rint(np.asarray(net["b2"]) * (1 << OUT_BITS)).astype(np.int64)
    x = (np.arange(512) - 256 + 0.5) / (1 << STEP_BITS)
    hsig = np.minimum(np.rint(256.0 / (1.0 + np.exp(-x))), 255).astype(np.uint8)
    xo = (np.arange(512) - 256) / (1 << STEP_BITS)
    osig = np.rint(ONE / (1.0 + np.exp(-xo))).astype("<u2")
    w1 = w1q.astype(np.uint8).tobytes()
    return {
        "HIDDEN": hidden,
        "W1": w1,
        "W1F": w1f,
        "B1": tuple(int(v) for v in b1q),
        "W2": w2,
        "B2": tuple(int(v) for v in b2q),
        "HIDDEN_SIGMOID": hsig.tobytes(),
        "HIDDEN_SHIFT": Q1_BITS - STEP_BITS,
        "OUTPUT_SIGMOID": osig.tobytes(),
        "OUTPUT_SHIFT": OUT_BITS - STEP_BITS,
        "OUTPUT_ZERO": 256 << (OUT_BITS - STEP_BITS),
        "FEATURE_SHIFT": F_BITS - Q1_BITS,
        "LINEAR": linear_weights(net["lin"]),
        "ESCAPES_NEAR": escapes_part(9, 0),
        "ESCAPES_FAR": escapes_part(12, 10),
    }


def escapes_part(last, first_land):
    """512 bytes: the escapes of the rolls landing first_land or more (and at
    most `last`) points on, indexed by the mask's bits they depend on: the
    first `last` bits when first_land is 0 (NEAR); the three landing bits
    above the dice's six, then those six, otherwise (FAR)."""
    rolls = [(w, land, pair) for w, land, pair in netmath.ESCAPE_ROLLS
             if first_land <= land.bit_length() <= last]
    out = bytearray(512)
    for k in range(512):
        m = k if first_land == 0 else (k >> 6) << 9 | (k & 0x3F)
        out[k] = sum(w for w, land, pair in rolls if not m & land and m & pair != pair)
    return bytes(out)


def _bytes_literal(data, per_line=20):
    data = bytes(data)
    lines = ["    " + repr(data[i:i + per_line]) for i in range(0, len(data), per_line)]
    return "(\n" + "\n".join(lines) + "\n)"


def _array_literal(typecode, size, values, per_line=8):
    """An array of `typecode` (`size`-byte little-endian signed ints) made
    from a bytes literal: once the module has run only the array is left,
    where a tuple would hold a word per value and a copy besides."""
    data = b"".join(int(v).to_bytes(size, "little", signed=True) for v in values)
    step = per_line * size
    lines = ["    " + repr(data[i:i + step]) for i in range(0, len(data), step)]
    return 'array("%s", (\n' % typecode + "\n".join(lines) + "\n))"


def render(tables, source):
    """Text of the weights module."""
    out = [
        '"""Evaluator weights: generated by `python -m tools.gen.weights` from %s.' % source,
        "",
        "Do not edit: regenerate. Layout and scales: tools/gen/weights.py.",
        '"""',
        "from array import array",
        "",
        "from micropython import const",
        "",
        "HIDDEN = const(%d)" % tables["HIDDEN"],
        "HIDDEN_SHIFT = const(%d)" % tables["HIDDEN_SHIFT"],
        "OUTPUT_SHIFT = const(%d)" % tables["OUTPUT_SHIFT"],
        "OUTPUT_ZERO = const(%d)" % tables["OUTPUT_ZERO"],
        "FEATURE_SHIFT = const(%d)" % tables["FEATURE_SHIFT"],
        "NETS_STAMP = const(%d)     # nets.bin's stamp: the networks' board columns, output layers and feature rows"
        % tables["NETS_STAMP"],
        "",
        "HIDDEN_SIGMOID = " + _bytes_literal(tables["HIDDEN_SIGMOID"]),
        "OUTPUT_SIGMOID = " + _bytes_literal(tables["OUTPUT_SIGMOID"]),
        "LINEAR = " + _array_literal("h", 2, tables["LINEAR"], 16),
        "ESCAPES_NEAR = " + _bytes_literal(tables["ESCAPES_NEAR"]),
        "ESCAPES_FAR = " + _bytes_literal(tables["ESCAPES_FAR"]),
        "",
    ]
    return "\n".join(out)


def _section(tables):
    """A network's bytes in nets.bin: its board columns, biases, output
    layer, output biases, the accumulator of a board with every checker
    off (fifteen times each checkers-off column, as stored), and its
    feature rows if it has any."""
    hidden = tables["HIDDEN"]
    columns = np.frombuffer(tables["W1"], dtype=np.uint8).reshape(-1, hidden).astype(np.int64)
    empty = 15 * (columns[RAW_INPUTS - 2] + columns[RAW_INPUTS - 1])
    return (tables["W1"] + np.asarray(tables["B1"], dtype="<i4").tobytes() + tables["W2"]
            + np.asarray(tables["B2"], dtype="<i4").tobytes() + empty.astype("<i4").tobytes() + tables["W1F"])


def nets_file(contact, race, late):
    """Bytes of nets.bin (header: firmware/opponent/netfile.py) for the
    three networks' tables, and its stamp."""
    hidden = contact["HIDDEN"]
    for name, other, featured in (("race", race, False), ("late", late, True)):
        if other["HIDDEN"] != hidden or len(other["W1"]) != len(contact["W1"]):
            raise ValueError("the %s network has %d hidden units and %d board inputs; the contact network %d and %d"
                             % (name, other["HIDDEN"], len(other["W1"]) // other["HIDDEN"], hidden,
                                len(contact["W1"]) // hidden))
        if featured and len(other["W1F"]) != len(contact["W1F"]):
            raise ValueError("the late network has %d feature rows; the contact network %d"
                             % (len(other["W1F"]) // (2 * hidden), len(contact["W1F"]) // (2 * hidden)))
    if race["W1F"]:
        raise ValueError("the race network has feature rows; it takes the board's inputs alone")
    body = _section(contact) + _section(race) + _section(late)
    stamp = int.from_bytes(hashlib.sha256(body).digest()[:3], "little")
    head = (b"BLNW" + bytes((NETS_VERSION, 3)) + hidden.to_bytes(2, "little")
            + (len(contact["W1"]) // hidden).to_bytes(2, "little") + stamp.to_bytes(4, "little") + bytes(2))
    return head + body, stamp


def table_bytes(tables, *others):
    """Flash size of the tables: bytes as bytes, the linear weights at 2
    bytes an int; the network's part of nets.bin (board columns, biases,
    output layer, the empty board's accumulator, feature rows), and each
    other network's."""
    size = (len(tables["HIDDEN_SIGMOID"]) + len(tables["OUTPUT_SIGMOID"])
            + len(tables["ESCAPES_NEAR"]) + len(tables["ESCAPES_FAR"]) + 2 * len(tables["LINEAR"])
            + len(_section(tables)))
    return size + sum(len(_section(t)) for t in others)


def _build(net_path, race_path, late_path):
    """(contact tables, race tables, late tables, text of weights.py, bytes of nets.bin)."""
    tables = quantise(np.load(net_path))
    race = quantise(np.load(race_path))
    late = quantise(np.load(late_path))
    nets, tables["NETS_STAMP"] = nets_file(tables, race, late)
    return tables, race, late, render(tables, "%s, %s and %s" % (net_path, race_path, late_path)), nets


def generate(net_path=NET, race_path=RACE_NET, late_path=LATE_NET):
    """(text of weights.py, bytes of nets.bin) for the float networks."""
    return _build(net_path, race_path, late_path)[3:]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--net", default=NET)
    ap.add_argument("--race-net", default=RACE_NET)
    ap.add_argument("--late-net", default=LATE_NET)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--nets", default=None,
                    help="where nets.bin goes (default: beside --out)")
    args = ap.parse_args(argv)
    nets_path = args.nets or os.path.join(os.path.dirname(args.out), os.path.basename(NETS))
    tables, race, late, text, nets = _build(args.net, args.race_net, args.late_net)
    with open(args.out, "w") as f:
        f.write(text)
    with open(nets_path, "wb") as f:
        f.write(nets)
    print("%s and %s: %d hidden, %d bytes of tables, sha256 %s and %s" % (
        args.out, nets_path, tables["HIDDEN"], table_bytes(tables, race, late),
        hashlib.sha256(text.encode()).hexdigest()[:16], hashlib.sha256(nets).hexdigest()[:16]))


if __name__ == "__main__":
    main()
