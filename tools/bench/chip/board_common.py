# Runs on the board (MicroPython rp2), ahead of each board_*.py script: the
# host joins this file and the script into one, which the emulated Pico runs
# as main.py or mpremote runs on a real Pico. Nothing here allocates while a
# measurement runs.
import gc
import time
from array import array

import micropython


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
    holds everything longer), plus the longest in microseconds."""
    LAST = 200

    def __init__(self):
        self.counts = array("I", bytes(4 * (self.LAST + 1)))
        self.longest = 0
        self.n = 0

    def add(self, us):
        ms = us // 1000
        self.counts[ms if ms < self.LAST else self.LAST] += 1
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
