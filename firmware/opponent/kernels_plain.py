"""Plain-Python twins of the evaluator's viper kernels, generated from
firmware/opponent/kernels.py by tools/gen/twins.py, do not edit: the same
steps, in the same order (PLAIN here, VIPER there). CPython runs these (it
has no emitters); under MicroPython they are imported only to compare
(evaluator.use_viper(False)), so the device does not hold them.
"""
from firmware.opponent.kernels import (ACONTAIN, B2, BASE, BLOCK_MASK, CACHE, CHANGES, DIST_MASK,
                                       ESCAPES_FAR, ESCAPES_NEAR, FILE, FSHIFT, GROUP, HEADER, HMAX,
                                       HSIG, OFF_INPUT, OMAX, ONE, OSHIFT, OSIG, OUTSIDE, OWNER,
                                       OZERO, PINNED, PIPLOSS, REFS, ROLLS, ROWS, SHAPE, SHORT,
                                       TAGS, VIEWS, W1F, W2)
from firmware.engine.pointers_plain import Address, ptr16, ptr32, ptr8


def census(board, start: int) -> int:
    b = ptr8(board)
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


def slots(acc, start, base, board, shift: int) -> int:
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
    o = ptr16(CHANGES)
    b0 = ptr8(base)
    b1 = ptr8(board)
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
    a = ptr32(acc)
    src = ptr32(start)
    w = Address(CACHE)
    tags = ptr8(TAGS)
    owner = ptr16(OWNER)
    refs = ptr8(REFS)
    g = ptr32(GROUP)
    rows = int(len(OWNER))
    n = int(len(acc))
    one = 1
    h = 0
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
                FILE.seek(int(HEADER) + ptr32(BASE)[0] + x * n)
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
            col0 = ptr8(w + g[i] * n)
            m0 = (g[i + 1] ^ h) - h
            j = 0
            if cnt - i >= 8:
                refs[g[i + 2]] = 1
                refs[g[i + 4]] = 1
                refs[g[i + 6]] = 1
                col1 = ptr8(w + g[i + 2] * n)
                m1 = (g[i + 3] ^ h) - h
                col2 = ptr8(w + g[i + 4] * n)
                m2 = (g[i + 5] ^ h) - h
                col3 = ptr8(w + g[i + 6] * n)
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


def hits(occ: int, blots: int, f, side: int):
    out = ptr32(f)
    r = ptr32(ROLLS)
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


def features(board, us: int, them: int, f):
    b = ptr8(board)
    out = ptr32(f)
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
    hit = hits
    hit(occ_us, blots_them, f, 0)
    hit(occ_them, blots_us, f, 1)
    out[2] = prime_us
    out[3] = prime_them
    out[4] = 1 if back_us + back_them <= 25 else 0
    # the side's point p is the other's 25 - p: the distances in front
    # of p are the other side's made points from 26 - p up
    near = ptr8(ESCAPES_NEAR)
    far = ptr8(ESCAPES_FAR)
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


def feature_change(facc, start, base_f, f):
    a = ptr32(facc)
    src = ptr32(start)
    bf = ptr32(base_f)
    ff = ptr32(f)
    rows = ptr32(ROWS)
    w = Address(W1F)
    n = int(len(facc))
    nf = int(len(f))
    one = 1
    h = 0
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
        p = ptr16(w + rows[i])
        mp = (rows[i + 1] ^ h) - h
        j = 0
        if left >= 8:
            q = ptr16(w + rows[i + 2])
            mq = (rows[i + 3] ^ h) - h
            r = ptr16(w + rows[i + 4])
            mr = (rows[i + 5] ^ h) - h
            t = ptr16(w + rows[i + 6])
            mt = (rows[i + 7] ^ h) - h
            off = 0 - ((mp + mq + mr + mt) << 15)
            while j < n:
                a[j] = (src[j] + off + mp * (p[j] ^ 0x8000) + mq * (q[j] ^ 0x8000)
                        + mr * (r[j] ^ 0x8000) + mt * (t[j] ^ 0x8000))
                j += 1
            i += 8
        elif left >= 4:
            q = ptr16(w + rows[i + 2])
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


def finish(acc, facc, out, bias: int):
    a = ptr32(acc)
    fa = ptr32(facc)
    o = ptr32(out)
    w2 = ptr16(W2)
    b2 = ptr32(B2)
    sig = ptr8(HSIG)
    osig = ptr8(OSIG)
    n = int(len(acc))
    fshift = int(FSHIFT)
    oshift = int(OSHIFT)
    ozero = int(OZERO)
    one = 1
    h = 0
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


PLAIN = (census, slots, features, feature_change, finish)
