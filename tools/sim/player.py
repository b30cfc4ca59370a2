"""A player at the simulated handheld: looks at the LEDs, listens to the
buzzer and presses the buttons, nothing else. Used by the end-to-end tests.

It reads the board before each roll (no cursor is drawn then), chooses a
play with the rules engine as a person would with the rules in their head,
walks the blinking cursor to each checker, picks it up with A, walks it to
its point, puts it down with A and confirms the turn with A. A strategy is a
function (position from the mover's view, legal plays) -> (result, move).
"""
import sys

from firmware.engine import movegen
from firmware.handheld import render, sounds
from firmware.engine.position import pips

if sys.implementation.name == "micropython":     # with tools/sim itself on sys.path
    import reader
else:
    from tools.sim import reader

BLINK_MS = 250
POLL_MS = 100
PRESS_MS = 30       # past the 20 ms debounce
GAP_MS = 40

# the top line of the opening's A TO ROLL: two players, and against the computer
OPENING_TOPS = ("OPENING", "YOU RED")
# the top line of the opening's dice entered by hand: each die's owner
OPENING_ENTRY_TOPS = ("YOU CPU", "RED GRN", "TIE")

# the main menu's items (firmware/handheld/app.py)
MAIN_ITEMS = ("PLAY", "LEVEL", "POINTS", "CLOCK", "DICE", "TUTOR", "SPEED", "SOUND", "START",
              "HOW TO PLAY", "RECORD", "UPDATE")

# cursor stops along each half, left to right, in red's numbering (25 bar, 0 off)
TOP = (13, 14, 15, 16, 17, 18, 25, 19, 20, 21, 22, 23, 24, 0)
BOTTOM = (12, 11, 10, 9, 8, 7, 25, 6, 5, 4, 3, 2, 1, 0)


class Stuck(Exception):
    """The handheld did not do what a player expects; says what was on the LEDs."""


def red_of(mover, point):
    return point if point in (0, 25) or mover == 0 else 25 - point


def path(rp, half, target):
    """The presses that take the cursor from red point rp (seen in LED half
    `half`) to red point target, as firmware/handheld/turn.py walks it."""
    if rp in (0, 25):
        half = 0 if target >= 13 else 1
    presses = []
    if target not in (0, 25) and (target >= 13) != (half == 0):
        presses.append("UP")            # the same place in the other half
        index = (TOP if half == 0 else BOTTOM).index(rp)
        half = 1 - half
        rp = (TOP if half == 0 else BOTTOM)[index]
    row = TOP if half == 0 else BOTTOM
    if rp not in row or target not in row:
        raise ValueError("no walk from %r (half %r) to %r" % (rp, half, target))
    # Never round the end of the row: the tray there is a stop only while
    # a checker may bear off (firmware/handheld/turn.py).
    delta = row.index(target) - row.index(rp)
    presses.extend(["RIGHT"] * delta if delta > 0 else ["LEFT"] * -delta)
    return presses


def runner(board, plays):
    """Races: the fewest own pips left, without hitting (a short game)."""
    best = None
    for result, move in plays:
        us, them = pips(result)
        key = (us, them, move)
        if best is None or key < best[0]:
            best = (key, result, move)
    return best[1], best[2]


def hitter(board, plays):
    """Races and hits: the fewest own pips left against the most of theirs."""
    best = None
    for result, move in plays:
        us, them = pips(result)
        key = (us - them, move)
        if best is None or key < best[0]:
            best = (key, result, move)
    return best[1], best[2]


def staller(board, plays):
    """Stays back: the most checkers in the other side's home and on the bar,
    then the most pips left: a player heading for a gammon or backgammon."""
    best = None
    for result, move in plays:
        back = sum(result[18:25])
        us, them = pips(result)
        key = (-back, -us, move)
        if best is None or key < best[0]:
            best = (key, result, move)
    return best[1], best[2]


def first_play(board, plays):
    return plays[0]


def shows(decoded, value):
    """Whether a menu value line reads as value; a long value slides under
    the arrows, so a clipped reading ('? PLAYE?') matches by its middle."""
    core = decoded.replace("<", "").replace(">", "").strip()
    if core == value:
        return True
    if "?" in core:
        middle = core.strip("? ")
        return len(middle) >= 3 and middle in value
    return False


def is_text(grid):
    """A text screen lights only rows 1-5 and 9-13 (and the menu arrows);
    the board always has a stack, the bar or the tray at an edge row."""
    for y in (0, 6, 7, 8, 14, 15):
        for x in range(32):
            if grid[y * 32 + x]:
                return False
    return any(grid)


class Player:
    def __init__(self, sim):
        self.sim = sim
        self.log = []           # the text screens seen, (top, bottom)
        self.cube = 1           # the cube's value, as last read before a roll
        self.cubes = []         # (value, owner) read before each roll

    # ---- senses ------------------------------------------------------------

    def grid(self):
        return self.sim.grid()

    def blinks(self):
        """The LED that blinks like the cursor, in a list (empty if none): the
        only LED that changed in 250 ms, yellow in one of the looks (a move
        being shown changes two LEDs or more at once)."""
        a = self.grid()
        self.sim.run_ms(BLINK_MS)
        b = self.grid()
        spots = reader.blinking(a, b)
        if len(spots) == 1:
            i = spots[0][1] * 32 + spots[0][0]
            if reader.YELLOW in (a[i], b[i]):
                return spots
        return []

    def notes_count(self):
        """A mark in the buzzer's history, for heard() and tones_since()."""
        return self.sim.tones_dropped + len(self.sim.board.tone_history())

    def heard(self, since, melody):
        """True if the buzzer sounded melody's first note after mark `since`."""
        from hw.buzzer import note_hz
        first = 0
        for i in range(0, len(melody), 2):
            if melody[i]:
                first = melody[i]
                break
        hz = note_hz(first)
        for ms, freq, duty in self.tones_since(since):
            if freq == hz and duty > 0:
                return True
        return False

    def tones_since(self, mark):
        """The buzzer's (ms, freq, duty) changes after a notes_count() mark."""
        return self.sim.board.tone_history()[max(0, mark - self.sim.tones_dropped):]

    def screen(self):
        return reader.read_screen(self.sim)

    def cursor(self):
        """(red point, LED half 0 top / 1 bottom) of the blinking cursor."""
        for _ in range(6):
            spots = self.blinks()
            if spots:
                x, y = spots[0]
                return reader.red_point_at(x, y), 0 if y < 8 else 1
            # another phase: a look can fall on a pass that only collected
            # the heap or wrote the flash, and drew nothing new, begin as the
            # board's marks are first drawn, or span two blinks (each look
            # starts 50 ms later in the blink's 250 ms: five cover them all)
            self.sim.run_ms(POLL_MS // 2)
        raise Stuck("no blinking cursor:\n" + self.sim.text())

    # ---- hands -------------------------------------------------------------

    def press(self, name, hold_ms=PRESS_MS, gap_ms=GAP_MS):
        self.sim.press(name, hold_ms, gap_ms)

    def wait_until(self, test, max_ms=60000, what="the display"):
        waited = 0
        while waited <= max_ms:
            grid = self.grid()
            if test(grid):
                return grid
            self.sim.run_ms(POLL_MS)
            waited += POLL_MS
        raise Stuck("waited %d ms for %s:\n%s" % (max_ms, what, self.sim.text()))

    def walk_to(self, mover, point):
        """Moves the cursor to the mover's point: looks where it is, presses
        the way there, looks again (and tries again if it went astray).

        The bar and the tray have a stop in each half but are drawn in one,
        so there the LED does not say which half the cursor walks in; the
        walk assumes the target's half and the look afterwards corrects it."""
        target = red_of(mover, point)
        for _ in range(6):
            rp, half = self.cursor()
            if rp == target:
                return
            for name in path(rp, half, target):
                self.press(name)
        raise Stuck("cursor did not reach point %d:\n%s" % (point, self.sim.text()))

    # ---- a turn ------------------------------------------------------------

    def play_move(self, mover, move, confirm=True):
        """Enters move ((from, to), ...) of the mover's points with the cursor
        and (with confirm) confirms the turn with A."""
        for f, t in move:
            self.walk_to(mover, f)
            before = self.notes_count()
            self.press("A")
            if not self.heard(before, sounds.CLICK):
                raise Stuck("picking up from %d was refused:\n%s" % (f, self.sim.text()))
            self.walk_to(mover, t)
            before = self.notes_count()
            self.press("A")
            if not (self.heard(before, sounds.MOVE) or self.heard(before, sounds.HIT)):
                raise Stuck("placing %d/%d was refused:\n%s" % (f, t, self.sim.text()))
        if not confirm:
            return
        grid = self.grid()
        if not is_text(grid) and reader.marks(grid):
            raise Stuck("moves left after %r:\n%s" % (move, self.sim.text()))
        self.press("A")         # the turn is confirmed before it counts

    # ---- menus -------------------------------------------------------------

    def top_line(self):
        return reader.line_text(self.grid(), 1)

    def choose(self, label, value=None, max_presses=20):
        """On a menu: UP/DOWN to the item `label`, then LEFT/RIGHT to `value`."""
        for _ in range(max_presses):
            if self.top_line() == label:
                break
            self.press("DOWN")
        else:
            raise Stuck("no menu item %r:\n%s" % (label, self.sim.text()))
        if value is None:
            return
        for _ in range(30):
            if shows(reader.line_text(self.grid(), 9), value):
                return
            self.press("RIGHT")
        raise Stuck("no value %r for %r:\n%s" % (value, label, self.sim.text()))

    def start(self, mode="2 PLAYER", points=None, clock=None, level=None, dice=None, tutor=None):
        """From the main menu: set the mode, match length, clock, level, dice
        (AUTO, BY HAND) and tutor (OFF, 0.05 ...), then START."""
        self.wait_until(lambda g: self.top_line() in MAIN_ITEMS, what="the main menu")
        self.choose("PLAY", mode)
        if level is not None:
            self.choose("LEVEL", level)
        if points is not None:
            self.choose("POINTS", points)
        if clock is not None:
            self.choose("CLOCK", clock)
        if dice is not None:
            self.choose("DICE", dice)
        if tutor is not None:
            self.choose("TUTOR", tutor)
        self.choose("START")
        self.press("A")

    # ---- dice by hand ------------------------------------------------------

    def entry(self):
        """(top line, faces shown, the die being set 0/1) while dice are
        entered by hand (the bottom line reads '< 3 - >' or '< 3 5 >'), else None."""
        grid = self.grid()
        if not is_text(grid):
            return None
        bottom = reader.line_text(grid, 9)
        if not (bottom.startswith("<") and bottom.endswith(">")):
            return None
        words = bottom[1:-1].split()
        if len(words) != 2:
            return None
        top = reader.line_text(grid, 1)
        return top, words, 0 if words[1] == "-" else 1

    def enter_dice(self, d1, d2):
        """Sets the entry's two dice to d1 and d2 (the opening: red's die,
        then green's) with UP, each confirmed with A."""
        for i, face in ((0, d1), (1, d2)):
            for _ in range(7):
                seen = self.entry()
                if seen is None or seen[2] != i:
                    raise Stuck("no die %d to set:\n%s" % (i + 1, self.sim.text()))
                if seen[1][i] == str(face):
                    break
                self.press("UP")
            else:
                raise Stuck("die %d never showed %d:\n%s" % (i + 1, face, self.sim.text()))
            self.press("A")

    # ---- a game ------------------------------------------------------------

    def play_game(self, strategies, humans=(0, 1), double_at=None, take=True, max_steps=3000,
                  before_roll=None, stop=(), hand=None):
        """Plays until a game-over screen; returns (top, bottom, last board).

        strategies: per side (0 red, 1 green) a strategy function. double_at:
        (side, turn number) at which that side (-1: either) offers the cube
        before rolling; turns count the rolls of the human sides.
        take: the answer of a human asked to take a double. before_roll:
        called as before_roll(player, grid, mover) when a human is to roll.
        stop: top lines of text screens at which it returns at once.
        hand: with dice by hand, hand(top line) gives the two dice to enter
        (top: one of OPENING_ENTRY_TOPS for the opening, else the mover's name).
        The tutor's warnings are answered A (kept)."""
        board = None            # the last board read before a roll
        known = None            # the position tracked through our own plays
        turns = 0
        for _ in range(max_steps):
            grid = self.grid()
            if is_text(grid):
                top, bottom = self.screen()
                self.log.append((top, bottom))
                if top.endswith(" WINS") or top in stop:
                    return top, bottom, known
                entry = self.entry() if hand is not None else None
                if entry is not None:
                    self.enter_dice(*hand(entry[0]))
                elif top in OPENING_TOPS or top in ("NO MOVE", "TUTOR", "A KEEP"):
                    self.press("A")
                elif top.startswith("DOUBLE TO") and not top.endswith("?"):
                    self.press("A" if take else "B")
                else:
                    self.sim.run_ms(POLL_MS)
                continue
            dice = reader.read_dice(grid)
            if dice is None:
                # The other side's last move is marked by showing the board
                # before it while the die outlines are dark: read it lit.
                mover, grid = self._ring_look(grid)
                if mover < 0 or reader.read_dice(grid) is not None:
                    continue
                board = reader.read_board(grid)
                if board.totals() != (15, 15):
                    raise Stuck("%r does not add up to 15 a side:\n%s" % (board, self.sim.text()))
                known = board
                cube, owner = reader.read_cube(grid)
                if cube.isdigit():
                    self.cube = int(cube)
                    self.cubes.append((self.cube, owner))
                if mover in humans:
                    turns += 1
                    if before_roll is not None:
                        before_roll(self, grid, mover)
                    if double_at is not None and double_at[0] in (mover, -1) and double_at[1] == turns:
                        before = self.notes_count()
                        self.press("CUBE")
                        self.press("A")
                        if not self.heard(before, sounds.DOUBLE):
                            raise Stuck("double not offered:\n" + self.sim.text())
                        continue
                    self.press("A")
                else:
                    self.sim.run_ms(POLL_MS)
                continue
            mover, (d1, d2), used = dice
            if mover not in humans or not reader.marks(grid):
                self.sim.run_ms(POLL_MS)
                continue
            if not self.blinks():
                self.sim.run_ms(POLL_MS)    # a forced play being shown
                continue
            if known is None:
                known = reader.Board(*_start_counts())
            position = known.mover_view(mover)
            plays = movegen.plays(position, d1, d2)
            result, move = strategies[mover](position, plays)
            self.play_move(mover, move)
            known = None if mover not in humans else _board_after(result, mover)
        raise Stuck("no game over after %d looks:\n%s" % (max_steps, self.sim.text()))

    def _ring_colour(self, grid):
        """Whose dice outline blinks (the side to roll): 0 red, 1 green, -1 none seen."""
        return self._ring_look(grid)[0]

    def _ring_look(self, grid):
        """(whose dice outline blinks, a look with it lit): -1 when none is
        seen within a blink."""
        for _ in range(4):
            if is_text(grid):
                break
            for mover, y in ((0, 9), (1, 4)):
                face, colour = reader.read_die(grid, y)
                if face == 0:
                    return (0 if colour == reader.RED else 1), grid
            self.sim.run_ms(BLINK_MS)
            grid = self.grid()
        return -1, grid


def parse_over(bottom):
    """('GAMMON', 2, (0, 2), rest) from a game-over line like
    'GAMMON +2 MONEY 0-2' or 'SINGLE +1 1-0 OF 3 NEXT CRAWFORD'."""
    words = bottom.split()
    at = next(i for i, w in enumerate(words) if w.startswith("+"))
    how = " ".join(words[:at])
    points = int(words[at][1:])
    score = next(w for w in words[at + 1:] if "-" in w)
    a, b = score.split("-")
    return how, points, (int(a), int(b)), " ".join(words[at + 1:])


def board_after(result, mover):
    """The Board (red numbering) of a mover's-view position."""
    return reader.Board(*_counts(result, mover))


def _start_counts():
    from firmware.engine.position import START
    return _counts(START, 0)


def _counts(position, mover):
    """(red, green) count lists from a mover's-view position."""
    red, green = render.sides(position, mover)
    return list(red), list(green)


def _board_after(result, mover):
    return reader.Board(*_counts(result, mover))


def game_kind(loser_counts, loser):
    """1 single, 2 gammon, 3 backgammon for the loser's (red-numbered) counts."""
    if loser_counts[0]:
        return 1
    # red bears off from red's 1..6, so green's home is red's 19..24
    home = range(19, 25) if loser == 0 else range(1, 7)
    if loser_counts[25] or any(loser_counts[p] for p in home):
        return 3
    return 2
