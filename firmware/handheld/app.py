"""The handheld's state machine: button events and time in; the frame, the
melodies, the brightness and requests to save or sleep out. docs/app.md
has the screens, the key map and the interface main.py uses.

Nothing here blocks: every update() handles its events, advances timers,
does at most one bounded slice of the computer's work and redraws.
"""
from micropython import const

# play first: compiled from source (not the device's .mpy) it is the
# largest module, and it needs its memory before the others break the heap up
from firmware.handheld.play import Play
from firmware import forget
from firmware.engine import game
from firmware.engine.dice import ManualDice
from firmware.handheld import keys, menu, render, sounds

VERSION = const(4)      # first byte of the save payload (3: without SPEED and the record, 2: nor DICE and TUTOR, 1: nor dice counts)

# screens
RESUME = const(0)
MAIN = const(1)
PLAY = const(2)
MESSAGE = const(3)
SLEEP = const(4)
DICE = const(5)
_ASK = const(6)         # a question on the main menu: A does it, B goes back

# what the main menu's PLAY item offers
VS_CPU = const(0)
TWO_PLAYERS = const(1)
DEMO = const(2)
KNOCKOUT = const(3)
MODE_NAMES = ("VS CPU", "2 PLAYER", "DEMO", "KNOCKOUT")
LENGTHS = (0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25)
_LENGTH_NAMES = tuple("MONEY" if n == 0 else str(n) for n in LENGTHS)
DICE_NAMES = ("AUTO", "BY HAND")    # the machine's dice, or a player's own typed in
BY_HAND = const(1)
# The tutor warns of a play that gives away more than this (1/10000 points,
# firmware/opponent/evaluator.ONE) against the best; 0: off.
TUTOR_NAMES = ("OFF", "0.05", "0.10", "0.20")
TUTOR_LIMITS = (0, 500, 1000, 2000)
SPEED_NAMES = ("SLOW", "NORMAL", "FAST")    # how fast the computer's moves are shown
_NORMAL_SPEED = const(1)

_BATTERY_OK = const(0)
BATTERY_LOW = const(1)
BATTERY_CRITICAL = const(2)
LOW_REPEAT_MS = 600000      # the low-battery beep again every 10 minutes
SLEEP_AFTER_MS = const(3000)  # the critical message stays this long

# the payload: VERSION, the 10 settings of snapshot(), then all time's dice
# counts (dicestats.BYTES), then the record of games won and lost against
# each level (RECORD_BYTES: for each level, wins then losses, two bytes
# each, little-endian); firmware/handheld/resume.py reads it back
DICE_BYTES = const(32)
RECORD_BYTES = const(20)
_RECORD_MOST = const(65535)

# The frame is drawn again only when what it shows may have changed: a
# press, a step of the game, a battery change, or the time reaching the next
# change of something that moves (the periods in firmware/handheld/playview.py; the
# text screens here scroll a column every 70 ms, the low-battery mark blinks
# at 500 ms).
_BOARD_TICK_MS = const(250)
_TEXT_TICK_MS = const(70)
_IDLE_MOST_MS = const(100)      # an idle app still runs this often (the clock, timers)
# The LEDs' duty in sixteenths until the player sets it (hw/README.md,
# Current and battery life): the display is most of the current, and a
# lit LED reads as clearly at 5/16 indoors as at 8/16 (20 mA peaks, the
# eye's response to duty far from linear).
_DEFAULT_BRIGHTNESS = const(5)


# The computer's levels, as firmware/opponent/ai.py names them (LEVEL_NAMES); kept
# here so the menu can show them without importing the computer.
LEVEL_NAMES = ("KID", "EASY", "CLUB", "PRO", "MAX")


class App:
    def __init__(self, dice, saved=None, save_error=False):
        self.frame = bytearray(512)
        self.redraws = 0            # times the frame was drawn (benchmarks, tests)
        self._dirty = True          # draw at the next update whatever the time
        self._tick_ms = _TEXT_TICK_MS
        self._tick_at = -1          # now // _tick_ms when last drawn
        self._blink_at = -1         # now // _BOARD_TICK_MS when last drawn
        self.brightness = _DEFAULT_BRIGHTNESS
        self.sleep_requested = False
        self.update_requested = False   # the menu's UPDATE: main.py restarts for tools/deploy.py
        self.collect_requested = False  # the loop collects the heap in its next quiet pass: before the computer thinks, after it, at a roll, before a match
        self._match_due = False         # a match to start once the heap is collected (begin_match)
        self.dice = dice
        self.tally = dice.tally     # the machine's dice's counts (None for a player's own)
        self.dice_screen = None
        self._dice_back = MAIN      # the screen the DICE screen returns to
        self._fault_shown = None    # the dice fault last shown to the player
        self.now = 0
        self._sound = None
        self._save = None
        self.sound_on = True
        self.battery_state = _BATTERY_OK
        self.battery_percent = 100
        self._low_beep_at = None
        self._low_untold = False    # BATTERY LOW still to be said, at the next safe moment
        self.levels = LEVEL_NAMES
        self.main = menu.Menu([
            ["PLAY", MODE_NAMES, VS_CPU],
            ["LEVEL", self.levels, min(2, len(self.levels) - 1)],
            ["POINTS", _LENGTH_NAMES, 0],
            ["CLOCK", ("OFF", "ON"), 0],
            ["DICE", DICE_NAMES, 0],
            ["TUTOR", TUTOR_NAMES, 0],
            ["SPEED", SPEED_NAMES, _NORMAL_SPEED],
            ["SOUND", ("ON", "OFF"), 0],
            ["START", None, 0],
            ["HOW TO PLAY", None, 0],
            ["RECORD", None, 0],
            ["UPDATE", None, 0],
        ], note="PRESS A")
        # games won and lost against each level (against the computer and
        # in knockouts), kept in the save: wins, losses, level by level
        self.record = [0] * (2 * len(LEVEL_NAMES))
        self._record_text = None    # its text, made once while the menu shows it
        self.knockout_round = 0     # 0 outside a knockout, else 1..len(levels)
        self.play = None
        self.message = None         # (top, bottom, then): a screen until A
        self.question = None        # (top, bottom, action) while _ASK shows
        self.since = 0
        self.screen = MAIN
        self.resumable = None
        self.save_rejected = False
        if save_error:
            text = save_error if isinstance(save_error, str) else "SAVE LOST"
            self._show(text.upper(), "NEW GAME - A", None)
        elif saved is not None:
            from firmware.handheld import resume
            try:
                parsed = resume.parse(self, saved)
            except Exception as exc:    # whatever the bytes, a fresh game, never a crash
                self.save_rejected = True   # main.py keeps the file aside
                self._show("SAVE CORRUPT", str(exc).upper(), None)
            else:
                if parsed[-1] is None:
                    self._restore(parsed)       # settings only: nothing to resume
                else:
                    self.resumable = parsed
                    self.screen = RESUME
            finally:
                forget("firmware.handheld.resume")
        self._check_dice()

    # ---- the interface for main.py ----------------------------------------

    def update(self, now_ms, events=()):
        """One loop pass: the events handled, then timers and one slice of
        the computer's work, then the frame drawn if it changed. (main.py
        calls it in every pass that does not write the flash.)"""
        self.now = now_ms
        changed = self._dirty
        pressed = False
        for ev in events:
            k = keys.kind(ev)
            b = keys.button(ev)
            if k == keys.PRESS or (k == keys.REPEAT and b <= keys.RIGHT):
                self._press(b)
                pressed = True
        if pressed:
            # A pass that carried a press only redraws, so the press shows
            # at once; the computer's next slice waits for the next pass.
            changed = True
        elif self._advance(now_ms):
            changed = True
        tick = self._tick_ms
        if changed or tick and (now_ms // tick != self._tick_at
                                or now_ms // _BOARD_TICK_MS != self._blink_at):
            tick = self._tick_ms = self._draw(now_ms)
            if tick:
                self._tick_at = now_ms // tick
                self._blink_at = now_ms // _BOARD_TICK_MS
            self._dirty = False
            self.redraws += 1

    def thinking(self):
        """True while the computer thinks on the board (the loop leaves the
        match file's flash work until it has played)."""
        return self.screen == PLAY and self.play.thinking()

    def idle_ms(self):
        """How long the app has nothing to do but wait for a press: the ms
        to the next moment its frame moves by itself (IDLE_MOST_MS when it
        is still), or 0 while it works or times something (the computer,
        a message, a sound's screen). The loop skips the app's passes
        until then, reading the buttons meanwhile."""
        s = self.screen
        if self._dirty or self._match_due or self._sound is not None or s == DICE or s == SLEEP \
                or (s == PLAY and not self.play.waiting(self.now)) or self._low_due():
            return 0
        tick = self._tick_ms
        if not tick:
            return _IDLE_MOST_MS
        now = self.now
        return min(tick - now % tick, _BOARD_TICK_MS - now % _BOARD_TICK_MS, _IDLE_MOST_MS)

    def woke(self):
        """main.py calls this when a press has woken the device. On a
        critical battery the message shows again, for its full time, before
        the next sleep."""
        self._dirty = True
        if self.screen == SLEEP:
            self.sleep_requested = False
            self.since = self.now

    def take_sound(self):
        melody = self._sound
        self._sound = None
        return melody if self.sound_on else None

    def take_save(self):
        data = self._save
        self._save = None
        return data

    def battery(self, state, percent=0):
        self.battery_percent = percent
        if state == self.battery_state:
            return
        self._dirty = True
        was = self.battery_state
        self.battery_state = state
        if state == BATTERY_LOW:
            self._beep(sounds.LOW_BATTERY)
            self._low_beep_at = self.now + LOW_REPEAT_MS
            self._low_untold = was == _BATTERY_OK     # from good cells: said in words too
        elif state == BATTERY_CRITICAL:
            self.request_save()
            self.screen = SLEEP
            self.since = self.now
        else:
            self._low_beep_at = None
        if state != BATTERY_CRITICAL and self.screen == SLEEP:
            # fresh cells: the game comes back where it stopped
            self.sleep_requested = False
            self.screen = PLAY if self.play is not None else MAIN

    @property
    def match(self):
        """The firmware.engine.game.Match in play, or None (for the match record)."""
        return self.play.match if self.play is not None else None

    def write_mat(self, stream):
        """Writes the match in play as GNU Backgammon's .mat text to
        `stream` (anything with write(str)); False when no match is in play."""
        if self.play is None:
            return False
        self.play.match.write_mat(stream, self.play.names)
        return True

    def mat_lines(self, skip=0):
        """The same text a line at a time (a generator), after the first
        `skip` games if asked; None when no match is in play."""
        if self.play is None:
            return None
        return self.play.match.mat_lines(self.play.names, skip)

    def snapshot(self):
        """The payload to save now: settings and the match in play, a
        bytearray built in one piece (no copy of the match record, which
        can be 8 KB) that nothing changes after."""
        out = bytearray((VERSION, self.main.value("PLAY"), self.main.value("LEVEL"),
                         self.main.value("POINTS"), self.main.value("CLOCK"),
                         0 if self.sound_on else 1, self.brightness, self.knockout_round,
                         self.main.value("DICE"), self.main.value("TUTOR"),
                         self.main.value("SPEED")))
        out.extend(self.tally.to_bytes() if self.tally is not None else bytes(DICE_BYTES))
        for n in self.record:
            out.append(n & 255)
            out.append(n >> 8)
        if self.play is not None:
            self.play.match.write_to(out)
        return out

    def request_save(self):
        self._save = self.snapshot()

    # ---- internals ----------------------------------------------------------

    def _beep(self, melody):
        if melody is not None:
            self._sound = melody

    def _show(self, top, bottom, then):
        """A message screen; A (or B) goes on to `then` (a callable) or the
        main menu."""
        self.message = (top, bottom, then)
        self.screen = MESSAGE
        self.since = self.now
        self._dirty = True      # shown at the next pass, even one without a press

    def match_dice(self, mode, hand):
        """The dice a match plays with: the machine's, or the players' own
        entered by hand (never in the demo, which plays by itself)."""
        if hand == BY_HAND and mode != DEMO:
            return ManualDice()
        return self.dice

    def speed(self):
        """The main menu's SPEED: 0 slow, 1 normal, 2 fast."""
        return self.main.value("SPEED")

    def count_game(self, level, won):
        """A game against the computer at `level` (1..5) has ended; the
        save at the game's end keeps it."""
        i = 2 * (level - 1) + (0 if won else 1)
        if self.record[i] < _RECORD_MOST:
            self.record[i] += 1
        self._record_text = None

    def record_text(self):
        """The record, level by level: KID 3-1  EASY 0-2 ..."""
        if self._record_text is None:
            r = self.record
            self._record_text = "  ".join("%s %d-%d" % (self.levels[i], r[2 * i], r[2 * i + 1])
                                          for i in range(len(self.levels)))
        return self._record_text

    def tutor_limit(self):
        """The loss (1/10000 points) beyond which the tutor warns; 0: off."""
        return TUTOR_LIMITS[self.main.value("TUTOR")]

    def _restore(self, parsed):
        mode, level, length, clock, mute, bright, ko, hand, tutor, speed, match = parsed
        self.main.set("PLAY", mode)
        self.main.set("LEVEL", level)
        self.main.set("POINTS", length)
        self.main.set("CLOCK", clock)
        self.main.set("DICE", hand)
        self.main.set("TUTOR", tutor)
        self.main.set("SPEED", speed)
        self.main.set("SOUND", mute)
        self.sound_on = not mute
        self.brightness = bright
        self.knockout_round = ko
        if match is None:
            self.screen = MAIN
            return
        self.play = Play(self, match, self._players(mode, level, ko))
        self.screen = PLAY

    def _players(self, mode, level, ko):
        """The computer's level for each side, 0 for a human."""
        if mode == TWO_PLAYERS:
            return (0, 0)
        if mode == DEMO:
            return (level + 1, level + 1)
        if mode == KNOCKOUT:
            return (0, ko)
        return (0, level + 1)

    def begin_match(self):
        """The menu's new match, made in the pass after the next collection
        of the heap (start_match): the match before let go first, so that
        the new one's objects, which last the match, take the heap's lowest
        holes and not the top of what the menus and the game before left."""
        self.play = None
        self.question = None        # none left over from the menus to lie among the match's objects
        if self.screen == PLAY:
            self.screen = MAIN
        self._match_due = True
        self.collect_requested = True

    def start_match(self):
        self._match_due = False
        mode = self.main.value("PLAY")
        length = LENGTHS[self.main.value("POINTS")]
        if mode == KNOCKOUT:
            if self.knockout_round == 0:
                self.knockout_round = 1
            if length == 0:
                length = 3      # a knockout round is a match, never money
        else:
            self.knockout_round = 0
        match = game.Match(self.match_dice(mode, self.main.value("DICE")), length,
                           self.main.value("CLOCK") == 1)
        self.play = Play(self, match, self._players(mode, self.main.value("LEVEL"), self.knockout_round))
        self.screen = PLAY
        self.request_save()

    def match_over(self, winner):
        """Called by the play screen when the match has a winner."""
        names = self.play.names
        if self.knockout_round:
            if winner != 0:
                top, bottom = "KNOCKED OUT", "ROUND %d OF %d" % (self.knockout_round, len(self.levels))
                self.knockout_round = 0
            elif self.knockout_round >= len(self.levels):
                top, bottom = "CHAMPION!", "ALL %d ROUNDS WON" % len(self.levels)
                self.knockout_round = 0
            else:
                self.knockout_round += 1
                top = "ROUND %d" % self.knockout_round
                bottom = "VS %s" % self.levels[self.knockout_round - 1]
                self.play = None
                self.request_save()
                self._show(top, bottom, self.begin_match)
                return
        else:
            m = self.play.match
            top = "%s WINS" % names[winner]
            bottom = "MATCH %d-%d" % (m.score[0], m.score[1])
        self.play = None
        self.request_save()
        self._show(top, bottom, None)

    def new_game(self):
        self.play = None
        self.knockout_round = 0
        self.screen = MAIN
        self.since = self.now
        self.request_save()

    def how_to_play(self):
        """One screen: the game and the keys in a line that scrolls; A or B
        back. Its text is loaded for the moment only (firmware.forget)."""
        from firmware.handheld import howto
        self._show("HOW TO PLAY", howto.TEXT, None)
        forget("firmware.handheld.howto")

    def _low_due(self):
        """BATTERY LOW is still to be said and this is a moment to say it."""
        return self._low_untold and self.battery_state == BATTERY_LOW and (
            self.screen == MAIN or self.screen == PLAY and self.play.calm())

    def _back_to_play(self):
        self.screen = PLAY

    def ask(self, top, bottom, action):
        """A question over the main menu: A calls action(), B goes back."""
        self.question = (top, bottom, action)
        self.screen = _ASK
        self.since = self.now

    def ask_update(self):
        """UPDATE asks first: chosen by a slip of the thumb it would leave
        the player in a mode with no game (docs/deploy.md)."""
        self.ask("UPDATE?", "A YES  B NO", self.start_update)

    def start_update(self):
        self.update_requested = True

    def update_failed(self):
        """main.py could not leave the flag for update mode (docs/deploy.md)."""
        self.update_requested = False
        self._show("UPDATE FAILED", "HOLD MENU AT POWER-ON", None)

    def show_dice(self):
        """The DICE screen (firmware/handheld/dicescreen.py) over the current one."""
        self._dice_back = self.screen
        from firmware.handheld.dicescreen import DiceScreen   # its code only when looked at
        by_hand = self.play is not None and self.play.hand
        self.dice_screen = DiceScreen(self.dice, self.tally, self.now, by_hand)
        self.screen = DICE

    def _check_dice(self):
        """A dice fault not yet shown is shown at once (dicescreen.show_fault)."""
        fault = self.dice.fault
        if fault is not None and fault != self._fault_shown:
            from firmware.handheld import dicescreen
            dicescreen.show_fault(self, fault)

    def set_sound(self, on):
        self.sound_on = on
        self.main.set("SOUND", 0 if on else 1)

    def _press(self, button):
        if self.screen == SLEEP:
            return
        if self.screen == DICE:
            done, melody = self.dice_screen.press(button, self.now)
            self._beep(melody)
            if done:
                self.screen = self._dice_back
                self.dice_screen = None
            return
        if self.screen == RESUME:
            if button == keys.A:
                self._restore(self.resumable)
                self._beep(sounds.CLICK)
            elif button == keys.B:
                self.resumable = None
                self.screen = MAIN
                self._beep(sounds.CLICK)
            return
        if self.screen == _ASK:
            if button == keys.A:
                action = self.question[2]
                self.question = None
                self.screen = MAIN
                self._beep(sounds.CLICK)
                action()
            elif button in (keys.B, keys.MENU):
                self.question = None
                self.screen = MAIN
                self.main.since = self.now
                self._beep(sounds.CLICK)
            return
        if self.screen == MESSAGE:
            if button in (keys.A, keys.B):
                then = self.message[2]
                self.message = None
                self.screen = MAIN
                self._beep(sounds.CLICK)
                if then is not None:
                    then()
            return
        if self.screen == MAIN:
            result, melody = self.main.press(button, self.now)
            self._beep(melody)
            if result == menu.CHANGED:
                self.sound_on = self.main.value("SOUND") == 0
                if self.main.label() == "PLAY":
                    self.knockout_round = 0
                if self.play is None:
                    self.request_save()     # a saved match stays until a new one starts
            elif result == menu.PICK:
                if self.main.label() == "UPDATE":
                    self.ask_update()
                elif self.main.label() == "HOW TO PLAY":
                    self.how_to_play()
                elif self.main.value("PLAY") == KNOCKOUT:
                    if self.knockout_round == 0:
                        self.knockout_round = 1
                    self._show("ROUND %d" % self.knockout_round,
                               "VS %s" % self.levels[self.knockout_round - 1], self.begin_match)
                else:
                    self.begin_match()
            return
        if self.screen == PLAY:
            self.play.press(button, self.now)

    def _advance(self, now):
        """Timers and the computer; True when the screen may have changed."""
        if self._low_beep_at is not None and now >= self._low_beep_at:
            self._beep(sounds.LOW_BATTERY)
            self._low_beep_at = now + LOW_REPEAT_MS
        if self.screen == SLEEP:
            if now - self.since >= SLEEP_AFTER_MS:
                self.sleep_requested = True
            return False
        if self._match_due:
            if not self.collect_requested:     # the loop has collected
                self.start_match()
            return True
        if self._low_due():
            # said once, in words, when nothing is under way: on the main
            # menu, or on the board before a human's roll
            self._low_untold = False
            self._show("BATTERY LOW", "A OK", self._back_to_play if self.screen == PLAY else None)
            return True
        if self.screen == PLAY:
            changed = self.play.advance(now)
            if self.dice.fault != self._fault_shown:
                self._check_dice()
                return True
            return changed
        return False

    def _draw(self, now):
        """Draws the screen; returns the period (ms) at which what it drew
        moves by itself, 0 when it stays still until something changes."""
        f = self.frame
        if self.screen == PLAY:
            return self.play.draw(f, now)
        moving = True
        if self.screen == MAIN:
            moving = self.main.draw(f, now,
                                    self.record_text() if self.main.label() == "RECORD" else None)
        elif self.screen == RESUME:
            moving = render.screen(f, "RESUME?", "A YES  B NEW", now, self.since)
        elif self.screen == MESSAGE:
            moving = render.screen(f, self.message[0], self.message[1], now, self.since)
        elif self.screen == _ASK:
            moving = render.screen(f, self.question[0], self.question[1], now, self.since)
        elif self.screen == DICE:
            self.dice_screen.draw(f, now)
        else:
            render.screen(f, "BATTERY EMPTY", "GAME SAVED", now, self.since,
                          top_colour=render.RED)
        if self.battery_state == BATTERY_LOW:
            render.battery_mark(f, now, False)
            return _BOARD_TICK_MS if not moving else _TEXT_TICK_MS
        # a still screen is drawn again only when it changes (0)
        return _TEXT_TICK_MS if moving else 0
