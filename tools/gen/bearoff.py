"""Generates firmware/opponent/bearoff.bin: the one-sided bear-off database.

    python -m tools.gen.bearoff [--checkers 13] [--out firmware/opponent/bearoff.bin]

For every home board of up to CHECKERS checkers on the six home points
(27,132 boards for 13; 54,264 for all 15) the probability of bearing off in
exactly k rolls, each roll played to make the expected number of rolls
smallest (ties to the lowest rank), as GNU Backgammon's one-sided database
does. Deterministic: the same file every run.

File layout (little-endian; firmware/opponent/bearoff.py reads it by seek):
- header, 16 bytes: b"BOFF", version 1, points 6, CHECKERS, BLOCK (boards per
  block), the number of boards (uint32), the records' offset (uint32);
- one uint32 per block of BLOCK boards: the file offset of its first record;
- one record per board in rank order: a byte (start << 4) | (width - 1),
  then `width` uint16: P(exactly start + i rolls) in 1/SCALE. The entries
  are differences of the rounded cumulative distribution, so they sum to
  SCALE exactly and every partial sum is within half a step of the truth;
  rolls whose rounded share is 0 at either end are left out.
The rank of a board with counts c1..c6 (point 1 first) and partial sums
s_k = c1 + ... + ck is the sum over k of C(s_k + k - 1, k): boards of fewer
checkers come first, so the file for fewer checkers is a prefix of this one.
"""
import argparse
import functools
import hashlib
import struct

import numpy as np

POINTS = 6
CHECKERS = 13           # the most checkers a side has in the shipped file
BLOCK = 16
SCALE = 16384           # entries in 1/SCALE: products of two fit a small int
MAX_ROLLS = 48          # the distributions' length while generating
MAGIC = b"BOFF"
VERSION = 1
HEADER = 16
OUT = "firmware/opponent/bearoff.bin"
ROLLS = [(a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)]


def choose(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def count(checkers=CHECKERS):
    """Positions of up to `checkers` checkers on the six points."""
    return choose(checkers + POINTS, POINTS)


def rank(counts):
    """Index of a home board (counts on points 1..6): the colex rank of the
    partial sums s_k as the set {s_k + k - 1}, so positions of fewer
    checkers come first."""
    r = 0
    s = 0
    for k in range(POINTS):
        s += counts[k]
        r += choose(s + k, k + 1)
    return r


def boards(checkers=CHECKERS):
    """Every home board of up to `checkers` checkers, in rank order."""
    out = []

    def fill(prefix, left):
        if len(prefix) == POINTS - 1:
            for last in range(left + 1):
                out.append(tuple(prefix) + (last,))
            return
        for c in range(left + 1):
            fill(prefix + [c], left - c)
    fill([], checkers)
    out.sort(key=rank)
    return out


@functools.lru_cache(maxsize=None)
def die_moves(counts, d):
    """Boards after playing one die d (every checker that may move)."""
    top = POINTS
    while top and not counts[top - 1]:
        top -= 1
    out = []
    for p in range(1, top + 1):
        if not counts[p - 1]:
            continue
        if p > d:
            b = list(counts)
            b[p - 1] -= 1
            b[p - d - 1] += 1
        elif p == d or p == top:
            # bear off from the die's point, or from the highest point
            # when the die is larger than every checker's distance
            b = list(counts)
            b[p - 1] -= 1
        else:
            continue
        out.append(tuple(b))
    return out


def plays(counts, d1, d2):
    """Distinct boards after a roll. In a bear-off every die is playable while
    a checker is left, so a play uses both dice (four steps for a double)."""
    orders = ((d1,) * 4,) if d1 == d2 else ((d1, d2), (d2, d1))
    found = set()
    for dice in orders:
        level = {counts}
        for d in dice:
            nxt = set()
            for b in level:
                if sum(b):
                    nxt.update(die_moves(b, d))
                else:
                    nxt.add(b)
            level = nxt
        found |= level
    return found


def distributions(checkers=CHECKERS):
    """float64 (count, MAX_ROLLS): P(bear off in exactly i rolls), by rank.

    Each roll is played to the board with the fewest expected rolls, ties to
    the lowest rank."""
    order = boards(checkers)
    index = {b: r for r, b in enumerate(order)}
    dist = np.zeros((len(order), MAX_ROLLS))
    mean = np.zeros(len(order))
    dist[0, 0] = 1.0
    # fewer pips first: every board a roll leads to is done before
    for b in sorted(order[1:], key=lambda b: (sum((i + 1) * c for i, c in enumerate(b)), index[b])):
        r = index[b]
        mix = np.zeros(MAX_ROLLS)
        for d1, d2, w in ROLLS:
            best = min((mean[index[c]], index[c]) for c in plays(b, d1, d2))[1]
            mix += w * dist[best]
        mix /= 36.0
        dist[r, 1:] = mix[:-1]
        mean[r] = float(np.dot(np.arange(MAX_ROLLS), dist[r]))
        if mix[-1] > 1e-12:
            raise ValueError("board %r needs more than %d rolls" % (b, MAX_ROLLS))
    return dist


def record(row):
    """Bytes of one board's record from its float distribution."""
    cum = np.rint(np.cumsum(row) * SCALE).astype(np.int64)
    cum[-1] = SCALE
    steps = np.diff(np.concatenate([[0], cum]))
    nz = np.nonzero(steps)[0]
    start, end = int(nz[0]), int(nz[-1]) + 1
    width = end - start
    if start > 15 or not 1 <= width <= 16:
        raise ValueError("rolls %d..%d do not fit a record's byte" % (start, end - 1))
    return bytes([start << 4 | (width - 1)]) + struct.pack("<%dH" % width, *steps[start:end])


def build(checkers=CHECKERS):
    """The file's bytes for boards of up to `checkers` checkers."""
    records = [record(row) for row in distributions(checkers)]
    n = len(records)
    blocks = -(-n // BLOCK)
    at = HEADER + 4 * blocks
    index = []
    for b in range(blocks):
        index.append(at)
        at += sum(len(r) for r in records[b * BLOCK:(b + 1) * BLOCK])
    head = MAGIC + bytes([VERSION, POINTS, checkers, BLOCK]) + struct.pack("<II", n, HEADER + 4 * blocks)
    return head + struct.pack("<%dI" % blocks, *index) + b"".join(records)


def read_records(data):
    """[(start, [entries])] of every board in a file's bytes, by rank."""
    n, first = struct.unpack_from("<II", data, 8)
    out = []
    at = first
    for _ in range(n):
        start, width = data[at] >> 4, (data[at] & 15) + 1
        out.append((start, list(struct.unpack_from("<%dH" % width, data, at + 1))))
        at += 1 + 2 * width
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkers", type=int, default=CHECKERS)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    data = build(args.checkers)
    with open(args.out, "wb") as f:
        f.write(data)
    print("%s: %d boards of up to %d checkers, %d bytes, sha256 %s" % (
        args.out, count(args.checkers), args.checkers, len(data),
        hashlib.sha256(data).hexdigest()[:16]))


if __name__ == "__main__":
    main()
