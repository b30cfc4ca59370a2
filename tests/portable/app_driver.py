"""Drives the app with button events and time, as main.py would, for tests.
Reads only what main.py reads (frame, sounds, saves) plus the app's state
for choosing the next press."""
from firmware.handheld import app as appmod
from firmware.engine import dice, game
from firmware.handheld import keys, playview

STEP_MS = 20


class Driver:
    def __init__(self, seed=1, saved=None, save_error=False):
        self.app = appmod.App(dice.Dice(dice.SeededSource(seed)), saved, save_error)
        self.now = 0
        self.sounds = []        # the latest melodies played
        self.saves = []         # the latest payloads saved
        self.heard = 0
        self.saved = 0
        self.tick()

    def tick(self, events=(), count=1):
        for _ in range(count):
            self.now += STEP_MS
            if self.app.collect_requested and not events:
                # main.py's collection: a pass of its own
                self.app.collect_requested = False
                continue
            self.app.update(self.now, events)
            events = ()
            melody = self.app.take_sound()
            if melody is not None:
                self.heard += 1
                self.sounds.append(melody)
                if len(self.sounds) > 40:
                    self.sounds.pop(0)
            data = self.app.take_save()
            if data is not None:
                self.saved += 1
                self.saves.append(data)
                if len(self.saves) > 3:     # the heap is Pico-sized under MicroPython
                    self.saves.pop(0)

    def press(self, button, settle=1):
        self.tick((keys.event(keys.PRESS, button),))
        if settle > 1:
            self.tick(count=settle - 1)

    def wait(self, ms):
        self.tick(count=ms // STEP_MS + 1)

    def choose(self, mode, length_index=0, level=None):
        """Sets the main menu's PLAY and POINTS and starts."""
        m = self.app.main
        while m.label() != "PLAY":
            self.press(keys.DOWN)
        while m.value("PLAY") != mode:
            self.press(keys.RIGHT)
        if level is not None:
            self.press(keys.DOWN)
            while m.value("LEVEL") != level:
                self.press(keys.RIGHT)
            self.press(keys.UP)
        while m.label() != "POINTS":
            self.press(keys.DOWN)
        while m.value("POINTS") != length_index:
            self.press(keys.RIGHT)
        self.press(keys.A)
        if self.app.screen != appmod.MESSAGE:   # a knockout's round is told first
            self.started()

    def started(self):
        """The passes until the match picked begins: the heap's collection,
        then the match (App.begin_match)."""
        for _ in range(3):
            if self.app.play is not None:
                return
            self.tick()
        assert self.app.play is not None

    @property
    def play(self):
        return self.app.play

    @property
    def match(self):
        return self.app.play.match

    def goto(self, point):
        t = self.play.turn_input
        for _ in range(2):
            for _ in range(14):
                if t.cursor == point:
                    return
                self.press(keys.RIGHT)
            self.press(keys.DOWN)
        raise AssertionError("cursor never reached point %d" % point)

    def human_turn(self, pick=0):
        """Plays the human's turn with the buttons, taking the pick-th legal
        step each time (wrapping), and confirms it."""
        for _ in range(200):
            self.tick()
            t = self.play.turn_input
            if t is not None and self.play.shown is None:
                break
            if self.match.game.state != game.MOVE:
                return False
        else:
            raise AssertionError("no turn to play")
        while not t.complete():
            f, to, die = t.steps[pick % len(t.steps)]
            self.goto(f)
            self.press(keys.A)
            assert t.holding == f
            self.goto(to)
            self.press(keys.A)
        self.press(keys.A)
        return True

    def settle(self, limit_ms=60000):
        """Waits until a human must act (or the game is over)."""
        end = self.now + limit_ms
        while self.now < end:
            self.tick()
            m = self.match if self.app.play is not None else None
            if m is None:
                return
            if self.play.mode == playview.NO_MOVE and (self.play.human(0) or self.play.human(1)):
                self.press(keys.A)      # a pass is acknowledged
                continue
            if self.play.opening_until:
                continue                # the opening's dice told: read, not pressed away
            if self.play.mode != 0:
                return
            g = m.game
            actor = m.to_act()
            if g.state == game.OVER:
                return
            if actor >= 0 and self.play.human(actor):
                if g.state != game.MOVE:
                    return
                if self.play.turn_input is not None and self.play.shown is None:
                    return
        raise AssertionError("nothing for a human to do in %d ms" % limit_ms)
