"""The second playtest's items (issue 43), each end to end in the
simulator's script mode (docs/simulator.md): script lines pressed through
the simulated buttons, the LEDs read back. Games that need a position of
their own start from a save made here, as a power cut would leave it."""
from firmware.engine import flashwriter, game, save
from firmware.engine.dice import Dice, SeededSource
from firmware.handheld import app as appmod
from tools.sim import reader
from tools.sim.core import Sim, run_script
from tools.sim.flash import FolderFlash
from tools.sim.player import is_text


def new_sim(tmp_path, seed=3):
    return Sim(FolderFlash(str(tmp_path / "flash")), seed=seed)


def script(sim, text):
    """Plays the script's lines; what its `print` and `text` lines wrote."""
    out = []
    run_script(sim, text.strip().split("\n"), out=out.append)
    return out


def lines(sim):
    assert is_text(sim.grid()), sim.text()
    return reader.screen_lines(sim.grid())


def colours(sim, y):
    """The colours lit on a text line (rows y..y+4)."""
    g = sim.grid()
    return {g[r * 32 + x] for r in range(y, y + 5) for x in range(32)} - {0}


def saved_position(tmp_path, board, turn, mode=appmod.VS_CPU, hand=0, level=0, seed=3):
    """A simulator whose flash holds a match at `board` (the mover's view),
    `turn` to roll; it starts on RESUME?."""
    flash = FolderFlash(str(tmp_path / "flash"))
    app = appmod.App(Dice(SeededSource(1)))
    app.main.set("PLAY", mode)
    app.main.set("LEVEL", level)
    app.main.set("DICE", hand)
    app.start_match()
    m = app.play.match
    if hand:
        m.dice.push(3, 1)
    m.roll(0)                   # the opening, so that the match record has its game
    g = m.game
    g.state = game.ROLL
    g.turn = turn
    g.board = bytes(board)
    g.dice = (0, 0)
    g.plays = None
    save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).save(app.snapshot())
    sim = Sim(flash, seed=seed)
    sim.run_ms(300)
    assert lines(sim)[0] == "RESUME?"
    return sim


def shut_in():
    """The mover's view: one checker on the bar, the other fourteen on the
    six point, against a closed board (two on each of the other side's
    home points, three on its 13 point)."""
    us = [0] * 25
    them = [0] * 25
    us[24] = 1
    us[5] = 14
    for i in range(6):
        them[i] = 2
    them[12] = 3
    return us + them


# --- 3. which colour you are, who won the opening roll ----------------------

def test_your_colour_and_the_opening_roll_told_by_name(tmp_path):
    sim = new_sim(tmp_path)
    script(sim, """
wait 300
press A             # the main menu starts VS CPU from any item
wait 300
""")
    assert lines(sim) == ("YOU RED", "A TO ROLL") and colours(sim, 1) == {reader.RED}
    script(sim, "press A")
    a, b = sim.loop.app.match.game.opening
    assert lines(sim) == ("YOU %d" % a, "CPU %d" % b)
    assert colours(sim, 1) == {reader.RED} and colours(sim, 9) == {reader.GREEN}
    script(sim, "wait 2000")    # long enough to read: still there
    assert lines(sim) == ("YOU %d" % a, "CPU %d" % b)
    script(sim, "wait 700")
    assert not is_text(sim.grid())
    mover, dice, used = reader.read_dice(sim.grid())
    assert mover == (0 if a > b else 1) and sorted(dice) == sorted((a, b))


def test_two_players_see_red_and_green_by_name(tmp_path):
    sim = new_sim(tmp_path)
    script(sim, """
wait 300
press RIGHT         # PLAY: 2 PLAYER
press A
wait 300
""")
    assert lines(sim) == ("OPENING", "A TO ROLL")
    script(sim, "press A")
    a, b = sim.loop.app.match.game.opening
    assert lines(sim) == ("RED %d" % a, "GREEN %d" % b)
    script(sim, "press B")      # any key: the board at once, the key does nothing else
    assert not is_text(sim.grid()) and sim.loop.app.match.game.state == game.MOVE


def test_the_opening_by_hand_labels_each_die(tmp_path):
    sim = new_sim(tmp_path)
    script(sim, """
wait 300
presses 4 DOWN      # DICE
press RIGHT         # BY HAND
press A
press A             # the opening's entry
""")
    assert reader.line_text(sim.grid(), 1) == "YOU CPU"
    assert reader.line_text(sim.grid(), 9) == "< 1 - >"
    g = sim.grid()
    you = {g[r * 32 + x] for r in range(1, 6) for x in range(0, 14)} - {0}
    cpu = {g[r * 32 + x] for r in range(1, 6) for x in range(16, 32)} - {0}
    assert you == {reader.RED} and cpu == {reader.GREEN}


# --- 6. NO MOVE says which key goes on; the computer's passes by itself ------

def test_a_players_no_move_says_press_a_and_waits(tmp_path):
    sim = saved_position(tmp_path, shut_in(), 0)
    script(sim, """
press A             # RESUME? yes
wait 300
press A             # roll: nothing can enter
wait 1500
""")
    top = reader.line_text(sim.grid(), 1)
    bottom = reader.read_scrolling(sim, 9)
    d1, d2 = sim.loop.app.match.game.dice
    assert (top, bottom) == ("NO MOVE", "YOU %d-%d PRESS A" % (d1, d2))
    script(sim, "wait 10000")
    assert reader.line_text(sim.grid(), 1) == "NO MOVE"
    script(sim, "press A\nwait 300")
    assert sim.loop.app.match.game.turn == 1


def test_the_computers_no_move_goes_on_by_itself(tmp_path):
    sim = saved_position(tmp_path, shut_in(), 1)
    script(sim, """
press A             # RESUME? yes: the computer rolls, nothing can enter
wait 1500
""")
    g = sim.loop.app.match.game
    assert g.turn == 1 and reader.line_text(sim.grid(), 1) == "NO MOVE"
    assert reader.read_scrolling(sim, 9) == "CPU %d-%d" % g.dice
    script(sim, "wait 2500")
    assert not is_text(sim.grid()) and sim.loop.app.match.game.turn == 0


# --- 5. the hint as text -----------------------------------------------------

def test_the_hint_is_written_as_a_move_with_what_the_second_play_gives_away(tmp_path):
    from firmware.engine import notation, position
    from firmware.handheld import play as playmod, playview
    from firmware.opponent import ai
    sim = saved_position(tmp_path, position.START, 0, hand=1)
    script(sim, """
press A             # RESUME? yes
wait 300
press A             # roll: the entry
presses 2 UP        # 3
press A
press A             # 1: rolled 3-1
wait 1000
press MENU          # the menu opens on HINT
""")
    assert reader.line_text(sim.grid(), 1) == "HINT"
    script(sim, "press A\nwait 3000")
    thinker = ai.Thinker(position.START, 3, 1, ai.LEVELS)
    while not thinker.step():
        pass
    move = notation.move_text(position.START, thinker.result[1]).upper()
    gap = playmod.hint_gap(thinker)
    assert move == "8/5 6/5" and gap > 0
    assert lines(sim) == (move, "2ND -" + playview.points_text(gap))
    script(sim, "wait 5000")        # then the board, the hinted play by turns
    assert not is_text(sim.grid())
    script(sim, "press B")          # any key leaves
    assert sim.loop.app.play.mode == playview.BOARD and sim.loop.app.play.hint_text is None


# --- 4. moving checkers: one checker with both dice in one drop --------------

def test_24_21_with_a_2_1_in_one_drop(tmp_path):
    from firmware.engine import movegen, position
    sim = saved_position(tmp_path, position.START, 0, hand=1)
    script(sim, """
press A             # RESUME? yes
wait 300
press A             # roll: the entry
press UP            # 2
press A
press A             # 1: rolled 2-1
wait 1000
""")
    g = sim.grid()
    mover, dice, used = reader.read_dice(g)
    assert (mover, dice) == (0, (2, 1))
    assert reader.read_cube(g) == ("1", -1)         # the cube at rest, read as such
    # the die showing 1: a bar of three LEDs, not one LED like a checker
    assert sum(1 for y in (13, 14, 15) for x in (7, 8, 9) if g[y * 32 + x]) == 3
    assert sim.loop.app.play.turn_input.cursor == 24
    script(sim, """
press A             # pick up a back checker
wait 300
""")
    t = sim.loop.app.play.turn_input
    assert t.holding == 24 and set(t.targets()) == {22, 23, 21}
    # the three yellows look different: the landing points stay yellow
    looks = [sim.grid()]
    for _ in range(3):
        script(sim, "wait 125")
        looks.append(sim.grid())
    x21, y21 = 26, 0            # red's 21 point: column 26, its first LED (top half)
    assert all(look[y21 * 32 + x21] == reader.YELLOW for look in looks)
    script(sim, """
presses 3 LEFT      # 24 -> 23 -> 22 -> 21
press A             # put down on 21: both dice
wait 300
""")
    after = movegen.apply_step(movegen.apply_step(position.START, 24, 23), 23, 21)
    t = sim.loop.app.play.turn_input
    assert t.complete() and t.board == after
    script(sim, "press A\nwait 300")    # the play confirmed
    assert sim.loop.app.match.game.turn == 1
    assert sim.loop.app.play.last[2] in (((24, 23), (23, 21)), ((24, 22), (22, 21)))


# --- 7. BATTERY LOW in words, once, at a safe moment -------------------------

def test_battery_low_is_said_once_in_words_when_nothing_is_under_way(tmp_path):
    from firmware.engine import position
    sim = saved_position(tmp_path, position.START, 0, hand=1)
    script(sim, """
press A             # RESUME? yes
wait 300
press A             # roll: the entry
battery 3.35        # low while the dice are being entered: not now
wait 20000          # the battery's reading settles over some seconds
""")
    assert sim.loop.app.battery_state == 1
    assert reader.line_text(sim.grid(), 9) == "< 1 - >"
    script(sim, """
press UP
press A
press A             # rolled 2-1: the move, not now either
wait 3000
""")
    assert not is_text(sim.grid()) and sim.loop.app.battery_state == 1
    script(sim, """
press A             # 24/23/21 in one drop (the cursor starts on 24)
wait 300
presses 3 LEFT
press A
press A             # confirmed: the computer's turn, not now
wait 1000
""")
    assert reader.line_text(sim.grid(), 1) == "CPU"       # its roll, entered by the player
    script(sim, """
presses 5 UP        # 6
press A
presses 3 UP        # 4
press A
""")
    seen = []
    for _ in range(200):                # until the board waits for the player's roll
        script(sim, "wait 100")
        if sim.loop.app.screen == appmod.MESSAGE:
            seen.append(reader.line_text(sim.grid(), 9))
            break
    assert seen == ["A OK"] and reader.read_scrolling(sim, 1) == "BATTERY LOW"
    g = sim.loop.app.match.game
    assert g.turn == 0 and g.state == game.ROLL
    script(sim, "press A\nwait 300")
    assert sim.loop.app.screen == appmod.PLAY and g.state == game.ROLL     # A only closed it
    script(sim, "wait 60000")           # once: not again
    assert sim.loop.app.screen == appmod.PLAY


def test_battery_low_on_the_main_menu(tmp_path):
    sim = new_sim(tmp_path)
    script(sim, "wait 300\nbattery 3.3\nwait 20000")
    assert reader.read_scrolling(sim, 1) == "BATTERY LOW"
    script(sim, "press A")
    assert reader.line_text(sim.grid(), 1) == "PLAY"


# --- the extras: HOW TO PLAY, the record by level, the speed ----------------

def test_how_to_play_is_one_screen_from_the_main_menu(tmp_path):
    import sys
    sim = new_sim(tmp_path)
    script(sim, """
wait 300
presses 3 UP        # round from PLAY: UPDATE, RECORD, HOW TO PLAY
""")
    assert reader.read_scrolling(sim, 1) == "HOW TO PLAY"
    script(sim, "press A")
    text = reader.read_scrolling(sim, 9, max_ms=200000)
    assert text.startswith("YOU ARE RED.") and "A PICKS UP" in text and text.endswith("A OR B: BACK")
    assert "firmware.handheld.howto" not in sys.modules     # its text loaded for the moment
    script(sim, "press B")
    assert sim.loop.app.screen == appmod.MAIN and sim.loop.app.main.label() == "HOW TO PLAY"


def test_the_record_of_wins_and_losses_by_level_survives_a_power_cut(tmp_path):
    from firmware.engine import position
    sim = saved_position(tmp_path, position.START, 0, level=1)      # against EASY
    script(sim, """
press A             # RESUME? yes
wait 300
press MENU
presses 8 DOWN      # RESIGN (single)
press A             # RESIGN SINGLE?
press A             # yes: EASY accepts, the game lost
wait 2000
""")
    assert sim.loop.app.match.game.state == game.OVER and sim.loop.app.match.game.winner == 1
    assert sim.loop.app.record == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    script(sim, """
cut                 # the game's end was saved with the record
wait 300
press A             # RESUME? yes: the game over again, not counted twice
wait 1000
""")
    assert sim.loop.app.match.game.state == game.OVER
    assert sim.loop.app.record == [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    script(sim, """
press MENU
presses 2 UP        # round from HINT: UPDATE, NEW GAME
press A             # QUIT MATCH?
press A             # yes: the main menu
presses 2 UP        # round from PLAY: UPDATE, RECORD
""")
    assert reader.line_text(sim.grid(), 1) == "RECORD"
    assert reader.read_scrolling(sim, 9, max_ms=60000) == \
        "KID 0-0 EASY 0-1 CLUB 0-0 PRO 0-0 MAX 0-0"
    # a game won against the computer counts as a win at its level
    app = sim.loop.app
    app.count_game(5, True)
    assert app.record[8:] == [1, 0] and app.record_text().startswith("KID 0-0  EASY 0-1")


def _computer_turn_ms(tmp_path, speed):
    """ms from the resume to the computer's move made, at SPEED `speed`."""
    from firmware.engine import position
    flash = FolderFlash(str(tmp_path / ("flash-" + speed)))
    app = appmod.App(Dice(SeededSource(1)))
    app.main.set("SPEED", appmod.SPEED_NAMES.index(speed))
    app.start_match()
    m = app.play.match
    m.roll(0)
    g = m.game
    g.state = game.ROLL
    g.turn = 1
    g.dice = (0, 0)
    g.plays = None
    g.board = position.START
    save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).save(app.snapshot())
    sim = Sim(flash, seed=11)
    script(sim, "wait 300\npress A")        # RESUME? yes: the computer rolls
    start = sim.total_ms()
    while sim.loop.app.match.game.turn == 1:
        script(sim, "wait 50")
        assert sim.total_ms() - start < 30000
    return sim.total_ms() - start


def test_the_speed_setting_shows_the_computers_moves_faster_or_slower(tmp_path):
    sim = new_sim(tmp_path)
    script(sim, """
wait 300
presses 6 DOWN      # SPEED
""")
    assert reader.line_text(sim.grid(), 1) == "SPEED"
    assert "NORMAL" in reader.line_text(sim.grid(), 9)
    script(sim, "press RIGHT")
    assert sim.loop.app.speed() == 2
    slow, normal, fast = (_computer_turn_ms(tmp_path, s) for s in ("SLOW", "NORMAL", "FAST"))
    # the same game and dice (seeded): the move's steps shown 700, 450, 200 ms apart
    assert slow - normal >= 250 + 300 and normal - fast >= 250 + 400, (slow, normal, fast)
