from firmware.handheld import keys, sounds
from firmware.engine import movegen, position
from firmware.handheld.turn import Known, TurnInput


def test_only_checkers_that_can_move_are_pickable():
    t = TurnInput(position.START, 6, 5, 0)
    # 6-5 from the start: the back checkers, the mid-point and the 8 can move
    assert sorted(t.sources) == [8, 13, 24]
    t.cursor = 6
    assert t.press(keys.A) == sounds.ILLEGAL
    assert t.holding == 0


def test_pick_place_undo_and_back_to_the_start():
    t = TurnInput(position.START, 3, 1, 0)
    t.cursor = 8
    assert t.press(keys.A) == sounds.CLICK
    assert t.holding == 8 and t.targets() == (5, 7)         # a die away at once
    while t.look_ahead():       # the idle passes: the far drops' steps
        pass
    assert t.targets() == (5, 7, 4)                         # then both dice
    t.cursor = 5
    assert t.press(keys.A) == sounds.MOVE
    assert t.left() == (1,)
    t.cursor = 6
    t.press(keys.A)
    assert t.targets() == (5,) and t.cursor == 5   # one place to go: cursor jumps
    t.press(keys.A)
    assert t.complete() and t.left() == ()
    assert t.board == movegen.apply_step(movegen.apply_step(position.START, 8, 5), 6, 5)
    assert t.move() == ((8, 5), (6, 5))
    t.press(keys.B)
    t.press(keys.B)
    assert t.board == position.START and t.done == []
    assert t.press(keys.B) == sounds.ILLEGAL


def test_placing_on_a_blot_hits_it():
    us = [0] * 25
    them = [0] * 25
    us[12] = 15
    them[24 - 10] = 1       # their 15 point is our 10 point
    them[0] = 14
    board = position.make(us, them)
    t = TurnInput(board, 3, 2, 0)
    t.cursor = 13
    t.press(keys.A)
    t.cursor = 10
    assert t.press(keys.A) == sounds.HIT
    assert t.board[49] == 1


def test_cursor_walks_through_bar_and_off_and_wraps():
    t = TurnInput(position.START, 3, 1, 0)
    t.cursor = 7
    t.press(keys.RIGHT)
    assert t.cursor == 25
    t.press(keys.RIGHT)
    assert t.cursor == 6
    t.cursor = 1
    t.press(keys.RIGHT)         # no checker may bear off: past the tray
    assert t.cursor == 12
    t.press(keys.LEFT)
    assert t.cursor == 1
    t.press(keys.UP)
    assert t.cursor == 24
    t.press(keys.RIGHT)
    assert t.cursor == 13


def test_the_tray_is_a_stop_only_while_a_checker_may_bear_off():
    us = [0] * 25
    them = [0] * 25
    us[0] = 2               # two on the 1 point, one on the 6
    us[5] = 1
    them[0] = 15
    board = position.make(us, them)
    t = TurnInput(board, 6, 1, 0)
    t.cursor = 1
    t.press(keys.RIGHT)
    assert t.cursor == 0
    t.press(keys.RIGHT)
    assert t.cursor == 12
    t.press(keys.LEFT)
    assert t.cursor == 0


def test_green_cursor_uses_the_same_picture():
    # green's point 1 is drawn where red's 24 is: top right
    t = TurnInput(position.START, 3, 1, 1)
    t.cursor = 1
    t.press(keys.LEFT)
    assert t.cursor == 2
    t.press(keys.DOWN)
    assert t.cursor == 23


def test_no_legal_step_means_complete_at_once():
    us = [0] * 25
    them = [0] * 25
    us[24] = 1              # on the bar
    us[0] = 14
    for p in range(19, 25):
        them[25 - p - 1] = 2  # their home board closed: our 19..24
    them[0] = 3
    t = TurnInput(position.make(us, them), 6, 6, 0)
    assert t.complete() and t.sources == []


def test_a_roll_with_one_play_gives_its_one_step():
    # a roll with one play is made for the player (Play._plan_forced): its
    # one play and step come from the generated plays
    us = [0] * 25
    them = [0] * 25
    us[0] = 1               # one checker left, on our 1 point
    them[12] = 15
    found = movegen.plays(position.make(us, them), 6, 5)
    assert len(found) == 1 and found.move(0) == ((1, 0),)


class _Counted:
    """movegen.steps_after (the cursor's way into next_steps), counting its
    calls."""

    def __init__(self):
        self.real = movegen.steps_after
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        return self.real(*args)


def test_steps_looked_ahead_make_a_press_free_of_next_steps():
    counted = _Counted()
    movegen.steps_after = counted
    try:
        t = TurnInput(position.START, 2, 2, 0)
        while t.look_ahead():
            pass
        before = counted.calls
        assert before > 1
        t.cursor = 13
        t.press(keys.A)
        t.cursor = 11
        assert t.press(keys.A) == sounds.MOVE   # a step the look-ahead covered
        t.press(keys.B)                          # undo: the start's steps again
        assert counted.calls == before
        assert t.done == [] and sorted(t.sources) == [6, 8, 13, 24]
    finally:
        movegen.steps_after = counted.real


def test_cached_steps_equal_fresh_ones_along_a_turn():
    t = TurnInput(position.START, 1, 1, 0)
    while not t.complete():
        while t.look_ahead():
            pass
        assert t.steps == movegen.next_steps(t.start, 1, 1, t.done)
        f, to, d = t.steps[-1]
        t.place(f, to)
    assert t.steps == [] and len(t.done) == 4


def test_one_checker_with_both_dice_is_one_drop():
    """24/21 with a 2-1: the far point is a legal drop, as in every app."""
    t = TurnInput(position.START, 2, 1, 0)
    t.cursor = 24
    assert t.press(keys.A) == sounds.CLICK
    while t.look_ahead():
        pass
    assert t.targets() == (22, 23, 21)
    t.cursor = 21
    assert t.press(keys.A) == sounds.MOVE
    assert t.complete() and t.move() in (((24, 22), (22, 21)), ((24, 23), (23, 21)))
    assert t.board == movegen.apply_step(movegen.apply_step(position.START, 24, 23), 23, 21)
    assert t.press(keys.B) == sounds.CLICK      # B takes the whole drop back
    assert t.board == position.START and t.done == [] and t.cursor == 24


def test_a_far_drop_hits_nothing_on_the_way_when_it_can():
    us = [0] * 25
    them = [0] * 25
    us[12] = 15                 # all on our 13 point
    them[24 - 11] = 1           # their blot on our 11 point
    them[0] = 14
    board = position.make(us, them)
    t = TurnInput(board, 2, 1, 0)
    t.cursor = 13
    t.press(keys.A)
    t.cursor = 10               # no look-ahead yet: the drop works its steps out
    t.cursor = 10
    assert t.press(keys.A) == sounds.MOVE       # 13/12/10, not 13/11*/10
    assert t.move() == ((13, 12), (12, 10)) and t.board[49] == 0


def test_doubles_go_as_far_as_the_dice_allow():
    t = TurnInput(position.START, 3, 3, 0)
    t.cursor = 13
    t.press(keys.A)
    while t.look_ahead():
        pass
    assert t.targets() == (10, 7, 4)    # their two checkers hold our 1 point
    t.cursor = 4
    assert t.press(keys.A) == sounds.MOVE
    assert t.move() == ((13, 10), (10, 7), (7, 4)) and t.left() == (3,)
    t.press(keys.B)
    assert t.board == position.START and t.left() == (3, 3, 3, 3)


def test_a_far_drop_is_never_where_one_die_goes():
    t = TurnInput(position.START, 6, 5, 0)
    t.cursor = 24
    t.press(keys.A)
    assert t.cursor == 24       # 18 is not the only place: the far drop is still being found
    while t.look_ahead():
        pass
    assert t.targets() == (18, 13)      # 24/13 with both; 24/19 is blocked


def test_the_known_states_keep_their_steps_and_start_afresh_when_full():
    k = Known(len(position.START))
    boards = [movegen.apply_step(position.START, 24, 24 - d) for d in (1, 2, 3, 4, 6)]
    kept = []
    for board in boards:
        for dice in ([3], [3, 3], [3, 3, 3], [1, 2], [2, 1], [6, 5], [4], [6]):
            if len(kept) == 24:
                break
            steps = [(f, t, dice[0]) for f, t in movegen.legal_steps(board, dice[0])]
            key = k.key(board, dice)
            assert k.find(key) is None
            k.put(key, steps)
            kept.append((key, steps))
    assert k.count == 24 and k.room()
    for key, steps in kept:     # [3] and [3, 3] on the same board are two states
        assert k.find(key) == steps
    # more states than the buffers hold: the ones before are let go
    while k.room():
        k.put(k.key(position.START, [k.count % 6 + 1] * 4), [(13, 12, 1)])
    assert k.count == 32
    extra = k.key(movegen.apply_step(position.START, 8, 7), [1])
    k.put(extra, [(7, 6, 1)])
    assert k.find(extra) == [(7, 6, 1)] and k.count == 1
    for key, steps in kept:
        assert k.find(key) is None
    # and more steps than they hold
    k = Known(len(position.START))
    many = [(13, 13 - d, d) for d in range(1, 7)] * 60
    k.put(kept[0][0], many)
    assert k.find(kept[0][0]) is None
    k.put(kept[0][0], many[:341])
    assert k.find(kept[0][0]) == many[:341]
    k.put(kept[1][0], [(8, 7, 1)])     # one byte short: a fresh start
    assert k.find(kept[1][0]) == [(8, 7, 1)] and k.find(kept[0][0]) is None


def test_a_held_checkers_far_drops_are_found_when_the_known_states_are_full():
    t = TurnInput(position.START, 3, 3, 0)
    while t.look_ahead():
        pass
    k = t._known
    while k.room():     # filled with states of no use here
        k.put(k.key(movegen.apply_step(position.START, 6, 5), [k.count % 6 + 1] * 4), [(13, 12, 1)])
    t.cursor = 13
    t.press(keys.A)
    passes = 0
    while t.look_ahead():
        passes += 1
        assert passes < 40
    assert t.targets() == (10, 7, 4)     # their two checkers hold our 1 point
