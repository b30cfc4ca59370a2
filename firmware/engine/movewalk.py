"""The move generator's inner loops in viper: the source lists, the depth-first
walk over the dice and the play store. firmware/engine/movegen.py drives them.

The walk keeps its whole state in buffers (no recursion, no objects), so it
can stop after `budget` candidate steps and go on at the next call: a roll's
generation can be spread over loop passes. tools/gen/twins.py writes
the plain-Python twin (firmware/engine/movewalk_plain.py) from this file;
movegen.py imports this one under MicroPython, the twin elsewhere.

A context is a list: [state (array 'i' of SIZE), board (bytearray 50),
lists (bytearray LISTS), path (bytearray 4), table (bytearray of 2^n
16-bit entries), chunks (list of bytearray CHUNK * RECORD), the start
(50 bytes), a scratch of 25 zero bytes (the duplicate check's)].
docs/movegen.md has the design.
"""
from array import array

import micropython
from micropython import const

from firmware.engine.movetables import HIT_HASH, LAND, MOVE_HASH

# state slots
_BEST = const(0)        # most dice a play has used so far
_GOAL = const(1)        # stop once a play uses this many dice
_LAST = const(2)        # index of the last die
_DOUBLE = const(3)      # 1: doubles, steps taken from high points to low
_SKIP = const(4)        # 1: second order of a roll, skip what the first found
_K = const(5)           # the die being played (the depth)
_N = const(6)           # plays stored
_MASK = const(7)        # table size - 1
_CAP = const(8)         # plays the chunks hold
_STORE = const(9)       # 1: store plays, 0: only find _BEST
_ENTER = const(10)      # 1: depth _K is still to be set up
# per depth k, at slot + k
_I = const(12)          # index in the source list
_END = const(16)        # end of the source list
_OUT = const(20)        # our checkers not yet home
_HITS = const(24)       # mask of our points this line hit on (bit t - 1)
_H = const(28)          # hash relative to the start of the turn
_MOVED = const(32)      # 1 once a step was made (or skipped) at this depth
_TOP = const(36)        # our highest home point with a checker, 0 = not known yet
_SWAP = const(40)       # the one source left in a trimmed second order
_P = const(44)          # the step made at this depth: from ...
_T = const(48)          # ... to (0 = off)
_HIT = const(52)        # ... and whether it hit
_DIE = const(56)        # the die played at this depth
_LIST = const(60)       # offset of its source list in the lists buffer
_LEN = const(64)        # length of that list
_LO = const(68)         # first index to try
_SIZE = const(72)

_LISTS = const(130)     # four source lists of 26, then 26 bytes of marks
_MARKS = const(104)
# A stored play: its 4 step codes p << 3 | d (0: none), then the low 16
# bits of its hash. Its result is the start with the steps made (result()
# writes it out).
RECORD = const(6)
_HASH_AT = const(4)
CHUNK = const(32)       # plays per chunk
CHUNK_SHIFT = const(5)

_DONE = const(0)        # walk(): the run is finished
MORE = const(1)         # the budget ran out
FULL = const(2)         # the duplicate table must grow

_FIRST_TABLE = const(64)

_LAND = bytes(LAND)


def context(store, board):
    """A new context for walks from board (50 bytes); with store False the
    walk only finds how many dice can be played (and stops at the goal)."""
    st = array("i", bytes(4 * _SIZE))
    st[_MASK] = _FIRST_TABLE - 1
    st[_STORE] = 1 if store else 0
    chunks = []
    if store:
        chunks.append(bytearray(CHUNK * RECORD))
        st[_CAP] = CHUNK
    # a walk that does not store never reads the table: one entry will do
    table = bytearray(2 * _FIRST_TABLE if store else 2)
    return [st, bytearray(50), bytearray(_LISTS), bytearray(4), table, chunks, board, bytearray(25)]


@micropython.viper
def result(chunk, o: int, start, out):
    """The position after the record at chunk[o:] written into out (50
    bytes, the mover's view): the start with the play's steps made and
    each blot it hit on their bar."""
    c = ptr8(chunk)
    s = ptr8(start)
    d = ptr8(out)
    land = ptr8(_LAND)
    i = 0
    while i < 50:
        d[i] = s[i]
        i += 1
    j = 0
    while j < 4:
        code = c[o + j]
        if code != 0:
            t = land[code]
            d[(code >> 3) - 1] -= 1
            if t != 0:
                if d[49 - t] != 0:
                    # their blot: the only checker there, and only once
                    d[49 - t] = 0
                    d[49] += 1
                d[t - 1] += 1
        j += 1


@micropython.viper
def start_run(ctx, a: int, b: int, count: int, flags: int):
    """Sets up a walk from the context's board over `count` dice: a, b for
    a non-double (b = 0 for a alone), a `count` times when a == b. flags:
    bit 0 fresh (forget the plays and the dice count found so far, and
    the line's steps), bit 1 skip (the second order of a roll: skip what
    the first found), the rest the goal (stop once a play uses that many
    dice)."""
    st = ptr32(ctx[0])
    bd = ptr8(ctx[1])
    lists = ptr8(ctx[2])
    path = ptr8(ctx[3])
    board = ptr8(ctx[6])
    outside = 0
    i = 0
    while i < 50:
        bd[i] = board[i]
        if i >= 6 and i < 25:
            outside += board[i]
        i += 1
    if flags & 1:
        st[_BEST] = 0
        st[_N] = 0
        path[0] = 0
        path[1] = 0
        path[2] = 0
        path[3] = 0
        if st[_STORE]:
            tab = ptr16(ctx[4])
            mask = st[_MASK]
            z = 0
            while z <= mask:
                tab[z] = 0
                z += 1
    st[_SKIP] = (flags >> 1) & 1
    st[_GOAL] = flags >> 2
    st[_LAST] = count - 1
    st[_DOUBLE] = 1 if a == b else 0
    # the source lists: for doubles one, shared by every die; else the
    # first die's, and the second's (shifted by the first) at 26
    lists_made = 1 if a == b or count == 1 else 2
    m = 0
    while m < lists_made:
        die = a
        shift = a
        shifts = 3 if a == b else 0
        off = 0
        if m == 1:
            die = b
            shifts = 1
            off = 26
        p = 0
        while p <= 25:
            lists[_MARKS + p] = 0
            p += 1
        p = 1
        while p <= 25:
            if bd[p - 1]:
                lists[_MARKS + p] = 1
                j = 1
                while j <= shifts:
                    q = p - shift * j
                    if q > 0:
                        lists[_MARKS + q] = 1
                    j += 1
            p += 1
        # points (high to low) a checker could move from with die later in
        # the turn: holding one now, or once one arrives from higher up, with
        # the landing open (their checkers on our point t sit at 49 - t) or
        # bearing off
        n = 0
        p = 25
        while p >= 1:
            if lists[_MARKS + p] and (p <= die or bd[49 - p + die] < 2):
                lists[off + n] = p
                n += 1
            p -= 1
        st[_DIE + m] = die
        st[_LIST + m] = off
        st[_LEN + m] = n
        m += 1
    if a == b:
        k = 1
        while k < count:
            st[_DIE + k] = a
            st[_LIST + k] = 0
            st[_LEN + k] = st[_LEN]
            k += 1
    st[_K] = 0
    st[_ENTER] = 1
    st[_LO] = 0
    st[_OUT] = outside
    st[_HITS] = 0
    st[_H] = 0


def best(ctx):
    """The most dice a play uses, of those found so far."""
    return ctx[0][_BEST]


def stored(ctx):
    """Plays stored so far."""
    return ctx[0][_N]


def grow(ctx):
    """Doubles the duplicate table after walk() said FULL (it is kept at
    most half full)."""
    st = ctx[0]
    n = st[_N]
    if n + n + 2 > st[_MASK]:
        size = 2 * (st[_MASK] + 1)
        if size > 0x10000:
            raise MemoryError("more than 32768 plays")
        ctx[4] = None       # let the old table go before the new one is made
        ctx[4] = bytearray(2 * size)   # 16-bit entries, read through ptr16
        st[_MASK] = size - 1
        fill_table(ctx)


@micropython.viper
def fill_table(ctx):
    """Enters every stored play in the (new, empty) table by its hash."""
    st = ptr32(ctx[0])
    tab = ptr16(ctx[4])
    chunks = ctx[5]
    mask = st[_MASK]
    count = st[_N]
    j = 0
    while j < count:
        cp = ptr8(chunks[j >> CHUNK_SHIFT])
        o = (j & (CHUNK - 1)) * RECORD
        slot = (cp[o + _HASH_AT] | cp[o + _HASH_AT + 1] << 8) & mask
        while tab[slot]:
            slot = (slot + 1) & mask
        tab[slot] = j + 1
        j += 1


@micropython.viper
def walk(ctx, budget: int) -> int:
    """Walks on from where the last call stopped, trying at most `budget`
    candidate steps. Returns the status (_DONE when the run is over, MORE
    when the budget ran out, FULL when the duplicate table must grow before
    the next play; chunks for the plays it makes itself) plus 4 times the
    budget left."""
    st = ptr32(ctx[0])
    b = ptr8(ctx[1])
    lists = ptr8(ctx[2])
    path = ptr8(ctx[3])
    tab = ptr16(ctx[4])
    chunks = ctx[5]
    start = ptr8(ctx[6])
    sc = ptr8(ctx[7])
    land = ptr8(_LAND)
    mh = ptr32(MOVE_HASH)
    hh = ptr32(HIT_HASH)
    best = st[_BEST]
    goal = st[_GOAL]
    last = st[_LAST]
    double = st[_DOUBLE]
    store = st[_STORE]
    mask = st[_MASK]
    cap = st[_CAP]
    count = st[_N]
    k = st[_K]
    i = st[_I + k]
    enter = st[_ENTER]
    status = _DONE
    cur = ptr8(ctx[3])      # the chunk being filled, number `at` (none yet)
    at = -1
    while True:
        if enter:
            # a new depth: its list, and the trims that apply to it
            enter = 0
            i = st[_LO + k]
            n = st[_LEN + k]
            off = st[_LIST + k]
            if b[24]:
                # checkers on the bar enter first; the bar heads every list
                if i == 0 and n and lists[off] == 25:
                    n = 1
                else:
                    n = 0
            swap = 0
            moved = 0
            if k == last and k == 1 and st[_SKIP]:
                # The first step was p1 -> t1. A second step by another
                # checker (not from t1) that does not bear off could have
                # been played first: the first order found that play.
                swap = (path[0] >> 3) - (path[0] & 7)
                if swap < 0:
                    swap = 0
                elif st[_OUT + k]:
                    # nothing bears off, so only the checker on t1 is left
                    j = 0
                    while j < n and lists[off + j] != swap:
                        j += 1
                    if j < n:
                        i = j
                        n = j + 1
                    else:
                        moved = 1       # nothing to play and nothing to record
                        n = 0
            st[_END + k] = n
            st[_SWAP + k] = swap
            st[_MOVED + k] = moved
            st[_TOP + k] = 0
        if budget <= 0:
            status = MORE
            break
        if store and not double and count + count + 2 > mask:
            status = FULL       # the duplicate table must grow first
            break
        budget -= 1
        rec = -1            # dice used by a play to record now
        rhits = 0
        rh = 0
        undo = 0
        pop = 0
        if i < st[_END + k]:
            p = lists[st[_LIST + k] + i]
            if b[p - 1]:
                d = st[_DIE + k]
                t = p - d
                swap = st[_SWAP + k]
                if t > 0 and swap and p != swap:
                    st[_MOVED + k] = 1
                elif t > 0:
                    b[p - 1] -= 1
                    b[t - 1] += 1
                    rh = st[_H + k] + mh[p * 8 + d]
                    rhits = st[_HITS + k]
                    hit = 0
                    if b[49 - t] == 1:
                        hit = 1
                        b[49 - t] = 0
                        b[49] += 1
                        rh += hh[t]
                        rhits |= 1 << (t - 1)
                    path[k] = p << 3 | d
                    st[_P + k] = p
                    st[_T + k] = t
                    st[_HIT + k] = hit
                    st[_MOVED + k] = 1
                    if k == last:
                        rec = k + 1
                        undo = 1
                    else:
                        out = st[_OUT + k]
                        if p > 6 and t <= 6:
                            out -= 1
                        st[_I + k] = i
                        k += 1
                        st[_LO + k] = i if double else 0
                        st[_OUT + k] = out
                        st[_HITS + k] = rhits
                        st[_H + k] = rh
                        enter = 1
                        continue
                elif st[_OUT + k]:
                    i = st[_END + k]    # the rest of the list bears off too
                    continue
                else:
                    if t < 0:
                        top = st[_TOP + k]
                        if not top:
                            top = 6
                            while not b[top - 1]:
                                top -= 1
                            st[_TOP + k] = top
                        if p != top:
                            i = st[_END + k]    # lower points cannot bear off with d either
                            continue
                    b[p - 1] -= 1
                    rh = st[_H + k] + mh[p * 8 + d]
                    rhits = st[_HITS + k]
                    path[k] = p << 3 | d
                    st[_P + k] = p
                    st[_T + k] = 0
                    st[_HIT + k] = 0
                    st[_MOVED + k] = 1
                    if k == last:
                        rec = k + 1
                        undo = 1
                    else:
                        st[_I + k] = i
                        k += 1
                        st[_LO + k] = i if double else 0
                        st[_OUT + k] = 0
                        st[_HITS + k] = rhits
                        st[_H + k] = rh
                        enter = 1
                        continue
            if not undo:
                i += 1
        else:
            if not st[_MOVED + k]:
                rec = k         # no die left to play here: a partial play
                rhits = st[_HITS + k]
                rh = st[_H + k]
            pop = 1
        if rec >= best:
            if rec > best:
                best = rec      # a play using more dice: the store starts again
                st[_BEST] = best
                count = 0
                if store and not double:
                    z = 0
                    while z <= mask:
                        tab[z] = 0
                        z += 1
            if store:
                # Doubles reach each result once (the steps, taken from
                # high points to low, are fixed by the result); other rolls
                # can reach one by both orders, so a play whose hash is in
                # the table is compared with the one stored there: the same
                # result when their steps change our points alike and hit
                # the same blots.
                slot = rh & mask
                low = rh & 0xFFFF
                dup = 0
                while not double:
                    j = int(tab[slot])
                    if j == 0:
                        break
                    j -= 1
                    cp = ptr8(chunks[j >> CHUNK_SHIFT])
                    o = (j & (CHUNK - 1)) * RECORD
                    if (cp[o + _HASH_AT] | cp[o + _HASH_AT + 1] << 8) == low:
                        # this play's steps (c < 4) counted down in the
                        # scratch, the stored one's (c >= 4) up (bytes: -1
                        # is 255), and its hits found from the start
                        sh = 0
                        c = 0
                        while c < 8:
                            code = cp[o + c - 4] if c >= 4 else (path[c] if c < rec else 0)
                            if code != 0:
                                up = 1 if c >= 4 else 255
                                q = (code >> 3) - 1
                                sc[q] = (sc[q] + up) & 255
                                t = land[code]
                                if t != 0:
                                    sc[t - 1] = (sc[t - 1] + 256 - up) & 255
                                    if c >= 4 and start[49 - t] != 0:
                                        sh |= 1 << (t - 1)
                            c += 1
                        same = 1 if sh == rhits else 0
                        # the points either touched back to zero: one that
                        # is not is a difference
                        c = 0
                        while c < 8:
                            code = cp[o + c - 4] if c >= 4 else (path[c] if c < rec else 0)
                            if code != 0:
                                q = (code >> 3) - 1
                                if sc[q] != 0:
                                    same = 0
                                    sc[q] = 0
                                t = land[code]
                                if t != 0 and sc[t - 1] != 0:
                                    same = 0
                                    sc[t - 1] = 0
                            c += 1
                        if same:
                            dup = 1
                            break
                    slot = (slot + 1) & mask
                if not dup:
                    if count >> CHUNK_SHIFT != at:
                        if count >= cap:
                            chunks.append(bytearray(CHUNK * RECORD))
                            cap += CHUNK
                            st[_CAP] = cap
                        at = count >> CHUNK_SHIFT
                        cur = ptr8(chunks[at])
                    o = (count & (CHUNK - 1)) * RECORD
                    c = 0
                    while c < 4:
                        cur[o + c] = path[c] if c < rec else 0
                        c += 1
                    cur[o + _HASH_AT] = low & 255
                    cur[o + _HASH_AT + 1] = low >> 8
                    count += 1
                    if not double:
                        tab[slot] = count
        if pop:
            if k == 0:
                break
            k -= 1
            i = st[_I + k]
            undo = 1
        if undo:
            p = st[_P + k]
            t = st[_T + k]
            if t:
                if st[_HIT + k]:
                    b[49] -= 1
                    b[49 - t] = 1
                b[t - 1] -= 1
            b[p - 1] += 1
            if best == goal:
                break       # the board is left as it is: each run starts from a copy
            i += 1
    st[_K] = k
    st[_I + k] = i
    st[_ENTER] = enter
    st[_N] = count
    return status | budget << 2
