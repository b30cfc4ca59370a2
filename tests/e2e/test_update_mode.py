"""Update mode, end to end on the simulator: the menu's UPDATE asks first,
then restarts the board with no game and no watchdog, once; MENU held at
power-on does the same; B or MENU held goes back to the game; saves from
another firmware are kept aside, never a crash, and one the earlier
firmware wrote (payload version 1) resumes its match.
Only simulated buttons and power in; LEDs and the flash out."""
from firmware.engine.archive import Archive
from firmware.engine import flashwriter, game, matfile, save
from firmware.engine.dice import Dice, SeededSource
from firmware.handheld import app as appmod
from tools.sim import reader
from tools.sim.core import BACK, UPDATE, Sim, run_script
from tools.sim.flash import FolderFlash
from tools.sim.player import Player, board_after, is_text

from tests import oldsave
from tests.e2e.test_e2e_power import game_at_a_roll, resume_any


def lines(sim):
    return reader.screen_lines(sim.grid())


def update_lines(sim):
    """Update mode's display over one cycle: READY, then the way back."""
    seen = []
    for _ in range(8):
        shown = lines(sim)
        if shown not in seen:
            seen.append(shown)
        sim.run_ms(500)
    return seen


def assert_update_mode(sim):
    assert sim.updating
    assert update_lines(sim) == [("UPDATE", "READY"), ("UPDATE", "B: BACK")], sim.text()
    # no watchdog: a minute with nobody feeding it and the board stays up
    restarts = len(sim.restarts)
    sim.run_ms(60000)
    assert not sim.board.watchdog_overdue() and not sim.board.watchdog_fired
    assert len(sim.restarts) == restarts and lines(sim)[0] == "UPDATE"
    assert flashwriter.UPDATE_FILE not in sim.flash.listdir()     # read once


def assert_asked(sim):
    assert not sim.updating and lines(sim)[0] == "UPDATE?", sim.text()
    assert reader.read_scrolling(sim, 9) == "A YES B NO"


def confirm_update(p):
    """A on UPDATE asks first; A again says yes."""
    p.press("A")
    assert_asked(p.sim)
    p.press("A")


def test_main_menu_update_restarts_into_update_mode_once(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    p = Player(sim)
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")
    p.choose("UPDATE")
    assert reader.line_text(sim.grid(), 9) == "PRESS A"
    confirm_update(p)
    assert sim.restarts[-1][1] == UPDATE and not sim.crashes
    assert_update_mode(sim)
    # the next power-on plays again
    sim.cut_power()
    assert not sim.updating
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")


def test_update_during_a_game_keeps_the_saved_game(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    p.press("MENU")
    p.choose("UPDATE")
    confirm_update(p)
    assert sim.restarts[-1][1] == UPDATE
    assert_update_mode(sim)
    assert "blot.sav" in sim.flash.listdir()
    sim.cut_power()
    p.wait_until(lambda g: is_text(g) and p.top_line() == "RESUME?", what="RESUME?")


def test_menu_held_at_power_on_is_update_mode_without_a_flag(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    sim.cut_power(hold=("MENU",))
    assert_update_mode(sim)     # MENU still held: it does not go back by itself
    sim.up("MENU")
    sim.run_ms(1000)
    assert sim.updating
    sim.cut_power()
    assert not sim.updating


def test_update_asks_first_and_b_stays_in_the_game(tmp_path):
    """The slip the playtest found: MENU (on HINT), UP (round to UPDATE), A."""
    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    p.press("MENU")
    assert p.top_line() == "HINT"
    p.press("UP")
    assert p.top_line() == "UPDATE"
    p.press("A")
    assert_asked(sim)
    p.press("B")
    assert not sim.updating and not sim.restarts and p.top_line() == "UPDATE"
    p.press("MENU")
    # the board (the other side's last move marked: it shows both looks)
    p.wait_until(lambda g: not is_text(g) and reader.read_board(g) == board, what="the board")
    # the main menu's UPDATE, reached by UP from PLAY, asks the same
    sim2 = Sim(FolderFlash(str(tmp_path / "flash2")), seed=3)
    p2 = Player(sim2)
    p2.wait_until(lambda g: p2.top_line() == "PLAY", what="the main menu")
    p2.press("UP")
    p2.press("A")
    assert_asked(sim2)
    p2.press("MENU")
    assert not sim2.updating and p2.top_line() == "UPDATE"


def test_b_or_menu_held_in_update_mode_goes_back_to_the_game(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    for back in ("B", "MENU"):
        p.press("MENU")
        p.choose("UPDATE")
        confirm_update(p)
        assert sim.updating
        sim.run_ms(3000)
        if back == "MENU":
            p.press("MENU")             # a short press does nothing
            sim.run_ms(500)
            assert sim.updating
            sim.hold("MENU", 900)
        else:
            p.press("B")
        assert not sim.updating and sim.restarts[-1][1] == BACK and not sim.crashes
        p.wait_until(lambda g: is_text(g) and p.top_line() == "RESUME?", what="RESUME?")
        p.press("A")
        p.wait_until(lambda g: not is_text(g) and reader.read_board(g) == board, what="the board")


def test_update_mode_and_back_in_a_script(tmp_path):
    """The same in the simulator's script mode: MENU, UP to UPDATE, A, A,
    then B in update mode brings back the main menu."""
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    out = []
    run_script(sim, ["wait 300", "press UP", "press A", "print asked", "text",
                     "press A", "wait 500", "text", "press B", "wait 500", "text"], out=out.append)
    asked, in_update, back = out[1], out[2], out[3]
    assert sim.restarts[-1][1] == BACK and not sim.updating
    assert reader.screen_lines(sim.grid()) == ("PLAY", "< VS CPU >")
    assert asked != in_update != back


def test_start_mode_reads_the_flag_once(tmp_path):
    import startup
    flash = FolderFlash(str(tmp_path / "flash"))
    flag = flashwriter.UPDATE_FILE
    assert startup.start_mode(flash, False, flag) == startup.GAME
    assert startup.start_mode(flash, True, flag) == startup.UPDATE
    save.write_atomic(flash, flash.open, flag, b"update\n")
    assert startup.start_mode(flash, False, flag) == startup.UPDATE
    assert flash.listdir() == []
    assert startup.start_mode(flash, False, flag) == startup.GAME


def test_the_start_up_is_let_go_once_the_game_runs(tmp_path):
    import sys
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    assert not sim.updating and "startup" not in sys.modules
    sim.cut_power(hold=("MENU",))
    assert sim.updating and "startup" not in sys.modules


def test_a_flag_that_cannot_be_written_is_reported(tmp_path):
    class FullFlash(FolderFlash):
        def open(self, name, mode="r"):
            if name.startswith(flashwriter.UPDATE_FILE):
                raise OSError(28)       # ENOSPC
            return FolderFlash.open(self, name, mode)

    sim = Sim(FullFlash(str(tmp_path / "flash")), seed=3)
    p = Player(sim)
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")
    p.choose("UPDATE")
    confirm_update(p)
    assert not sim.updating and not sim.restarts
    assert reader.read_scrolling(sim, 1) == "UPDATE FAILED"


# --- saves from another firmware ------------------------------------------------

def saved_game(tmp_path):
    """A flash holding a two-player game saved at a roll, and its payload."""
    p, _, _ = game_at_a_roll(tmp_path)
    flash = p.sim.flash
    status, payload = save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).load()
    assert status == save.OK
    return flash, payload


def start_on(flash, record):
    with open(flash.path("blot.sav"), "wb") as f:
        f.write(record)
    for name in ("blot.bak",):
        if name in flash.listdir():
            flash.remove(name)
    sim = Sim(flash, seed=5)
    sim.run_ms(300)
    return sim


def test_a_save_in_another_record_format_is_kept_aside(tmp_path):
    flash, payload = saved_game(tmp_path)
    record = bytearray(save.encode(payload, 7))
    record[4] = save.FORMAT_VERSION + 1         # a newer firmware's record
    sim = start_on(flash, bytes(record))
    assert not sim.crashes
    assert reader.read_scrolling(sim, 1) == "SAVE KEPT ASIDE", sim.text()
    assert "blot.sav" not in flash.listdir()
    with open(flash.path("blot.old"), "rb") as f:
        assert f.read() == bytes(record)        # byte for byte, for the firmware that reads it
    # a new game saves beside it and leaves it alone
    p = Player(sim)
    p.press("A")
    p.start("2 PLAYER")
    assert save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).load()[0] == save.OK
    with open(flash.path("blot.old"), "rb") as f:
        assert f.read() == bytes(record)


def test_a_payload_the_app_cannot_read_is_kept_aside(tmp_path):
    flash, payload = saved_game(tmp_path)
    # the match is the payload's tail, after the settings and the dice counts
    at = len(payload) - len(appmod.App(Dice(SeededSource(1)), saved=payload).resumable[-1].to_bytes())
    assert payload[at] == game.FORMAT
    for changed in (bytes([payload[0] + 1]) + payload[1:],          # the app's version
                    payload[:at] + bytes([payload[at] + 1]) + payload[at + 1:],   # the match's format
                    payload[:20]):                                  # cut short
        record = save.encode(changed, 9)
        sim = start_on(flash, record)
        assert not sim.crashes
        assert reader.line_text(sim.grid(), 1).startswith("SAVE"), sim.text()
        assert "blot.sav" not in flash.listdir()
        with open(flash.path("blot.old"), "rb") as f:
            assert f.read() == record


def test_a_save_in_the_older_payload_format_resumes_its_match(tmp_path):
    """The earlier firmware's save (payload version 1, without the dice
    counts): the new firmware offers RESUME? and the match goes on at 3-2
    in a 7-point match, the position as saved, player 0 to roll."""
    flash = FolderFlash(str(tmp_path / "flash"))
    record = oldsave.record()
    assert record[12] == oldsave.PAYLOAD_VERSION < appmod.VERSION
    with open(flash.path("blot.sav"), "wb") as f:
        f.write(record)
    sim = Sim(flash, seed=5)
    p = Player(sim)
    assert resume_any(p) == (board_after(oldsave.BOARD, 0), 0, None)
    assert not sim.crashes and "blot.old" not in flash.listdir()
    p.press("MENU")
    p.choose("SCORE")
    assert reader.read_scrolling(sim, 9) == "3-2 OF 7"
    p.press("MENU")                             # back to the board
    p.wait_until(lambda g: not is_text(g), what="the board")
    assert reader.read_board(p.grid()) == board_after(oldsave.BOARD, 0)
    # the roll saves: now in today's format, the match and its record carried
    # over, its finished games moved to the archive file beside the save
    p.press("A")
    p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g), what="the dice")
    app = sim.loop.app
    assert (app.main.value("PLAY"), app.main.value("LEVEL"), app.main.value("POINTS")) == (0, 1, 4)
    status, payload = save.SaveFile(flash, flash.open, flashwriter.SAVE_NAME).load()
    assert status == save.OK and payload[0] == appmod.VERSION
    again = appmod.App(Dice(SeededSource(1)), saved=payload)
    assert again.screen == appmod.RESUME
    match = again.resumable[-1]
    assert (match.length, match.score, match.games) == (oldsave.LENGTH, list(oldsave.SCORE), 5)
    archive = Archive(flash, flash.open, flashwriter.ARCHIVE_FILE)
    assert match.record.archived_games == match.games and match.record.archived_length > 0
    assert archive.adopt(match.record.generation, match.record.archived_length)
    whole = b"".join(matfile.frames(flash.open, flashwriter.ARCHIVE_FILE, archive.length)) + bytes(match.record.data)
    assert whole.startswith(oldsave.RECORD)
    assert match.game.board == oldsave.BOARD and match.game.dice == app.match.game.dice != (0, 0)
