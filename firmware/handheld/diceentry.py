"""Dice entered by hand: a player rolls real dice and sets each face with
the buttons, for his own rolls and the computer's.

LEFT/DOWN and RIGHT/UP change the face (1..6, round), A confirms the die,
B goes back to the one before. The opening enters red's die, then
green's, each under its owner's name; a tie is entered again, as the
rules have it.
"""
from micropython import const

from firmware.handheld import keys, render, sounds

DONE = const(1)     # press() results besides None
BACK = const(2)     # B on the first die: no roll after all


def _short(name):
    """A name in at most three letters, to fit over its die: GREEN is GRN."""
    return "GRN" if name == "GREEN" else name[:3]


class DiceEntry:
    def __init__(self, mover, names, opening, now):
        self.mover = mover      # whose roll: 0 red, 1 green (the opening: both)
        self.names = names      # the sides' names, red's first
        self.opening = opening
        self.faces = [1, 1]
        self.at = 0             # the die being set
        self.tie = False        # the opening's two dice were equal: again
        self.since = now

    def dice(self):
        return self.faces[0], self.faces[1]

    def press(self, button, now):
        """(result, melody): result DONE (self.dice() entered), BACK or None."""
        faces = self.faces
        if button in (keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN):
            step = 1 if button in (keys.RIGHT, keys.UP) else -1
            faces[self.at] = (faces[self.at] - 1 + step) % 6 + 1
            self.tie = False
            return None, sounds.CLICK
        if button == keys.A:
            if self.at == 0:
                self.at = 1
                self.tie = False
                return None, sounds.CLICK
            if self.opening and faces[0] == faces[1]:
                self.at = 0         # a tie: both roll again
                self.tie = True
                self.since = now
                return None, sounds.ILLEGAL
            return DONE, None
        if button == keys.B:
            self.tie = False
            if self.at == 1:
                self.at = 0
                return None, sounds.CLICK
            return BACK, sounds.CLICK
        return None, None

    def draw(self, frame, now):
        if self.opening:
            colours = (render.RED, render.GREEN)
            if self.tie:
                render.screen(frame, "TIE", "", now, self.since)
            else:
                # each die under its owner's name, in his colour: YOU CPU
                render.clear(frame)
                render.text(frame, _short(self.names[0]), 1, 1, render.RED)
                render.text(frame, _short(self.names[1]), 17, 1, render.GREEN)
        else:
            colour = render.RED if self.mover == 0 else render.GREEN
            render.screen(frame, self.names[self.mover], "", now, self.since, top_colour=colour)
            colours = (colour, colour)
        # the die being set blinks yellow; the one not yet set shows a dash
        for i in (0, 1):
            colour = colours[i]
            if i == self.at and render.blink(now):
                colour = render.YELLOW
            face = "-" if i > self.at else str(self.faces[i])
            render.text(frame, face, 11 + 8 * i, 9, colour)
        render.text(frame, "<", 0, 9, render.RED)
        render.text(frame, ">", 29, 9, render.RED)
