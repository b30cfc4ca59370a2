# Runs on the board (MicroPython rp2), ahead of each board_*.py script: the
# host joins this file and the script into one, which the emulated Pico runs
# as main.py or mpremote runs on a real Pico. Nothing here allocates while a
# measurement runs.
import gc
import time


def largest_free():
    """The largest block the heap gives after a collection, in bytes (to
    within 16): micropython.mem_info()'s `max free sz`, found by asking.
    A failed try collects and tries again before it raises, so the
    garbage of the try before never hides room."""
    gc.collect()
    lo = 0
    hi = gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo


def heap_line(tag):
    """One line for the host: free bytes and the largest free block, both
    after a collection."""
    big = largest_free()
    print("HEAP %s %d %d" % (tag, gc.mem_free(), big))


class Histogram:
    """Pass or step times in whole milliseconds, 0..LAST (the last bucket
    holds everything longer), plus the longest in microseconds."""
    LAST = 200

    def __init__(self):
        self.counts = [0] * (self.LAST + 1)
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
