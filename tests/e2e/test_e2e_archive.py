"""End to end, the archive: a match's finished games leave the heap for
blot.arc, the match file still holds every game, and power cuts at any
moment of the archive's writing lose no game (firmware/engine/archive.py,
main.py's flash passes)."""

import pytest

from firmware.engine.matchrecord import game_starts
from tools.sim.core import POWER_CUT, Sim
from tools.sim.flash import FolderFlash
from tools.sim import reader
from tools.sim.player import Player, Stuck, is_text, runner

from tests.e2e.test_e2e_power import apps_mat_text, run_until


def match_after_games(tmp_path, games, seed=8):
    """A 2-player money session with `games` games played out and the next
    one started; (player, loop)."""
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=seed)
    p = Player(sim)
    p.start("2 PLAYER")
    for _ in range(games):
        p.play_game({0: runner, 1: runner})
        p.press("A")
    loop = sim.loop
    run_until(p, lambda: not loop.flash._archive_due() and not loop.flash.mat_due, 2000)
    return p, loop


def resume(p):
    """After a restart: RESUME?, answered yes; the loop once the match is back.
    A board that fell asleep waiting (the player looked for a game over the
    cut never let come) is woken by a press first, which does nothing else."""
    if p.sim.loop.asleep:
        p.press("A")
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    loop = p.sim.loop
    run_until(p, lambda: loop.app.match is not None and not loop.flash._archive_due(), 2000)
    return loop


def games_in(text):
    return [line.strip() for line in text.splitlines() if line.startswith(" Game ")]


def test_finished_games_leave_the_heap_and_the_match_file_keeps_them(tmp_path):
    p, loop = match_after_games(tmp_path, 3)
    record = loop.app.match.record
    assert record.archived_games == 3 == record.games() - len(list(game_starts(record.data)))
    assert len(list(game_starts(record.data))) <= 1          # the game in play alone
    assert "blot.arc" in p.sim.flash.listdir()
    text = apps_mat_text(loop)
    assert games_in(text)[:3] == ["Game 1", "Game 2", "Game 3"]
    # the match file on the flash, written behind the save, says the same
    with open(p.sim.flash.path("blot.mat")) as f:
        assert f.read() == text
    # the power goes: the restored match finds its games in the archive
    p.sim.cut_power()
    assert p.sim.restarts[-1][1] == POWER_CUT
    loop = resume(p)
    assert loop.app.match.record.archived_games == 3
    assert apps_mat_text(loop) == text


@pytest.mark.parametrize("cut", [0, 1, 5, 20, 60, 300])
@pytest.mark.parametrize("games", [1, 2])
def test_a_power_cut_while_a_game_is_archived_loses_no_game(tmp_path, cut, games):
    # the power goes `cut` bytes into the archive's writing of a game (the
    # first writes a new file and renames it, a pass each; the second
    # appends), or into the flash work after it: the save before still
    # holds that game, so the resumed match file has every game, once each
    p, loop = match_after_games(tmp_path, games - 1)
    flash = p.sim.flash
    write = loop.flash._write_archive

    def armed():
        flash.cut_in(cut)
        loop.flash._write_archive = write
        write()
    loop.flash._write_archive = armed
    try:
        p.play_game({0: runner, 1: runner})
    except Stuck:
        assert p.sim.restarts       # the cut came before the game-over screen was read
    for _ in range(400):
        if p.sim.restarts:
            break
        p.sim.run_ms(10)
    assert p.sim.restarts and p.sim.restarts[-1][1] == POWER_CUT, "the cut did not happen"
    loop = resume(p)
    assert loop.app.match.games == games        # the game-over save went before
    want = ["Game %d" % (k + 1) for k in range(games)]
    assert games_in(apps_mat_text(loop))[:games] == want
    assert loop.app.match.record.games() - len(list(game_starts(loop.app.match.record.data))) \
        == loop.app.match.record.archived_games


def test_the_match_files_lines_are_made_just_after_a_collection(tmp_path):
    # what they leave lasts passes (the text until it is written, the
    # lines' generator): made first in the pass after a collection, it
    # takes the heap's lowest holes
    p, loop = match_after_games(tmp_path, 0)
    log = []
    flash = loop.flash
    update, write, prepare = loop.app.update, flash.write, flash.prepare

    def logged_update(now, events):
        log.append("update")
        return update(now, events)

    def logged_write():
        log.append("write")
        return write()

    def logged_prepare(save_only=False):
        before = flash._mat_text
        made = prepare(save_only)
        if flash._mat_text is not None and flash._mat_text is not before:
            log.append("text")
        return made

    loop.collect = lambda: log.append("collect")
    loop.app.update, flash.write, flash.prepare = logged_update, logged_write, logged_prepare
    p.play_game({0: runner, 1: runner})
    texts = [i for i, what in enumerate(log) if what == "text"]
    assert len(texts) > 5
    for i in texts:
        assert log[i - 1] == "collect", " ".join(log[i - 12:i + 1])     # nothing between
    # a collection for each text, and not one a pass while the app works
    assert log.count("collect") < len(texts) + (log.count("update") + log.count("write")) // 10
