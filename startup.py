"""Power-on, before the loop (mainloop.py): the mode the handheld starts in
(a game, or update mode), update mode's display and its way back, the
device's dice, and the game's start-up in an order that keeps the heap
whole.

main.py loads this for the start-up and lets it go (firmware.forget), so
that its code is not held while a game runs (docs/app.md, Heap); the
simulator does the same at each of its power-ons.
"""
import gc
import os
import sys
import time

from micropython import const

from firmware.engine.dice import Dice
from firmware.engine.entropy import Pool

GAME = const(0)              # what start_mode() finds
UPDATE = const(1)
_SAFE_BUTTON = const(7)      # MENU held at power-on: update mode too
_START_GC = const(4096)      # bytes allocated between collections at start-up (start())
_PLAY_GC = const(-1)         # ... and in play: none (the loop collects)
_READY_MS = const(2000)      # update mode's display: READY this long,
_CYCLE_MS = const(3500)      # then how to go back, till the cycle's end
_POLL_MS = const(10)         # update mode's button poll


def start_mode(os_module, menu_held, flag):
    """UPDATE when the menu's UPDATE left its flag (the file `flag`) or MENU
    is held, else GAME.

    The flag is removed here, so it counts once: the power-on after an
    update plays again whatever happened to the copy."""
    try:
        os_module.remove(flag)
        return UPDATE
    except OSError:
        pass
    return UPDATE if menu_held else GAME


def menu_held():
    """MENU held at power-on."""
    from hw import board
    return board.make_button_pins()[_SAFE_BUTTON].value() == 0


class UpdateMode:
    """Update mode after power-on: no game and no watchdog, the display
    saying UPDATE / READY and, by turns, B: BACK. step() polls the buttons;
    B, or MENU held, asks to go back to the game (the caller resets the
    board: the flag is gone, so the game starts and offers its save). The
    deploy tool's mpremote interrupts the wait (Ctrl-C) and takes the REPL.
    Buttons held as it starts (MENU held at power-on) count only once
    released and pressed again."""

    def __init__(self, hw, now):
        from firmware.handheld import keys, render
        self.render = render
        # the way back to the game: B pressed, or MENU held
        self.back = (keys.event(keys.PRESS, keys.B), keys.event(keys.LONG, keys.MENU))
        self.hw = hw
        self.start = now
        self.frame = bytearray(512)
        self.phase = -1
        hw.buttons.mute_held(now)
        self.step(now)

    def step(self, now):
        """One poll and, when its phase turns, the display; True when the
        player asks to go back to the game."""
        buttons = self.hw.buttons
        events = buttons.events
        for i in range(buttons.poll(now)):
            if events[i] in self.back:
                return True
        phase = 0 if time.ticks_diff(now, self.start) % _CYCLE_MS < _READY_MS else 1
        if phase != self.phase:
            self.phase = phase
            self.show("B: BACK" if phase else "READY")
        return False

    def show(self, bottom):
        self.render.screen(self.frame, "UPDATE", bottom, 0)
        self.hw.matrix.show(self.frame)


def wait_in_update_mode(hw):
    """The device's update mode: polls until the player asks to go back
    (True). mpremote's Ctrl-C ends the wait with the display at READY."""
    mode = UpdateMode(hw, time.ticks_ms())
    try:
        while not mode.step(time.ticks_ms()):
            time.sleep_ms(_POLL_MS)
    except KeyboardInterrupt:
        mode.show("READY")      # the computer took the board: B no longer goes back
        raise
    return True


def make_dice(noise):
    """The device's dice: `noise` (hw/entropy.py) health-tested at power-on
    and conditioned (firmware/engine/entropy.py); a failed test shows on the
    display (the app reads dice.fault)."""
    pool = Pool(noise)
    pool.start()
    return Dice(pool)


def main():
    """main.py's start: update mode (the flag or MENU held), waiting until
    mpremote takes the REPL (returning None) or B or MENU held resets the
    board into the game; or the game's start-up, returning the Loop for
    mainloop.run()."""
    from firmware.engine.flashwriter import UPDATE_FILE
    if start_mode(os, menu_held(), UPDATE_FILE) == UPDATE:
        print("Blot: update mode, no game and no watchdog: python -m tools.deploy flash")
        from hw import board
        try:
            wait_in_update_mode(board.setup(watchdog=False))
        except Exception as exc:    # a half-copied image: the REPL is what matters
            import sys
            sys.print_exception(exc)
            return None
        import machine
        machine.reset()             # B or MENU held: back to the game
    return start()


def load_opponent():
    """The computer, loaded at power-on before anything else: its buffers
    (the largest 9.3 KB) are made once on an empty heap and never freed.
    Loaded at its first move instead, they met a heap in pieces: on the
    chip no 9 KB piece was left of 136 KB free (docs/app.md, Heap). The
    bear-off database is opened here too: opened at the first race, its
    objects lay wherever the heap's use reached then, and split the top."""
    from firmware.opponent import ai, bearoff, cube, judge  # noqa: F401
    bearoff.database()


# Modules play loads for a moment or at their first use (firmware.forget
# lets most go again).
_LATER = ("firmware.engine.dicestats", "firmware.engine.matchid", "firmware.engine.notation",
          "firmware.engine.posid", "firmware.engine.restore", "firmware.handheld.diceentry",
          "firmware.handheld.dicescreen", "firmware.handheld.howto", "firmware.handheld.resume",
          "firmware.handheld.tutor")


def intern_names():
    """Loads each module play loads later, and lets it go at once. Loading
    a module interns its names, and MicroPython keeps a new name's
    characters for good in a small block of the heap: made in play, those
    blocks lay wherever the heap's use had reached and split its free
    space. Made here, they pack the bottom with the rest."""
    from firmware import forget
    later = [name for name in _LATER if name not in sys.modules]
    for name in later:
        __import__(name)
    forget(*later)      # and those another of them loaded


def start():
    """The game's start-up: the computer, the drivers, the dice, the Loop.

    The heap is collected after every _START_GC bytes while the modules
    load, so that what they keep packs the bottom of the heap and the rest
    is one block (55.8 KB of 60.2 KB free on the chip; left to collect
    only when full, the largest block was 7.7 KB). In play the loop
    collects in passes of its own (Loop.step): before and after the
    computer thinks and before its search's buffers are made, at a roll,
    before a match begins and before each of the match file's lines, and
    every half second at work, so that new objects take the holes low in
    the heap. No threshold collects besides (_PLAY_GC),
    only a full heap: the threshold counts every call frame made on the heap (one over
    11 words) though it is freed at once, so thinking's calls reached it
    in a thinking step's pass, 25 ms more, and on the chip three of the
    demo's passes in 5 minutes went over 50 ms (none without it)."""
    gc.threshold(_START_GC)
    load_opponent()
    intern_names()
    from hw import board
    hw = board.setup(watchdog=True)
    dice = make_dice(hw.entropy)
    from mainloop import Loop
    loop = Loop(hw, os, open, dice)
    gc.collect()
    gc.threshold(_PLAY_GC)
    return loop
