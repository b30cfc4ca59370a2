"""What the play screen shows: the board scene, the questions put to a
human and the game-over summary (the in-play menu draws itself:
playmenu.py, which imports this module). `self` is the
firmware.handheld.play.Play being shown."""
from micropython import const

from firmware.engine import game, movegen, position
from firmware.handheld import render

# How often what draw() drew moves by itself (firmware/handheld/app.py redraws then):
# the board's blinks turn at multiples of 250 ms, the hint's at 50 ms
# (200 ms blink, 700 ms flip), scrolling text every 70 ms.
BOARD_TICK_MS = const(250)
_HINT_TICK_MS = const(50)
TEXT_TICK_MS = const(70)

_HINT_FLIP_MS = const(700)  # the hint alternates before / after at this rate
# The hint found goes round: its move and what the next play gives away
# as text, then the board flipping between the position and the result.
_HINT_TEXT_MS = const(6000)
_HINT_CYCLE_MS = const(9500)
KIND_NAMES = ("", "SINGLE", "GAMMON", "BACKGAMMON")

# what the board screen is doing
BOARD = const(0)
CONFIRM_DOUBLE = const(1)  # CUBE pressed: A offers, B cancels
MENU = const(2)
HINT = const(3)
OVER = const(4)            # game over shown, A goes on
CONFIRM = const(5)         # a question before a choice that counts: A does it, B goes back
NO_MOVE = const(6)         # a roll with no legal move, shown until A (timed in the demo)
REPLAY = const(7)          # the last move shown again, step by step; any key leaves
TUTOR = const(8)           # a confirmed play weighed, then warned of: A keeps it, B plays again

# The other side's last move stays marked until the player on roll acts:
# the board shows the position before it whenever the die outlines are
# dark (_MARK_MS), so the moved checkers, and a hit one, jump back and forth.
_MARK_MS = const(500)

# A complete play waits for A: after PROMPT_AFTER_MS of the board, the
# prompt A OK / B UNDO shows until the cycle's end, and again each cycle.
PROMPT_AFTER_MS = const(2000)
_PROMPT_CYCLE_MS = const(3000)

# The tutor's warning goes round: its loss, the board flipping between the
# play and the better one, then what A and B do.
TUTOR_TEXT_MS = const(2000)
TUTOR_BOARD_MS = const(3500)
TUTOR_CYCLE_MS = const(7000)


def points_text(loss):
    """A loss in 1/10000 points as the tutor says it: 1234 -> '0.12'."""
    h = (loss + 50) // 100
    return "%d.%02d" % (h // 100, h % 100)


def dice_left(dice, steps):
    """The dice still to play after steps ((from, to), ...) of a roll."""
    d1, d2 = dice
    left = movegen.roll_dice(d1, d2)
    for f, t in steps:
        need = f - t
        if need in left:
            left.remove(need)
        else:               # bearing off with a larger die: the smallest that does
            bigger = [d for d in left if d > need]
            if bigger:
                left.remove(min(bigger))
    return tuple(left)


def score_text(self):
    """The score and match length, with the Crawford game noted."""
    m = self.match
    s = "%d-%d" % (m.score[0], m.score[1])
    if not m.length:
        return "MONEY " + s
    s += " OF %d" % m.length
    if m.game.crawford:
        s += " CRAWFORD"
    return s


def over_text(self):
    """How the game ended, the points won and the score."""
    m = self.match
    g = m.game
    how = KIND_NAMES[g.kind]
    if g.how == game.DROPPED:
        how = "DROP"
    elif g.how == game.RESIGNED:
        how = "RESIGN " + how
    elif g.how == game.TIMED_OUT:
        how = "TIME"
    s = "%s +%d  %s" % (how, g.points, self.score_text())
    if m.winner < 0 and m.length and not m.crawford_done and \
            (m.score[0] == m.length - 1) != (m.score[1] == m.length - 1):
        s += "  NEXT CRAWFORD"
    if m.winner >= 0:
        s += "  MATCH WON"
    return s


def draw(self, frame, now):
    """The play screen: the board, or the message or question of the
    moment. Returns the period (ms) at which what it drew moves by itself."""
    m = self.match
    g = m.game
    if self.mode == OVER:
        top = "%s WINS" % self.names[g.winner]
        render.screen(frame, top, over_text(self), now, self.since,
                      top_colour=render.RED if g.winner == 0 else render.GREEN)
        return TEXT_TICK_MS
    if self.say is not None:
        render.screen(frame, self.say[0], self.say[1], now, self.since)
        return TEXT_TICK_MS
    if self.mode == CONFIRM:
        q = self.question
        render.screen(frame, q[0], q[1], now, self.since)
        return TEXT_TICK_MS
    if self.mode == CONFIRM_DOUBLE:
        render.screen(frame, "DOUBLE TO %d?" % (g.cube * 2), "A YES  B NO", now, self.since)
        return TEXT_TICK_MS
    if self.mode == NO_MOVE:
        # a human's pass waits for A and says so; the computer's goes on by itself
        colour = render.RED if g.turn == 0 else render.GREEN
        bottom = "%s %d-%d" % (self.names[g.turn], g.dice[0], g.dice[1])
        if self.human(g.turn):
            bottom += "  PRESS A"
        render.screen(frame, "NO MOVE", bottom, now, self.since, top_colour=colour,
                      bottom_colour=colour)
        return TEXT_TICK_MS
    if self.opening_until and self.mode == BOARD:
        a, b = g.opening
        render.screen(frame, "%s %d" % (self.names[0], a), "%s %d" % (self.names[1], b),
                      now, self.since, top_colour=render.RED, bottom_colour=render.GREEN)
        return TEXT_TICK_MS
    if self.entry is not None and self.mode == BOARD:
        self.entry.draw(frame, now)
        return TEXT_TICK_MS
    if self.mode == HINT and self.hint_text is not None:
        phase = (now - self.hint_at) % _HINT_CYCLE_MS
        if phase < _HINT_TEXT_MS:
            render.screen(frame, self.hint_text[0], self.hint_text[1], now, now - phase)
            return TEXT_TICK_MS
    if self.mode == TUTOR and self.warning is not None:
        phase = (now - self.since) % TUTOR_CYCLE_MS
        if phase < TUTOR_TEXT_MS:
            render.screen(frame, "TUTOR", "-" + points_text(self.warning[0]), now, self.since,
                          bottom_colour=render.RED)
            return TEXT_TICK_MS
        if phase >= TUTOR_TEXT_MS + TUTOR_BOARD_MS:
            render.screen(frame, "A KEEP", "B RETRY", now, self.since)
            return TEXT_TICK_MS
    t = self.turn_input
    if self.mode == BOARD and t is not None and self.shown is None and t.complete() \
            and (now - self.done_at) % _PROMPT_CYCLE_MS >= PROMPT_AFTER_MS:
        render.screen(frame, "A OK", "B UNDO", now, self.since)
        return BOARD_TICK_MS
    actor = m.to_act()
    if g.state == game.DOUBLED and actor >= 0 and self.human(actor):
        render.screen(frame, "DOUBLE TO %d" % (g.cube * 2), "A TAKE  B DROP", now, self.since)
        return TEXT_TICK_MS
    if g.state == game.RESIGNING and actor >= 0 and self.human(actor):
        render.screen(frame, "ACCEPT %s?" % KIND_NAMES[g.resign], "A YES  B NO", now, self.since)
        return TEXT_TICK_MS
    if g.state == game.OPENING and (self.human(0) or self.human(1)):
        if self.human(1):
            render.screen(frame, "OPENING", "A TO ROLL", now, self.since)
        else:       # against the computer: which colour is the player's
            render.screen(frame, "YOU RED", "A TO ROLL", now, self.since, top_colour=render.RED)
        return TEXT_TICK_MS
    fill_scene(self, now)
    render.draw_board(frame, self.scene, now)
    # filled afresh for each drawing: the tuples let go, none lasting in the heap between passes
    self.scene.left = self.scene.targets = ()
    if self.mode == HINT or self.mode == TUTOR:
        thinking = self.hint_board is None if self.mode == HINT else self.warning is None
        if thinking and render.blink(now, 200):
            render.put(frame, render.MARKS_X, 7, render.YELLOW)
        return _HINT_TICK_MS
    return BOARD_TICK_MS


def marking(self):
    """Whether the board marks the other side's last move: the player on
    roll is a human who has not acted yet."""
    last = self.last
    g = self.match.game
    return (last is not None and last[2] and last[0] != g.turn and g.state == game.ROLL
            and self.mode == BOARD and self.human(g.turn))


def fill_scene(self, now):
    m = self.match
    g = m.game
    s = self.scene
    s.mover = g.turn
    s.cube = g.cube
    s.owner = g.cube_owner
    s.crawford = g.crawford
    s.offer = g.cube * 2 if (g.state == game.DOUBLED or self.mode == CONFIRM_DOUBLE) else 0
    s.low_battery = self.app.battery_state == 1
    s.cursor = -1
    s.holding = 0
    s.targets = ()
    s.dice = g.dice if g.dice[0] else None
    s.left = (g.dice[0], g.dice[1]) if g.dice[0] else ()
    s.board = g.board
    if g.state == game.OPENING:
        s.dice = None
    if self.mode == HINT:
        if self.hint_board is not None and (now - self.hint_at - _HINT_TEXT_MS) // _HINT_FLIP_MS & 1:
            s.board = self.hint_board
            s.left = ()
        return
    if self.mode == TUTOR:
        # the play made, and once warned by turns the better one
        s.board = self.turn_input.board
        s.left = ()
        w = self.warning
        if w is not None and (now - self.since - TUTOR_TEXT_MS) // _HINT_FLIP_MS & 1:
            s.board = w[1]
        return
    last = self.last
    if self.mode == REPLAY:
        s.mover = last[0]
        s.board = self.replay[0]
        s.dice = last[3]
        s.left = dice_left(last[3], last[2][:self.replay[1]]) if last[2] else ()
        return
    if marking(self) and not render.blink(now, _MARK_MS):
        s.board = position.flip(last[1])    # the position before it, seen by the mover now
        return
    if self.shown is not None:
        board, steps, result, i = self.shown
        s.board = board
        s.left = dice_left(g.dice, steps[:i]) if steps else ()
        return
    t = self.turn_input
    if t is not None:
        s.board = t.board
        s.left = t.left()
        s.cursor = t.cursor
        s.holding = t.holding
        s.targets = t.targets()
