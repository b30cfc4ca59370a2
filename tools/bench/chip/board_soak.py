# Runs on the board after board_common.py, with SEED, PHASES and RESUME_MS
# set above it by the host: the whole handheld as main.py starts it
# (emulator.START, before this file is loaded, so that the heap is the
# game's: startup.start(), the computer, the drivers, the dice, the
# Loop), its passes stepped here as mainloop.run() steps them, with a
# player at the buttons who presses at random.
#
# PHASES: (mode, level, points, ms) each. At a phase's start the main
# menu's PLAY, LEVEL and POINTS are set and a new match started, as START
# does; "vs" presses at random for the human side (mostly A, which picks
# up a checker, puts it on a landing point and confirms: the game goes
# on), "demo" leaves the computer to play itself, "menu" presses at random
# from the main menu on. When the save offers a game at power-on (the
# power cut before), the player presses for RESUME_MS instead: A resumes.
#
# Prints a STATUS line a minute, then PASSES lines by kind of pass (the
# pass's busy time: from its start to its idle rest), MOVES lines (the
# computer's moves in play, by level: count, longest in ms), HEAP lines
# every 5 s (board_common.heap_line: free and the largest free block,
# after a collection; with WHO, the block map and the game's objects
# above the top's free space at start too, and the type of each object
# there: board_who.py's who_above and who_types), and DONE; then the
# player goes on for a random while, CUT, and on until the power goes.
import os
import random
import sys
from array import array

import machine

import __main__
import mainloop
from firmware.engine import flashwriter
from firmware.handheld import app as app_module
from firmware.engine import game
from firmware.handheld import keys, play as play_module, playview, render, turn
from firmware.opponent import ai, cube

random.seed(SEED)  # noqa: F821  (set by the host above this file)
loop = __main__.LOOP    # started before this file was loaded (emulator.START)
app = loop.app
hw = loop.hw

_KINDS = ("idle", "think", "press", "flash", "menu")
passes = [Histogram() for _ in _KINDS]
# buttons, weighted: mostly A, the arrows, now and then B, CUBE or MENU
_CHOICE = bytes([keys.A] * 9 + [keys.LEFT] * 3 + [keys.RIGHT] * 3 + [keys.UP, keys.DOWN] + [keys.B] * 2
                + [keys.CUBE] + [keys.MENU])
_MENU_CHOICE = bytes([keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.B, keys.MENU, keys.A])
mash = [False, 0, -1, 0, _CHOICE]   # on, next press at, button held, release at, choice
injected = [0]
real_poll = hw.buttons.poll
events = hw.buttons.events


def poll(now):
    n = real_poll(now)
    injected[0] = 0
    if mash[0] and n < len(events):
        if mash[2] >= 0:
            if time.ticks_diff(now, mash[3]) >= 0:
                events[n] = keys.RELEASE << 4 | mash[2]
                n += 1
                injected[0] = 1
                mash[2] = -1
                mash[1] = time.ticks_add(now, random.randint(120, 700))
        elif time.ticks_diff(now, mash[1]) >= 0:
            choice = mash[4]
            b = choice[random.randint(0, len(choice) - 1)]
            events[n] = keys.PRESS << 4 | b
            n += 1
            injected[0] = 1
            mash[2] = b
            mash[3] = time.ticks_add(now, random.randint(40, 220))
    return n


hw.buttons.poll = poll
mark = [0]


def rest_of_pass(ticks):
    mark[0] = time.ticks_us()
    _rest(ticks)


_rest = loop._rest_of_pass
loop._rest_of_pass = rest_of_pass
# the parts of a pass, timed so that a slow one says where its time went
_PARTS = ("app.update", "matrix.show", "buzzer", "battery", "flash.prepare", "flash.write",
          "flash.settle", "power", "poll", "collect", "think.step", "draw_board", "TurnInput",
          "look_ahead", "ensure_plays", "step.unit", "step.scores", "step.replies", "step.cube_replies")
part_us = array("i", bytes(4 * len(_PARTS)))


def timed(obj, name, k, arity):
    """obj.name timed into part_us[k]. A wrapper of fixed arity: one taking
    *args would allocate a tuple a call, and the benchmark's own garbage
    would bring collections into the passes it measures."""
    f = getattr(obj, name)
    if arity == 0:
        def call():
            t = time.ticks_us()
            r = f()
            part_us[k] += time.ticks_diff(time.ticks_us(), t)
            return r
    elif arity == 1:
        def call(a):
            t = time.ticks_us()
            r = f(a)
            part_us[k] += time.ticks_diff(time.ticks_us(), t)
            return r
    elif arity == 2:
        def call(a, b):
            t = time.ticks_us()
            r = f(a, b)
            part_us[k] += time.ticks_diff(time.ticks_us(), t)
            return r
    elif arity == 3:
        def call(a, b, c):
            t = time.ticks_us()
            r = f(a, b, c)
            part_us[k] += time.ticks_diff(time.ticks_us(), t)
            return r
    else:
        def call(a, b, c, d, e):
            t = time.ticks_us()
            r = f(a, b, c, d, e)
            part_us[k] += time.ticks_diff(time.ticks_us(), t)
            return r
    setattr(obj, name, call)


for k, (obj, name, arity) in enumerate((
        (app, "update", 2), (hw.matrix, "show", 1), (hw.buzzer, "update", 1), (loop, "_check_battery", 1),
        (loop.flash, "prepare", 1), (loop.flash, "write", 0), (loop.flash, "settle", 1),
        (hw.power, "update", 1), (hw.buttons, "poll", 1),
        (loop, "collect", 0), (ai.Thinker, "step", 1), (render, "draw_board", 3),
        (play_module, "TurnInput", 5), (turn.TurnInput, "look_ahead", 1), (game.Game, "ensure_plays", 1),
        # a thinking step's parts: its units, and its runs of network scores
        (ai.Thinker, "_unit", 1), (ai.Thinker, "_score_run", 2), (ai.Thinker, "_reply_run", 2),
        (cube.CubeThinker, "_reply_run", 2))):
    timed(obj, name, k, arity)
heap_line("ready")      # the benchmark's own objects made: "started" less this is their heap
# with WHO, the lowest place a 400-byte object fits once the benchmark's
# own are made: the start of the top's free space, above which the
# objects made in play are named at each reading
types = type_names(m for k, m in sys.modules.items() if k.startswith("firmware")) if WHO else None  # noqa: F821
probe = (0,) * 100
low = id(probe) if WHO else 0  # noqa: F821  (set by the host above this file)
probe = None
moves = array("i", bytes(4 * 2 * 6))    # by level 1..5: count, longest ms (made now: nothing the benchmark keeps is made in play)
move_ms = array("i", bytes(12))    # the computer's move: its ms so far, its level, 1 while it thinks
updates = [0]
paused = array("i", bytes(4))   # how long the benchmark's last reading stopped the loop, until the pass after it
slow = [0]          # passes over 50 ms told of, one line each (SLOW)


def kind_of(thinking):
    if loop.wrote:
        return 3
    if injected[0]:
        return 2
    if thinking:
        return 1
    play = app.play
    if app.screen != app_module.PLAY or play is None or play.mode == playview.MENU:
        return 4
    return 0


def start_phase(mode, level, points):
    if mode == "demo":
        app.main.set("PLAY", app_module.DEMO)
    else:
        app.main.set("PLAY", app_module.VS_CPU)
    app.main.set("LEVEL", level - 1)
    app.main.set("POINTS", points)
    mash[4] = _MENU_CHOICE if mode == "menu" else _CHOICE
    if mode == "menu":
        app.play = None
        app.screen = app_module.MAIN
    else:
        app.begin_match()   # as the menu starts one: after a collection
    mash[0] = mode != "demo"


def thinker_name(play):
    """Which of play's thinkers is at work, if any ("-" for none): a move,
    the cube, a hint, the tutor's weighing."""
    if play is not None:
        for name in ("thinker", "cube_thinker", "hint", "tutor"):
            if getattr(play, name, None) is not None:
                return name
    return "-"


def thinker_of(play):
    """What the computer is working on, if anything."""
    name = thinker_name(play)
    return None if name == "-" else getattr(play, name)


def soak(phases):
    t_start = time.ticks_ms()
    next_sample = next_status = 0
    for mode, level, points, ms in phases:
        if mode != "resume":
            start_phase(mode, level, points)
        else:
            mash[0] = True
        print("PHASE %s %d %d %d" % (mode, level, points, ms))
        end = time.ticks_add(time.ticks_ms(), ms)
        move_ms[2] = 0
        last_now = time.ticks_ms()
        watched = 0
        while time.ticks_diff(end, time.ticks_ms()) > 0:
            play = app.play
            before = thinker_of(play)
            mark[0] = 0
            for k in range(len(_PARTS)):
                part_us[k] = 0
            ms0 = time.ticks_ms()
            t0 = time.ticks_us()
            try:
                loop.step()
            except Exception as exc:
                loop.crashed(exc)
                machine.reset()
            asked_update = loop.restart
            if loop.restart:
                # the menu's UPDATE, chosen by the random player: the flag
                # goes, and the game goes on (the real loop would restart
                # into update mode)
                updates[0] += 1
                loop.restart = False
                app.update_requested = False
                try:
                    os.remove(flashwriter.UPDATE_FILE)
                except OSError:
                    pass
            if loop.asleep:
                continue
            if mark[0]:
                busy = time.ticks_diff(mark[0], t0)
                after = thinker_of(app.play)
                k = kind_of(before is not None or after is not None)
                passes[k].add(busy)
                if busy > 50000 and slow[0] < 200:
                    slow[0] += 1
                    play = app.play
                    print("SLOW %d us %s%s: screen %d mode %s %s saves %d key %d; collected %d ms before;"
                          " the first pass after a reading of %d ms; %s"
                          % (busy, _KINDS[k], " (UPDATE chosen: the save written before the restart)"
                             if asked_update else "", app.screen, None if play is None else play.mode,
                             thinker_name(play), loop.flash.saves,
                             mash[2], time.ticks_diff(ms0, loop._collected), paused[0], " ".join("%s %d" % (_PARTS[j], part_us[j] // 1000)
                                               for j in range(len(_PARTS)) if part_us[j] >= 1000)))
                paused[0] = 0
            now = time.ticks_ms()
            play = app.play
            if play is not None and play.thinker is not None:
                # the move's time: the passes while it thinks on the board
                # (a menu opened meanwhile pauses it, and is left out)
                if not move_ms[2]:
                    move_ms[0] = 0
                    move_ms[1] = play.players[play.match.game.turn]
                    move_ms[2] = 1
                elif play.mode == playview.BOARD:
                    move_ms[0] += time.ticks_diff(now, last_now)
            elif move_ms[2]:
                k = 2 * move_ms[1]
                moves[k] += 1
                moves[k + 1] = max(moves[k + 1], move_ms[0] + time.ticks_diff(now, last_now))
                move_ms[2] = 0
            last_now = now
            if mode == "demo" and time.ticks_diff(now, watched) >= 0:
                hw.power.activity(now)      # someone watching: the demo does not sleep
                watched = time.ticks_add(now, 60000)
            if time.ticks_diff(now, next_sample) >= 0:
                paused[0] = now
                heap_line("think" if thinker_of(app.play) is not None else "idle", low != 0)
                if low:
                    who_above((("loop", loop),) + tuple(("sys.modules{%s}" % k, m.__dict__)
                                                          for k, m in sys.modules.items() if k.startswith("firmware")),
                              low, 6)
                    who_above((("bench", globals()), ("main", __main__.__dict__)), low, 2)
                    who_types(types, low)
                next_sample = time.ticks_add(time.ticks_ms(), 5000)
                paused[0] = time.ticks_diff(time.ticks_ms(), paused[0])
                last_now = time.ticks_ms()      # the benchmark's own pause is no pass of the game's
            if time.ticks_diff(now, next_status) >= 0:
                next_status = time.ticks_add(now, 60000)
                print("STATUS %d s, events %d, saves %d, computer moves %d, collections %d, longest %s"
                      % (time.ticks_diff(now, t_start) // 1000, loop.events, loop.flash.saves,
                         sum(moves[k] for k in range(0, len(moves), 2)), loop.collections,
                         " ".join("%s:%d" % (_KINDS[k], passes[k].longest // 1000) for k in range(len(_KINDS)))))
    for k in range(len(_KINDS)):
        print(passes[k].line(_KINDS[k]))
    for level in range(1, 6):
        if moves[2 * level]:
            print("MOVES %d %d %d" % (level, moves[2 * level], moves[2 * level + 1]))
    print("UPDATES %d" % updates[0])


def play_on(ms):
    """The random player goes on, nothing measured: the host cuts the
    power somewhere in here, at a moment it does not choose."""
    mash[0] = True
    end = time.ticks_add(time.ticks_ms(), ms)
    while ms < 0 or time.ticks_diff(end, time.ticks_ms()) > 0:
        loop.step()
        loop.restart = app.update_requested = False


try:
    soak([("resume", 0, 0, RESUME_MS)] if app.resumable is not None else PHASES)  # noqa: F821
except Exception as exc:
    sys.print_exception(exc)
print("DONE")
play_on(random.randint(500, 5000))
print("CUT")
play_on(-1)
