from firmware.engine import position
from firmware.handheld import render


def _frame(scene, now=0):
    frame = bytearray(512)
    render.draw_board(frame, scene, now)
    return frame


def _column(frame, x):
    return [frame[y * 32 + x] for y in range(16)]


def _scene(board, mover=0):
    s = render.Scene()
    s.board = board
    s.mover = mover
    return s


def test_start_position_points_in_their_columns():
    f = _frame(_scene(position.START))
    # red: 2 on its 24 (top right), 5 on 13 (top left), 3 on 8, 5 on 6
    assert _column(f, 28)[:3] == [1, 1, 0]
    assert _column(f, 0)[:6] == [1, 1, 1, 1, 1, 0]
    assert _column(f, 4)[13:] == [1, 1, 1] and _column(f, 4)[12] == 0
    assert _column(f, 23)[11:] == [1] * 5 and _column(f, 23)[10] == 0
    # green mirrors it: 2 on red's point 1 (bottom right), 5 on red's 12
    assert _column(f, 28)[14:] == [2, 2]
    assert _column(f, 0)[11:] == [2] * 5
    # the dark columns around the dice, bar, cube and tray
    for x in (6, 12, 14, 22, 29):
        assert not any(_column(f, x)), x


def test_the_same_position_reads_the_same_from_either_mover():
    red = _frame(_scene(position.START, 0))
    green = _frame(_scene(position.flip(position.START), 1))
    # the dice placeholders differ (the mover's half); the board does not
    for x in list(range(0, 7)) + list(range(13, 32)):
        assert _column(red, x) == _column(green, x), x


def _board_with(count):
    us = [0] * 25
    them = [0] * 25
    us[12] = count          # red's 13 point: column 0, top half
    us[0] = 15 - count
    them[0] = 15
    return position.make(us, them)


def test_every_count_from_0_to_15_has_its_own_picture_in_red():
    pictures = {}
    for count in range(16):
        col = _column(_frame(_scene(_board_with(count))), 0)[:8]
        assert tuple(col) not in pictures
        pictures[tuple(col)] = count
        lit = sum(1 for c in col if c)
        yellow = sum(1 for c in col if c == 3)
        assert lit + yellow == count
        if count:
            assert 1 in col     # the owner's colour is always there


def test_borne_off_fill_two_per_row():
    us = [0] * 25
    us[0] = 4
    them = [0] * 25
    them[0] = 15
    f = _frame(_scene(position.make(us, them)))
    lit = [(x, y) for y in range(8, 16) for x in (30, 31) if f[y * 32 + x] == 1]
    assert len(lit) == 11
    # the tray is the right edge, a dark column past the home board
    assert (31, 15) in lit and not any(_column(f, 29))


def test_used_die_turns_yellow():
    s = _scene(position.START)
    s.dice = (6, 4)
    s.left = (4,)
    f = _frame(s)
    assert f[10 * 32 + 8] == 3 or f[9 * 32 + 7] == 3   # the 6, used
    assert f[13 * 32 + 7] == 1                          # the 4, still to play


def test_three_yellows_three_looks():
    """Where the checker held may land is steady yellow, the checker held
    flickers between its colour and yellow, the cursor blinks yellow and off."""
    s = _scene(position.START)
    s.dice = (3, 1)
    s.left = (3, 1)
    s.cursor = 8
    s.holding = 8
    s.targets = (5, 7)
    # point 5 (column 24): the landing LED, bottom row: yellow all the time
    assert [_frame(s, t)[15 * 32 + 24] for t in (0, 250, 500, 750)] == [3, 3, 3, 3]
    # the picked checker travels with the cursor: on point 5 it blinks
    # there every 250 ms, and point 8 shows the two that remain
    s.cursor = 5
    moved = _frame(s, 0)
    assert _column(moved, 4)[13:] == [0, 1, 1]
    assert moved[15 * 32 + 24] == 1 and _frame(s, 250)[15 * 32 + 24] == 3


def test_the_cursor_never_hides_a_checker():
    s = _scene(position.START)
    s.dice = (3, 1)
    s.left = (3, 1)
    s.cursor = 6                # five red checkers: the cursor is the sixth LED
    on, off = _frame(s, 0), _frame(s, 250)
    assert _column(on, 23)[10:] == [3, 1, 1, 1, 1, 1]
    assert _column(off, 23)[10:] == [0, 1, 1, 1, 1, 1]
    s.cursor = 12               # green's five on red's 12: past them, never over them
    on, off = _frame(s, 0), _frame(s, 250)
    assert _column(on, 0)[10:] == [3, 2, 2, 2, 2, 2]
    assert _column(off, 0)[10:] == [0, 2, 2, 2, 2, 2]


def test_low_battery_mark_turns_red_and_green():
    s = _scene(position.START)
    s.low_battery = True
    a, b = _frame(s, 0), _frame(s, 500)
    assert (a[7 * 32 + 10], a[8 * 32 + 10]) == (1, 1)
    assert (b[7 * 32 + 10], b[8 * 32 + 10]) == (2, 2)


def test_a_die_showing_1_is_a_bar_and_the_cube_at_rest_a_small_square():
    s = _scene(position.START)
    s.dice = (1, 2)
    s.left = (1, 2)
    f = _frame(s, 0)
    # red's near die at rows 9-11, columns 7-9: the 1 is the middle column
    assert [[f[y * 32 + x] for x in (7, 8, 9)] for y in (9, 10, 11)] == [[0, 1, 0]] * 3
    # the cube centred at 1: four yellow LEDs, columns 17-18, rows 7-8, no digit
    lit = [(x, y) for y in range(16) for x in range(15, 22) if f[y * 32 + x]]
    assert lit == [(17, 7), (18, 7), (17, 8), (18, 8)] and f[7 * 32 + 17] == 3
    s.cube = 2
    s.owner = 0
    f = _frame(s, 0)
    assert not any(f[y * 32 + x] for y in (7, 8) for x in (17, 18))    # a digit, elsewhere


def test_the_still_part_drawn_once_gives_the_frame_a_whole_draw_gives():
    # Scenes changed one field at a time and at blinking moments: each frame
    # drawn over the kept still part must equal one drawn from nothing.
    seed = [12345]

    def pick(n):
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (seed[0] >> 8) % n

    boards = (position.START, position.flip(position.START), _board_with(9), _board_with(3))
    s = _scene(position.START)
    for i in range(400):
        field = pick(9)
        if field == 0:
            s.board = boards[pick(len(boards))]
        elif field == 1:
            s.mover = pick(2)
        elif field == 2:
            s.dice = None if pick(3) == 0 else (1 + pick(6), 1 + pick(6))
            s.left = () if s.dice is None else s.dice[:1 + pick(2)]
        elif field == 3:
            s.cursor = pick(27) - 1
            s.holding = pick(2) * (1 + pick(24))
        elif field == 4:
            s.targets = tuple(1 + pick(24) for _ in range(pick(3)))
        elif field == 5:
            s.cube, s.owner = (1, 2, 4, 64)[pick(4)], pick(3) - 1
        elif field == 6:
            s.offer = (0, 2, 16)[pick(3)]
            s.crawford = pick(4) == 0
        elif field == 7:
            s.low_battery = not s.low_battery
        if s.holding and not s.board[s.holding - 1]:
            s.holding = 0       # a checker is held only from a point that has one
        now = pick(4000)
        kept = _frame(s, now)
        render._still.key[0] = 255     # no scene's mover: the still drawn afresh
        assert kept == _frame(s, now), i
