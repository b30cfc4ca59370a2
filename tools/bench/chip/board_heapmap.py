# Runs on the board after the game's start-up as main.py makes it
# (emulator.START): the demo at LEVEL for MS milliseconds through the real
# loop, then the heap collected and its block map printed
# (micropython.mem_info(1): a character a 16-byte block, '.' free, '='
# the rest of an object, a letter an object's first block by its kind),
# so that what splits the free space in play can be seen where it lies.
import __main__

loop = __main__.LOOP
start_demo(loop, LEVEL)  # noqa: F821  (set by the host above this file)
end = time.ticks_add(time.ticks_ms(), MS)  # noqa: F821
watched = time.ticks_ms()
while time.ticks_diff(end, time.ticks_ms()) > 0:
    loop.step()
    watched = keep_awake(loop, watched)
heap_line("end", True)
print("DONE")
