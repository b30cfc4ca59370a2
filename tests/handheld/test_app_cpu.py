"""The app against the computer (CPython only: the computer's thinking is
slow under the MicroPython unix port's interpreter in CI)."""
from firmware.opponent import ai
from firmware.handheld import app as appmod, keys, play, playview, render
from firmware.engine import game
from tests.portable.app_driver import Driver
from tests.portable.test_app_flow import watch_frames


def test_menu_level_names_are_the_computers():
    assert appmod.LEVEL_NAMES == ai.LEVEL_NAMES


def _game_vs_cpu(seed, level=0, watch=None):
    d = Driver(seed)
    if watch is not None:
        watch.append(watch_frames(d))
    d.choose(appmod.VS_CPU, 0, level=level)
    d.press(keys.A)
    turns = 0
    while d.match.game.state != game.OVER and turns < 400:
        d.settle(limit_ms=120000)
        g = d.match.game
        if g.state == game.ROLL:
            d.press(keys.A)
        elif g.state == game.DOUBLED:
            d.press(keys.A)     # always take
        elif g.state == game.MOVE:
            d.human_turn(turns)
            turns += 1
    d.tick()
    return d


def test_a_game_against_the_computer_is_played_to_the_end():
    d = _game_vs_cpu(11)
    g = d.match.game
    assert g.state == game.OVER
    assert d.match.score[g.winner] == g.points
    assert d.play.names == ("YOU", "CPU")


def test_the_computer_moves_at_a_readable_pace_and_never_blocks():
    d = Driver(5)
    d.choose(appmod.DEMO, 0)
    frames = set()
    start = d.now
    for _ in range(500):        # ten seconds of demo
        d.tick()
        frames.add(bytes(d.app.frame))
    m = d.match
    assert m.game.state != game.OPENING
    # each checker step shown for STEP_MS: no more than one step sound per step time
    assert 2 <= d.heard <= (d.now - start) // play.STEP_MS + 4
    assert len(frames) > 10


def test_hint_is_shown_on_the_board_and_any_key_leaves_it():
    d = Driver(7)
    d.choose(appmod.TWO_PLAYERS, 0)
    d.press(keys.A)
    d.settle()
    start = d.play.turn_input.board
    d.press(keys.MENU)
    assert d.play.menu.label() == "HINT"
    d.press(keys.A)
    assert d.play.mode == playview.HINT
    for _ in range(2000):       # the strongest level looks ahead: many slices
        if d.play.hint_board is not None:
            break
        d.tick()
    assert d.play.hint_board is not None and d.play.hint_board != start
    boards = set()
    for _ in range(100):
        d.tick()
        playview.fill_scene(d.play, d.now)
        boards.add(bytes(d.play.scene.board))
    assert start in boards and d.play.hint_board in boards
    d.press(keys.B)
    assert d.play.mode == playview.BOARD


def test_knockout_advances_to_the_next_level_after_a_win():
    d = Driver(2)
    d.choose(appmod.KNOCKOUT, 1)    # 1-point rounds
    assert d.app.message[:2] == ("ROUND 1", "VS KID")
    d.press(keys.A)
    d.started()
    assert d.app.knockout_round == 1 and d.play.players == (0, 1)
    m = d.match
    m.score[0] = 1
    m.winner = 0
    m.game.state = game.OVER
    m.game.winner = 0
    m.game.kind = 1
    m.game.points = 1
    d.tick()
    assert d.play.mode == playview.OVER
    d.press(keys.A)
    assert d.app.screen == appmod.MESSAGE and d.app.message[0] == "ROUND 2"
    d.press(keys.A)
    d.started()
    assert d.app.knockout_round == 2 and d.play.players == (0, 2)


def test_board_picture_shows_the_dice_in_the_movers_colour():
    d = Driver(4)
    d.choose(appmod.TWO_PLAYERS, 0)
    d.press(keys.A)
    d.settle()
    colour = render.RED if d.match.game.turn == 0 else render.GREEN
    dice_cells = [d.app.frame[y * 32 + x] for y in range(16) for x in range(7, 10)]
    assert colour in dice_cells


def test_the_demo_plays_games_one_after_another():
    d = Driver(6)
    d.choose(appmod.DEMO, 0)
    d.wait(20000)
    m = d.match
    for _ in range(100):
        if m.games >= 1 and m.game.state != game.OVER:
            break
        d.wait(10000)
    assert m.games >= 1 and m.game.state != game.OVER
    assert d.app.match is m


def test_the_computer_answers_a_double_after_a_pause():
    d = Driver(8)
    d.choose(appmod.VS_CPU, 0)
    d.press(keys.A)
    for _ in range(10):
        d.settle(limit_ms=120000)
        if d.match.game.state == game.ROLL and d.match.may_double():
            break
        d.human_turn()
    d.press(keys.CUBE)
    d.press(keys.A)
    assert d.match.game.state == game.DOUBLED
    d.tick(count=5)
    assert d.match.game.state == game.DOUBLED     # not at once
    d.wait(2000)
    g = d.match.game
    assert (g.state == game.ROLL and g.cube == 2 and g.cube_owner == 1) or \
        (g.state == game.OVER and g.winner == 0 and g.points == 1)


def test_the_board_is_redrawn_whenever_the_computer_changes_it():
    watch = []
    d = _game_vs_cpu(4, level=2, watch=watch)
    assert d.match.game.state == game.OVER
    updates, redraws, stale = watch[0]
    assert not stale, stale[:10]
    assert redraws * 3 < updates, (updates, redraws)


def test_max_weighs_the_cube_a_pass_at_a_time_and_acts_on_it():
    # A close race on the computer's roll: MAX looks a roll ahead, in
    # slices, while the board stays live; then it acts as cube_offer says.
    from firmware.opponent import cube
    from tests.opponent.boards import race
    d = Driver(8)
    d.choose(appmod.VS_CPU, 0, level=4)
    d.press(keys.A)
    g = d.match.game
    for _ in range(20000):
        if g.turn == 1 and g.state == game.ROLL and g.cube == 1:
            break
        if d.match.to_act() == 0 and g.state == game.ROLL and d.play.mode == playview.BOARD:
            d.press(keys.A)             # the player rolls
        elif g.turn == 0 and g.state == game.MOVE and d.play.turn_input is not None:
            d.human_turn()
        else:
            d.tick()
    assert g.turn == 1 and d.play.cube_thinker is None
    g.board = race({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 2})
    offer = cube.cube_offer(g.board, ai.LEVELS, 1, True, 0, 0, 0, False)
    weighing = 0
    for _ in range(400):
        d.tick()
        if d.play.cube_thinker is not None:
            weighing += 1
            assert d.app.thinking()
        if g.state != game.ROLL:
            break
    assert weighing > 3
    assert g.state == (game.DOUBLED if offer else game.MOVE)
