"""Button events as the app receives them: one small int each, no allocation.

event = kind << 4 | button. The button numbers follow the board's pin map
(hw/board.py); the hw/buttons driver emits events in exactly this encoding.
"""
from micropython import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)        # pick up / place, confirm
B = const(5)        # back, undo
CUBE = const(6)
MENU = const(7)

PRESS = const(1)
RELEASE = const(2)
LONG = const(3)     # held past the long-press time (sent once)
REPEAT = const(4)   # still held: sent at the auto-repeat rate

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "CUBE", "MENU")


def event(kind, button):
    return kind << 4 | button


def kind(ev):
    return ev >> 4


def button(ev):
    return ev & 15
