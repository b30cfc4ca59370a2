"""The play screen's words and marks, through the app's buttons and frame:
NO MOVE, the questions before a double, a resignation or quitting, the
prompt on a finished play, HINT before the roll, the other side's move
marked and replayed (docs/app.md)."""
from firmware.handheld import app as appmod
from firmware.engine import game
from firmware.handheld import keys, playview, sounds
from tests.portable.app_driver import Driver


def _two_player(seed=3):
    d = Driver(seed)
    d.choose(appmod.TWO_PLAYERS, 0)
    d.press(keys.A)         # the opening roll
    return d

def test_the_menu_offers_a_single_resignation_each_time_it_opens():
    d = _two_player()
    d.settle()
    d.press(keys.MENU)
    while d.play.menu.label() != "RESIGN":
        d.press(keys.DOWN)
    d.press(keys.RIGHT)
    d.press(keys.RIGHT)     # a backgammon
    d.press(keys.B)         # leaves the menu
    d.press(keys.MENU)
    assert d.play.menu.value("RESIGN") == 0


def test_new_game_asks_before_the_match_ends():
    d = _two_player()
    d.settle()
    d.press(keys.MENU)
    while d.play.menu.label() != "NEW GAME":
        d.press(keys.DOWN)
    d.press(keys.A)
    assert d.play.mode == playview.CONFIRM and d.app.play is not None
    d.press(keys.B)
    assert d.play.mode == playview.MENU
    d.press(keys.A)
    d.press(keys.A)
    assert d.app.play is None and d.app.screen == appmod.MAIN


def test_hint_before_the_roll_says_roll_first():
    d = _two_player()
    d.settle()
    d.human_turn()
    d.settle()
    assert d.match.game.state == game.ROLL
    d.press(keys.MENU)
    d.press(keys.A)         # HINT
    assert d.play.mode == playview.BOARD and d.play.say[:2] == ("ROLL", "FIRST")
    d.wait(2000)
    assert d.play.say is None


def test_cube_asks_a_double_b_cancel():
    d = _two_player()
    d.settle()
    d.human_turn()
    d.settle()
    d.press(keys.CUBE)
    assert d.play.mode == playview.CONFIRM_DOUBLE
    d.press(keys.B)
    assert d.play.mode == playview.BOARD and d.match.game.state == game.ROLL
    d.press(keys.CUBE)
    d.press(keys.A)
    assert d.match.game.state == game.DOUBLED


def test_a_complete_play_prompts_for_a_or_b_after_a_pause():
    d = _two_player()
    d.settle()
    t = d.play.turn_input
    while not t.complete():
        f, to, die = t.steps[0]
        d.goto(f)
        d.press(keys.A)
        d.goto(to)
        d.press(keys.A)
    d.wait(500)
    assert d.match.game.state == game.MOVE and not _is_text(d.app.frame)
    d.wait(playview.PROMPT_AFTER_MS)
    assert _is_text(d.app.frame)        # A OK / B UNDO
    d.press(keys.B)                     # undoes the last checker
    assert not t.complete()


def _is_text(frame):
    return not any(frame[y * 32 + x] for y in (0, 6, 7, 8, 14, 15) for x in range(32))


def test_a_roll_with_no_move_says_no_move_until_a():
    d = _two_player()
    d.settle()
    m = d.match
    g = m.game
    # shut the mover in: one checker on the bar against a closed board
    us = [0] * 25
    them = [0] * 25
    us[24] = 1
    us[5] = 14
    for i in range(18, 24):         # their 1..6 points are our 24..19
        them[24 - i - 1] = 2
    them[12] = 3
    g.board = bytes(us) + bytes(them)
    g.state = game.ROLL
    g.dice = (0, 0)
    g.plays = None
    d.play.turn_input = None
    mover = g.turn
    d.press(keys.A)                 # roll: nothing can enter
    d.wait(3000)
    assert d.play.mode == playview.NO_MOVE and m.game.turn == mover
    assert sounds.NO_MOVE in d.sounds
    d.wait(10000)                   # it waits for the player
    assert d.play.mode == playview.NO_MOVE and m.game.turn == mover
    d.press(keys.MENU)              # the menu and back keep it
    d.press(keys.B)
    d.tick()
    assert d.play.mode == playview.NO_MOVE
    d.press(keys.A)
    assert m.game.turn == 1 - mover and d.play.mode == playview.BOARD


def test_the_other_players_move_is_marked_until_the_roll_and_replays():
    d = _two_player()
    d.settle()
    mover = d.match.game.turn
    before = d.match.game.board
    d.human_turn()
    d.settle()
    g = d.match.game
    assert g.turn == 1 - mover and g.state == game.ROLL
    assert playview.marking(d.play)
    assert d.play.last[0] == mover and d.play.last[1] == before
    frames = set()
    for _ in range(4):
        d.wait(250)
        frames.add(bytes(d.app.frame[y * 32 + x] for y in range(16)
                         for x in list(range(6)) + list(range(23, 29))))   # the points
    assert len(frames) == 2         # the position after and before, by turns
    d.press(keys.B)                 # the replay
    assert d.play.mode == playview.REPLAY
    d.wait(5000)
    assert d.play.mode == playview.BOARD
    d.press(keys.MENU)
    d.press(keys.DOWN)
    assert d.play.menu.label() == "REPLAY"
    d.press(keys.A)
    assert d.play.mode == playview.REPLAY
    d.press(keys.LEFT)              # any key leaves it
    assert d.play.mode == playview.BOARD
    d.press(keys.A)                 # rolled: the mark is gone
    assert not playview.marking(d.play)
