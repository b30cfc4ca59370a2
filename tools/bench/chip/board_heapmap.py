# Runs on the board after the game's start-up as main.py makes it
# (emulator.START): the demo at LEVEL for MS milliseconds through the real
# loop, then the heap collected and its block map printed
# (micropython.mem_info(1): a character a 16-byte block, '.' free, '='
# the rest of an object, a letter an object's first block by its kind),
# so that what splits the free space in play can be seen where it lies.
import __main__
from firmware.handheld import app as app_module

loop = __main__.LOOP
app = loop.app
app.main.set("PLAY", app_module.DEMO)
app.main.set("LEVEL", LEVEL - 1)  # noqa: F821  (set by the host above this file)
app.start_match()
end = time.ticks_add(time.ticks_ms(), MS)  # noqa: F821
watched = time.ticks_ms()
while time.ticks_diff(end, time.ticks_ms()) > 0:
    loop.step()
    now = time.ticks_ms()
    if time.ticks_diff(now, watched) >= 60000:
        loop.hw.power.activity(now)     # someone watching: the demo does not sleep
        watched = now
gc.collect()
print("HEAP end %d" % gc.mem_free())
micropython.mem_info(1)
print("DONE")
