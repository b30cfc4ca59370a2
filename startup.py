"""Power-on, before main.py's loop: the mode the handheld starts in (a game,
or update mode), update mode's display, and the device's dice.

main() loads this for the start-up and lets it go (firmware.forget), so
that its code is not held while a game runs (docs/app.md, Heap); the
simulator does the same at each of its power-ons.
"""
from micropython import const

from firmware.engine.dice import Dice
from firmware.engine.entropy import Pool

GAME = const(0)              # what start_mode() finds
UPDATE = const(1)
_SAFE_BUTTON = const(7)      # MENU held at power-on: update mode too


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


def show_update(hw):
    """Update mode's display. Nothing runs after it, so it does not scroll."""
    from firmware.handheld import render
    frame = bytearray(512)
    render.screen(frame, "UPDATE", "READY", 0)
    hw.matrix.show(frame)


def make_dice(noise):
    """The device's dice: `noise` (hw/entropy.py) health-tested at power-on
    and conditioned (firmware/engine/entropy.py); a failed test shows on the
    display (the app reads dice.fault)."""
    pool = Pool(noise)
    pool.start()
    return Dice(pool)
