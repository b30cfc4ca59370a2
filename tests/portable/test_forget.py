"""Code a game does not run while it is played is loaded for its moment and
let go (firmware.forget): the save's readers at start-up, the match file's
writer, the IDs' encoders."""
import sys

from firmware import forget
from firmware.engine import game
from firmware.engine.dice import Dice, SeededSource
from firmware.handheld import app as app_module

_READERS = ("firmware.engine.restore", "firmware.handheld.resume")


def _played_match():
    m = game.Match(Dice(SeededSource(3)), length=3)
    now = 0
    while m.game.state != game.OVER:
        now += 1000
        state = m.game.state
        if state in (game.OPENING, game.ROLL):
            m.roll(now)
        elif state == game.MOVE:
            m.play(m.game.plays.result(0), now)
    return m


def test_forget_drops_a_module_from_sys_modules_and_its_package():
    from firmware.engine import restore  # noqa: F401
    import firmware.engine
    assert "firmware.engine.restore" in sys.modules
    forget("firmware.engine.restore", "firmware.engine.not_loaded")
    assert "firmware.engine.restore" not in sys.modules
    assert not hasattr(firmware.engine, "restore")


def test_a_saved_match_is_read_back_and_its_reader_let_go():
    m = _played_match()
    first = app_module.App(Dice(SeededSource(3)))
    payload = first.snapshot() + m.to_bytes()
    again = app_module.App(Dice(SeededSource(3)), saved=payload)
    assert again.resumable[-1].to_bytes() == m.to_bytes()
    assert "firmware.engine.restore" not in sys.modules


def test_a_refused_save_lets_its_reader_go_too():
    first = app_module.App(Dice(SeededSource(3)))
    data = first.snapshot() + _played_match().to_bytes()
    data[len(first.snapshot())] ^= 0xFF         # the match's format byte
    again = app_module.App(Dice(SeededSource(3)), saved=bytes(data))
    assert again.save_rejected and again.resumable is None
    for name in _READERS:
        assert name not in sys.modules


def test_the_app_reads_its_payload_and_lets_both_readers_go():
    first = app_module.App(Dice(SeededSource(5)))
    first.start_match()
    payload = first.snapshot()
    again = app_module.App(Dice(SeededSource(5)), saved=payload)
    assert again.resumable is not None and again.resumable[-1] is not None
    for name in _READERS:
        assert name not in sys.modules


def test_the_in_play_menu_stays_loaded():
    # an import takes 25 ms on the chip: the press that opens the menu
    # cannot spare it, so the menu's code is kept with the play screen's
    from firmware.handheld import keys, playview
    a = app_module.App(Dice(SeededSource(5)))
    a.start_match()
    play = a.play
    play.press(keys.MENU, 0)
    assert play.mode == playview.MENU
    frame = bytearray(512)
    play.draw(frame, 0)                     # the item's text comes from it too
    play.press(keys.B, 100)
    assert play.mode == playview.BOARD
    assert "firmware.handheld.playmenu" in sys.modules

def test_how_to_play_and_the_hints_notation_are_let_go():
    from firmware.engine import position
    from firmware.handheld import play as play_module
    from firmware.opponent import ai
    a = app_module.App(Dice(SeededSource(5)))
    a.how_to_play()
    assert a.message[1].startswith("YOU ARE RED")
    assert "firmware.handheld.howto" not in sys.modules
    t = ai.Thinker(position.START, 3, 1, ai.LEVELS)
    while not t.step():
        pass
    move, gap = play_module.hint_words(t, position.START)
    assert move == "8/5 6/5" and gap.startswith("2ND -")
    assert "firmware.engine.notation" not in sys.modules
