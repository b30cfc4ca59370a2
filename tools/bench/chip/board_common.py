# Runs on the board (MicroPython rp2), ahead of each board_*.py script: the
# host joins this file and the script into one, which the emulated Pico runs
# as main.py or mpremote runs on a real Pico. Nothing here allocates while a
# measurement runs.
import gc
import time
from array import array

import machine
import micropython

_RAM = (0x20000000, 0x20042000)     # the RP2040's SRAM: a heap object's address lies here


def heap_line(tag, blocks=False):
    """The heap after a collection, for the host: 'HEAP tag free', then
    micropython.mem_info()'s lines, whose `max free sz` is the largest free
    block in 16-byte blocks (with blocks, the heap's block map after them).
    Asking for blocks to find it instead would itself collect on every
    refusal and change what it measures."""
    gc.collect()
    free = gc.mem_free()
    print("HEAP", tag, free)     # nothing made between the collection and the reading (a formatted line would lie in the heap it reads)
    if blocks:
        micropython.mem_info(1)
    else:
        micropython.mem_info()


def start_demo(loop, level):
    """The demo at the level (1 to 5), a new match started."""
    from firmware.handheld import app as app_module
    loop.app.main.set("PLAY", app_module.DEMO)
    loop.app.main.set("LEVEL", level - 1)
    loop.app.begin_match()      # as the menu starts one: after a collection


def keep_awake(loop, watched):
    """Once a minute (watched: when it last did, ticks_ms) tells the power
    manager someone is watching, so that the demo does not sleep; returns
    when it last did."""
    now = time.ticks_ms()
    if time.ticks_diff(now, watched) >= 60000:
        loop.hw.power.activity(now)
        return now
    return watched


class Histogram:
    """Pass or step times in whole milliseconds, 0..LAST (the last bucket
    holds everything longer), plus the longest in microseconds. A bucket
    counts to 65,535 and stays there (two bytes each: the soak's five
    histograms lie on the heap it measures); n counts them all."""
    LAST = 200

    def __init__(self):
        self.counts = array("H", bytes(2 * (self.LAST + 1)))
        self.longest = 0
        self.n = 0

    def add(self, us):
        ms = us // 1000
        k = ms if ms < self.LAST else self.LAST
        if self.counts[k] < 65535:
            self.counts[k] += 1
        self.n += 1
        if us > self.longest:
            self.longest = us

    def line(self, tag):
        """'PASSES tag n longest_us ms:count ...' for the buckets in use."""
        out = ["PASSES", tag, str(self.n), str(self.longest)]
        for ms in range(self.LAST + 1):
            if self.counts[ms]:
                out.append("%d:%d" % (ms, self.counts[ms]))
        return " ".join(out)


def who_above(roots, low, depth=7):
    """'WHO address blocks type path' for each object reachable from roots
    ((name, object) pairs) through instances' attributes, lists, tuples
    and dicts that lies at or above address `low`: which of the game's
    objects split the top of the heap. The walk allocates a small tuple
    an object it passes (a path is written out only for the objects
    printed: the heap is nearly full where it matters); call it after
    heap_line, so that what it measures is already printed."""
    seen = set()        # the objects printed (only those above low: the heap is small)
    # (parent entry, how reached: 0 root, 1 attribute, 2 index, 3 dict value, 4 dict key; the name, index or key, object, depth)
    todo = [(None, 0, name, obj, 0) for name, obj in roots]
    while todo:
        entry = todo.pop()
        obj, d = entry[3], entry[4]
        if obj is None or isinstance(obj, (int, bool)) or type(obj).__name__ in ("module", "function"):
            continue
        i = id(obj)
        if i >= low:
            if i in seen:
                continue
            seen.add(i)
            print("WHO %x %s %s" % (i, type(obj).__name__, _path(entry)))
        if _RAM[0] <= i < _RAM[1] and (isinstance(obj, _STORED) or hasattr(obj, "__dict__")):
            # a list's items, a dict's or an instance's table, an array's
            # or a string's bytes lie in a block of their own, made again
            # as a list or a dict grows: its address is the object's word 3
            p = machine.mem32[i + 12]
            if p >= low and p not in seen and _RAM[0] <= p < _RAM[1]:
                seen.add(p)
                print("WHO %x %s-items %s" % (p, type(obj).__name__, _path(entry)))
        if d >= depth:
            continue
        if isinstance(obj, (list, tuple)):
            for k in range(len(obj)):
                todo.append((entry, 2, k, obj[k], d + 1))
        elif isinstance(obj, dict):
            for k, v in obj.items():
                todo.append((entry, 3, k, v, d + 1))
                if not isinstance(k, str):
                    todo.append((entry, 4, None, k, d + 1))
        elif not isinstance(obj, (str, bytes, bytearray)):
            try:
                attrs = obj.__dict__
            except AttributeError:
                continue
            for k, v in attrs.items():
                todo.append((entry, 1, k, v, d + 1))


_STORED = (list, dict, bytearray, array, str, bytes)


def type_names(modules):
    """{address: name} of the builtin types and of the classes in modules
    (the values of sys.modules): an object's first word is its type's
    address, so that who_types can name the objects no walk reaches."""
    def f():
        return f
    names = {}
    # the types the block map writes as 'h' (tuples, lists, dicts, strings,
    # arrays and functions have letters of their own there)
    for t in (memoryview, int, set, frozenset, type(f), type(names.items), type(range(1)), type(iter(())),
              type(iter([])), type(x for x in ())):
        names[id(t)] = t.__name__
    for m in modules:
        for k, v in m.__dict__.items():
            if isinstance(v, type):
                names[id(v)] = k
    return names


def who_types(names, low, high=_RAM[1]):
    """'TYPE address name' for each 16-byte block from low up to high
    whose first word is a type's address in names (type_names): the type
    of each object there, for the host to read with the block map (a free
    block may show a type too: what last lay there). The heap is collected
    again after it, so that its garbage is none of the game's passes'."""
    mem = machine.mem32
    for a in range(low, high, 16):
        n = names.get(mem[a])
        if n is not None:
            print("TYPE %x %s" % (a, n))
    gc.collect()


def _path(entry):
    """The path that reached a who_above entry: root.attribute[index]{key}."""
    parts = []
    while entry is not None:
        parent, how, key = entry[0], entry[1], entry[2]
        parts.append(key if how == 0 else "." + key if how == 1 else "[%d]" % key if how == 2
                     else "{%s}" % (key,) if how == 3 else "{key}")
        entry = parent
    parts.reverse()
    return "".join(parts)
