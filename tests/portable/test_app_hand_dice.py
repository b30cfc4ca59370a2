"""Dice entered by hand (main menu DICE BY HAND): every roll, the opening's
included, is set with the buttons and then played as rolled; the match
record keeps those dice, the machine's counts do not; the settings ride in
the save and older payloads still load."""
from firmware.engine import dicestats, game
from firmware.engine.dice import Dice, ManualDice, SeededSource
from firmware.handheld import app as appmod
from firmware.handheld import keys, playview
from tests.portable.app_driver import Driver


def _set(d, label, value):
    m = d.app.main
    while m.label() != label:
        d.press(keys.DOWN)
    while m.value(label) != value:
        d.press(keys.RIGHT)
    while m.label() != "PLAY":
        d.press(keys.UP)


def _hand_game(mode=appmod.TWO_PLAYERS, seed=3):
    d = Driver(seed)
    _set(d, "DICE", appmod.BY_HAND)
    d.choose(mode, 0)
    return d


def _enter(d, a, b):
    """Sets the two dice of the entry on screen from wherever they stand."""
    e = d.play.entry
    assert e is not None and e.at == 0
    for face in (a, b):
        while e.faces[e.at] != face:
            d.press(keys.UP)
        d.press(keys.A)


def _mat(d):
    class Out:
        text = ""

        def write(self, s):
            self.text += s
    out = Out()
    d.app.write_mat(out)
    return out.text


def test_the_settings_are_saved_and_come_back():
    d = Driver()
    _set(d, "DICE", appmod.BY_HAND)
    _set(d, "TUTOR", 2)
    data = d.saves[-1]
    assert data[0] == appmod.VERSION == 4 and data[8:10] == bytes((1, 2))
    again = Driver(saved=data)
    assert again.app.screen == appmod.MAIN
    assert again.app.main.value("DICE") == appmod.BY_HAND and again.app.main.value("TUTOR") == 2
    assert again.app.tutor_limit() == appmod.TUTOR_LIMITS[2] == 1000


def test_older_payloads_still_load_with_dice_auto_and_no_tutor():
    d = Driver(seed=3)
    d.choose(appmod.TWO_PLAYERS, 2)     # a 3-point match
    d.press(keys.A)
    d.settle()
    d.human_turn()
    now = d.app.snapshot()
    # VERSION 2: the same less the DICE, TUTOR and SPEED bytes and the record
    counts = 11 + dicestats.BYTES
    old = bytes((2,)) + now[1:8] + now[11:counts] + now[counts + appmod.RECORD_BYTES:]
    again = Driver(seed=4, saved=old)
    assert again.app.screen == appmod.RESUME
    again.press(keys.A)
    assert again.match.game.board == d.match.game.board and again.match.length == 3
    assert not again.play.hand and isinstance(again.match.dice, Dice)
    assert again.app.main.value("DICE") == 0 and again.app.tutor_limit() == 0
    assert again.app.tally.all_time()[dicestats.ROLLS] == d.app.tally.all_time()[dicestats.ROLLS]
    first = Driver(saved=bytes((1, 1, 2, 0, 0, 0, 8, 0)))   # VERSION 1: settings only
    assert first.app.screen == appmod.MAIN and first.app.main.value("PLAY") == 1
    assert first.app.main.value("DICE") == 0


def test_a_bad_setting_byte_is_reported_not_raised():
    data = bytearray(Driver().app.snapshot())
    data[8] = 7                     # no such DICE value
    d = Driver(saved=bytes(data))
    assert d.app.screen == appmod.MESSAGE and d.app.message[0] == "SAVE CORRUPT"


def test_the_opening_is_entered_and_a_tie_entered_again():
    d = _hand_game()
    assert d.play.hand and isinstance(d.match.dice, ManualDice)
    d.press(keys.A)                 # OPENING, A: the entry
    e = d.play.entry
    assert e.opening and e.at == 0
    _enter(d, 4, 4)                 # a tie
    assert d.match.game.state == game.OPENING and d.play.entry is e and e.tie and e.at == 0
    _enter(d, 2, 5)                 # green's die is higher: green plays 5-2
    g = d.match.game
    assert d.play.entry is None
    assert g.state == game.MOVE and g.turn == 1 and g.dice == (5, 2) and g.opening == (2, 5)
    assert d.app.tally.session[dicestats.ROLLS] == 0    # not the machine's dice


def test_each_roll_is_entered_and_recorded_as_rolled():
    d = _hand_game()
    d.press(keys.A)
    _enter(d, 6, 1)
    d.settle()
    d.human_turn()
    d.settle()
    g = d.match.game
    assert g.state == game.ROLL and g.turn == 1
    saves = d.saved
    d.press(keys.A)
    assert d.play.entry is not None and g.state == game.ROLL
    d.press(keys.DOWN)              # from 1 round to 6
    assert d.play.entry.faces[0] == 6
    d.press(keys.A)
    d.press(keys.B)                 # back to the first die
    assert d.play.entry.at == 0
    d.press(keys.A)
    for _ in range(2):
        d.press(keys.RIGHT)         # 1 -> 3
    assert d.saved == saves         # setting the dice saves nothing
    d.press(keys.A)
    assert g.state == game.MOVE and g.dice == (6, 3) and d.saved == saves + 1
    # a power cut now resumes with these dice, entered or not
    resumed = Driver(seed=8, saved=d.saves[-1])
    resumed.press(keys.A)
    assert resumed.match.game.dice == (6, 3) and resumed.play.hand
    d.settle()
    d.human_turn()
    assert "61:" in _mat(d) and "63:" in _mat(d)
    assert d.app.tally.session[dicestats.ROLLS] == 0


def _at_the_second_entry():
    """A game by hand after the opening's move: the other side's roll asked for."""
    d = _hand_game()
    d.press(keys.A)
    _enter(d, 3, 1)
    d.settle()
    d.human_turn()
    d.settle()
    d.press(keys.A)
    return d


def test_b_on_the_first_die_is_the_board_before_the_roll_again():
    d = _at_the_second_entry()
    d.press(keys.B)                 # no roll after all
    assert d.play.entry is None and d.match.game.state == game.ROLL
    d.press(keys.B)                 # before the roll B replays the other side's move
    assert d.play.mode == playview.REPLAY


def test_a_cut_mid_entry_enters_the_roll_again():
    d = _at_the_second_entry()
    d.press(keys.UP)                # half entered when the power goes
    resumed = Driver(seed=5, saved=d.saves[-1])
    resumed.press(keys.A)           # RESUME
    g = resumed.match.game
    assert g.state == game.ROLL and g.turn == 1 and resumed.play.entry is None
    resumed.press(keys.A)
    _enter(resumed, 2, 2)
    assert g.state == game.MOVE and g.dice == (2, 2)


def test_the_menu_over_an_entry_comes_back_to_it():
    d = _hand_game()
    d.press(keys.A)
    e = d.play.entry
    d.press(keys.UP)
    d.press(keys.MENU)
    assert d.play.mode == playview.MENU
    d.press(keys.B)
    assert d.play.mode == playview.BOARD and d.play.entry is e and e.faces[0] == 2


def test_a_manual_dice_source_gives_the_faces_pushed():
    dice = ManualDice()
    dice.push(5, 2)
    assert dice.roll() == (5, 2) and dice.pending() == 0 and dice.tally is None
    assert Dice(SeededSource(1)).tally is not None
