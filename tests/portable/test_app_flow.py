import sys

from firmware.handheld import app as appmod
from firmware.engine import game
from firmware.handheld import keys, playmenu, playview, render, sounds
from tests.portable.app_driver import Driver


def _two_player(seed=3, length_index=0):
    d = Driver(seed)
    d.choose(appmod.TWO_PLAYERS, length_index)
    d.press(keys.A)         # the opening roll
    return d


def _play_game(d, limit=600):
    turns = 0
    while d.match.game.state != game.OVER and turns < limit:
        d.settle()
        g = d.match.game
        if g.state == game.ROLL:
            d.press(keys.A)
        elif g.state == game.MOVE:
            d.human_turn(turns)
            turns += 1
    d.tick()
    return turns


def test_power_on_shows_the_main_menu():
    d = Driver()
    assert d.app.screen == appmod.MAIN
    assert any(d.app.frame)


def test_two_player_game_to_the_end_with_correct_score():
    d = _two_player()
    turns = _play_game(d)
    g = d.match.game
    assert g.state == game.OVER and turns > 10
    assert g.points == g.kind * g.cube
    assert d.match.score[g.winner] == g.points and d.match.score[1 - g.winner] == 0
    assert sounds.GAME_WON in d.sounds
    assert "%d-%d" % tuple(d.match.score) in d.play.over_text()
    d.press(keys.A)         # money play: the next game
    assert d.match.game.state == game.OPENING


def test_each_completed_turn_is_saved_and_resumes_to_the_same_position():
    d = _two_player()
    d.settle()
    d.human_turn()
    saves = len(d.saves)
    assert saves >= 1
    board = d.match.game.board
    resumed = Driver(seed=9, saved=d.saves[-1])
    assert resumed.app.screen == appmod.RESUME
    resumed.press(keys.A)
    assert resumed.app.screen == appmod.PLAY
    assert resumed.match.game.board == board
    assert resumed.match.game.turn == d.match.game.turn


def test_a_corrupt_save_is_reported_and_a_fresh_game_offered():
    d = Driver(saved=b"\x01\x09\x00\x00\x00\x00\x08\x00garbage")
    assert d.app.screen == appmod.MESSAGE
    d.press(keys.A)
    assert d.app.screen == appmod.MAIN
    d = Driver(save_error="save corrupt")
    assert d.app.message[0] == "SAVE CORRUPT"


def test_cube_needs_a_confirm_and_a_drop_ends_the_game():
    d = _two_player()
    d.settle()
    d.human_turn()
    d.settle()
    assert d.match.game.state == game.ROLL
    d.press(keys.CUBE)
    d.press(keys.B)         # cancelled: no double offered
    assert d.match.game.state == game.ROLL
    d.press(keys.CUBE)
    d.press(keys.A)
    assert d.match.game.state == game.DOUBLED
    assert sounds.DOUBLE in d.sounds
    doubler = d.match.game.turn
    d.press(keys.B)         # the other player drops
    d.tick()
    g = d.match.game
    assert g.state == game.OVER and g.winner == doubler and g.points == 1
    assert "DROP" in d.play.over_text()


def test_a_take_turns_the_cube_to_the_taker():
    d = _two_player()
    d.settle()
    d.human_turn()
    d.settle()
    doubler = d.match.game.turn
    d.press(keys.CUBE)
    d.press(keys.A)
    d.press(keys.A)         # taken
    g = d.match.game
    assert g.cube == 2 and g.cube_owner == 1 - doubler and g.state == game.ROLL
    d.press(keys.CUBE)      # the doubler no longer owns the cube
    assert d.sounds[-1] == sounds.ILLEGAL


def test_no_cube_in_the_crawford_game():
    d = _two_player(length_index=2)     # a 3-point match
    d.play.opening_until = 0            # the first game's opening told, ended by hand below
    d.match.score[0] = 2
    d.match.game.state = game.OVER
    d.match.game.winner = 0
    d.match.next_game(d.now)
    d.press(keys.A)                     # opening roll
    d.settle()
    assert d.match.game.crawford
    d.human_turn()
    d.settle()
    d.press(keys.CUBE)
    assert d.sounds[-1] == sounds.ILLEGAL
    assert d.play.mode == 0
    assert "CRAWFORD" in d.play.score_text()


def test_illegal_pick_sounds_and_undo_goes_back_to_the_start():
    d = _two_player()
    d.settle()
    t = d.play.turn_input
    start = t.board
    empty = [p for p in range(1, 25) if p not in t.sources][0]
    d.goto(empty)
    d.press(keys.A)
    assert d.sounds[-1] == sounds.ILLEGAL and t.holding == 0
    f, to, die = t.steps[0]
    d.goto(f)
    d.press(keys.A)
    d.goto(to)
    d.press(keys.A)
    assert t.board != start
    d.press(keys.B)
    assert t.board == start


def test_menu_shows_pips_score_and_ids_and_sets_brightness():
    d = _two_player()
    d.settle()
    d.press(keys.MENU)
    assert d.play.mode == 2
    texts = {}
    for _ in range(10):
        texts[d.play.menu.label()] = playmenu.text(d.play, d.now)
        d.press(keys.DOWN)
    assert texts["PIPS"] == "RED 167 GREEN 167"
    assert texts["SCORE"] == "MONEY 0-0"
    # the IDs' modules were loaded for the moment only
    assert "firmware.engine.posid" not in sys.modules and "firmware.engine.matchid" not in sys.modules
    assert texts["IDS"] == "POS 4HPwATDgc/ABMA  MATCH " + d.play.match.match_id()
    while d.play.menu.label() != "BRIGHT":
        d.press(keys.DOWN)
    before = d.app.brightness
    d.press(keys.RIGHT)
    assert d.app.brightness == before + 1
    assert d.saves and d.saves[-1][6] == before + 1
    d.press(keys.B)
    assert d.play.mode == 0


def test_resign_accepted_scores_for_the_other_player():
    d = _two_player()
    d.settle()
    d.human_turn()
    d.settle()
    resigner = d.match.game.turn
    d.press(keys.MENU)
    while d.play.menu.label() != "RESIGN":
        d.press(keys.DOWN)
    d.press(keys.RIGHT)     # a gammon
    d.press(keys.A)
    # asked first: nothing counts yet, and B goes back to the menu
    assert d.play.mode == playview.CONFIRM and d.match.game.state != game.RESIGNING
    assert d.play.question[:2] == ("RESIGN GAMMON?", "LOSE 2  A YES  B NO")
    d.press(keys.B)
    assert d.play.mode == playview.MENU and d.match.game.state != game.RESIGNING
    d.press(keys.A)
    d.press(keys.A)         # yes
    assert d.match.game.state == game.RESIGNING
    d.press(keys.A)         # accepted
    d.tick()
    g = d.match.game
    assert g.state == game.OVER and g.winner == 1 - resigner and g.points == 2


def test_low_battery_marks_and_beeps_once_then_rarely():
    d = _two_player()
    d.settle()
    d.app.battery(appmod.BATTERY_LOW, 15)
    d.tick()
    assert d.sounds[-1] == sounds.LOW_BATTERY
    count = d.sounds.count(sounds.LOW_BATTERY)
    d.app.battery(appmod.BATTERY_LOW, 14)
    d.wait(2000)
    assert d.sounds.count(sounds.LOW_BATTERY) == count
    lit = []
    for _ in range(8):
        d.tick(count=7)
        lit += [d.app.frame[y * 32 + render.BATTERY_X] for y in (7, 8)]
    assert render.RED in lit and render.GREEN in lit     # red and green by turns
    d.now += appmod.LOW_REPEAT_MS
    d.tick()
    assert d.sounds.count(sounds.LOW_BATTERY) == count + 1


def test_critical_battery_saves_and_sleeps_with_a_message():
    d = _two_player()
    d.settle()
    d.app.battery(appmod.BATTERY_CRITICAL, 2)
    d.tick()
    assert d.saves and len(d.saves[-1]) > 8     # the match is in it
    assert not d.app.sleep_requested
    d.wait(appmod.SLEEP_AFTER_MS)
    assert d.app.sleep_requested


def test_muted_app_plays_nothing():
    d = Driver()
    d.press(keys.DOWN)
    assert d.sounds
    while d.app.main.label() != "SOUND":
        d.press(keys.DOWN)
    d.press(keys.RIGHT)
    heard = len(d.sounds)
    d.press(keys.UP)
    d.press(keys.UP)
    assert len(d.sounds) == heard
    assert d.saves == [] or d.app.snapshot()[5] == 1


def test_settings_alone_are_saved_and_restored_without_a_resume_question():
    d = Driver()
    while d.app.main.label() != "POINTS":
        d.press(keys.DOWN)
    d.press(keys.RIGHT)
    d.press(keys.RIGHT)     # a 3-point match
    assert d.saves
    again = Driver(saved=d.saves[-1])
    assert again.app.screen == appmod.MAIN
    assert appmod.LENGTHS[again.app.main.value("POINTS")] == 3


def test_menu_opened_on_the_game_over_screen_comes_back_to_it():
    d = _two_player()
    d.settle()
    d.human_turn()
    d.settle()
    d.press(keys.CUBE)
    d.press(keys.A)
    d.press(keys.B)         # dropped: game over
    d.tick()
    assert d.play.mode == playview.OVER
    d.press(keys.MENU)
    assert d.play.mode == playview.MENU
    d.press(keys.B)
    d.tick()
    assert d.play.mode == playview.OVER
    d.press(keys.A)
    assert d.match.game.state == game.OPENING and d.match.games == 1


def test_damaged_payloads_never_crash_the_app():
    from firmware.engine.dice import SeededSource
    d = _two_player()
    d.settle()
    d.human_turn()
    good = d.saves[-1]
    src = SeededSource(42)
    for i in range(60):
        data = bytearray(good)
        if i % 3 == 0:
            data = data[:src.byte() % len(data)]            # cut short
        else:
            for _ in range(1 + i % 4):                         # bits flipped
                at = (src.byte() * 256 + src.byte()) % len(data)
                data[at] ^= 1 << (src.byte() & 7)
        a = appmod.App(d.app.dice, saved=bytes(data))
        a.update(0, ())
        assert a.screen in (appmod.RESUME, appmod.MESSAGE, appmod.MAIN)
        if a.screen == appmod.RESUME:
            a.update(20, (keys.event(keys.PRESS, keys.A),))
            for t in range(40, 4000, 20):
                a.update(t, (keys.event(keys.PRESS, keys.A),) if t % 400 == 0 else ())


def test_a_woken_critical_battery_shows_its_message_again_before_sleeping():
    d = _two_player()
    d.settle()
    d.app.battery(appmod.BATTERY_CRITICAL, 2)
    d.wait(appmod.SLEEP_AFTER_MS)
    assert d.app.sleep_requested
    saved = d.saved
    for _ in range(2):
        d.app.woke()            # main.py: a press woke the device
        assert not d.app.sleep_requested
        d.wait(appmod.SLEEP_AFTER_MS - 100)
        assert not d.app.sleep_requested and d.app.screen == appmod.SLEEP
        d.wait(200)
        assert d.app.sleep_requested
    assert d.saved == saved     # waking writes nothing


def test_the_roll_is_a_save_point_with_the_dice_in_it():
    d = _two_player()
    d.settle()
    while d.match.game.state != game.ROLL:
        d.human_turn()
        d.settle()
    saved = d.saved
    d.press(keys.A)
    g = d.match.game
    assert g.state == game.MOVE and d.saved == saved + 1
    resumed = Driver(seed=99, saved=d.saves[-1])
    resumed.press(keys.A)
    assert resumed.match.game.state == game.MOVE
    assert resumed.match.game.dice == g.dice
    assert resumed.match.game.board == g.board


def watch_frames(d):
    """Checks after every update that the frame kept is the one a fresh
    draw gives, whenever the board is shown (text screens scroll on their
    own clock). Returns [updates without a press, their redraws, stale times]."""
    real = d.tick
    seen = [0, 0, []]

    def tick(events=(), count=1):
        for _ in range(count):
            before = d.app.redraws
            idle = not events
            real(events)
            events = ()
            if idle:
                seen[0] += 1
                seen[1] += d.app.redraws - before
            kept = bytes(d.app.frame)
            if d.app._draw(d.now) == playview.BOARD_TICK_MS and bytes(d.app.frame) != kept:
                seen[2].append(d.now)
            d.app.frame[:] = kept
    d.tick = tick
    return seen


def test_the_frame_is_drawn_again_only_when_it_changes():
    d = _two_player(seed=5)
    seen = watch_frames(d)
    _play_game(d)
    updates, redraws, stale = seen
    assert not stale, stale[:10]
    # idle, the board is drawn about once a blink (250 ms, 12 updates)
    assert updates > 500 and redraws * 4 < updates, (updates, redraws)


def test_a_press_is_drawn_in_the_update_that_carries_it():
    d = _two_player()
    d.settle()
    d.tick(count=3)
    before = d.app.redraws
    d.tick(count=3)             # 60 ms idle within one blink: nothing to draw
    idle = d.app.redraws - before
    frame = bytes(d.app.frame)
    d.press(keys.RIGHT, settle=1)
    assert d.app.redraws - before == idle + 1
    assert bytes(d.app.frame) != frame
    assert idle <= 1
