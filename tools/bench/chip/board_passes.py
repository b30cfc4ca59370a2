# Runs on the board after board_common.py, with LEVEL and MS set above it by
# the host: the demo (the computer playing itself at LEVEL) for MS of the
# chip's time, through the real Loop started as main.py starts it
# (emulator.START), every pass's busy time read and nothing else: the
# leanest measure of the loop passes, without the soak's player and
# timings, whose own heap and calls make the heap's collections slower.
#
# Prints PASSES lines (board_common.Histogram) for the passes that write
# the flash, those that collect the heap, and the rest; SLOW for each of
# the rest over 50 ms (and 1 if the computer was thinking as it began);
# SLOWCOLLECT for each collection's pass over 50 ms,
# with the time before the collection, the collection's and the time after
# it; COLLECT the longest collection in microseconds; then the heap
# (HEAP end) and DONE.
import __main__

loop = __main__.LOOP
app = loop.app
collect = loop.collect
longest_collect = [0]
collected = [False]
started = [0]
parts = array("i", (0, 0, 0))     # a collection pass: before, the collection, after


def timed_collect():
    t = time.ticks_us()
    collect()
    t1 = time.ticks_us()
    us = time.ticks_diff(t1, t)
    if us > longest_collect[0]:
        longest_collect[0] = us
    collected[0] = True
    parts[0] = time.ticks_diff(t, started[0])
    parts[1] = us
    parts[2] = t1


mark = [0]
rest = loop._rest_of_pass


def rest_of_pass(ticks):
    mark[0] = time.ticks_us()
    rest(ticks)


loop.collect = timed_collect
loop._rest_of_pass = rest_of_pass
flash = Histogram()
collecting = Histogram()
others = Histogram()
start_demo(loop, LEVEL)  # noqa: F821  (set by the host above this file)
end = time.ticks_add(time.ticks_ms(), MS)  # noqa: F821
watched = time.ticks_ms()
while time.ticks_diff(end, time.ticks_ms()) > 0:
    mark[0] = 0
    collected[0] = False
    thinking = 1 if app.thinking() else 0
    t0 = started[0] = time.ticks_us()
    loop.step()
    if not mark[0]:
        continue                    # asleep: no pass to time
    busy = time.ticks_diff(mark[0], t0)
    if loop.wrote:
        flash.add(busy)
    elif collected[0]:
        collecting.add(busy)
        if busy > 50000:
            print("SLOWCOLLECT %d %d %d" % (parts[0], parts[1], time.ticks_diff(mark[0], parts[2])))
    else:
        others.add(busy)
        if busy > 50000:
            print("SLOW %d %d" % (busy, thinking))
    watched = keep_awake(loop, watched)
print(flash.line("flash"))
print(collecting.line("collect"))
print(others.line("other"))
print("COLLECT %d" % longest_collect[0])
heap_line("end")
print("DONE")
