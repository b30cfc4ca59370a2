# Runs on the board after the game's start-up as main.py makes it
# (emulator.START): the demo at LEVEL for MS milliseconds through the real
# loop, the heap collected and its block map printed every SAMPLE_MS
# (micropython.mem_info(1): a character a 16-byte block, '.' free, '='
# the rest of an object, a letter an object's first block by its kind),
# tagged "think" while the computer is thinking and "idle" otherwise, so
# that what splits the free space in play can be seen where it lies.
import sys

import __main__

loop = __main__.LOOP
start_demo(loop, LEVEL)  # noqa: F821  (set by the host above this file)
end = time.ticks_add(time.ticks_ms(), MS)  # noqa: F821
watched = time.ticks_ms()
sample = time.ticks_add(watched, SAMPLE_MS)  # noqa: F821
while time.ticks_diff(end, time.ticks_ms()) > 0:
    loop.step()
    watched = keep_awake(loop, watched)
    if time.ticks_diff(time.ticks_ms(), sample) >= 0:
        play = loop.app.play
        thinking = play is not None and (play.thinker or play.cube_thinker) is not None
        heap_line("think" if thinking else "idle", True)
        if WHO:  # noqa: F821
            who_above((("loop", loop),) + tuple(("sys.modules{%s}" % k, m.__dict__)
                                                  for k, m in sys.modules.items() if k.startswith("firmware")),
                      WHO, 6)  # noqa: F821
        sample = time.ticks_add(time.ticks_ms(), SAMPLE_MS)  # noqa: F821
heap_line("end", True)
print("DONE")
