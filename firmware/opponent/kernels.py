"""The evaluator's hot loops in @micropython.viper: first-layer columns over the
changed slots, the features, the feature columns, the hidden and output
layers, over firmware/opponent/weights.py's int tables (ptr8/ptr16/ptr32 over
bytes and arrays; 10-20 times faster than bytecode on the RP2040).

CPython has no emitters: firmware/opponent/kernels_plain.py holds a plain
Python twin of each, in the same order (PLAIN there, VIPER here; VIPER is
None off MicroPython), generated from this file's viper block by
tools/gen/twins.py (a test regenerates and compares), and the evaluator
picks one set at import (evaluator.use_viper). tests/portable/test_kernels.py
holds the two equal under the MicroPython unix port. Sizes come from the
arrays: the hidden layer is len(acc), the features len(f); docs/ai.md has
the layout.

Viper reads a ptr32 word zero-extended on 64-bit hosts but as it is on the
32-bit RP2040, and ptr16 always zero-extended: signed values go through
`(x ^ h) - h` (h = 1 << 31, or 0x8000 for 16 bits), which sign-extends
where needed and leaves the value alone elsewhere.
"""
import sys
from array import array

from micropython import const

from firmware.opponent import weights
from firmware.opponent.netfile import (B2, BASE, CACHE, FEATURES, FILE, HEADER, INPUTS, OWNER, REFS, TAGS,
                                       VIEWS, W1F, W2)
from firmware.opponent.netfile import short as SHORT

ONE = const(10000)
OFF_INPUT = const(200)          # first of the two checkers-off inputs
HMAX = const(511)               # last index of the hidden sigmoid table
OMAX = const(511)
FSHIFT = weights.FEATURE_SHIFT
OSHIFT = weights.OUTPUT_SHIFT
OZERO = weights.OUTPUT_ZERO


# The features' rows (W1F, int16) and the output layer (W2, B2) are the
# selected network's, in netfile's buffers, read where they lie.
HSIG = weights.HIDDEN_SIGMOID
OSIG = weights.OUTPUT_SIGMOID
# Distances (bits 1..24) each roll hits from: both dice alone and together,
# and a double's three and four steps. The 15 non-doubles count twice of 36.
ROLLS = array("i", [(1 << a) | (1 << b) | (1 << (a + b)) for a in range(1, 7) for b in range(a + 1, 7)]
              + [(1 << a) | (1 << 2 * a) | (1 << 3 * a) | (1 << 4 * a) for a in range(1, 7)])
DIST_MASK = const(0x1FFFFFE)    # distances 1..24
PIPLOSS = const(11)             # the features' pip losses to hits, after the shots
SHAPE = const(13)               # then the shape features, each for us then them
ACONTAIN = const(33)            # their last two, acontain and acontain2
# Rolls of 36 on which a checker gets past the other side's points, by the
# 12-bit mask m of the blocked distances in front of it (bit d-1: distance
# d): ESCAPES_NEAR[m & 0x1FF] + ESCAPES_FAR[(m >> 9) << 6 | m & 0x3F], two
# generated tables of 512 bytes (tools/gen/weights.py).
ESCAPES_NEAR = weights.ESCAPES_NEAR
ESCAPES_FAR = weights.ESCAPES_FAR
# An evaluation's changed inputs, int16 pairs (input, multiplier): at most
# the 50 slots' four and the two checkers-off counts.
CHANGES = array("h", bytes(4 * INPUTS))
# slots(): a group of changed inputs' cache rows and multipliers, int32
# pairs, four at most; a row is pinned in REFS (PINNED) until its column
# has gone in, so that the clock passes it by.
GROUP = array("i", bytes(4 * 8))
PINNED = const(2)
# An evaluation's changed features, int32 pairs (the row's byte offset in
# W1F, multiplier): at most every feature.
ROWS = array("i", bytes(8 * FEATURES))
BLOCK_MASK = const(0xFFF)       # the 12 points in front of a checker
# census(): added to a side's checkers on the board when one is outside
# its home board (its points 7 to 25)
OUTSIDE = const(32)
VIPER = None


if sys.implementation.name == "micropython":
    import micropython

    @micropython.viper
    def _v_census(board, start: int) -> int:
        b = ptr8(board)  # noqa: F821
        n = 0
        i = start
        end = start + 6
        while i < end:
            n += b[i]
            i += 1
        home = n
        end = start + 25
        while i < end:
            n += b[i]
            i += 1
        if n != home:
            n += OUTSIDE
        return n

    @micropython.viper
    def _v_slots(acc, start, base, board, shift: int) -> int:
        # accumulator = start's with the first-layer columns (stored, 128
        # offset included) of the inputs that differ between base and
        # board added, board read from board[(s + shift) % 50] for slot s
        # (the slots' four inputs each: a count at least 1, 2, 3, and
        # beyond three; then the two checkers-off inputs); returns the
        # multipliers' total (for the offset). The changed inputs first,
        # into CHANGES (int16 pairs: input, multiplier); then their columns
        # through the cache (netfile: TAGS each input's row + 1, OWNER
        # each row's input, REFS each row's used-since-the-hand-passed mark
        # then the clock hand), a miss read into the row the clock's second
        # chance gives it (rows pinned for their group are passed by); in
        # groups of four, a group's four in one pass over the accumulator
        # (fewer one a pass), the first pass adding to start's as it is copied
        o = ptr16(CHANGES)  # noqa: F821
        b0 = ptr8(base)  # noqa: F821
        b1 = ptr8(board)  # noqa: F821
        k = 0
        off0 = 0
        off1 = 0
        s = 0
        while s < 50:
            i = s + shift
            if i >= 50:
                i -= 50
            new = b1[i]
            old = b0[s]
            if old != new:
                if s < 25:
                    off0 += old - new
                else:
                    off1 += old - new
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
                    if m != 0:
                        o[k] = s * 4 + t - 1
                        o[k + 1] = m & 0xFFFF
                        k += 2
                    t += 1
            s += 1
        if off0 != 0:
            o[k] = OFF_INPUT
            o[k + 1] = off0 & 0xFFFF
            k += 2
        if off1 != 0:
            o[k] = OFF_INPUT + 1
            o[k + 1] = off1 & 0xFFFF
            k += 2
        a = ptr32(acc)  # noqa: F821
        src = ptr32(start)  # noqa: F821
        w = int(ptr8(CACHE))  # noqa: F821
        tags = ptr8(TAGS)  # noqa: F821
        owner = ptr16(OWNER)  # noqa: F821
        refs = ptr8(REFS)  # noqa: F821
        g = ptr32(GROUP)  # noqa: F821
        rows = int(len(OWNER))
        n = int(len(acc))
        one = 1
        h = one << 31
        corr = 0
        if k == 0:
            j = 0
            while j < n:
                a[j] = src[j]
                j += 1
        c = 0
        while c < k:
            # a group of up to four inputs: each one's row found (read on a
            # miss) and pinned, so that a later miss of the group passes it
            cnt = 0
            while cnt < 8 and c < k:
                x = o[c]
                m = (o[c + 1] ^ 0x8000) - 0x8000
                r = tags[x]
                if r != 0:
                    r -= 1
                else:
                    # a miss: the clock hand passes rows used since it last came by
                    hand = refs[rows]
                    while refs[hand] != 0:
                        if refs[hand] == 1:
                            refs[hand] = 0
                        hand += 1
                        if hand == rows:
                            hand = 0
                    r = hand
                    hand += 1
                    if hand == rows:
                        hand = 0
                    refs[rows] = hand
                    held = owner[r]
                    if held != 0xFFFF:
                        tags[held] = 0
                    owner[r] = x
                    tags[x] = r + 1
                    FILE.seek(int(HEADER) + ptr32(BASE)[0] + x * n)  # noqa: F821
                    if int(FILE.readinto(VIEWS[r])) != n:
                        SHORT(x)
                refs[r] = PINNED
                g[cnt] = r
                g[cnt + 1] = m
                corr += m
                cnt += 2
                c += 2
            # the group's columns: four in one pass, else one a pass
            i = 0
            while i < cnt:
                refs[g[i]] = 1
                col0 = ptr8(w + g[i] * n)  # noqa: F821
                m0 = (g[i + 1] ^ h) - h
                j = 0
                if cnt - i >= 8:
                    refs[g[i + 2]] = 1
                    refs[g[i + 4]] = 1
                    refs[g[i + 6]] = 1
                    col1 = ptr8(w + g[i + 2] * n)  # noqa: F821
                    m1 = (g[i + 3] ^ h) - h
                    col2 = ptr8(w + g[i + 4] * n)  # noqa: F821
                    m2 = (g[i + 5] ^ h) - h
                    col3 = ptr8(w + g[i + 6] * n)  # noqa: F821
                    m3 = (g[i + 7] ^ h) - h
                    while j < n:
                        a[j] = src[j] + m0 * col0[j] + m1 * col1[j] + m2 * col2[j] + m3 * col3[j]
                        j += 1
                    i += 8
                else:
                    while j < n:
                        a[j] = src[j] + m0 * col0[j]
                        j += 1
                    i += 2
                src = a
        return corr

    @micropython.viper
    def _v_hits(occ: int, blots: int, f, side: int):
        out = ptr32(f)  # noqa: F821
        r = ptr32(ROLLS)  # noqa: F821
        claimed = 0
        shots = 0
        loss = 0
        q = 1
        while q < 25:
            if (blots >> q) & 1:
                dist = (occ >> (25 - q)) & DIST_MASK
                if dist != 0:
                    n = 0
                    k = 0
                    while k < 21:
                        if (dist & r[k]) and not ((claimed >> k) & 1):
                            claimed |= 1 << k
                            n += 2 if k < 15 else 1
                        k += 1
                    shots += n
                    loss += (25 - q) * n
            q += 1
        out[side] = shots
        out[PIPLOSS + side] = (loss + 2) >> 2

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
        made_us = 0
        made_them = 0
        tot_us = 0
        tot_them = 0
        pips_us = 0
        pips_them = 0
        i = 0
        while i < 25:
            n = b[us + i]
            if n != 0:
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
            n = b[them + i]
            if n != 0:
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
            i += 1
        hit = _v_hits
        hit(occ_us, blots_them, f, 0)
        hit(occ_them, blots_us, f, 1)
        out[2] = prime_us
        out[3] = prime_them
        out[4] = 1 if back_us + back_them <= 25 else 0
        # the side's point p is the other's 25 - p: the distances in front
        # of p are the other side's made points from 26 - p up
        near = ptr8(ESCAPES_NEAR)  # noqa: F821
        far = ptr8(ESCAPES_FAR)  # noqa: F821
        e = 36
        if back_us != 0:
            k = (made_them >> (26 - back_us)) & BLOCK_MASK
            e = near[k & 0x1FF] + far[((k >> 9) << 6) | (k & 0x3F)]
        out[5] = e
        e = 36
        if back_them != 0:
            k = (made_us >> (26 - back_them)) & BLOCK_MASK
            e = near[k & 0x1FF] + far[((k >> 9) << 6) | (k & 0x3F)]
        out[6] = e
        least_us = 36
        least_them = 36
        held_us = 36
        held_them = 36
        p = 15
        while p < 26:
            k = (made_them >> (26 - p)) & BLOCK_MASK
            e = near[k & 0x1FF] + far[((k >> 9) << 6) | (k & 0x3F)]
            if e < least_us and p < 25:
                least_us = e
            if e < held_them and p <= back_us:
                held_them = e
            k = (made_us >> (26 - p)) & BLOCK_MASK
            e = near[k & 0x1FF] + far[((k >> 9) << 6) | (k & 0x3F)]
            if e < least_them and p < 25:
                least_them = e
            if e < held_us and p <= back_them:
                held_us = e
            p += 1
        out[7] = 36 - least_us
        out[8] = 36 - least_them
        a = 36 - held_us
        out[ACONTAIN] = a
        out[ACONTAIN + 2] = (a * a) >> 5
        a = 36 - held_them
        out[ACONTAIN + 1] = a
        out[ACONTAIN + 3] = (a * a) >> 5
        closed_us = 0
        closed_them = 0
        q = 1
        while q < 7:
            closed_us += (made_them >> q) & 1
            closed_them += (made_us >> q) & 1
            q += 1
        out[9] = closed_us * closed_us if b[us + 24] != 0 else 0
        out[10] = closed_them * closed_them if b[them + 24] != 0 else 0
        # the shape features: a pass per side from the bar down (the plain
        # twin's comments say what each step counts)
        side = 0
        while side < 2:
            if side == 0:
                own = us
                made = made_them
                ob = 24 - back_them
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
            mean = (pips + tot - 1) // tot if tot != 0 else 0
            c = b[own + 24]
            timing = 24 * c
            spare = c
            k = (made >> 1) & BLOCK_MASK
            mob = 19 * c * (near[k & 0x1FF] + far[((k >> 9) << 6) | (k & 0x3F)])
            back_game = c
            beyond = 0
            square = 0
            if c != 0 and mean < 24:
                beyond = c
                square = c * (24 - mean) * (24 - mean)
            anchor = 0
            low = 0
            mid = 0
            made_back = 0
            free = 0
            above = -1
            above_n = 0
            weight = 0
            weighed = 0
            i = 23
            while i >= 0:
                c = b[own + i]
                if i >= 6:
                    if c != 0:
                        if i >= 12 and i > ob:
                            if c != 2:
                                m = c - 2 if c > 2 else 1
                                spare += m
                                timing += i * m
                        else:
                            spare += c
                            timing += i * c
                        k = (made >> (25 - i)) & BLOCK_MASK
                        mob += (i - 5) * c * (near[k & 0x1FF] + far[((k >> 9) << 6) | (k & 0x3F)])
                elif c > 2:
                    timing += i * (c - 2)
                    spare += c - 2
                elif c < 2:
                    need = 2 - c
                    if spare >= need:
                        timing -= i * need
                        spare -= need
                if c != 0:
                    if i < ob:
                        free += c * (i + 1)
                    if i > mean:
                        d = i - mean
                        beyond += c
                        square += c * d * d
                    if i >= 18:
                        back_game += c
                    if c >= 2:
                        if anchor == 0:
                            anchor = i + 1
                        if i >= 18:
                            made_back += 1
                            low = i + 1
                        elif i >= 12 and mid == 0:
                            mid = i + 1
                        if i > 0:
                            if above >= 0:
                                d = above - i
                                weight += (11 if d <= 6 else 13 - d if d <= 11 else 0) * above_n
                                weighed += above_n
                            above = i
                            above_n = c
                i -= 1
            k = SHAPE + side
            out[k] = back
            out[k + 2] = anchor
            out[k + 4] = 25 - low if low != 0 else 25 - mid if mid != 0 else 12
            out[k + 6] = (free + 2) >> 2
            out[k + 8] = ((timing if timing > 0 else 0) + 2) >> 2
            out[k + 10] = (mob + 32) >> 6
            out[k + 12] = ((square + beyond - 1) // beyond + 2) >> 2 if beyond != 0 else 0
            out[k + 14] = 64 * (11 * weighed - weight) // (11 * weighed) if weighed != 0 else 0
            out[k + 16] = back_game - 3 if made_back > 1 else 0
            out[k + 18] = back_game if made_back == 1 else 0
            side += 1
        return f

    @micropython.viper
    def _v_feature_change(facc, start, base_f, f):
        a = ptr32(facc)  # noqa: F821
        src = ptr32(start)  # noqa: F821
        bf = ptr32(base_f)  # noqa: F821
        ff = ptr32(f)  # noqa: F821
        rows = ptr32(ROWS)  # noqa: F821
        w = int(ptr16(W1F))  # noqa: F821
        n = int(len(facc))
        nf = int(len(f))
        one = 1
        h = one << 31
        # the changed features: each row's byte offset and multiplier
        c = 0
        k = 0
        while k < nf:
            m = ff[k] - bf[k]           # features are small and not negative
            if m != 0:
                rows[c] = k * n * 2
                rows[c + 1] = m
                c += 2
            k += 1
        if c == 0:
            j = 0
            while j < n:
                a[j] = src[j]
                j += 1
        # up to four rows a pass over the accumulator, each weight read
        # zero-extended with 0x8000 flipped (its value plus 32768) and the
        # pass's 32768s taken away once
        i = 0
        while i < c:
            left = c - i
            p = ptr16(w + rows[i])  # noqa: F821
            mp = (rows[i + 1] ^ h) - h
            j = 0
            if left >= 8:
                q = ptr16(w + rows[i + 2])  # noqa: F821
                mq = (rows[i + 3] ^ h) - h
                r = ptr16(w + rows[i + 4])  # noqa: F821
                mr = (rows[i + 5] ^ h) - h
                t = ptr16(w + rows[i + 6])  # noqa: F821
                mt = (rows[i + 7] ^ h) - h
                off = 0 - ((mp + mq + mr + mt) << 15)
                while j < n:
                    a[j] = (src[j] + off + mp * (p[j] ^ 0x8000) + mq * (q[j] ^ 0x8000)
                            + mr * (r[j] ^ 0x8000) + mt * (t[j] ^ 0x8000))
                    j += 1
                i += 8
            elif left >= 4:
                q = ptr16(w + rows[i + 2])  # noqa: F821
                mq = (rows[i + 3] ^ h) - h
                off = 0 - ((mp + mq) << 15)
                while j < n:
                    a[j] = src[j] + off + mp * (p[j] ^ 0x8000) + mq * (q[j] ^ 0x8000)
                    j += 1
                i += 4
            else:
                off = 0 - (mp << 15)
                while j < n:
                    a[j] = src[j] + off + mp * (p[j] ^ 0x8000)
                    j += 1
                i += 2
            src = a

    @micropython.viper
    def _v_finish(acc, facc, out, bias: int):
        a = ptr32(acc)  # noqa: F821
        fa = ptr32(facc)  # noqa: F821
        o = ptr32(out)  # noqa: F821
        w2 = ptr16(W2)  # noqa: F821
        b2 = ptr32(B2)  # noqa: F821
        sig = ptr8(HSIG)  # noqa: F821
        osig = ptr8(OSIG)  # noqa: F821
        n = int(len(acc))
        fshift = int(FSHIFT)
        oshift = int(OSHIFT)
        ozero = int(OZERO)
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
            elif v > HMAX:
                v = HMAX
            x = sig[v]
            o0 += x * ((w2[k] ^ 0x8000) - 0x8000)
            o1 += x * ((w2[k + 1] ^ 0x8000) - 0x8000)
            o2 += x * ((w2[k + 2] ^ 0x8000) - 0x8000)
            o3 += x * ((w2[k + 3] ^ 0x8000) - 0x8000)
            o4 += x * ((w2[k + 4] ^ 0x8000) - 0x8000)
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
                if t >= OMAX:
                    p = osig[2 * OMAX] | osig[2 * OMAX + 1] << 8
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

    VIPER = (_v_census, _v_slots, _v_features, _v_feature_change, _v_finish)
