"""Host-side (numpy) twins of firmware/opponent/evaluator.py: its inputs, the float
network trained by tools/train/net.py, and the integer network exactly as the
device computes it, for whole batches of positions.

tests/opponent/test_evaluator_twin.py checks that int_probs() equals
firmware.opponent.evaluator.evaluate() position by position, so benchmarks may use the
fast twin and still measure what ships.
"""
import numpy as np

RAW_INPUTS = 202       # slot units and checkers off; the linear prefilter's inputs
FEATURES = 37          # hand-made inputs after them (features() below)
INPUTS = RAW_INPUTS + FEATURES
ONE = 10000

# Distances a roll can hit with (one die, both, and a double's three and four
# steps), as bit masks over distances 1..24, one per roll of 36 (ordered).
ROLL_MASKS = []
for _a in range(1, 7):
    for _b in range(1, 7):
        _m = (1 << _a) | (1 << _b) | (1 << (_a + _b))
        if _a == _b:
            _m |= (1 << 3 * _a) | (1 << 4 * _a)
        ROLL_MASKS.append(_m)


def as_array(boards):
    """(N, 50) int64 array from an array or a sequence of 50-byte boards."""
    if isinstance(boards, np.ndarray):
        return boards.astype(np.int64).reshape(-1, 50)
    return np.frombuffer(b"".join(bytes(b) for b in boards), dtype=np.uint8).astype(np.int64).reshape(-1, 50)


# HIT_ROLLS[d - 1, r]: roll r of ROLL_MASKS hits from distance d;
# HIT_FROM[q - 1, d - 1]: the index in a board's first 25 counts (ours) of the
# point that hits the other side's point q from distance d (its 25 - q + d),
# or 25, a column that stays empty, where that is beyond the bar.
HIT_ROLLS = np.array([[(m >> d) & 1 for m in ROLL_MASKS] for d in range(1, 25)], dtype=np.float32)
HIT_FROM = np.array([[25 - q + d - 1 if d <= q else 25 for d in range(1, 25)] for q in range(1, 25)])


def _hits(b):
    """(shots, pip loss) of the side on roll, as the device's kernels._hits:
    the rolls of 36 on which it hits one of the other side's blots directly
    (from any of its checkers, bar included; points in between are not
    checked), and for each such roll the pips the costliest blot it hits
    goes back (a blot on its point q: 25 - q), summed, in quarters."""
    occ = np.zeros((len(b), 26), dtype=np.float32)
    occ[:, :25] = b[:, :25] > 0
    blot = (b[:, 25:49] == 1).astype(np.float32)
    hitters = occ[:, HIT_FROM] * blot[:, :, None]             # (N, q, d)
    hit = (hitters @ HIT_ROLLS) > 0                          # (N, q, roll)
    hits = hit.any(axis=1)
    # each roll's costliest blot is its first q
    loss = np.where(hits, 24 - hit.argmax(axis=1), 0).sum(1)
    return hits.sum(1), (loss + 2) >> 2


def _prime(b):
    """Longest run of the side's points 1..24 holding two checkers or more."""
    best = np.zeros(len(b), dtype=np.int64)
    run = np.zeros(len(b), dtype=np.int64)
    for i in range(24):
        run = np.where(b[:, i] >= 2, run + 1, 0)
        best = np.maximum(best, run)
    return best


# The 21 rolls as (weight of 36, landing bit, pair bits) over a 12-bit mask
# of blocked distances (bit d-1: distance d): a roll escapes when its
# landing distance is open and so is one of the two dice (a double's one
# die) on the way, as gnubg's Escapes().
ESCAPE_ROLLS = [(1 if a == b else 2, 1 << (a + b - 1), (1 << (a - 1)) | (1 << (b - 1)))
                for a in range(1, 7) for b in range(a, 7)]
ESCAPES = np.array([sum(w for w, land, pair in ESCAPE_ROLLS if not m & land and m & pair != pair)
                    for m in range(4096)], dtype=np.int64)


def _made(b):
    """Bit k: the other side holds two or more on its point k (1..24)."""
    bits = np.int64(1) << np.arange(1, 25, dtype=np.int64)
    return ((b[:, 25:49] >= 2) * bits).sum(1)


def _escapes(made, p):
    """Rolls of 36 on which the side's checker on its point p gets past the
    other side's points (made: _made) in the 12 points in front of it."""
    return ESCAPES[(made >> (26 - p)) & 0xFFF]


def _contact(b):
    """(escapes of the side's rearmost checker, the other side's
    containment of it: 36 less the fewest escapes from its points 15..24,
    rolls of 36 the side fails to enter from the bar) for each board."""
    made = _made(b)
    back = _back(b)
    esc = np.where(back > 0, _escapes(made, np.maximum(back, 1)), 36)
    least = np.full(len(b), 36, dtype=np.int64)
    for p in range(15, 25):
        least = np.minimum(least, _escapes(made, p))
    closed = np.zeros(len(b), dtype=np.int64)
    for k in range(1, 7):
        closed += (made >> k) & 1
    dance = np.where(b[:, 24] > 0, closed * closed, 0)
    return esc, 36 - least, dance


def _back(b):
    """Point of the side's rearmost checker (25 = bar, 0 = none left)."""
    pts = np.arange(1, 26)
    return ((b[:, :25] > 0) * pts).max(1)


def is_race(boards):
    """bool (N,): the sides are past each other (no hit is possible again)."""
    b = as_array(boards)
    return _passed(b, flip_array(b))


def _passed(b, f):
    """is_race of boards b whose flipped boards are f."""
    return _back(b) + _back(f) <= 25


SHAPES = ("back", "anchor", "forward", "freepip", "timing", "mobility",
          "moment", "backbone", "backgame", "backgame1", "acontain", "acontain2")
"""The 24 features after the first 13: each of these for the side on roll,
then for the other side (features())."""


def _shape(own, made_opp, ob):
    """The first ten SHAPES of one side, as a list of (N,) int64: own, the
    side's counts (N, 25) (index i: its point i + 1; 24: the bar);
    made_opp, the other side's made points (_made of the side's board);
    ob, the other side's rearmost checker as an index in the side's
    numbering (24 - its _back: -1 on the bar, 24 when it has none left).

    back: the point of the rearmost checker (25 the bar, 0 none);
    anchor: the side's highest point holding two or more (0 none);
    forward: 25 less its lowest such point in 19..24, else less its highest
      in 13..18, else 12;
    freepip: the pips of the checkers already past the other side's
      rearmost checker, in quarters;
    timing: the pips the side can play before it must break its home
      board, gnubg's I_TIMING: the bar at 24 pips; points 13..24 past the
      other side's rearmost checker keep two (a blot counts as one
      checker to move); other points from the 7 up give all theirs; then
      from the 6 point down each home point's spares go in and each open
      or single point takes back the checkers that would fill it, while
      the pips gathered hold them; in quarters;
    mobility: each checker from the 7 point up (bar included) weighted by
      how far it is from home (its point less 6) times its escapes past
      the other side's points, in 64ths;
    moment: the one-sided second moment: the mean squared distance of the
      checkers beyond the mean point (both means rounded up), in quarters;
    backbone: 64 less 64 times the share of connectivity between the
      side's made points: each made point weighs its checkers by how well
      the next made point below supports it (11 within 6 points, 13 less
      the gap up to 11, 0 beyond);
    backgame: with two or more points made in 19..24, the checkers there
      and on the bar less 3 (else 0);
    backgame1: with exactly one such point, the checkers there and on the
      bar (else 0)."""
    n = len(own)
    idx = np.arange(25)
    occ = own > 0
    back = (occ * (idx + 1)).max(1)
    made = own[:, :24] >= 2
    below = made & (np.arange(1, 25) <= back[:, None])
    anchor = (below * np.arange(1, 25)).max(1)
    forward = np.full(n, 12)
    found = np.zeros(n, bool)
    for p in range(19, 25):
        hit = ~found & made[:, p - 1] & (p <= anchor)
        forward = np.where(hit, 25 - p, forward)
        found |= hit
    for p in range(18, 12, -1):
        hit = ~found & made[:, p - 1]
        forward = np.where(hit, 25 - p, forward)
        found |= hit
    free = ((idx[:24] < ob[:, None]) * own[:, :24] * (idx[:24] + 1)).sum(1)
    # timing: the bar, the outfield and the points before home, then the
    # home board from its highest point down
    t = 24 * own[:, 24]
    no = own[:, 24].copy()
    for i in range(23, 11, -1):
        c = own[:, i]
        act = (i > ob) & (c > 0) & (c != 2)
        m = np.where(c > 2, c - 2, 1)
        no = no + np.where(act, m, 0)
        t = t + np.where(act, i * m, 0)
    for i in range(23, 5, -1):
        c = own[:, i]
        act = ((i <= ob) | (i < 12)) & (c > 0)
        no = no + np.where(act, c, 0)
        t = t + np.where(act, i * c, 0)
    for i in range(5, -1, -1):
        c = own[:, i]
        over = c > 2
        t = t + np.where(over, i * (c - 2), 0)
        no = no + np.where(over, c - 2, 0)
        need = np.where(c < 2, 2 - c, 0)
        ok = (c < 2) & (no >= need)
        t = t - np.where(ok, i * need, 0)
        no = no - np.where(ok, need, 0)
    timing = np.maximum(t, 0)
    mob = np.zeros(n, dtype=np.int64)
    for i in range(6, 25):
        mob += (i - 5) * own[:, i] * _escapes(made_opp, i + 1)
    tot = own.sum(1)
    s = (own * idx).sum(1)
    mean = np.where(tot > 0, (s + tot - 1) // np.maximum(tot, 1), 0)
    dd = idx[None, :] - mean[:, None]
    beyond = dd > 0
    j = (own * beyond).sum(1)
    k = (own * beyond * dd * dd).sum(1)
    moment = np.where(j > 0, (k + j - 1) // np.maximum(j, 1), 0)
    # backbone: each made point from the 24 down to the 2 weighs the made
    # point above it (pa) by its distance
    pa = np.full(n, -1)
    w = np.zeros(n, dtype=np.int64)
    tt = np.zeros(n, dtype=np.int64)
    rows = np.arange(n)
    for p in range(23, 0, -1):
        m = own[:, p] >= 2
        have = m & (pa >= 0)
        d = pa - p
        c = np.where(d <= 6, 11, np.where(d <= 11, 13 - d, 0))
        cnt = own[rows, np.maximum(pa, 0)]
        w += np.where(have, c * cnt, 0)
        tt += np.where(have, cnt, 0)
        pa = np.where(m, p, pa)
    backbone = np.where(tt > 0, (64 * (11 * tt - w)) // np.maximum(11 * tt, 1), 0)
    nac = (own[:, 18:24] >= 2).sum(1)
    totb = own[:, 18:25].sum(1)
    backg = np.where(nac > 1, totb - 3, 0)
    backg1 = np.where(nac == 1, totb, 0)
    return [back, anchor, forward, (free + 2) >> 2, (timing + 2) >> 2, (mob + 32) >> 6,
            (moment + 2) >> 2, backbone, backg, backg1]


def _acontain(made, opp_back):
    """The last two SHAPES of a side: how well its points (made: the
    side's made points, _made of the flipped board) hold the other side's
    rearmost checker, whose point is opp_back (its _back): acontain, 36
    less the fewest escapes from any of the other side's points 15 to 25
    (the bar) that are not behind that checker (0 when it is past its 15
    point); acontain2, its square in 32nds."""
    least = np.full(len(made), 36, dtype=np.int64)
    for p in range(15, 26):
        least = np.where(p <= opp_back, np.minimum(least, _escapes(made, p)), least)
    a = 36 - least
    return [a, (a * a) >> 5]


def features(boards):
    """int64 (N, FEATURES): shots for us and for them, each side's longest
    prime, and 1 when the sides are past each other (a race); then each
    side's back escapes, containment by the other side, and dance rolls;
    then the pips each side's hits cost the other; then the 24 SHAPES,
    each for us then for them (_shape, _acontain)."""
    b = as_array(boards)
    f = flip_array(b)
    race = _passed(b, f).astype(np.int64)
    eu, cu, du = _contact(b)
    et, ct, dt = _contact(f)
    su, lu = _hits(b)
    st, lt = _hits(f)
    cols = [su, st, _prime(b), _prime(f), race, eu, et, cu, ct, du, dt, lu, lt]
    bu, bt = _back(b), _back(f)
    mu, mt = _made(b), _made(f)
    us = _shape(b[:, :25], mu, 24 - bt) + _acontain(mt, bt)
    them = _shape(f[:, :25], mt, 24 - bu) + _acontain(mu, bu)
    for a, c in zip(us, them):
        cols += [a, c]
    return np.stack(cols, axis=1).astype(np.int64)


def flip_array(b):
    return np.concatenate([b[:, 25:], b[:, :25]], axis=1)


_ENCODE_PART = 262144      # boards a pass: the features' int64 temporaries
                           # of millions at once would take several GB


def encode(boards):
    """uint8 (N, 50) boards -> uint8 (N, INPUTS) inputs, as the device sees them."""
    if len(boards) > _ENCODE_PART:
        return np.concatenate([_encode(boards[i:i + _ENCODE_PART])
                               for i in range(0, len(boards), _ENCODE_PART)])
    return _encode(boards)


def _encode(boards):
    b = as_array(boards)
    n = len(b)
    x = np.zeros((n, 50, 4), dtype=np.uint8)
    x[:, :, 0] = b >= 1
    x[:, :, 1] = b >= 2
    x[:, :, 2] = b >= 3
    x[:, :, 3] = np.maximum(b - 3, 0)
    off = np.stack([15 - b[:, :25].sum(1), 15 - b[:, 25:].sum(1)], axis=1)
    return np.concatenate([x.reshape(n, 200), off.astype(np.uint8),
                           features(b).astype(np.uint8)], axis=1)


def linear_slot_sums(linear):
    """The linear prefilter's weights (RAW_INPUTS of them) summed for each
    slot at each count 0 to 15: int64 (50, 16), slot s at count c the
    weights of its four inputs (c >= 1, c >= 2, c >= 3, c - 3 beyond three)
    at those inputs' values, as firmware/opponent/linear.py's table holds
    them before its offset."""
    w = np.asarray(linear, dtype=np.int64)[:200].reshape(50, 4)
    c = np.arange(16)
    units = np.stack([c >= 1, c >= 2, c >= 3, np.maximum(c - 3, 0)]).astype(np.int64)
    return w @ units


def sigmoid(x):
    # beyond +-80 a float32 sigmoid is 0 or 1 already; the clip keeps exp
    # from overflowing
    return 1.0 / (1.0 + np.exp(-np.clip(x, -80, 80)))


def float_probs(net, x):
    """The float network's five outputs for encoded inputs x."""
    h = sigmoid(x[:, :len(net["W1"])].astype(np.float32) @ net["W1"] + net["b1"])
    return sigmoid(h @ net["W2"] + net["b2"])


def terminal_probs(boards):
    """(mask, probs*ONE) for positions where a side has borne off everything."""
    b = as_array(boards)
    us = b[:, :25].sum(1)
    them = b[:, 25:].sum(1)
    mask = (us == 0) | (them == 0)
    p = np.zeros((len(b), 5), dtype=np.int64)
    won = us == 0
    lost = (them == 0) & ~won
    p[won, 0] = ONE
    p[won & (them == 15), 1] = ONE
    p[won & (them == 15) & (b[:, 43:50].sum(1) > 0), 2] = ONE
    p[lost & (us == 15), 3] = ONE
    p[lost & (us == 15) & (b[:, 18:25].sum(1) > 0), 4] = ONE
    return mask, p


def homes(boards):
    """Masks (us, them): every checker of that side in its home board (or off)."""
    b = as_array(boards)
    return b[:, 6:25].sum(1) == 0, b[:, 31:50].sum(1) == 0


def both_home(boards):
    """Mask of the bear-offs: every checker of both sides in its home board
    (or off), where the bear-off database may answer instead of the network."""
    us, them = homes(boards)
    return us & them


def bearoff_probs(boards, p):
    """Overwrites p's rows (ints in 1/ONE) of the bear-offs that
    firmware/opponent/bearoff.py's database covers with its answer, as the
    device's evaluator does."""
    from firmware.opponent import bearoff
    b = as_array(boards)
    out = [0] * 5
    for i in np.nonzero(both_home(b))[0]:
        if bearoff.probabilities(bytes(b[i].astype(np.uint8)), 0, 25, out) is not None:
            p[i] = out
    return p


def file_tables(w, net=0):
    """The tables a weights module or table dict keeps in nets.bin (W1: the
    board's columns, int8 + 128, column by column; B1, W2 and B2, as ints;
    W1F: the feature rows, int16 in bytes, empty for the race network) for
    network `net` (0 contact, 1 race, 2 late: firmware/opponent/netfile.py):
    a table dict's own (the network it was made from, whatever net), or
    for the firmware's weights module read from the nets.bin it names by
    its stamp."""
    if getattr(w, "W1", None) is not None:
        return (w.W1, np.array(w.B1, dtype=np.int64), np.frombuffer(w.W2, dtype="<i2"),
                np.array(w.B2, dtype=np.int64), w.W1F)
    from firmware.opponent import netfile
    h = w.HIDDEN
    with netfile.open_networks(h, w.NETS_STAMP) as f:
        f.seek(netfile.HEADER + netfile.offset(net, h))
        w1 = f.read(RAW_INPUTS * h)
        b1 = np.frombuffer(f.read(4 * h), dtype="<i4")
        w2 = np.frombuffer(f.read(10 * h), dtype="<i2")
        b2 = np.frombuffer(f.read(20), dtype="<i4")
        f.read(4 * h)       # the empty board's accumulator: the columns give it
        w1f = f.read(netfile.feature_bytes(h)) if net != netfile.RACE else b""
    return w1, b1.astype(np.int64), w2, b2.astype(np.int64), w1f


class IntNet:
    """The integer network from a weights module (firmware.opponent.weights or the
    generator's own output) computing exactly what firmware/opponent/evaluator.py does:
    the contact network, or with net=1 the module's race network (no
    features), with net=2 its late network."""

    def __init__(self, w, bearoff=True, net=0):
        # bearoff=False: the network alone, as before the database
        self.bearoff = bearoff
        h = w.HIDDEN
        self.hidden = h
        w1, b1, w2, b2, w1f = file_tables(w, net)
        self.w1 = (np.frombuffer(w1, dtype=np.uint8).astype(np.int64) - 128).reshape(RAW_INPUTS, h)
        self.w1f = np.frombuffer(w1f, dtype="<i2").astype(np.int64).reshape(-1, h)
        self.inputs = RAW_INPUTS + len(self.w1f)
        self.fshift = w.FEATURE_SHIFT
        self.b1 = b1
        self.w2 = w2.astype(np.int64).reshape(h, 5)
        self.b2 = b2
        self.hsig = np.frombuffer(w.HIDDEN_SIGMOID, dtype=np.uint8).astype(np.int64)
        self.hshift = w.HIDDEN_SHIFT
        self.osig = np.frombuffer(w.OUTPUT_SIGMOID, dtype="<u2").astype(np.int64)
        self.oshift = w.OUTPUT_SHIFT
        self.ozero = w.OUTPUT_ZERO

    def _output(self, v):
        v = v + self.ozero
        i = np.clip(v >> self.oshift, 0, 511)
        lo = self.osig[i]
        hi = self.osig[np.minimum(i + 1, 511)]
        p = lo + (((hi - lo) * (v & ((1 << self.oshift) - 1))) >> self.oshift)
        p = np.where(v <= 0, self.osig[0], p)
        return np.where(i >= 511, self.osig[511], p)

    def probs(self, boards):
        """int64 (N, 5) probabilities in 1/ONE, as firmware.opponent.evaluator.evaluate."""
        x = encode(boards).astype(np.int64)
        acc = x[:, :RAW_INPUTS] @ self.w1
        acc += (x[:, RAW_INPUTS:self.inputs] @ self.w1f + self.b1) >> self.fshift
        v = np.clip((acc + (256 << self.hshift)) >> self.hshift, 0, 511)
        a = self.hsig[v]
        o = a @ self.w2 + self.b2
        p = np.stack([self._output(o[:, k]) for k in range(5)], axis=1)
        p[:, 1] = np.minimum(p[:, 1], p[:, 0])
        p[:, 2] = np.minimum(p[:, 2], p[:, 1])
        p[:, 3] = np.minimum(p[:, 3], ONE - p[:, 0])
        p[:, 4] = np.minimum(p[:, 4], p[:, 3])
        mask, t = terminal_probs(boards)
        p[mask] = t[mask]
        if self.bearoff:
            bearoff_probs(boards, p)
        return p


CONTACT, RACE, LATE = 0, 1, 2     # the networks, as firmware/opponent/netfile.py numbers them


def _crashed(b, s):
    """bool (N,): the side at b[:, s:s + 25] is crashed, as
    firmware.opponent.evaluator.crashed."""
    left = b[:, s:s + 25].sum(1).astype(np.int64)
    one = b[:, s].astype(np.int64)
    two = b[:, s + 1].astype(np.int64)
    stacked = (one > 1) & ((left <= 6 + one) | ((two > 1) & (1 + left - one - two <= 6)))
    return (left <= 6) | stacked | ((one <= 1) & (left <= 5 + two))


def networks(boards):
    """int (N,): the network that answers from each board, as
    firmware.opponent.evaluator.network: RACE for the races, LATE where a
    side has every checker home or is crashed, else CONTACT."""
    b = as_array(boards)
    us, them = homes(b)
    late = us | them | _crashed(b, 0) | _crashed(b, 25)
    return np.where(is_race(b), RACE, np.where(late, LATE, CONTACT))


def evaluate_probs(nets, boards):
    """What firmware.opponent.evaluator.evaluate answers for each board:
    the probabilities of the network that answers there (nets: the
    contact, race and late networks, IntNets, by networks())."""
    b = as_array(boards)
    chosen = networks(b)
    p = np.zeros((len(b), 5), dtype=np.int64)
    for k, net in enumerate(nets):
        m = chosen == k
        if m.any():
            p[m] = net.probs(b[m])
    return p


def equity(p, one=ONE):
    """Cubeless money equity of (N, 5) probabilities scaled by one."""
    return 2 * p[:, 0] - one + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]
