"""Plain-Python twins of the evaluator's viper kernels (firmware/opponent/kernels.py),
the same arithmetic step for step: CPython runs these (it has no emitters);
under MicroPython they are imported only to compare (evaluator.use_viper(False)),
so the device does not hold them. Also the linear prefilter's reference
(Scorer.linear_after; firmware/opponent/linear.py is the fast one).
"""
import sys
from array import array

from firmware.opponent import kernels, netfile, weights
from firmware.opponent.netfile import CACHE, OWNER, REFS, TAGS
from firmware.opponent.kernels import (ACONTAIN, B2, BLOCK_MASK, DIST_MASK, ESCAPES_FAR, ESCAPES_NEAR,
                                       FSHIFT, HMAX, HSIG, OFF_INPUT, OMAX, ONE, OSHIFT, OSIG, OZERO,
                                       PINNED, PIPLOSS, ROLLS, SHAPE)

if sys.byteorder != "little":
    raise ValueError("W1F and nets.bin hold little-endian int16, not %s-endian" % sys.byteorder)
W1F = netfile.W1F               # the selected network's features' rows (int16)
_W2 = [-1, None]                # the network whose output layer _W2[1] holds as ints
# The escapes for every 12-bit mask in one table, from the device's two
# (kernels.py says how they add up)
ESCAPES = bytes(ESCAPES_NEAR[m & 0x1FF] + ESCAPES_FAR[(m >> 9) << 6 | m & 0x3F] for m in range(4096))


def census(board, start):
    """The side's checkers on board[start:start + 25], plus kernels.OUTSIDE
    (32) when one of them is outside its home board (points 7 to 25): a
    bear-off or a finished game is then told apart in one pass."""
    home = 0
    for i in range(start, start + 6):
        home += board[i]
    n = home
    for i in range(start + 6, start + 25):
        n += board[i]
    return n + kernels.OUTSIDE if n != home else n


def changes(base, board, shift, out):
    """Writes into out (int16 pairs) each first-layer input that differs
    between base and board, board read from board[(s + shift) % 50] for
    slot s, with its multiplier: the slots' four inputs each, then the two
    checkers-off inputs. Returns how many entries of out it wrote (twice
    the inputs)."""
    k = 0
    off0 = 0                    # checkers borne off, each side: base's less board's
    off1 = 0
    for s in range(50):
        i = s + shift
        if i >= 50:
            i -= 50
        new = board[i]
        old = base[s]
        if old == new:
            continue
        if s < 25:
            off0 += old - new
        else:
            off1 += old - new
        for t in range(1, 4):
            if (old >= t) != (new >= t):
                out[k] = s * 4 + t - 1
                out[k + 1] = 1 if new >= t else -1
                k += 2
        m = (new - 3 if new > 3 else 0) - (old - 3 if old > 3 else 0)
        if m:
            out[k] = s * 4 + 3
            out[k + 1] = m
            k += 2
    for m, input in ((off0, OFF_INPUT), (off1, OFF_INPUT + 1)):
        if m:
            out[k] = input
            out[k + 1] = m
            k += 2
    return k


def cached(k, tags, owner, refs):
    """The row of the column cache that holds input k (tags[k]: its row + 1,
    0 when not held; owner: each row's input, -1 none; refs: each row's
    used-since-the-hand-passed mark, then the clock hand). On a miss
    returns -1 - row for the row to read it into, taken from the input
    it held: the first row after the hand not used since the hand last
    passed it (the clock's second chance, close to least recently used);
    a row pinned by slots() for its group is passed by."""
    rows = len(owner)
    r = tags[k]
    if r:
        refs[r - 1] = 1
        return r - 1
    hand = refs[rows]
    while refs[hand]:
        if refs[hand] == 1:         # a pinned row (PINNED) keeps its mark
            refs[hand] = 0
        hand = hand + 1 if hand + 1 < rows else 0
    victim = hand
    refs[rows] = hand + 1 if hand + 1 < rows else 0
    if owner[victim] >= 0:
        tags[owner[victim]] = 0
    owner[victim] = k
    tags[k] = victim + 1
    refs[victim] = 1
    return -1 - victim


def slots(acc, start, base, board, shift):
    """acc = start's accumulator with the first-layer columns (stored, 128
    offset included) of the inputs that differ between base and board
    added, board read from board[(s + shift) % 50] for slot s; the two
    checkers-off inputs too. The columns come through the cache (cached;
    load() reads a miss's) in groups of four, each group's rows pinned
    until its columns have gone in (the kernel adds a group's columns in
    one pass). Returns the total multiplier added (for the offset)."""
    out = kernels.CHANGES
    n = len(acc)
    w = CACHE
    corr = 0
    for j in range(n):
        acc[j] = start[j]
    k = changes(base, board, shift, out)
    for first in range(0, k, 8):
        group = []
        for c in range(first, min(first + 8, k), 2):
            x = out[c]
            m = out[c + 1]
            r = cached(x, TAGS, OWNER, REFS)
            if r < 0:
                r = -1 - r
                netfile.load(x, r)
            REFS[r] = PINNED
            group.append((r, m))
            corr += m
        for r, m in group:
            REFS[r] = 1
            col = r * n
            for j in range(n):
                acc[j] += m * w[col + j]
    return corr


def _hits(occ, blots, f, side):
    """f[side]: rolls of 36 on which checkers occ hit one of the blots
    (the other side's, bit q: its point q) directly, points in between not
    checked; f[PIPLOSS + side]: the pips the other side loses to those
    hits, each roll counting the costliest blot it hits, summed over the
    36 rolls, in quarters."""
    r = ROLLS
    claimed = 0                 # the rolls (bit k: ROLLS[k]) counted so far
    shots = 0
    loss = 0
    # Costliest first: a blot on its point q goes back 25 - q pips.
    for q in range(1, 25):
        if blots >> q & 1:
            # it sits on our point 25 - q: our checker on p hits from p - (25 - q)
            dist = occ >> (25 - q) & DIST_MASK
            if dist:
                n = 0
                for k in range(21):
                    if dist & r[k] and not claimed >> k & 1:
                        claimed |= 1 << k
                        n += 2 if k < 15 else 1
                shots += n
                loss += (25 - q) * n
    f[side] = shots
    f[PIPLOSS + side] = (loss + 2) >> 2


def features(board, us, them, f):
    """The hand-made inputs of the position whose side on roll has its
    counts at board[us:us + 25] and the other side at board[them:them + 25];
    fills f (tools/train/netmath.py features() is the same in numpy):
    f[0], f[1]: rolls of 36 on which the side on roll (f[0]) or the other
    side (f[1]) hits a blot directly, from any checker, bar included,
    points in between not checked; f[2], f[3]: each side's longest run of
    points holding two or more; f[4]: 1 when the sides are past each
    other (a race); f[5], f[6]: rolls of 36 on which each side's
    rearmost checker gets past the other side's points (ESCAPES);
    f[7], f[8]: the other side's containment of each: 36 less the fewest
    such rolls from any of the side's points 15 to 24; f[9], f[10]: rolls
    of 36 on which each side, if it has a checker on the bar, fails to
    enter (the square of the other side's home points made); f[11],
    f[12]: the pips the other side loses to the hits of f[0] and f[1]
    (_hits); f[13] to f[36]: netmath.SHAPES, each for the side on roll
    then the other side: f[13 + 2 * k + side] (netmath._shape and
    _acontain define them)."""
    occ_us = 0
    occ_them = 0
    blots_us = 0
    blots_them = 0
    run_us = 0
    run_them = 0
    prime_us = 0
    prime_them = 0
    back_us = 0
    back_them = 0
    made_us = 0
    made_them = 0
    tot_us = 0                  # checkers on the board, bar included
    tot_them = 0
    pips_us = 0                 # their sum of indices (the bar 24)
    pips_them = 0
    # Both sides in one pass, the same steps written out for each: a helper
    # per side would return a tuple, an allocation per play on the device.
    for i in range(25):
        n = board[us + i]
        if n:
            occ_us |= 2 << i
            back_us = i + 1
            tot_us += n
            pips_us += n * i
            if n == 1:
                blots_us |= 2 << i
            if n >= 2 and i < 24:
                made_us |= 2 << i
                run_us += 1
                if run_us > prime_us:
                    prime_us = run_us
            else:
                run_us = 0
        else:
            run_us = 0
        n = board[them + i]
        if n:
            occ_them |= 2 << i
            back_them = i + 1
            tot_them += n
            pips_them += n * i
            if n == 1:
                blots_them |= 2 << i
            if n >= 2 and i < 24:
                made_them |= 2 << i
                run_them += 1
                if run_them > prime_them:
                    prime_them = run_them
            else:
                run_them = 0
        else:
            run_them = 0
    _hits(occ_us, blots_them, f, 0)
    _hits(occ_them, blots_us, f, 1)
    f[2] = prime_us
    f[3] = prime_them
    f[4] = 1 if back_us + back_them <= 25 else 0
    # the side's point p is the other's 25 - p: the distances in front of
    # p are the other side's made points from 26 - p up
    esc = ESCAPES
    f[5] = esc[made_them >> (26 - back_us) & BLOCK_MASK] if back_us else 36
    f[6] = esc[made_us >> (26 - back_them) & BLOCK_MASK] if back_them else 36
    # containment (points 15 to 24) and, from the bar to the rearmost
    # checker's point, the same escapes for acontain: held_us is the
    # fewest escapes of their rearmost checker past our points
    least_us = 36
    least_them = 36
    held_us = 36
    held_them = 36
    for p in range(15, 26):
        e = esc[made_them >> (26 - p) & BLOCK_MASK]
        if e < least_us and p < 25:
            least_us = e
        if e < held_them and p <= back_us:
            held_them = e
        e = esc[made_us >> (26 - p) & BLOCK_MASK]
        if e < least_them and p < 25:
            least_them = e
        if e < held_us and p <= back_them:
            held_us = e
    f[7] = 36 - least_us
    f[8] = 36 - least_them
    a = 36 - held_us
    f[ACONTAIN] = a
    f[ACONTAIN + 2] = (a * a) >> 5
    a = 36 - held_them
    f[ACONTAIN + 1] = a
    f[ACONTAIN + 3] = (a * a) >> 5
    closed_us = 0
    closed_them = 0
    for q in range(1, 7):
        closed_us += made_them >> q & 1
        closed_them += made_us >> q & 1
    f[9] = closed_us * closed_us if board[us + 24] else 0
    f[10] = closed_them * closed_them if board[them + 24] else 0
    # The shape features: one pass per side from the bar down, the same
    # steps for both sides (one loop, not a helper: see above).
    for side in range(2):
        if side == 0:
            own = us
            made = made_them    # the other side's points
            ob = 24 - back_them     # its rearmost checker, in our indices
            tot = tot_us
            pips = pips_us
            back = back_us
        else:
            own = them
            made = made_us
            ob = 24 - back_us
            tot = tot_them
            pips = pips_them
            back = back_them
        mean = (pips + tot - 1) // tot if tot else 0
        # the bar: timing counts its checkers at 24 pips
        c = board[own + 24]
        timing = 24 * c
        spare = c               # the checkers timing has counted
        mob = 19 * c * esc[made >> 1 & BLOCK_MASK]
        back_game = c
        beyond = 0              # checkers beyond the mean, and their
        square = 0              # squared distances from it
        if c and mean < 24:
            beyond = c
            square = c * (24 - mean) * (24 - mean)
        anchor = 0
        low = 0                 # the lowest point made in 19..24
        mid = 0                 # the highest in 13..18
        made_back = 0           # points made in 19..24
        free = 0
        above = -1              # the made point above (backbone)
        above_n = 0             # and its checkers
        weight = 0
        weighed = 0
        for i in range(23, -1, -1):
            c = board[own + i]
            if i >= 6:
                if c:
                    if i >= 12 and i > ob:
                        # past the other side's rearmost checker: the
                        # point is kept (two stay), a blot moves
                        if c != 2:
                            m = c - 2 if c > 2 else 1
                            spare += m
                            timing += i * m
                    else:
                        spare += c
                        timing += i * c
                    mob += (i - 5) * c * esc[made >> (25 - i) & BLOCK_MASK]
            elif c > 2:
                timing += i * (c - 2)
                spare += c - 2
            elif c < 2:
                # the checkers that would fill the point, while the
                # counted ones hold them
                need = 2 - c
                if spare >= need:
                    timing -= i * need
                    spare -= need
            if c:
                if i < ob:
                    free += c * (i + 1)
                if i > mean:
                    d = i - mean
                    beyond += c
                    square += c * d * d
                if i >= 18:
                    back_game += c
                if c >= 2:
                    if not anchor:
                        anchor = i + 1
                    if i >= 18:
                        made_back += 1
                        low = i + 1
                    elif i >= 12 and not mid:
                        mid = i + 1
                    if i > 0:
                        if above >= 0:
                            d = above - i
                            weight += (11 if d <= 6 else 13 - d if d <= 11 else 0) * above_n
                            weighed += above_n
                        above = i
                        above_n = c
        k = SHAPE + side
        f[k] = back
        f[k + 2] = anchor
        f[k + 4] = 25 - low if low else 25 - mid if mid else 12
        f[k + 6] = (free + 2) >> 2
        f[k + 8] = ((timing if timing > 0 else 0) + 2) >> 2
        f[k + 10] = (mob + 32) >> 6
        f[k + 12] = ((square + beyond - 1) // beyond + 2) >> 2 if beyond else 0
        f[k + 14] = 64 * (11 * weighed - weight) // (11 * weighed) if weighed else 0
        f[k + 16] = back_game - 3 if made_back > 1 else 0
        f[k + 18] = back_game if made_back == 1 else 0
    return f


def feature_change(facc, start, base_f, f):
    """facc = start's feature accumulator with the features' change from
    base_f to f added (1/2**(5 + FEATURE_SHIFT) steps, no offset; a base
    starts from the biases). The viper kernel adds up to four changed rows
    a pass, each weight read with its sign bit flipped and the 32768s taken
    back once; the sums are the same."""
    w = W1F
    n = len(facc)
    for j in range(n):
        facc[j] = start[j]
    for k in range(len(f)):
        m = f[k] - base_f[k]
        if m:
            row = k * n
            for j in range(n):
                facc[j] += m * w[row + j]


def _sigmoid(v):
    """Output sigmoid of pre-activation v by table with interpolation, in ONE."""
    sig = OSIG
    v += OZERO
    if v <= 0:
        return sig[0] | sig[1] << 8
    i = v >> OSHIFT
    if i >= OMAX:
        return sig[2 * OMAX] | sig[2 * OMAX + 1] << 8
    lo = sig[2 * i] | sig[2 * i + 1] << 8
    hi = sig[2 * i + 2] | sig[2 * i + 3] << 8
    return lo + ((hi - lo) * (v & ((1 << OSHIFT) - 1)) >> OSHIFT)


def _output_layer():
    """The selected network's output layer as ints (the kernel reads its
    bytes), made again when the network changes."""
    if _W2[0] != netfile.NET[0]:
        _W2[0] = netfile.NET[0]
        _W2[1] = array("h", netfile.W2)
    return _W2[1]


def finish(acc, facc, out, bias):
    """Hidden and output layers from the first-layer accumulators (slots,
    in the hidden table's steps, and features); bias is the hidden table's
    zero index less the columns' 128 offsets. Fills out with the five
    probabilities in ONE; returns it."""
    w2 = _output_layer()
    sig = HSIG
    b2 = B2
    o0 = b2[0]
    o1 = b2[1]
    o2 = b2[2]
    o3 = b2[3]
    o4 = b2[4]
    k = 0
    for j in range(len(acc)):
        v = acc[j] + (facc[j] >> FSHIFT) + bias
        if v < 0:
            v = 0
        elif v > HMAX:
            v = HMAX
        a = sig[v]
        o0 += a * w2[k]
        o1 += a * w2[k + 1]
        o2 += a * w2[k + 2]
        o3 += a * w2[k + 3]
        o4 += a * w2[k + 4]
        k += 5
    win = _sigmoid(o0)
    wg = _sigmoid(o1)
    wb = _sigmoid(o2)
    lg = _sigmoid(o3)
    lb = _sigmoid(o4)
    # A gammon is a kind of win, a backgammon a kind of gammon.
    if wg > win:
        wg = win
    if wb > wg:
        wb = wg
    if lg > ONE - win:
        lg = ONE - win
    if lb > lg:
        lb = lg
    out[0] = win
    out[1] = wg
    out[2] = wb
    out[3] = lg
    out[4] = lb
    return out


def linear_after(base, result, base_off1):
    """Change of the linear prefilter's score from base to flip(result),
    plus the next side's opponent's checkers off (base_off1 in base)."""
    lin = weights.LINEAR
    d = 0
    off = 0
    for s in range(50):
        i = s + 25
        if i >= 50:
            i -= 50
            off += result[i]
        new = result[i]
        old = base[s]
        if old == new:
            continue
        k = 4 * s
        if (old >= 1) != (new >= 1):
            d += lin[k] if new >= 1 else -lin[k]
        if (old >= 2) != (new >= 2):
            d += lin[k + 1] if new >= 2 else -lin[k + 1]
        if (old >= 3) != (new >= 3):
            d += lin[k + 2] if new >= 3 else -lin[k + 2]
        m = (new - 3 if new > 3 else 0) - (old - 3 if old > 3 else 0)
        if m:
            d += m * lin[k + 3]
    # the mover's checkers borne off are the next side's opponent's
    return d + ((15 - off) - base_off1) * lin[OFF_INPUT + 1]


PLAIN = (census, slots, features, feature_change, finish)
