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
