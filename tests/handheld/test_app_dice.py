"""The app's side of the dice: all time's counts in the save payload (and
a payload from before them still read), the DICE screen from the in-play
menu, and a dice fault shown before anything else. (CPython only: beside
the app compiled from source, a 200 KB unix-port heap has no room for it.)"""
from firmware.engine import dicestats, entropy
from firmware.engine.dice import Dice, SeededSource
from firmware.handheld import app as appmod
from firmware.handheld import keys, resume
from tests.portable.app_driver import Driver


def test_the_payload_layout_matches_the_counts():
    # the writer (app) and the reader (resume, which never imports app) agree
    assert appmod.DICE_BYTES == resume.DICE_BYTES == dicestats.BYTES
    assert appmod.RECORD_BYTES == resume.RECORD_BYTES == 4 * len(appmod.LEVEL_NAMES)
    assert appmod.VERSION == resume.VERSION
    settings_only = appmod.App(Dice(SeededSource(4))).snapshot()
    assert len(settings_only) == 11 + dicestats.BYTES + appmod.RECORD_BYTES


def test_counts_ride_in_the_payload_and_come_back():
    d = Driver(seed=3)
    d.app.dice.roll()
    d.app.dice.roll()
    data = d.app.snapshot()
    assert data[0] == appmod.VERSION == 4
    again = appmod.App(Dice(SeededSource(4)), saved=data)
    assert again.tally.all_time()[dicestats.ROLLS] == 2
    assert again.tally.session[dicestats.ROLLS] == 0


def test_a_payload_without_counts_is_still_read():
    old = bytes((1, 1, 2, 0, 0, 0, 8, 0))           # VERSION 1: settings only
    a = appmod.App(Dice(SeededSource(4)), saved=old)
    assert a.screen == appmod.MAIN and a.main.value("PLAY") == 1 and a.main.value("LEVEL") == 2
    assert a.tally.all_time() == [0] * dicestats.SIZE


def test_counts_that_do_not_add_up_are_reported_not_raised():
    data = bytearray(appmod.App(Dice(SeededSource(4))).snapshot())
    data[11] = 5                                    # five 1s in no roll at all
    a = appmod.App(Dice(SeededSource(4)), saved=bytes(data))
    assert a.screen == appmod.MESSAGE and a.message[0] == "SAVE CORRUPT"


def test_a_fault_at_power_on_shows_first_then_what_it_covered():
    class Broken:
        fault = entropy.STUCK

        def byte(self):
            return 0
    saved = appmod.App(Dice(SeededSource(4))).snapshot()
    a = appmod.App(Dice(Broken()), saved=saved)
    assert a.screen == appmod.MESSAGE and a.message[:2] == ("DICE FAULT", "SOURCE STUCK - A PLAYS ON")
    a.update(100, (keys.event(keys.PRESS, keys.A),))
    assert a.screen == appmod.MAIN and a.message is None


def test_the_dice_menu_item_opens_the_dice_screen_and_b_returns():
    d = Driver(seed=5)
    d.press(keys.A)                                 # START from the main menu
    d.tick(count=5)
    assert d.app.screen == appmod.PLAY
    d.press(keys.MENU)
    while d.app.play.menu.label() != "DICE":
        d.press(keys.DOWN)
    d.press(keys.A)
    assert d.app.screen == appmod.DICE
    d.press(keys.DOWN)
    assert d.app.dice_screen.page == 1
    d.press(keys.B)
    assert d.app.screen == appmod.PLAY and d.app.play.menu.label() == "DICE"
