# Runs on the board after board_common.py, with SEED and PHASES set above
# it by the host: the game as main.py starts it (emulator.START), then its
# loop stepped with a player pressing at random, as board_soak.py does.
# PHASES: (mode, level, points, ms) each: "vs" a match against the
# computer, "demo" the computer against itself (no presses), "menu"
# presses from the main menu on. After the start-up and
# after each phase it prints 'QSTRS tag', micropython.qstr_info(1) (its
# count, then a line a qstr) and the modules loaded ('MODULES tag name
# ...'); QSTRS OVER at the end.
import random
import sys

import __main__
from firmware.handheld import app as app_module
from firmware.handheld import keys

random.seed(SEED)  # noqa: F821  (set by the host above this file)
loop = __main__.LOOP
app = loop.app
_VS = bytes([keys.A] * 9 + [keys.LEFT] * 3 + [keys.RIGHT] * 3 + [keys.UP, keys.DOWN] + [keys.B] * 2
            + [keys.CUBE] + [keys.MENU])
_MENU = bytes([keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.B, keys.MENU, keys.A])
press = [_VS, 0, -1, 0]     # choice, next press at, button held, release at
real_poll = loop.hw.buttons.poll
events = loop.hw.buttons.events


def poll(now):
    n = real_poll(now)
    if press[0] and n < len(events):
        if press[2] >= 0:
            if time.ticks_diff(now, press[3]) >= 0:
                events[n] = keys.RELEASE << 4 | press[2]
                n += 1
                press[2] = -1
                press[1] = time.ticks_add(now, random.randint(120, 700))
        elif time.ticks_diff(now, press[1]) >= 0:
            b = press[0][random.randint(0, len(press[0]) - 1)]
            events[n] = keys.PRESS << 4 | b
            n += 1
            press[2] = b
            press[3] = time.ticks_add(now, random.randint(40, 220))
    return n


loop.hw.buttons.poll = poll


def dump(tag):
    gc.collect()
    print("QSTRS %s" % tag)
    micropython.qstr_info(1)
    print("MODULES %s %s" % (tag, " ".join(sorted(sys.modules))))


dump("started")
for mode, level, points, ms in PHASES:  # noqa: F821
    app.main.set("PLAY", app_module.DEMO if mode == "demo" else app_module.VS_CPU)
    app.main.set("LEVEL", level - 1)
    app.main.set("POINTS", points)
    if mode == "menu":
        press[0] = _MENU
        app.play = None
        app.screen = app_module.MAIN
    else:
        press[0] = _VS if mode == "vs" else None
        app.begin_match()   # as the menu starts one: after a collection
    thinking = moves = 0
    end = time.ticks_add(time.ticks_ms(), ms)
    while time.ticks_diff(end, time.ticks_ms()) > 0:
        loop.step()
        loop.restart = app.update_requested = False
        now = app.play is not None and app.play.thinker is not None
        if thinking and not now:
            moves += 1
        thinking = now
    print("PHASE %s %d %d: %d computer moves" % (mode, level, points, moves))
    dump(mode)
print("%s%s" % ("QSTRS", " OVER"))   # not a string the dump itself shows
