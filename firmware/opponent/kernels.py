"""The evaluator's hot loops: first-layer columns, features, hidden and output
layers, the linear prefilter, over firmware/opponent/weights.py's int tables.

Each kernel is written twice: in @micropython.viper (ptr8/ptr32 over bytes
and int32 arrays; 10-20 times faster than bytecode on the RP2040) and as a
plain-Python twin for CPython, which has no emitters. PLAIN and VIPER hold
them in the same order (VIPER is None off MicroPython); the evaluator picks
one set at import. tests/portable/test_kernels.py holds the two equal under
the MicroPython unix port. Sizes come from the tables: the hidden layer is
len(acc), the features len(f); docs/ai.md has the layout.

Viper reads a ptr32 word zero-extended on 64-bit hosts but as it is on the
32-bit RP2040: signed values go through `(x ^ h) - h` with h = 1 << 31,
which sign-extends on the host and leaves the word alone on the device.
"""
import sys
from array import array

from micropython import const

from firmware.opponent import weights

ONE = const(10000)
_OFF_INPUT = const(200)         # first of the two checkers-off inputs
_HMAX = const(511)              # last index of the hidden sigmoid table
_OMAX = const(511)
_FSHIFT = weights.FEATURE_SHIFT
_OSHIFT = weights.OUTPUT_SHIFT
_OZERO = weights.OUTPUT_ZERO

_W1 = weights.W1
_W1F = array("i", weights.W1F)
_W2 = array("i", weights.W2)
_B2 = array("i", weights.B2)
_HSIG = weights.HIDDEN_SIGMOID
_OSIG = weights.OUTPUT_SIGMOID
_LINEAR = array("i", weights.LINEAR)
# Distances (bits 1..24) each roll hits from: both dice alone and together,
# and a double's three and four steps. The 15 non-doubles count twice of 36.
_ROLLS = array("i", [(1 << a) | (1 << b) | (1 << (a + b)) for a in range(1, 7) for b in range(a + 1, 7)]
               + [(1 << a) | (1 << 2 * a) | (1 << 3 * a) | (1 << 4 * a) for a in range(1, 7)])
_DIST_MASK = const(0x1FFFFFE)   # distances 1..24


# ---- plain twins ----------------------------------------------------------

def copy2(dst, src, dst2, src2):
    """dst[:] = src and dst2[:] = src2 (int arrays of one length)."""
    for j in range(len(dst)):
        dst[j] = src[j]
        dst2[j] = src2[j]


def checkers(board, start):
    """Checkers on board[start:start + 25]."""
    n = 0
    for i in range(start, start + 25):
        n += board[i]
    return n


def _column(acc, start, m):
    w = _W1
    if m == 1:
        for j in range(len(acc)):
            acc[j] += w[start + j]
    elif m == -1:
        for j in range(len(acc)):
            acc[j] -= w[start + j]
    else:
        for j in range(len(acc)):
            acc[j] += m * w[start + j]


def slots(acc, base, board, shift):
    """Adds to acc the first-layer columns (stored, 128 offset included) of
    the inputs that differ between base and board, board read from
    board[(s + shift) % 50] for slot s; the two checkers-off inputs too.
    Returns the total multiplier added (for the offset)."""
    n = len(acc)
    corr = 0
    left0 = 0
    left1 = 0
    base0 = 0
    base1 = 0
    for s in range(50):
        i = s + shift
        if i >= 50:
            i -= 50
        new = board[i]
        old = base[s]
        if s < 25:
            left0 += new
            base0 += old
        else:
            left1 += new
            base1 += old
        if old == new:
            continue
        col = s * 4 * n
        for t in range(1, 4):
            if (old >= t) != (new >= t):
                m = 1 if new >= t else -1
                _column(acc, col, m)
                corr += m
            col += n
        m = (new - 3 if new > 3 else 0) - (old - 3 if old > 3 else 0)
        if m:
            _column(acc, col, m)
            corr += m
    # checkers off: 15 less those on the board
    m = base0 - left0
    if m:
        _column(acc, _OFF_INPUT * n, m)
        corr += m
    m = base1 - left1
    if m:
        _column(acc, (_OFF_INPUT + 1) * n, m)
        corr += m
    return corr


def _shot_rolls(dist):
    """Rolls of 36 that hit at one of the distances in bit mask dist."""
    dist &= _DIST_MASK
    if not dist:
        return 0
    n = 0
    r = _ROLLS
    for k in range(15):
        if dist & r[k]:
            n += 2
    for k in range(15, 21):
        if dist & r[k]:
            n += 1
    return n


def features(board, us, them, f):
    """The hand-made inputs of the position whose side on roll has its
    counts at board[us:us + 25] and the other side at board[them:them + 25];
    fills f (tools/train/netmath.py features() is the same in numpy):
    f[0], f[1]: rolls of 36 on which the side on roll (f[0]) or the other
    side (f[1]) hits a blot directly, from any checker, bar included,
    points in between not checked; f[2], f[3]: each side's longest run of
    points holding two or more; f[4]: 1 when the sides are past each
    other (a race)."""
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
    # Both sides in one pass, the same steps written out for each: a helper
    # per side would return a tuple, an allocation per play on the device.
    for i in range(25):
        n = board[us + i]
        if n:
            occ_us |= 2 << i
            back_us = i + 1
            if n == 1:
                blots_us |= 2 << i
            if n >= 2 and i < 24:
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
            if n == 1:
                blots_them |= 2 << i
            if n >= 2 and i < 24:
                run_them += 1
                if run_them > prime_them:
                    prime_them = run_them
            else:
                run_them = 0
        else:
            run_them = 0
    # A blot on the other side's point q is on our point 25 - q: our
    # checker on our point p hits it from distance p - (25 - q).
    dist_us = 0
    dist_them = 0
    for q in range(1, 25):
        if blots_them >> q & 1:
            dist_us |= occ_us >> (25 - q)
        if blots_us >> q & 1:
            dist_them |= occ_them >> (25 - q)
    f[0] = _shot_rolls(dist_us)
    f[1] = _shot_rolls(dist_them)
    f[2] = prime_us
    f[3] = prime_them
    f[4] = 1 if back_us + back_them <= 25 else 0
    return f


def feature_change(facc, base_f, f):
    """Adds the features' change from base_f to f to the feature
    accumulator facc (1/2**(5 + FEATURE_SHIFT) steps, no offset)."""
    w = _W1F
    n = len(facc)
    for k in range(len(f)):
        m = f[k] - base_f[k]
        if m:
            start = k * n
            for j in range(n):
                facc[j] += m * w[start + j]


def _sigmoid(v):
    """Output sigmoid of pre-activation v by table with interpolation, in ONE."""
    sig = _OSIG
    v += _OZERO
    if v <= 0:
        return sig[0] | sig[1] << 8
    i = v >> _OSHIFT
    if i >= _OMAX:
        return sig[2 * _OMAX] | sig[2 * _OMAX + 1] << 8
    lo = sig[2 * i] | sig[2 * i + 1] << 8
    hi = sig[2 * i + 2] | sig[2 * i + 3] << 8
    return lo + ((hi - lo) * (v & ((1 << _OSHIFT) - 1)) >> _OSHIFT)


def finish(acc, facc, out, bias):
    """Hidden and output layers from the first-layer accumulators (slots,
    in the hidden table's steps, and features); bias is the hidden table's
    zero index less the columns' 128 offsets. Fills out with the five
    probabilities in ONE; returns it."""
    w2 = _W2
    sig = _HSIG
    b2 = _B2
    o0 = b2[0]
    o1 = b2[1]
    o2 = b2[2]
    o3 = b2[3]
    o4 = b2[4]
    k = 0
    for j in range(len(acc)):
        v = acc[j] + (facc[j] >> _FSHIFT) + bias
        if v < 0:
            v = 0
        elif v > _HMAX:
            v = _HMAX
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
    lin = _LINEAR
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
    return d + ((15 - off) - base_off1) * lin[_OFF_INPUT + 1]


PLAIN = (copy2, checkers, slots, features, feature_change, finish, linear_after)
VIPER = None


# ---- viper ----------------------------------------------------------------

if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def _v_copy2(dst, src, dst2, src2):
        d = ptr32(dst)  # noqa: F821  (viper built-ins)
        s = ptr32(src)  # noqa: F821
        d2 = ptr32(dst2)  # noqa: F821
        s2 = ptr32(src2)  # noqa: F821
        n = int(len(dst))
        j = 0
        while j < n:
            d[j] = s[j]
            d2[j] = s2[j]
            j += 1

    @micropython.viper
    def _v_checkers(board, start: int) -> int:
        b = ptr8(board)  # noqa: F821
        n = 0
        i = start
        end = start + 25
        while i < end:
            n += b[i]
            i += 1
        return n

    @micropython.viper
    def _v_slots(acc, base, board, shift: int) -> int:
        a = ptr32(acc)  # noqa: F821
        w = ptr8(_W1)  # noqa: F821
        b0 = ptr8(base)  # noqa: F821
        b1 = ptr8(board)  # noqa: F821
        n = int(len(acc))
        corr = 0
        left0 = 0
        left1 = 0
        base0 = 0
        base1 = 0
        s = 0
        while s < 50:
            i = s + shift
            if i >= 50:
                i -= 50
            new = b1[i]
            old = b0[s]
            if s < 25:
                left0 += new
                base0 += old
            else:
                left1 += new
                base1 += old
            if old != new:
                col = s * 4 * n
                t = 1
                while t <= 4:
                    m = 0
                    if t < 4:
                        if new >= t:
                            if old < t:
                                m = 1
                        elif old >= t:
                            m = -1
                    else:
                        m = new - 3 if new > 3 else 0
                        m -= old - 3 if old > 3 else 0
                    if m == 1:
                        j = 0
                        while j < n:
                            a[j] += w[col + j]
                            j += 1
                    elif m == -1:
                        j = 0
                        while j < n:
                            a[j] -= w[col + j]
                            j += 1
                    elif m != 0:
                        j = 0
                        while j < n:
                            a[j] += m * w[col + j]
                            j += 1
                    corr += m
                    col += n
                    t += 1
            s += 1
        m = base0 - left0
        if m != 0:
            col = _OFF_INPUT * n
            j = 0
            while j < n:
                a[j] += m * w[col + j]
                j += 1
            corr += m
        m = base1 - left1
        if m != 0:
            col = (_OFF_INPUT + 1) * n
            j = 0
            while j < n:
                a[j] += m * w[col + j]
                j += 1
            corr += m
        return corr

    @micropython.viper
    def _v_shot_rolls(dist: int) -> int:
        dist &= _DIST_MASK
        if dist == 0:
            return 0
        r = ptr32(_ROLLS)  # noqa: F821
        n = 0
        k = 0
        while k < 15:
            if dist & r[k]:
                n += 2
            k += 1
        while k < 21:
            if dist & r[k]:
                n += 1
            k += 1
        return n

    @micropython.viper
    def _v_features(board, us: int, them: int, f):
        b = ptr8(board)  # noqa: F821
        out = ptr32(f)  # noqa: F821
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
        i = 0
        while i < 25:
            n = b[us + i]
            if n != 0:
                occ_us |= 2 << i
                back_us = i + 1
                if n == 1:
                    blots_us |= 2 << i
                if n >= 2 and i < 24:
                    run_us += 1
                    if run_us > prime_us:
                        prime_us = run_us
                else:
                    run_us = 0
            else:
                run_us = 0
            n = b[them + i]
            if n != 0:
                occ_them |= 2 << i
                back_them = i + 1
                if n == 1:
                    blots_them |= 2 << i
                if n >= 2 and i < 24:
                    run_them += 1
                    if run_them > prime_them:
                        prime_them = run_them
                else:
                    run_them = 0
            else:
                run_them = 0
            i += 1
        dist_us = 0
        dist_them = 0
        q = 1
        while q < 25:
            if (blots_them >> q) & 1:
                dist_us |= occ_us >> (25 - q)
            if (blots_us >> q) & 1:
                dist_them |= occ_them >> (25 - q)
            q += 1
        shots = _v_shot_rolls
        out[0] = int(shots(dist_us))
        out[1] = int(shots(dist_them))
        out[2] = prime_us
        out[3] = prime_them
        out[4] = 1 if back_us + back_them <= 25 else 0
        return f

    @micropython.viper
    def _v_feature_change(facc, base_f, f):
        a = ptr32(facc)  # noqa: F821
        bf = ptr32(base_f)  # noqa: F821
        ff = ptr32(f)  # noqa: F821
        w = ptr32(_W1F)  # noqa: F821
        n = int(len(facc))
        nf = int(len(f))
        one = 1
        h = one << 31
        k = 0
        while k < nf:
            m = ff[k] - bf[k]           # features are small and not negative
            if m != 0:
                start = k * n
                j = 0
                while j < n:
                    a[j] += m * ((w[start + j] ^ h) - h)
                    j += 1
            k += 1

    @micropython.viper
    def _v_finish(acc, facc, out, bias: int):
        a = ptr32(acc)  # noqa: F821
        fa = ptr32(facc)  # noqa: F821
        o = ptr32(out)  # noqa: F821
        w2 = ptr32(_W2)  # noqa: F821
        b2 = ptr32(_B2)  # noqa: F821
        sig = ptr8(_HSIG)  # noqa: F821
        osig = ptr8(_OSIG)  # noqa: F821
        n = int(len(acc))
        fshift = int(_FSHIFT)
        oshift = int(_OSHIFT)
        ozero = int(_OZERO)
        one = 1
        h = one << 31
        o0 = (b2[0] ^ h) - h
        o1 = (b2[1] ^ h) - h
        o2 = (b2[2] ^ h) - h
        o3 = (b2[3] ^ h) - h
        o4 = (b2[4] ^ h) - h
        k = 0
        j = 0
        while j < n:
            v = ((a[j] ^ h) - h) + ((((fa[j] ^ h) - h)) >> fshift) + bias
            if v < 0:
                v = 0
            elif v > _HMAX:
                v = _HMAX
            x = sig[v]
            o0 += x * ((w2[k] ^ h) - h)
            o1 += x * ((w2[k + 1] ^ h) - h)
            o2 += x * ((w2[k + 2] ^ h) - h)
            o3 += x * ((w2[k + 3] ^ h) - h)
            o4 += x * ((w2[k + 4] ^ h) - h)
            k += 5
            j += 1
        o[0] = o0
        o[1] = o1
        o[2] = o2
        o[3] = o3
        o[4] = o4
        # output sigmoid by table, interpolated
        mask = (one << oshift) - 1
        i = 0
        while i < 5:
            v = ((o[i] ^ h) - h) + ozero
            if v <= 0:
                p = osig[0] | osig[1] << 8
            else:
                t = v >> oshift
                if t >= _OMAX:
                    p = osig[2 * _OMAX] | osig[2 * _OMAX + 1] << 8
                else:
                    lo = osig[2 * t] | osig[2 * t + 1] << 8
                    hi = osig[2 * t + 2] | osig[2 * t + 3] << 8
                    p = lo + (((hi - lo) * (v & mask)) >> oshift)
            o[i] = p
            i += 1
        win = o[0]
        wg = o[1]
        wb = o[2]
        lg = o[3]
        lb = o[4]
        if wg > win:
            wg = win
        if wb > wg:
            wb = wg
        if lg > ONE - win:
            lg = ONE - win
        if lb > lg:
            lb = lg
        o[1] = wg
        o[2] = wb
        o[3] = lg
        o[4] = lb
        return out

    @micropython.viper
    def _v_linear_after(base, result, base_off1: int) -> int:
        lin = ptr32(_LINEAR)  # noqa: F821
        b0 = ptr8(base)  # noqa: F821
        r = ptr8(result)  # noqa: F821
        one = 1
        h = one << 31
        d = 0
        off = 0
        s = 0
        while s < 50:
            i = s + 25
            if i >= 50:
                i -= 50
                off += r[i]
            new = r[i]
            old = b0[s]
            if old != new:
                k = 4 * s
                t = 1
                while t <= 3:
                    if new >= t:
                        if old < t:
                            d += (lin[k] ^ h) - h
                    elif old >= t:
                        d -= (lin[k] ^ h) - h
                    k += 1
                    t += 1
                m = new - 3 if new > 3 else 0
                m -= old - 3 if old > 3 else 0
                if m != 0:
                    d += m * ((lin[k] ^ h) - h)
            s += 1
        return d + ((15 - off) - base_off1) * ((lin[_OFF_INPUT + 1] ^ h) - h)

    VIPER = (_v_copy2, _v_checkers, _v_slots, _v_features, _v_feature_change, _v_finish,
             _v_linear_after)
