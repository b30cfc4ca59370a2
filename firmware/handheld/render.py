"""Draws the board, the dice, the cube, the cursor, menus and text into a frame.

A frame is a bytearray(512), index y * 32 + x, 0 off, 1 red, 2 green,
3 yellow (docs/architecture.md). docs/display.md explains the layout and
shows it. Red is the player at the bottom (the human against the computer),
moving from point 24 (top right) round to point 1 (bottom right); green
mirrors it. Points are drawn from red's numbering; a Scene holds the
position from the mover's view, as the rules engine keeps it.
"""
from micropython import const

from firmware.handheld import font

_OFF = const(0)
RED = const(1)
GREEN = const(2)
YELLOW = const(3)

WIDTH = const(32)
_HEIGHT = const(16)
_HALF = const(8)        # rows per half: a stack holds 8 LEDs

DICE_X = const(7)       # dice: 3 columns, stacked in the mover's half
MARKS_X = const(11)     # moves left in this turn, one LED each
BAR_X = const(13)       # green's bar in the top half, red's in the bottom
CUBE_X = const(15)      # cube: up to two digits, 7 columns
BATTERY_X = const(10)   # low-battery mark: two LEDs mid-board, red and green by turns
RIGHT_X = const(23)     # right quadrant; the left one starts at x = 0
OFF_X = const(30)       # borne off: two columns at the right edge, filled two per row

_BLINK_MS = const(250)  # the cursor and the held checker

# 3x3 die faces, bit (row * 3 + col) set = pip. The 1 is a bar down the
# middle, the digit: a single pip read as a checker.
_FACES = (0, 0x092, 0x044, 0x054, 0x145, 0x155, 0x16D)
_RING = const(0x1EF)   # a face outline: the die waiting to be rolled


class Scene:
    """What the board screen shows; the app sets the fields and draws."""

    def __init__(self):
        self.board = None       # 50 bytes from the mover's view
        self.mover = 0          # 0 red, 1 green
        self.dice = None        # (d1, d2) once rolled
        self.left = ()          # dice values still to play this turn
        self.cube = 1
        self.owner = -1         # -1 centred, 0 red, 1 green
        self.offer = 0          # the value offered while a double waits
        self.crawford = False
        self.cursor = -1        # mover's point 0..25 (0 off, 25 bar), -1 none
        self.holding = 0        # the mover's point a picked checker came from
        self.targets = ()       # mover's points where it may land
        self.moved_at = -1000   # when the cursor last moved: it shows at once
        self.low_battery = False


_BLANK = bytes(512)


def clear(frame):
    frame[:] = _BLANK       # one copy in C, no allocation


def put(frame, x, y, colour):
    if 0 <= x < WIDTH and 0 <= y < _HEIGHT:
        frame[y * WIDTH + x] = colour


def blink(now_ms, period=_BLINK_MS):
    """True in the first half of each blink period."""
    return (now_ms // period) & 1 == 0


# ---- geometry -------------------------------------------------------------

def red_point(mover, point):
    """Red's number (1..24) for the mover's point."""
    return point if mover == 0 else 25 - point


def column(red_pt):
    """The column of red's point 1..24 and whether it is in the top half."""
    if red_pt <= 6:
        return RIGHT_X + 6 - red_pt, False
    if red_pt <= 12:
        return 12 - red_pt, False
    if red_pt <= 18:
        return red_pt - 13, True
    return RIGHT_X + red_pt - 19, True


_COLUMNS = bytes([0] + [column(rp)[0] for rp in range(1, 25)])   # by red's point; 13..24 on top


def slot_y(top, i):
    """Row of the i-th LED (0 = the edge) of a stack in the top or bottom half."""
    return i if top else _HEIGHT - 1 - i


def stack(frame, x, top, count, colour):
    """count checkers (0..15) as one column of at most 8 LEDs: up to 8 plain;
    past 8, each yellow LED from the edge stands for a second checker. The
    LED nearest the middle always shows the owner's colour."""
    doubled = count - _HALF if count > _HALF else 0
    shown = count if count < _HALF else _HALF
    # from the edge towards the middle, straight into the frame
    at = x if top else (_HEIGHT - 1) * WIDTH + x
    step = WIDTH if top else -WIDTH
    for i in range(shown):
        frame[at] = YELLOW if i < doubled else colour
        at += step

def land_slot(count):
    """The LED where one more checker would land."""
    return count if count < _HALF else _HALF - 1


def off_spot(i, top):
    """The LED of the i-th borne-off checker: two per row from the edge."""
    return OFF_X + (i & 1), slot_y(top, i >> 1)


# ---- the board ------------------------------------------------------------

def sides(board, mover, red=None, green=None):
    """(red counts, green counts) indexed by red's point 1..24, plus bar at 25
    and borne off at 0, from a board seen by the mover: into red and green
    (26 bytes each, every one written) when given, else new ones."""
    if red is None:
        red = bytearray(26)
        green = bytearray(26)
    us, them = (red, green) if mover == 0 else (green, red)
    for p in range(1, 25):
        rp = p if mover == 0 else 25 - p
        us[rp] = board[p - 1]
        them[25 - rp] = board[25 + p - 1]
    us[25] = board[24]
    them[25] = board[49]
    us[0] = 15 - sum(board[0:25])
    them[0] = 15 - sum(board[25:50])
    return red, green


def _spot(scene, red, green, point, landing):
    """(x, y) of the LED the cursor or a target marks at the mover's point:
    the LED past the stack, where one more checker would go, so that the
    mark never hides a checker (on a full column, its last LED). A target
    on a blot is the blot's own LED; the cursor on the other side's point
    sits past his stack."""
    mine = red if scene.mover == 0 else green
    top = scene.mover == 1
    if point == 25:
        return BAR_X, slot_y(top, land_slot(mine[25]))
    if point == 0:
        n = mine[0]
        return off_spot(n if n < 15 else 14, top)
    rp = red_point(scene.mover, point)
    x, ptop = column(rp)
    theirs = green if scene.mover == 0 else red
    if theirs[rp]:
        return x, slot_y(ptop, 0 if landing else land_slot(theirs[rp]))
    return x, slot_y(ptop, land_slot(mine[rp]))


def draw_die(frame, x, y, face, colour):
    bits = _RING if face == 0 else _FACES[face]
    at = y * WIDTH + x
    for i in range(9):
        if bits >> i & 1:
            frame[at + (i // 3) * WIDTH + i % 3] = colour


def _dice(frame, scene, now_ms):
    colour = RED if scene.mover == 0 else GREEN
    near = 9 if scene.mover == 0 else 4     # the die nearer the middle
    far = 13 if scene.mover == 0 else 0
    if scene.dice is None:
        if blink(now_ms, 500):
            draw_die(frame, DICE_X, near, 0, colour)
            draw_die(frame, DICE_X, far, 0, colour)
        return
    d1, d2 = scene.dice
    left = scene.left
    n = len(left)
    if d1 == d2:
        used1, used2 = n <= 2, n == 0
    else:
        used1, used2 = d1 not in left, d2 not in left
    draw_die(frame, DICE_X, near, d1, YELLOW if used1 else colour)
    draw_die(frame, DICE_X, far, d2, YELLOW if used2 else colour)
    for i in range(n):
        put(frame, MARKS_X, slot_y(scene.mover == 1, i), colour)


def _cube(frame, scene, now_ms):
    if scene.crawford:
        text(frame, "CR", CUBE_X, 5, YELLOW)
        return
    if scene.offer:
        if blink(now_ms):
            value = str(scene.offer)
            x = CUBE_X if len(value) == 2 else CUBE_X + 2
            text(frame, value, x, 5, RED if scene.mover == 0 else GREEN)
        return
    value = str(scene.cube)
    x = CUBE_X if len(value) == 2 else CUBE_X + 2
    if scene.owner == -1 and scene.cube == 1:
        # the cube at rest: a small square, not a big 1 in the middle of the board
        for at in _CUBE_AT_REST:
            frame[at] = YELLOW
    elif scene.owner == -1:
        text(frame, value, x, 5, YELLOW)
    elif scene.owner == 0:
        text(frame, value, x, 11, RED)
    else:
        text(frame, value, x, 0, GREEN)


_CUBE_AT_REST = (7 * WIDTH + CUBE_X + 2, 7 * WIDTH + CUBE_X + 3,
                 8 * WIDTH + CUBE_X + 2, 8 * WIDTH + CUBE_X + 3)


def _tray(frame, count, top, colour):
    """count borne-off checkers, as off_spot places them."""
    for i in range(count):
        frame[slot_y(top, i >> 1) * WIDTH + OFF_X + (i & 1)] = colour


_KEY = const(48)       # mover, holding, dice, cube, owner, offer, Crawford; the dice left and the targets, each counted


class _Still:
    """The board's still part (checkers, trays, rolled dice, the cube at
    rest, the landing points), drawn once into a frame of its own and
    copied into the frame while only the blinking marks change. The board
    waiting for a press moves four times a second; its whole drawing is
    about 20 ms of bytecode on the chip, the copy and the marks under 1."""

    def __init__(self):
        self.frame = bytearray(WIDTH * _HEIGHT)
        self.board = bytearray(50)
        # what the still was drawn from, and the scene's now, as values
        # (_key): a tuple kept, with the scene's tuples in it, would lie
        # wherever the heap's use had reached and split it; so would the
        # still's sides, written again at each drawing
        self.key = bytearray(_KEY)
        self.now = bytearray(_KEY)
        self.red = bytearray(26)
        self.green = bytearray(26)


def _key(key, scene):
    """The scene's values that the still is drawn from, into key."""
    dice = scene.dice
    key[0] = scene.mover
    key[1] = scene.holding
    key[2] = dice[0] if dice else 0
    key[3] = dice[1] if dice else 0
    key[4] = scene.cube
    key[5] = scene.owner + 1
    key[6] = scene.offer
    key[7] = scene.crawford
    i = 8
    for values in (scene.left, scene.targets):
        key[i] = len(values)
        i += 1
        for v in values:
            key[i] = v
            i += 1
    while i < _KEY:
        key[i] = 0
        i += 1


_still = _Still()


def draw_board(frame, scene, now_ms):
    still = _still
    _key(still.now, scene)
    if still.now != still.key or scene.board != still.board:
        _draw_still(still, scene)
        still.key[:] = still.now
        still.board[:] = scene.board
    frame[:] = still.frame      # one copy in C
    _draw_marks(frame, scene, now_ms, still.red, still.green)


def _draw_still(still, scene):
    frame = still.frame
    clear(frame)
    red, green = sides(scene.board, scene.mover, still.red, still.green)
    if scene.holding:
        # The picked checker leaves its point; it travels with the cursor.
        mine = red if scene.mover == 0 else green
        if scene.holding == 25:
            mine[25] -= 1
        else:
            mine[red_point(scene.mover, scene.holding)] -= 1
    for rp in range(1, 25):
        if red[rp]:
            stack(frame, _COLUMNS[rp], rp > 12, red[rp], RED)
        elif green[rp]:
            stack(frame, _COLUMNS[rp], rp > 12, green[rp], GREEN)
    stack(frame, BAR_X, True, green[25], GREEN)
    stack(frame, BAR_X, False, red[25], RED)
    _tray(frame, green[0], True, GREEN)
    _tray(frame, red[0], False, RED)
    if scene.dice is not None:
        _dice(frame, scene, 0)
    if not scene.offer:
        _cube(frame, scene, 0)
    # Three yellows, three looks: where the checker held may land is steady
    # yellow; the checker held flickers between its colour and yellow; the
    # cursor (no checker held) blinks yellow and off.
    for point in scene.targets:
        x, y = _spot(scene, red, green, point, True)
        put(frame, x, y, YELLOW)


def _draw_marks(frame, scene, now_ms, red, green):
    """What blinks, over the still part: the dice to roll, the cube offered,
    the cursor or the checker held, the low-battery mark."""
    if scene.dice is None:
        _dice(frame, scene, now_ms)
    if scene.offer:
        _cube(frame, scene, now_ms)
    if scene.cursor >= 0:
        x, y = _spot(scene, red, green, scene.cursor, bool(scene.holding))
        if scene.holding:
            put(frame, x, y, (RED if scene.mover == 0 else GREEN) if blink(now_ms) else YELLOW)
        elif blink(now_ms) or now_ms // _BLINK_MS == scene.moved_at // _BLINK_MS:
            put(frame, x, y, YELLOW)    # the other half shows what is there
    if scene.low_battery:
        battery_mark(frame, now_ms, True)


def battery_mark(frame, now_ms, two):
    """The low-battery mark at column BATTERY_X, row 7 (and 8 when `two`):
    red and green by turns, as nothing else on the board changes colour."""
    colour = RED if blink(now_ms, 500) else GREEN
    put(frame, BATTERY_X, 7, colour)
    if two:
        put(frame, BATTERY_X, 8, colour)


# ---- text -----------------------------------------------------------------

def text(frame, s, x, y, colour):
    """Draws s with its top-left at (x, y), clipped to the frame: a
    scrolling line's characters past the right edge cost nothing. Its
    characters are read as the bytes of s: on the device each character
    taken from a str is interned, a string for good for each one drawn."""
    data = font.DATA
    for code in s.encode():
        if x >= WIDTH:
            return
        g = font.glyph(code)
        w = data[g + 3]
        if x > -4:
            for cx in range(w):
                px = x + cx
                if px < 0 or px >= WIDTH:
                    continue
                # a column's set bits, top row first, straight into the frame
                bits = data[g + cx]
                cy = y
                i = y * WIDTH + px
                while bits:
                    if bits & 1 and 0 <= cy < _HEIGHT:
                        frame[i] = colour
                    bits >>= 1
                    cy += 1
                    i += WIDTH
        x += w + 1


def line(frame, s, y, colour, now_ms, start_ms=0):
    """One line of text: centred if it fits, else scrolling right to left
    (a column every 70 ms, with a pause at the start). True if it scrolls."""
    w = font.text_width(s)     # measured each time: a text kept to compare would lie anywhere in the heap
    if w <= WIDTH:
        text(frame, s, (WIDTH - w) // 2, y, colour)
        return False
    span = w + 8
    t = now_ms - start_ms
    shift = t // 70 - 10
    shift = 0 if shift < 0 else shift % span
    text(frame, s, -shift, y, colour)
    if shift > span - WIDTH:
        text(frame, s, span - shift, y, colour)
    return True


def screen(frame, top, bottom, now_ms, start_ms=0, top_colour=YELLOW, bottom_colour=GREEN,
           arrows=False):
    """A two-line screen: top on rows 1..5, bottom on rows 9..13; arrows
    mark a value that LEFT/RIGHT change. True if a line scrolls: a still
    screen need not be drawn again until it changes."""
    clear(frame)
    moving = line(frame, top, 1, top_colour, now_ms, start_ms)
    if line(frame, bottom, 9, bottom_colour, now_ms, start_ms):
        moving = True
    if arrows:
        # Clear a margin so the arrows stay readable over long values.
        for y in range(9, 14):
            for x in (0, 1, 2, 29, 30, 31):
                frame[y * WIDTH + x] = 0
        text(frame, "<", 0, 9, RED)
        text(frame, ">", 29, 9, RED)
    return moving
