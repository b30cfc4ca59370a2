"""The DICE screen: whether the dice's noise source passed its health test,
and what the dice rolled this session and all time (faces, doubles, and a
chi-square with a word for it), a page at a time.

DOWN, RIGHT or A show the next page, UP or LEFT the one before, B or MENU
leave. docs/app.md lists the pages; docs/dice.md explains the figures.
"""
from micropython import const

from firmware.engine import dicestats, fairness
from firmware.handheld import keys, render, sounds

_TICK_MS = const(70)        # the lines scroll a column every 70 ms
_SCOPES = ("SESSION", "ALL TIME")
_VERDICT_COLOURS = {"FAIR": render.GREEN, "UNUSUAL": render.YELLOW, "NOT FAIR": render.RED}


def _decimal(x100):
    """A hundredths figure to one decimal, rounded."""
    tenths = (x100 + 5) // 10
    return "%d.%d" % (tenths // 10, tenths % 10)


def health_page(dice):
    """(top, bottom, top colour) saying whether the source can be trusted."""
    fault = dice.fault
    if fault is not None:
        return "DICE FAULT", fault, render.RED
    health = getattr(dice.source, "health", None)
    if health is None:
        return "DICE", "SEEDED, NOT TESTED", render.YELLOW
    return "DICE OK", "HEALTH TEST PASSED, %d SAMPLES" % health.samples, render.GREEN


def count_pages(scope, counts):
    """The pages for one count list (dicestats): rolls, faces, doubles and
    the chi-square's verdict."""
    rolls = counts[dicestats.ROLLS]
    faces = " ".join("%d:%d" % (f + 1, counts[f]) for f in range(dicestats.FACES))
    doubles = counts[dicestats.DOUBLES]
    x100 = fairness.chi_square_x100(counts)
    word = fairness.verdict(x100)
    if x100 < 0:
        why = "CHI2 NEEDS %d ROLLS" % fairness.MIN_ROLLS
    else:
        why = "CHI2 %s, FAIR DICE UNDER %s 19 TIMES IN 20" % (
            _decimal(x100), _decimal(fairness.FAIR_X100))
    return (
        (scope, "%d ROLLS" % rolls, render.YELLOW),
        ("FACES", faces, render.YELLOW),
        ("DOUBLES", "%d = %d%%, FAIR DICE 17%%" % (doubles, fairness.percent(doubles, rolls)),
         render.YELLOW),
        (word, why, _VERDICT_COLOURS.get(word, render.YELLOW)),
    )


class DiceScreen:
    def __init__(self, dice, tally, now_ms, by_hand=False):
        self.dice = dice
        self.tally = tally
        self.by_hand = by_hand      # the match in play rolls the players' own dice
        self.page = 0
        self.since = now_ms

    def pages(self):
        out = [health_page(self.dice)]
        if self.by_hand:
            out.insert(0, ("BY HAND", "THE DICE ENTERED ARE NOT COUNTED HERE", render.YELLOW))
        if self.tally is not None:
            out.extend(count_pages(_SCOPES[0], self.tally.session))
            out.extend(count_pages(_SCOPES[1], self.tally.all_time()))
        return out

    def press(self, button, now_ms):
        """(done, melody): done when the player leaves the screen."""
        if button in (keys.B, keys.MENU):
            return True, sounds.CLICK
        step = 0
        if button in (keys.DOWN, keys.RIGHT, keys.A):
            step = 1
        elif button in (keys.UP, keys.LEFT):
            step = -1
        if step:
            self.page = (self.page + step) % len(self.pages())
            self.since = now_ms
            return False, sounds.CLICK
        return False, None

    def draw(self, frame, now_ms):
        pages = self.pages()
        top, bottom, colour = pages[self.page % len(pages)]
        render.screen(frame, top, bottom, now_ms, self.since, top_colour=colour)
        return _TICK_MS


def show_fault(app, fault):
    """Puts a dice fault (the power-on health test, a reseed's, a die or an
    opening that ran out of tries) over the app's screen: A goes back to
    the screen it covered."""
    app._fault_shown = fault
    back = app.screen
    message = app.message

    def then():
        app.screen = back
        app.message = message
    app._show("DICE FAULT", fault + " - A PLAYS ON", then)
    app._beep(sounds.ILLEGAL)
