"""Update mode, end to end on the simulator: the menu's UPDATE restarts the
board with no game and no watchdog, once; MENU held at power-on does the
same; saves from another firmware are kept aside, never a crash, and one
the earlier firmware wrote (payload version 1) resumes its match.
Only simulated buttons and power in; LEDs and the flash out."""
from firmware.engine.archive import Archive
from firmware.engine import flashwriter, game, matfile, save
from firmware.engine.dice import Dice, SeededSource
from firmware.handheld import app as appmod
from tools.sim import reader
from tools.sim.core import UPDATE, Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import Player, board_after, is_text

from tests import oldsave
from tests.e2e.test_e2e_power import game_at_a_roll, resume_any


def lines(sim):
    return reader.screen_lines(sim.grid())


def assert_update_mode(sim):
    assert sim.updating
    assert lines(sim) == ("UPDATE", "READY"), sim.text()
    # no watchdog: a minute with nobody feeding it and the board stays up
    restarts = len(sim.restarts)
    sim.run_ms(60000)
    assert not sim.board.watchdog_overdue() and not sim.board.watchdog_fired
    assert len(sim.restarts) == restarts and lines(sim) == ("UPDATE", "READY")
    assert flashwriter.UPDATE_FILE not in sim.flash.listdir()     # read once


def test_main_menu_update_restarts_into_update_mode_once(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    p = Player(sim)
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")
    p.choose("UPDATE")
    assert reader.line_text(sim.grid(), 9) == "PRESS A"
    p.press("A")
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
    p.press("A")
    assert sim.restarts[-1][1] == UPDATE
    assert_update_mode(sim)
    assert "blot.sav" in sim.flash.listdir()
    sim.cut_power()
    p.wait_until(lambda g: is_text(g) and p.top_line() == "RESUME?", what="RESUME?")


def test_menu_held_at_power_on_is_update_mode_without_a_flag(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    sim.cut_power(hold=("MENU",))
    assert_update_mode(sim)
    sim.cut_power()
    assert not sim.updating


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
    p.press("A")
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
