"""The play screen: one match on the board, for humans at the buttons and the
computer in slices, with the MENU of things to look at during play.

The match (firmware.engine.game.Match) holds the rules and the score; this file
holds only what the handheld adds: whose buttons act, the pace at which the
computer's moves are shown, the messages, the hint and the menu.
"""
from micropython import const

from firmware.engine import game
from firmware.engine.dice import ManualDice
from firmware.handheld import keys, menu, playmenu, playview, render, sounds
from firmware.handheld.playview import (BOARD, CONFIRM, CONFIRM_DOUBLE, HINT, KIND_NAMES, MENU,
                                        NO_MOVE, OVER, REPLAY, TUTOR)
from firmware.handheld.turn import TurnInput

_ai = None
_cube = None


def ai():
    """The computer opponent. On the device startup.start() has loaded it
    at power-on, before the app (docs/chip.md); elsewhere it is imported
    when first needed."""
    global _ai, _cube
    if _ai is None:
        from firmware.opponent import ai as module, cube as cube_module
        _ai = module
        _cube = cube_module
    return _ai


def cube():
    """The computer's cube decisions (firmware/opponent/cube.py), loaded with ai()."""
    ai()
    return _cube


STEP_MS = const(450)        # between the steps of a shown move, at SPEED NORMAL
_REPLAY_END_MS = const(1200)  # a replayed move's result, held before the board comes back
_LOOK_MS = const(700)       # the computer's dice shown before it moves, at NORMAL
# The main menu's SPEED (SLOW, NORMAL, FAST): how fast the computer's
# moves, a forced move and a replay are shown
_STEPS_MS = (700, STEP_MS, 200)
_LOOKS_MS = (1000, _LOOK_MS, 300)
_DECIDE_MS = const(900)     # the computer's pause before a cube answer
_PASS_MS = const(1500)      # a roll with no move, shown before it passes
_SAY_MS = const(1500)       # a short message (TAKEN, DROPPED, ...)
_NO_MOVE_MS = const(2500)   # the computer's NO MOVE screen; a human's waits for A
_OPENING_MS = const(2500)   # the opening roll told as whose die was whose
_DEMO_OVER_MS = const(5000)  # the demo's game-over screen, before it plays on
_RESIGN_NAMES = ("SINGLE", "GAMMON", "BKGAMMON")


def hint_gap(thinker):
    """What the next best play gives away against the one the finished
    Thinker chose (1/10000 points), or None when it had no other: among
    the candidates it looked ahead at, their averages over the 36 rolls;
    else the 0-ply scores of the two best."""
    if len(thinker.plays) < 2:
        return None
    sums = getattr(thinker, "sums", None)
    if sums is not None and thinker.candidates > 1:
        n = thinker.candidates
        pick = 0
        for k in range(1, n):
            if sums[k] > sums[pick]:
                pick = k
        second = None
        for k in range(n):
            if k != pick and (second is None or sums[k] > second):
                second = sums[k]
        return (sums[pick] - second) // 36
    if thinker.kept_top >= 2:
        return thinker.top_eq[0] - thinker.top_eq[1]
    return None


def hint_words(thinker, start):
    """The hint as text: the move in gnubg's notation (13/11 6/5) and what
    the second best play gives away (2ND -0.04; FORCED when there is no
    other). The notation's
    module is loaded for the moment only, as a hint is seldom asked."""
    from firmware import forget
    from firmware.engine import notation
    move = notation.move_text(start, thinker.result[1]).upper()
    forget("firmware.engine.notation")
    gap = hint_gap(thinker)
    return move, "FORCED" if gap is None else "2ND -" + playview.points_text(gap)


def _names(players):
    if players[0] == 0 and players[1]:
        return ("YOU", "CPU")
    return ("RED", "GREEN")


class Play:
    def __init__(self, app, match, players):
        self.app = app
        self.match = match
        self.players = players      # computer level per side, 0 = human
        self.names = _names(players)
        self.scene = render.Scene()
        speed = app.speed()
        self.step_ms = _STEPS_MS[speed]
        self.look_ms = _LOOKS_MS[speed]
        self.mode = BOARD
        self.turn_input = None
        self.thinker = None
        self.shown = None           # a move being shown: [board, steps, result, index]
        self.wait_until = 0         # the computer (or a pass) waits until then
        self.say = None             # (top, bottom, until): a short message over the board
        self.hint = None            # (thinker, start board) while the hint is found
        self.hint_board = None
        self.hint_text = None       # (the move, what the next play gives away) once found
        self.hint_at = 0            # when it was found
        self.since = 0
        self.menu = menu.Menu([
            ["HINT", None, 0],
            ["REPLAY", None, 0],
            ["PIPS", None, 0],
            ["SCORE", None, 0],
            ["IDS", None, 0],
            ["CLOCK", None, 0],
            ["BATTERY", None, 0],
            ["DICE", None, 0],
            ["RESIGN", _RESIGN_NAMES, 0],
            ["SOUND", ("ON", "OFF"), 0],
            ["BRIGHT", tuple(str(i) for i in range(1, 17)), 4],     # set from App.brightness when opened
            ["NEW GAME", None, 0],
            ["UPDATE", None, 0],
        ])
        self._announced = -1        # the game whose end has been shown
        self.cursor = [-1, -1]      # each human's cursor, kept between turns
        self.offer = None           # the computer's cube decision, made a pass before it acts
        self.cube_thinker = None    # a cube.CubeThinker while the computer weighs the cube
        self.question = None        # (top, bottom, action, argument) while CONFIRM asks
        self.done_at = 0            # when the human's play became complete (the A/B prompt)
        self.last = None            # the last move made: (mover, board before, steps, dice)
        self.replay = None          # [board, steps shown, next step at] while replaying it
        # the players' own dice, typed in (firmware/handheld/diceentry.py)
        self.hand = isinstance(match.dice, ManualDice)
        self.entry = None           # a DiceEntry while a roll is being entered
        self.tutor = None           # a judge.Loss weighing the play just confirmed
        self.warning = None         # (loss, better result) once it gave away too much
        self.ids = None             # (key, text): gnubg's IDs while the menu shows them (playmenu)
        self.opening_until = 0      # the opening roll's dice told, by name, until then
        # the game whose end went into the record of wins and losses: one
        # resumed already over was counted before the power went
        self.counted = match.games if match.game.state == game.OVER else -1

    # ---- helpers --------------------------------------------------------

    def thinking(self):
        """True while the computer's move or a hint is being found."""
        return (self.thinker is not None or self.cube_thinker is not None
                or (self.hint is not None and self.hint_board is None))

    def waiting(self, now):
        """True while only a press moves things on: a human to act on the
        board (the look-ahead for the next press done), or a menu or
        question on the screen. The game's clock is read at least every
        App.IDLE_MOST_MS meanwhile."""
        if self.mode != BOARD:
            return self.mode == MENU or self.mode == CONFIRM or self.mode == CONFIRM_DOUBLE
        if self.entry is not None or self.shown is not None or self.say is not None \
                or self.thinker is not None or self.cube_thinker is not None or self.offer is not None \
                or now < self.wait_until:
            return False
        g = self.match.game
        if g.state == game.MOVE:
            t = self.turn_input
            return t is not None and self.human(g.turn) and not t.looking()
        return g.state != game.OVER and self.human(self.match.to_act())

    def human(self, player):
        return self.players[player] == 0

    def calm(self):
        """Nothing under way and a human to act before the roll (or the
        opening's): a safe moment to say something over the board."""
        m = self.match
        g = m.game
        if self.mode != BOARD or self.entry is not None or self.say is not None \
                or self.opening_until or self.shown is not None:
            return False
        actor = m.to_act()
        return g.state in (game.ROLL, game.OPENING) and actor >= 0 and self.human(actor)

    def _beep(self, melody):
        self.app._beep(melody)

    def _act(self, action, *args):
        """Calls a match action; a clock that has run out ends the game
        instead (the match raises ValueError and has already scored it)."""
        try:
            action(*args)
            return True
        except ValueError:
            if self.match.game.state != game.OVER:
                raise
            return False

    def _rolled(self):
        """The dice are out: a save point of its own, so that a power cut
        before the move cannot give the player another roll. The heap is
        collected before the roll's plays are made, so that they, which
        last the turn, take its lowest holes."""
        self._beep(sounds.DICE)
        self.app.request_save()
        self.app.collect_requested = True

    def _after_action(self):
        """A safe moment: the turn, cube action or game is complete."""
        self.turn_input = None
        self.thinker = None
        self.cube_thinker = None
        self.shown = None
        self.entry = None
        self.app.request_save()

    def _roll(self, now):
        """The dice of the player (or computer) on roll: the machine rolls
        them at once; dice by hand are entered first (_roll_entered). True
        when they are out."""
        g = self.match.game
        if self.hand:
            from firmware.handheld.diceentry import DiceEntry     # its code only when used
            mover = 0 if g.state == game.OPENING else g.turn
            self.entry = DiceEntry(mover, self.names, g.state == game.OPENING, now)
            return False
        if self._act(self.match.roll, now):
            self._rolled()
            return True
        return False

    def _entry_press(self, button, now):
        from firmware.handheld import diceentry
        e = self.entry
        result, melody = e.press(button, now)
        self._beep(melody)
        g = self.match.game
        if result == diceentry.BACK:
            if g.state == game.OPENING or self.human(g.turn):
                self.entry = None       # his own roll: the board before it again
            else:
                self._beep(sounds.ILLEGAL)  # the computer's roll has nothing before it
        elif result == diceentry.DONE:
            self.entry = None
            self._roll_entered(e.dice(), now)

    def _roll_entered(self, dice, now):
        """The dice entered are rolled: ManualDice gives the match exactly
        these, and the roll is saved as any other."""
        m = self.match
        g = m.game
        opening = g.state == game.OPENING
        computer = not opening and not self.human(g.turn)
        faces = m.dice
        while faces.pending():
            faces.one()         # none left from a roll the clock cut short
        faces.push(dice[0], dice[1])
        if self._act(m.roll, now):
            self._rolled()
        if opening:
            self.wait_until = now + _PASS_MS
        elif computer:
            self.wait_until = now + self.look_ms

    def _open(self, now):
        """The opening roll. With a human playing and the machine's dice,
        whose die was whose is told (YOU 5 / CPU 3) for OPENING_MS, or
        until a key, before the winner plays them."""
        if self._roll(now) and (self.human(0) or self.human(1)):
            self.opening_until = now + _OPENING_MS
            self.wait_until = self.opening_until
        else:
            self.wait_until = now + _PASS_MS

    # ---- buttons --------------------------------------------------------

    def press(self, button, now):
        self._press(button, now)

    def _open_menu(self, now):
        playmenu.open_menu(self, now)

    def _press(self, button, now):
        if self.opening_until:
            # any key ends the opening's dice told, and does only that
            self.opening_until = 0
            self.wait_until = now + self.look_ms
            if button != keys.MENU:
                return
        if self.mode == MENU:
            playmenu.press(self, button, now)
            return
        if self.mode == HINT:
            self.mode = BOARD
            self.hint = None
            self.hint_board = None
            self.hint_text = None
            return
        if self.mode == REPLAY:
            self.mode = BOARD
            self.replay = None
            return
        if self.mode == TUTOR:
            from firmware.handheld import tutor
            tutor.press(self, button, now)
            return
        if self.mode == OVER:
            if button == keys.A:
                self._next_game(now)
            elif button == keys.MENU:
                self._open_menu(now)
            return
        if self.mode == CONFIRM:
            self._confirm_press(button, now)
            return
        if self.mode == NO_MOVE:
            if button in (keys.A, keys.B) and (self.human(0) or self.human(1)):
                self._beep(sounds.CLICK)
                self._finish_shown(now)
            elif button in (keys.A, keys.B, keys.MENU):
                self._open_menu(now)
            return
        if button == keys.MENU:
            self._open_menu(now)
            return
        if self.entry is not None:
            self._entry_press(button, now)
            return
        m = self.match
        g = m.game
        if self.mode == CONFIRM_DOUBLE:
            self.mode = BOARD
            if button == keys.A and m.may_double():
                if self._act(m.double, now):
                    self._beep(sounds.DOUBLE)
                    self._after_action()
                    self.wait_until = now + _DECIDE_MS   # the computer "considers" it
            return
        actor = m.to_act()
        if actor < 0 or not self.human(actor):
            if self.players[0] and self.players[1] and button in (keys.A, keys.B):
                self._open_menu(now)    # demo: A or B shows the menu
            return
        if g.state == game.OPENING:
            if button == keys.A:
                self._open(now)
            return
        if g.state == game.ROLL:
            if button == keys.A:
                self._roll(now)
            elif button == keys.B:
                self._start_replay(now)     # the other side's move again
            elif button == keys.CUBE:
                if m.may_double():
                    self.mode = CONFIRM_DOUBLE
                    self._beep(sounds.CLICK)
                else:
                    self._beep(sounds.ILLEGAL)
            return
        if g.state == game.DOUBLED:
            if button == keys.A:
                self._act(m.take, now)
                self._after_action()
                self._beep(sounds.CLICK)
            elif button == keys.B:
                self._act(m.drop, now)
                self._after_action()
            return
        if g.state == game.RESIGNING:
            if button == keys.A:
                self._act(m.accept, now)
                self._after_action()
            elif button == keys.B:
                self._act(m.reject, now)
                self._beep(sounds.CLICK)
            return
        if g.state == game.MOVE and self.turn_input is not None and self.shown is None:
            t = self.turn_input
            if t.complete() and button == keys.A:
                self._confirm_play(now)
                return
            self._beep(t.press(button))
            self.scene.moved_at = now
            if t.complete():
                self.done_at = now

    def _confirm_play(self, now):
        """A on a complete play: the tutor, when on, weighs it first."""
        g = self.match.game
        if self.app.tutor_limit() and len(g.plays) > 1:
            from firmware.handheld import tutor     # its code only when on
            tutor.start(self, now)
            return
        self._commit(now)

    def _commit(self, now):
        """The human's play is made."""
        m = self.match
        g = m.game
        t = self.turn_input
        self.mode = BOARD
        self.tutor = None
        self.warning = None
        self.cursor[g.turn] = t.cursor
        self.last = (g.turn, g.board, t.move(), g.dice)
        if self._act(m.play, t.board, now):
            self._after_action()

    def _new_game(self, now, unused):
        self.app.new_game()

    def _update(self, now, unused):
        self.app.update_requested = True

    def _tell(self, top, bottom, now):
        """A short message over the board, then the board again."""
        self.mode = BOARD
        self.say = (top, bottom, now + _SAY_MS)
        self.since = now
        self._beep(sounds.ILLEGAL)

    def _ask(self, top, bottom, action, argument, now):
        """A question before a choice that counts: A calls action(now,
        argument), B goes back to the menu."""
        self.question = (top, bottom, action, argument)
        self.mode = CONFIRM
        self.since = now

    def _confirm_press(self, button, now):
        if button == keys.A:
            question = self.question
            self.question = None
            self.mode = BOARD
            self._beep(sounds.CLICK)
            question[2](now, question[3])
        elif button in (keys.B, keys.MENU):
            self.question = None
            self.mode = MENU
            self.menu.since = now
            self._beep(sounds.CLICK)

    def _start_replay(self, now):
        """The last move again, from the position before it, a step every
        STEP_MS; any key leaves."""
        if self.last is None:
            self._tell("NOTHING", "TO REPLAY", now)
            return
        self.replay = [self.last[1], 0, now + self.look_ms]
        self.mode = REPLAY
        self._beep(sounds.CLICK)

    def _replay_step(self, now):
        r = self.replay
        if now < r[2]:
            return False
        steps = self.last[2]
        i = r[1]
        if i < len(steps):
            f, t = steps[i]
            hit = t and r[0][49 - t] == 1
            r[0] = game.movegen.apply_step(r[0], f, t)
            r[1] = i + 1
            r[2] = now + (self.step_ms if i + 1 < len(steps) else _REPLAY_END_MS)
            self._beep(sounds.HIT if hit else sounds.MOVE)
            return True
        self.replay = None
        self.mode = BOARD
        return True

    def _start_hint(self, now):
        m = self.match
        g = m.game
        if g.state != game.MOVE or not self.human(g.turn) or self.turn_input is None:
            mine = g.state == game.ROLL and self.human(g.turn)
            if mine:
                self._tell("ROLL", "FIRST", now)
            else:
                self._tell("NOT NOW", "", now)
            return
        start = self.turn_input.start
        self.hint = ai().Thinker(start, g.dice[0], g.dice[1], ai().LEVELS, plays=g.plays,
                                 weights=self._weights(g.turn), stake=self._stake(g.turn))
        self.app.collect_requested = True
        self.hint_board = None
        self.hint_text = None
        self.mode = HINT
        self.since = now

    def _resign(self, now):
        m = self.match
        g = m.game
        if g.state not in (game.ROLL, game.MOVE) or not self.human(g.turn):
            self._tell("NOT NOW", "", now)
            return
        kind = self.menu.value("RESIGN") + 1
        self._ask("RESIGN %s?" % KIND_NAMES[kind], "LOSE %d  A YES  B NO" % m._value(kind),
                  self._resign_now, kind, now)

    def _resign_now(self, now, kind):
        m = self.match
        if m.game.state not in (game.ROLL, game.MOVE):
            return          # the clock ended the game while the question was up
        self.turn_input = None
        self.entry = None
        self._act(m.resign, kind, now)
        self.wait_until = now + _DECIDE_MS

    # ---- time -----------------------------------------------------------

    def advance(self, now):
        """Timers and the computer's next slice. Returns False when nothing
        the screen shows has changed (waiting, thinking), so the frame need
        not be drawn again; True whenever it may have."""
        m = self.match
        g = m.game
        changed = False
        if self.say is not None and now >= self.say[2]:
            self.say = None
            changed = True
        if self.mode == HINT:
            return self._hint_slice(now) or changed
        if self.mode == REPLAY:
            return self._replay_step(now) or changed
        if self.mode == TUTOR:
            from firmware.handheld import tutor
            return tutor.step(self, now) or changed
        if self.mode == NO_MOVE:
            if not self.human(g.turn) and now - self.since >= _NO_MOVE_MS:
                self._finish_shown(now)     # the computer's pass goes on by itself
                return True
            return changed
        if self.opening_until and now >= self.opening_until:
            self.opening_until = 0
            changed = True
        if g.state != game.OVER and m.tick(now):
            self._after_action()
            changed = True
        if g.state == game.OVER:
            if self._game_over(now):
                changed = True
            if self.players[0] and self.players[1] and now - self.since >= _DEMO_OVER_MS:
                self._next_game(now)        # the demo goes on by itself
                changed = True
            return changed
        if self.mode != BOARD or self.entry is not None:
            return changed          # a roll being entered waits for its dice
        actor = m.to_act()
        if g.state == game.MOVE:
            return self._move(now) or changed
        elif self.human(actor):
            return changed
        elif now < self.wait_until:
            return changed
        elif g.state == game.OPENING:
            self._open(now)
        elif g.state == game.ROLL:
            return self._computer_roll(now) or changed
        elif g.state == game.DOUBLED:
            self._computer_answer(now)
        elif g.state == game.RESIGNING:
            self._computer_resign_answer(now)
        return True

    def _computer_roll(self, now):
        """Cube or roll: the cube weighed in slices, a pass each (one
        evaluation below MAX, the 21 rolls at MAX), then the roll (the move
        generator) in a pass of its own. True once it has acted."""
        m = self.match
        g = m.game
        if self.offer is None:
            # the decision alone shows nothing; the next pass acts on it
            t = self.cube_thinker
            if t is None:
                if not (m.may_double() and cube().may_double(g.cube, m.length, self._away(g.turn), g.crawford)):
                    self.offer = False
                    return False
                self.cube_thinker = cube().CubeThinker(
                    g.board, self.players[g.turn], g.cube, g.cube_owner == g.turn, m.length,
                    self._away(g.turn), self._away(1 - g.turn))
                self.app.collect_requested = True
                return False
            if t.step():
                self.cube_thinker = None
                self.offer = t.doubles()
                self.app.collect_requested = True
            return False
        offer = self.offer
        self.offer = None
        if offer:
            if self._act(m.double, now):
                self._beep(sounds.DOUBLE)
                self._after_action()
                self.wait_until = now + _DECIDE_MS
            return True
        if self._roll(now):
            self.wait_until = now + self.look_ms
        return True

    def think(self, t):
        """One slice of the thinker t's work: True once done. A step that
        ended for a collection of the heap (ai.Thinker.collect) asks the
        loop for one, and the next waits until it is made."""
        if t.collect and self.app.collect_requested:
            return False
        if t.step():
            return True
        if t.collect:
            self.app.collect_requested = True
        return False

    def _away(self, player):
        m = self.match
        return m.length - m.score[player] if m.length else 0

    def _weights(self, player):
        """What each result is worth to the player at the score (the
        checkers played for the match, not for money)."""
        m = self.match
        return cube().weights(m.game.cube, m.length, self._away(player), self._away(1 - player))

    def _stake(self, player):
        """The cube as the player's look-ahead weighs it (cubeful.Stake),
        or None where it is dead: the Crawford game, or no side with
        access to it that a double could gain anything."""
        m = self.match
        g = m.game
        us, them = self._away(player), self._away(1 - player)
        owner = -1 if g.cube_owner == game.CENTRED else 0 if g.cube_owner == player else 1
        return cube().stake(g.cube, owner, m.length, us, them, g.crawford)

    def _computer_answer(self, now):
        """Take or drop, weighed in slices as the cube offer is (the values
        of the doubler's position, on roll)."""
        m = self.match
        g = m.game
        taker = 1 - g.turn
        level = self.players[taker]
        t = self.cube_thinker
        if t is None:
            self.cube_thinker = cube().CubeThinker(g.board, level, g.cube, False, m.length,
                                                   self._away(g.turn), self._away(taker), True)
            self.app.collect_requested = True
            return
        if not t.step():
            return
        self.cube_thinker = None
        self.app.collect_requested = True
        take = t.takes()
        if take:
            self._act(m.take, now)
            self.say = ("TAKEN", "", now + _SAY_MS)
        else:
            self._act(m.drop, now)
        self._after_action()
        self.wait_until = now + _SAY_MS

    def _computer_resign_answer(self, now):
        m = self.match
        g = m.game
        accept = True
        if g.resign < game.BACKGAMMON:
            p = ai().evaluator.evaluate(game.position.flip(g.board))
            # p: win, win gammon, win backgammon, lose gammon, lose bg
            more = p[1] if g.resign == game.SINGLE else p[2]
            accept = more < ai().ONE // 5
        if accept:
            self._act(m.accept, now)
            self._after_action()
        else:
            self._act(m.reject, now)
            self.say = ("REFUSED", "", now + _SAY_MS)

    def _move(self, now):
        """The player on roll has the dice: a human enters the play, the
        computer thinks in slices; each shown at a readable pace. True when
        the board shown changed."""
        m = self.match
        g = m.game
        if self.shown is not None:
            return self._show_step(now)
        if now < self.wait_until:
            return False
        if g.ensure_plays():
            return False        # the roll's dice were drawn in the pass before
        if self.human(g.turn):
            if self.turn_input is None:
                if len(g.plays) == 1:
                    self._plan_forced(now)
                    return True
                self.turn_input = TurnInput(g.board, g.dice[0], g.dice[1], g.turn,
                                            self.cursor[g.turn])
                return True
            self.turn_input.look_ahead()    # the next press's steps, while idle
            return False
        if self.thinker is None:
            self.thinker = ai().Thinker(g.board, g.dice[0], g.dice[1], self.players[g.turn],
                                        plays=g.plays, weights=self._weights(g.turn),
                                        stake=self._stake(g.turn))
            self.app.collect_requested = True
            return False
        if self.think(self.thinker):
            result, move = self.thinker.result
            self.thinker = None
            self.app.collect_requested = True
            self._show_move(result, move, now)
            return True
        return False

    def _plan_forced(self, now):
        """A roll with one play (one result, whatever the order of its
        steps) or none: shown and made without the player, the turn going
        on after a visible pause. With no move the dice stay on the board
        a moment, then NO MOVE."""
        g = self.match.game
        self.shown = [g.board, g.plays.move(0), g.plays.result(0), 0]
        self.wait_until = now + self.look_ms

    def _show_move(self, result, move, now):
        g = self.match.game
        self.shown = [g.board, move, result, 0]
        self.wait_until = now + self.look_ms

    def _show_step(self, now):
        """One step of a shown move per STEP_MS; the play is made after the
        last one."""
        if now < self.wait_until:
            return False
        board, steps, result, i = self.shown
        if not steps:
            # No legal move: said until a player acknowledges it (A), or
            # for _NO_MOVE_MS in the demo. shown[3] marks it announced.
            self.mode = NO_MOVE
            if not i:
                self.shown[3] = 1
                self.since = now
                self._beep(sounds.NO_MOVE)
            return True
        if i < len(steps):
            f, t = steps[i]
            hit = t and board[49 - t] == 1
            self.shown[0] = game.movegen.apply_step(board, f, t)
            self.shown[3] = i + 1
            self._beep(sounds.HIT if hit else sounds.MOVE)
            self.wait_until = now + self.step_ms
            return True
        self._finish_shown(now)
        return True

    def _finish_shown(self, now):
        """The shown move (or pass) is made."""
        self.mode = BOARD
        g = self.match.game
        if self.turn_input is not None:
            self.cursor[g.turn] = self.turn_input.cursor
        self.last = (g.turn, g.board, self.shown[1], g.dice)
        self._act(self.match.play, self.shown[2], now)
        self._after_action()

    def _hint_slice(self, now):
        """True when the hint has just been found, or its text made: each
        in a pass of its own, as the text loads gnubg's notation for the
        moment (an import takes up to 55 ms on the chip)."""
        if self.hint is None or self.hint_text is not None:
            return False
        if self.hint_board is not None:
            self.hint_text = hint_words(self.hint, self.turn_input.start)
            self.hint_at = now
            return True
        if self.think(self.hint):
            self.hint_board = self.hint.result[0]
            return True
        return False

    def _game_over(self, now):
        m = self.match
        g = m.game
        if self._announced == m.games:
            if self.mode == BOARD:
                self.mode = OVER    # back from the menu: the result again
                return True
            return False
        self._announced = m.games
        self.turn_input = None
        self.thinker = None
        self.cube_thinker = None
        self.shown = None
        self.entry = None
        self.tutor = None
        self.warning = None
        self.mode = OVER
        self.since = now
        if self.counted != m.games:
            self.counted = m.games
            human = 0 if self.human(0) else 1
            if self.human(human) and not self.human(1 - human):
                self.app.count_game(self.players[1 - human], g.winner == human)
        if m.winner >= 0:
            self._beep(sounds.MATCH_WON if self.human(m.winner) or not self.human(1 - m.winner)
                       else sounds.GAME_LOST)
        elif self.human(g.winner) or not self.human(1 - g.winner):
            self._beep(sounds.GAME_WON)
        else:
            self._beep(sounds.GAME_LOST)
        self.app.request_save()
        return True

    def _next_game(self, now):
        m = self.match
        if m.winner >= 0:
            self.app.match_over(m.winner)
            return
        m.next_game(now)
        self.last = None
        self.opening_until = 0
        self.mode = BOARD
        self._announced = -1
        self.wait_until = now + self.look_ms
        self.app.request_save()

    # ---- what it shows (firmware/handheld/playview.py) ---------------------------

    def draw(self, frame, now):
        """Draws the play screen; returns how often it moves by itself (ms)."""
        if self.mode == MENU:
            return playmenu.draw(self, frame, now)
        return playview.draw(self, frame, now)

    def score_text(self):
        return playview.score_text(self)

    def over_text(self):
        return playview.over_text(self)
