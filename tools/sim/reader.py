"""Reads the simulated LEDs the way a player reads the handheld: text in the
3x5 font (scrolling lines too), the board's stacks, the bar, the borne-off
checkers, the dice, the moves left, the cube and the blinking cursor.

Everything here works from the 32x16 grid the HT16K33 models show
(Sim.grid()), following the layout docs/display.md describes; nothing is
read from the app's memory. Host only (CPython and the MicroPython unix port).
"""
from firmware.handheld import font
from firmware.handheld.render import (  # the layout's coordinates, as docs/display.md gives them
    BAR_X, CUBE_X, DICE_X, GREEN, MARKS_X, OFF_X, RED, RIGHT_X, WIDTH, YELLOW,
    column as column_of, slot_y as _y)

SCROLL_MS = 70

# the font, reversed: column bit patterns -> character. Characters the font
# lacks are drawn as '?', so '?' claims its pattern first; then the letters
# and digits claim theirs before punctuation that looks the same.
_ORDER = [ord("?")] + list(range(ord("A"), ord("Z") + 1)) + list(range(ord("0"), ord("9") + 1)) \
    + list(range(font.FIRST, font.LAST + 1))
_GLYPHS = {}
for _code in _ORDER:
    _w = font.width(_code)
    _cols = tuple(font.column(_code, x) for x in range(_w))
    if _code != 32 and any(_cols):
        _GLYPHS.setdefault(_cols, chr(_code))
_BY_WIDTH = sorted(_GLYPHS.items(), key=lambda item: -len(item[0]))

_FACES = {0x092: 1, 0x044: 2, 0x054: 3, 0x145: 4, 0x155: 5, 0x16D: 6, 0x1EF: 0}


def at(grid, x, y):
    return grid[y * WIDTH + x]


# ---- text ------------------------------------------------------------------

def columns(grid, y):
    """The 32 columns of the text line whose top row is y, as 5-bit masks."""
    out = []
    for x in range(WIDTH):
        bits = 0
        for dy in range(5):
            if at(grid, x, y + dy):
                bits |= 1 << dy
        out.append(bits)
    return out


def decode(cols):
    """Text from a run of column masks; '?' where no glyph fits."""
    out = []
    x = 0
    blank = 0
    started = False
    while x < len(cols):
        if cols[x] == 0:
            blank += 1
            x += 1
            continue
        if started and blank >= 2:
            out.append(" ")
        blank = 0
        started = True
        for pattern, ch in _BY_WIDTH:
            n = len(pattern)
            if tuple(cols[x:x + n]) == pattern and (x + n >= len(cols) or cols[x + n] == 0):
                out.append(ch)
                x += n
                break
        else:
            out.append("?")
            while x < len(cols) and cols[x]:
                x += 1
    return "".join(out)


def line_text(grid, y):
    return decode(columns(grid, y))


def screen_lines(grid):
    """(top, bottom) of a two-line text screen as shown now (no scrolling)."""
    return line_text(grid, 1), line_text(grid, 9)


def read_scrolling(sim, y, max_ms=30000):
    """The whole text of a line that may scroll: samples it every 70 ms,
    joins what comes into view, and returns the text found between two
    blank gaps (a scrolling line goes round with 8 blank columns)."""
    first = columns(sim.grid(), y)
    sim.run_ms(2 * SCROLL_MS)
    again = columns(sim.grid(), y)
    if again == first and first[0] == 0 and first[-1] == 0:
        return decode(first)            # fits: centred, never scrolls
    seen = list(again)
    waited = 0
    while waited < max_ms:
        sim.run_ms(SCROLL_MS)
        waited += SCROLL_MS
        cols = columns(sim.grid(), y)
        shift = _shift(seen[-WIDTH:], cols)
        if shift:
            seen.extend(cols[WIDTH - shift:])
        text = _between_gaps(seen)
        if text is not None:
            return decode(text)
    return decode(seen)


def _shift(before, after):
    for k in range(0, 6):
        if before[k:] == after[:WIDTH - k]:
            return k
    return 0


def _between_gaps(seen, gap=7):
    """The columns between the first two runs of `gap` blank columns that
    have text between them, or None while not seen yet."""
    start = None
    run = 0
    for i, c in enumerate(seen):
        if c == 0:
            run += 1
            if start is not None and run >= gap:
                return seen[start:i - run + 1]
            continue
        if run >= gap and start is None:
            start = i
        run = 0
    return None


def read_screen(sim):
    """(top, bottom) of a text screen, scrolling lines read in full."""
    return read_scrolling(sim, 1), read_scrolling(sim, 9)


# ---- the board -----------------------------------------------------------

def read_stack(grid, x, top):
    """(count, colour) of a stack: LEDs from the edge, a yellow one from the
    edge standing for two checkers once there are more than eight."""
    count = 0
    colour = 0
    for i in range(8):
        v = at(grid, x, _y(top, i))
        if v == 0:
            break
        count += 2 if v == YELLOW else 1
        if v != YELLOW:
            colour = v
    if colour == 0 and count:
        # all yellow: a lone cursor or target mark, not checkers
        return 0, 0
    return count, colour


class Board:
    """Checker counts by red's numbering: index 1..24 points, 25 bar, 0 off."""

    def __init__(self, red, green):
        self.red = red
        self.green = green

    def mover_view(self, mover):
        """The 50-byte position (firmware/engine/position.py) seen by mover 0 (red) or 1 (green)."""
        us = bytearray(25)
        them = bytearray(25)
        mine, theirs = (self.red, self.green) if mover == 0 else (self.green, self.red)
        for p in range(1, 25):
            rp = p if mover == 0 else 25 - p
            us[p - 1] = mine[rp]
            them[p - 1] = theirs[25 - rp]
        us[24] = mine[25]
        them[24] = theirs[25]
        return bytes(us) + bytes(them)

    def totals(self):
        return sum(self.red), sum(self.green)

    def __eq__(self, other):
        return isinstance(other, Board) and self.red == other.red and self.green == other.green

    def __repr__(self):
        return "Board(red=%r, green=%r)" % (list(self.red), list(self.green))


def read_board(grid):
    red = [0] * 26
    green = [0] * 26
    for rp in range(1, 25):
        x, top = column_of(rp)
        count, colour = read_stack(grid, x, top)
        if colour == RED:
            red[rp] = count
        elif colour == GREEN:
            green[rp] = count
    green[25] = read_stack(grid, BAR_X, True)[0]
    red[25] = read_stack(grid, BAR_X, False)[0]
    for y in range(8):
        for x in (OFF_X, OFF_X + 1):
            if at(grid, x, y) == GREEN:
                green[0] += 1
            if at(grid, x, 15 - y) == RED:
                red[0] += 1
    return Board(red, green)


def read_die(grid, y):
    """(face 1..6, colour) of the die drawn at rows y..y+2; (0, colour) for
    the blank outline of a die not yet rolled; (None, 0) if nothing is there."""
    bits = 0
    colour = 0
    for i in range(9):
        v = at(grid, DICE_X + i % 3, y + i // 3)
        if v:
            bits |= 1 << i
            colour = v
    if not bits:
        return None, 0
    return _FACES.get(bits), colour


def read_dice(grid):
    """(mover, (d1, d2), (used1, used2)) from the dice, or None when no
    rolled dice are shown. Red's dice are drawn in the bottom half."""
    for mover, near, far in ((0, 9, 13), (1, 4, 0)):
        a, ca = read_die(grid, near)
        b, cb = read_die(grid, far)
        if a and b:
            return mover, (a, b), (ca == YELLOW, cb == YELLOW)
    return None


def marks(grid):
    """Moves still to make this turn (the LEDs at MARKS_X)."""
    return sum(1 for y in range(16) if at(grid, MARKS_X, y) in (RED, GREEN))


def read_cube(grid):
    """(text, owner): the cube's value as shown ('CR' in the Crawford game)
    and who owns it (-1 centred, 0 red, 1 green)."""
    def part(y):
        cols = []
        for x in range(CUBE_X, CUBE_X + 8):
            bits = 0
            colour = 0
            for dy in range(5):
                v = at(grid, x, y + dy)
                if v:
                    bits |= 1 << dy
                    colour = v
            cols.append((bits, colour))
        return decode([c for c, _ in cols]), max(c for _, c in cols)
    if all(at(grid, x, y) == YELLOW for x in (CUBE_X + 2, CUBE_X + 3) for y in (7, 8)) \
            and not at(grid, CUBE_X + 2, 5) and not at(grid, CUBE_X + 2, 9):
        return "1", -1          # the cube at rest: the small square
    for y, owner in ((5, -1), (11, 0), (0, 1)):
        text, colour = part(y)
        if text:
            if owner == -1 and colour != YELLOW:
                owner = 0 if colour == RED else 1   # an offer, in the offerer's colour
            return text, owner
    return "", -1


def red_point_at(x, y):
    """Red's point (1..24), 25 for the bar or 0 for the tray at LED (x, y); None elsewhere."""
    top = y < 8
    if x == BAR_X:
        return 25
    if x in (OFF_X, OFF_X + 1):
        return 0
    if 0 <= x <= 5:
        return x + 13 if top else 12 - x
    if RIGHT_X <= x <= RIGHT_X + 5:
        return x - RIGHT_X + 19 if top else 6 - (x - RIGHT_X)
    return None


def unblink(a, b):
    """The board under yellow blinking marks (the cursor, legal destinations):
    where two looks differ, the look that is not yellow."""
    out = bytearray(a)
    for i in range(len(a)):
        if a[i] != b[i] and a[i] == YELLOW:
            out[i] = b[i]
    return out


def blinking(a, b):
    """LEDs (x, y) that differ between two grids in the board area."""
    out = []
    for i in range(512):
        if a[i] != b[i]:
            x, y = i % WIDTH, i // WIDTH
            if red_point_at(x, y) is not None:
                out.append((x, y))
    return out
