# Runs on the board after board_common.py, with MS set above it by the
# host: the real Loop, started as main.py starts it (emulator.START), left
# waiting where a player would leave it: at the main menu, then on the
# board for the player's move (two players, the opening roll made). The
# loop's waits are timed (its `time` given a sleep_ms that counts), so the
# busy time is the rest: the loop's own work.
#
# Prints IDLE lines: 'IDLE place busy_us total_us redraws'; then DONE.
import __main__
import mainloop
from firmware.handheld import app as app_module
from firmware.handheld import keys

loop = __main__.LOOP
app = loop.app
slept = [0]


class _Time:
    ticks_ms = time.ticks_ms
    ticks_us = time.ticks_us
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add

    @staticmethod
    def sleep_ms(ms):
        t = time.ticks_us()
        time.sleep_ms(ms)
        slept[0] += time.ticks_diff(time.ticks_us(), t)


mainloop.time = _Time


def wait_at(place, ms):
    """Steps the loop for ms of the chip's time, no button pressed."""
    redraws = app.redraws
    gc.collect()
    slept[0] = 0
    start = time.ticks_us()
    end = time.ticks_add(time.ticks_ms(), ms)
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        loop.step()
    total = time.ticks_diff(time.ticks_us(), start)
    print("IDLE %s %d %d %d" % (place, total - slept[0], total, app.redraws - redraws))


wait_at("menu", MS)  # noqa: F821  (set by the host above this file)
app.main.set("PLAY", app_module.TWO_PLAYERS)
app.start_match()
for _ in range(20):
    loop.step()
app.update(loop.now, bytes((keys.event(keys.PRESS, keys.A),)))   # the opening roll
for _ in range(100):
    loop.step()
wait_at("board", MS)  # noqa: F821
print("DONE")
