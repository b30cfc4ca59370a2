"""End to end, power: cuts mid-turn and mid-save, a crash, a watchdog reset,
low and critical batteries; each time the saved game resumes as the LEDs
showed it. Only simulated buttons, battery and power in; LEDs, buzzer and the
flash out."""
import os

import machine
import pytest

from firmware.engine import movegen
from firmware.handheld import sounds
from tools.sim import reader
from tools.sim.core import CRASH, POWER_CUT, WATCHDOG, Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import BLINK_MS, Player, board_after, is_text, runner

TURN = 4        # the roll at which each test steps in


class Stop(Exception):
    pass


def game_at_a_roll(tmp_path, seed=4, turn=TURN):
    """A two-player game played up to a human's roll; (player, board, mover)."""
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=seed)
    p = Player(sim)
    p.start("2 PLAYER")
    found = []

    def stop(player, grid, mover):
        if len(found) == turn - 1:
            found.append((reader.read_board(grid), mover))
            raise Stop()
        found.append(None)
    with pytest.raises(Stop):
        p.play_game({0: runner, 1: runner}, before_roll=stop)
    board, mover = found[-1]
    # the last turn's save and match file through and counted, so that a
    # test's own save starts from a quiet flash
    flash = sim.loop.flash
    run_until(p, lambda: not flash.due() and not flash.mat_due)
    return p, board, mover


def roll_and_choose(p, board, mover):
    """Rolls, waits for the cursor, and picks the runner's play."""
    p.press("A")
    grid = p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g),
                        what="the dice")
    _, (d1, d2), _ = reader.read_dice(grid)
    position = board.mover_view(mover)
    result, move = runner(position, movegen.plays(position, d1, d2))
    return result, move


def resume(p):
    """After a restart: the resume question, answered yes; the board before
    the roll and who is to roll. See resume_rolled() for a game saved after
    the roll."""
    board, mover, dice = resume_any(p)
    assert dice is None, "the game resumed after the roll: %r" % (dice,)
    return board, mover


def resume_any(p):
    """After a restart: the resume question, answered yes; (board, mover,
    dice) as the LEDs show them: dice None when the mover is still to roll."""
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    grid = p.wait_until(lambda g: not is_text(g) and (reader.read_dice(g) is None or reader.marks(g)),
                        what="the board")
    rolled = reader.read_dice(grid)
    if rolled is None:
        return reader.read_board(grid), p._ring_colour(grid), None
    mover, dice, _ = rolled
    return board_under_cursor(p, mover), mover, dice


def board_under_cursor(p, mover):
    """The board while the cursor blinks: it blinks yellow past a stack (or
    on the last LED of a full one), so the look without yellow is the board."""
    a = p.grid()
    p.sim.run_ms(BLINK_MS)
    b = p.grid()
    spots = reader.blinking(a, b)
    assert len(spots) == 1, "no single blinking cursor: %r" % (spots,)
    return reader.read_board(reader.unblink(a, b))


def finish(p):
    top, bottom, known = p.play_game({0: runner, 1: runner})
    assert top.endswith("WINS")
    assert not p.sim.crashes


def test_power_cut_mid_turn_resumes_at_the_start_of_the_turn_with_the_same_dice(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    result, move = roll_and_choose(p, board, mover)
    dice = reader.read_dice(p.grid())[1]
    p.play_move(mover, move[:1], confirm=False)      # one checker moved, then the power goes
    p.sim.cut_power()
    assert p.sim.restarts[-1][1] == POWER_CUT
    assert resume_any(p) == (board, mover, dice)
    finish(p)


def test_power_cut_after_the_roll_keeps_the_dice(tmp_path):
    # The roll is a save point: cutting the power before the move cannot
    # buy another roll, whatever the seed of the next start-up.
    p, board, mover = game_at_a_roll(tmp_path)
    p.press("A")
    grid = p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g), what="the dice")
    rolled = reader.read_dice(grid)
    assert rolled[0] == mover
    saves = p.sim.loop.flash.saves
    for _ in range(3):
        p.sim.cut_power()
        assert p.sim.restarts[-1][1] == POWER_CUT
        assert resume_any(p) == (board, mover, rolled[1])
        assert p.sim.loop.app.match.game.dice == rolled[1]
    assert p.sim.loop.flash.saves <= saves     # resuming writes nothing
    finish(p)


@pytest.mark.parametrize("cut", ["start", "middle", "last byte", "renames", "after"])
def test_power_cut_mid_save_resumes_the_old_or_the_new_turn(tmp_path, cut):
    p, board, mover = game_at_a_roll(tmp_path)
    result, move = roll_and_choose(p, board, mover)
    dice = reader.read_dice(p.grid())[1]
    p.play_move(mover, move, confirm=False)
    size = os.path.getsize(p.sim.flash.path("blot.sav"))
    nbytes = {"start": 0, "middle": size // 2, "last byte": size - 1,
              "renames": size + 4, "after": size + 40}[cut]
    p.sim.cut_power_during_save(nbytes)
    p.press("A")                                      # confirm: the save starts
    p.sim.run_ms(200)
    assert p.sim.restarts and p.sim.restarts[-1][1] == POWER_CUT, "the cut did not happen"
    resumed = resume_any(p)
    after = board_after(result, mover)
    # the old save is the one written at the roll: the same board and dice
    assert resumed in ((board, mover, dice), (after, 1 - mover, None)), (cut, resumed)
    if cut == "start":
        assert resumed == (board, mover, dice)
    finish(p)


def test_crash_resets_and_the_saved_game_resumes(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)

    def broken(now_ms, events=()):
        raise RuntimeError("simulated fault in the app")
    p.sim.loop.app.update = broken
    p.sim.run_ms(100)
    assert p.sim.restarts[-1][1] == CRASH
    assert isinstance(p.sim.crashes[-1], RuntimeError)
    crash_log = open(p.sim.flash.path("blot.crash")).read()
    assert crash_log.startswith("1\n") and "simulated fault" in crash_log
    assert resume(p) == (board, mover)
    assert p.sim.loop.flash.crashes == 1
    passes = log_mat_passes(p)
    result, move = roll_and_choose(p, board, mover)
    p.play_move(mover, move)
    p.sim.run_ms(300)
    # the next good save clears the crash count, and the file goes in a
    # flash pass of its own (a removal may compact the metadata)
    assert p.sim.loop.flash.crashes == 0
    assert not os.path.exists(p.sim.flash.path("blot.crash"))
    assert ["remove blot.crash"] in passes
    p.sim.crashes.clear()
    finish(p)


def test_watchdog_reset_resumes_the_saved_game(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    real = p.sim.loop.app.update

    def stuck(now_ms, events=()):
        machine.sim.clock.advance(9000)       # the loop hangs past the watchdog's 5 s
        real(now_ms, events)
    p.sim.loop.app.update = stuck
    p.sim.run_ms(150)       # waiting for a roll, the app runs at least every 100 ms
    assert p.sim.restarts[-1][1] == WATCHDOG
    assert resume(p) == (board, mover)


def test_low_then_critical_battery(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    mark = p.notes_count()
    sim.set_battery_mv(3350)
    # said once in words, at once as the board waits for the roll
    p.wait_until(lambda g: reader.line_text(g, 9) == "A OK", max_ms=30000, what="BATTERY LOW")
    assert reader.read_scrolling(sim, 1) == "BATTERY LOW"
    p.press("A")
    seen = set()
    for _ in range(120):                      # the battery is sampled once a second
        sim.run_ms(250)
        grid = sim.grid()
        if reader.at(grid, 10, 7) == reader.at(grid, 10, 8) != 0:
            seen.add(reader.at(grid, 10, 7))
            if len(seen) == 2:
                break
    # two LEDs mid-board, red and green by turns
    assert seen == {reader.RED, reader.GREEN}, "no low-battery mark:\n" + sim.text()
    assert p.heard(mark, sounds.LOW_BATTERY)
    from hw.buzzer import note_hz
    beeps = [t for t in p.tones_since(mark) if t[1] == note_hz(88) and t[2]]
    sim.run_ms(60000)
    again = [t for t in p.tones_since(mark) if t[1] == note_hz(88) and t[2]]
    assert len(again) == len(beeps), "the warning repeated within a minute"
    # critical: the game is saved, a message shown, then the device sleeps
    sim.set_battery_mv(3000)
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1).startswith("BATTERY"),
                 max_ms=60000, what="the critical battery message")
    top, bottom = reader.screen_lines(sim.grid())
    assert top.startswith("BATTERY") and bottom.startswith("GAME SA"), (top, bottom)
    for _ in range(100):
        sim.run_ms(1000)
        if sim.loop.asleep:
            break
    assert sim.loop.asleep and not sim.display_on()
    # every press that wakes it shows the message for its few seconds again
    saves = sim.loop.flash.saves
    for wake in range(1, 3):
        sim.press("A")
        assert sim.loop.wakes == wake and not sim.loop.asleep
        sim.run_ms(200)                       # from its start, before it scrolls
        top, bottom = reader.screen_lines(sim.grid())
        assert top.startswith("BATTERY") and bottom.startswith("GAME SA"), (wake, top, bottom)
        for _ in range(5):                    # 2.5 s more: the message the whole time
            sim.run_ms(500)
            assert not sim.loop.asleep and sim.display_on() and is_text(sim.grid())
        sim.run_ms(800)
        assert sim.loop.asleep and not sim.display_on()
    assert sim.loop.flash.saves == saves            # waking writes nothing
    # new batteries: the game resumes where it was
    sim.cut_power()
    sim.set_battery_mv(None)
    sim.board.battery.used_uas = 0
    assert resume(p) == (board, mover)


def test_a_button_held_into_sleep_does_not_wake_it(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    sim.down("B")                       # held through the critical battery
    sim.set_battery_mv(3000)
    for _ in range(120):
        sim.run_ms(1000)
        if sim.loop.asleep:
            break
    assert sim.loop.asleep
    start = sim.total_ms()
    sim.run_ms(10000)                   # time goes on; the held button does not wake it
    assert sim.total_ms() - start == 10000 and sim.loop.asleep and not sim.display_on()
    sim.up("B")
    sim.run_ms(1000)
    assert sim.loop.asleep
    assert sim.loop.wakes == 0
    sim.press("A")                      # a new press wakes it (and, still critical, it sleeps again)
    assert sim.loop.wakes == 1


def test_a_saved_game_that_crashes_every_resume_is_set_aside(tmp_path):
    from firmware.handheld.app import App

    class FailsInPlay(App):
        def update(self, now_ms, events=()):
            if self.play is not None:
                raise RuntimeError("fault in the resumed game")
            App.update(self, now_ms, events)

    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    sim.app_class = FailsInPlay
    sim.cut_power()
    for crash in range(1, 4):
        p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
        p.press("A")
        assert len(sim.crashes) == crash
    # the fourth start-up does not offer the game that crashed three times
    sim.run_ms(500)
    top = reader.line_text(sim.grid(), 1)
    assert top != "RESUME?" and top.startswith("SAVE"), sim.text()
    # kept on the flash as blot.old, out of the way of the next save
    assert "blot.old" in sim.flash.listdir() and "blot.sav" not in sim.flash.listdir()
    sim.crashes.clear()


def test_fresh_batteries_after_a_critical_one_bring_the_game_back_on_a_press(tmp_path):
    """The simulator's `0` key: new cells without a power cut. The press that
    wakes the board finds the battery good again and the game comes back."""
    p, board, mover = game_at_a_roll(tmp_path)
    sim = p.sim
    sim.set_battery_mv(3000)
    for _ in range(100):
        sim.run_ms(1000)
        if sim.loop.asleep:
            break
    assert sim.loop.asleep and not sim.display_on()
    sim.fresh_batteries()
    sim.press("A")
    # (the other side's last move is marked: the board shows its before and after in turn)
    grid = p.wait_until(lambda g: not is_text(g) and reader.read_board(g) == board, max_ms=3000,
                        what="the board again")
    assert reader.read_dice(grid) is None
    for _ in range(10):                       # and it stays awake: 10 s more
        sim.run_ms(1000)
        assert not sim.loop.asleep and sim.display_on()
    assert sim.restarts == []


def mat_text(p):
    path = p.sim.flash.path("blot.mat")
    return open(path).read() if os.path.exists(path) else None


def apps_mat_text(loop):
    """The match file's text as the app writes it whole."""
    out = []
    loop.app.write_mat(type("S", (), {"write": lambda self, s: out.append(s)})())
    return "".join(out)


def run_until(p, done, most=500):
    """Runs the loop 10 ms at a time until done() holds, in fewer than
    `most` passes; returns how many it ran."""
    passes = 0
    while not done():
        p.sim.run_ms(10)
        passes += 1
        assert passes < most
    return passes


def roll_and_save(p):
    """Holds A (the roll) until the loop has saved, then lets go; the loop."""
    loop = p.sim.loop
    saves = loop.flash.saves
    p.sim.down("A")
    run_until(p, lambda: loop.flash.saves != saves)
    p.sim.up("A")
    return loop


def test_the_match_file_is_written_a_few_lines_a_pass_and_replaced_whole(tmp_path):
    # The whole file's text is long bytecode late in a match: it goes out
    # over quiet passes into blot.mat.tmp, and only the last renames it over
    # blot.mat, so the file on the flash is always a whole one.
    p, board, mover = game_at_a_roll(tmp_path, turn=12)
    p.sim.run_ms(2000)
    old = mat_text(p)
    assert old is not None and "1) " in old
    loop = p.sim.loop
    saves = loop.flash.saves
    p.sim.down("A")         # the roll: a save, then the match file behind it
    while loop.flash.saves == saves:
        assert mat_text(p) == old
        p.sim.run_ms(10)
    p.sim.up("A")
    passes = writing = 0
    while loop.flash.mat_due:
        assert mat_text(p) == old
        writing += "blot.mat.tmp" in p.sim.flash.listdir()
        p.sim.run_ms(10)
        passes += 1
        assert passes < 500
    assert passes > 5 and writing > 5
    assert mat_text(p) == apps_mat_text(loop)
    assert "blot.mat.tmp" not in p.sim.flash.listdir()


def test_a_power_cut_while_the_match_file_is_written_keeps_the_old_one(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path, turn=10)
    p.sim.run_ms(2000)
    old = mat_text(p)
    loop = roll_and_save(p)
    run_until(p, lambda: "blot.mat.tmp" in p.sim.flash.listdir(), 20)
    assert loop.flash.mat_due
    p.sim.cut_power()
    assert mat_text(p) == old
    resume_any(p)
    p.sim.run_ms(3000)
    assert mat_text(p) == old


def roll_until_the_record_is_written(p):
    """Rolls (a save point) and runs the loop until the save's record is in
    blot.tmp and its renames are still to come; returns the dice."""
    loop = p.sim.loop
    p.sim.down("A")
    run_until(p, lambda: loop.flash.store.pending, 100)
    p.sim.up("A")
    return loop.app.match.game.dice


def test_a_save_is_written_a_flash_change_a_pass(tmp_path):
    # the record in one pass, then each rename in a pass of its own: each
    # may wait on the flash (an erase, a metadata compaction), never two
    # in one pass; the save is counted in the quiet pass after the last
    p, board, mover = game_at_a_roll(tmp_path)
    loop = p.sim.loop
    flash = p.sim.flash
    saves = loop.flash.saves
    roll_until_the_record_is_written(p)
    assert "blot.tmp" in flash.listdir() and loop.flash.saves == saves
    renames = []
    rename = flash.rename
    flash.rename = lambda old, new: (renames.append((len(passes), old, new)), rename(old, new))[1]
    passes = []
    step = loop.step

    def logged():
        step()
        passes.append((loop.wrote, loop.flash.saves))
    loop.step = logged
    run_until(p, lambda: loop.flash.saves == saves + 1)
    assert [(old, new) for _, old, new in renames] == [("blot.sav", "blot.bak"), ("blot.tmp", "blot.sav")]
    (first, _, _), (second, _, _) = renames
    assert passes[first][0] and passes[second][0] and second > first + 1
    assert not passes[-1][0] and len(passes) == second + 2     # counted in the pass after
    assert "blot.tmp" not in flash.listdir()
    finish(p)


def test_a_pass_that_writes_the_flash_does_nothing_else(tmp_path):
    # Any write may stall the CPU for a 45 ms block erase: such a pass
    # only reads the buttons (for their debounce; a press puts the write
    # off), neither runs the app nor drives the LEDs, and the pass after
    # it writes nothing, so the handheld keeps answering while the save
    # and the match file go out a piece at a time.
    p, board, mover = game_at_a_roll(tmp_path, turn=12)
    p.sim.run_ms(2000)
    loop = p.sim.loop
    flash = p.sim.flash
    calls = []

    def count(obj, name):
        real = getattr(obj, name)

        def counted(*args):
            calls.append(name)
            return real(*args)
        setattr(obj, name, counted)
    for obj, name in ((loop.app, "update"), (loop.hw.buttons, "poll"), (loop.hw.matrix, "show")):
        count(obj, name)
    passes = []
    step = loop.step

    def logged():
        del calls[:]
        before = (flash.bytes_written, sorted(flash.listdir()))
        collections = loop.collections
        step()
        wrote = before != (flash.bytes_written, sorted(flash.listdir()))
        if loop.collections == collections:     # a collection's pass does nothing else
            passes.append((wrote, loop.wrote, sorted(calls)))
    loop.step = logged
    saves = loop.flash.saves
    p.sim.down("A")         # the roll: a save, then the match file behind it
    p.sim.run_ms(100)
    p.sim.up("A")
    while loop.flash.mat_due:
        p.sim.run_ms(10)
        assert len(passes) < 1000
    assert loop.flash.saves == saves + 1
    writing = [i for i, (wrote, _, _) in enumerate(passes) if wrote]
    assert len(writing) > 5     # the record, its renames, the match file in pieces
    for i, (wrote, flag, names) in enumerate(passes):
        assert wrote == flag, (i, passes[i])
        if wrote:
            assert names == ["poll"], (i, names)
            assert i + 1 == len(passes) or not passes[i + 1][0]
        else:
            assert names == ["poll", "show", "update"], (i, names)


def test_a_power_cut_between_the_two_halves_of_a_save_keeps_the_new_one(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    rolled = roll_until_the_record_is_written(p)
    p.sim.cut_power()
    assert resume_any(p) == (board, mover, rolled)
    assert p.sim.loop.app.match.game.dice == rolled
    finish(p)


def test_the_save_record_is_made_in_a_quiet_pass_and_the_next_pass_only_writes_it(tmp_path, monkeypatch):
    # The record (its CRC) and the check for room are made in a pass that
    # writes nothing; the pass that writes it (and may stall for an erase)
    # opens, writes and closes the file, nothing more.
    from firmware.engine import save
    p, board, mover = game_at_a_roll(tmp_path)
    loop = p.sim.loop
    flash = p.sim.flash
    made = []
    for name in ("frame", "has_room"):
        real = getattr(save, name)

        def counted(*args, real=real, name=name):
            made.append(name)
            return real(*args)
        monkeypatch.setattr(save, name, counted)
    passes = []
    step = loop.step

    def logged():
        del made[:]
        written = flash.bytes_written
        step()
        passes.append((flash.bytes_written != written, loop.wrote, sorted(made),
                       loop.flash.store.record is not None))
    loop.step = logged
    saves = loop.flash.saves
    p.sim.down("A")         # the roll: a save
    p.sim.run_ms(100)
    p.sim.up("A")
    while loop.flash.mat_due:
        p.sim.run_ms(10)
        assert len(passes) < 1000
    assert loop.flash.saves == saves + 1
    making = [i for i, (_, _, names, _) in enumerate(passes) if names]
    assert len(making) == 1
    i = making[0]
    assert passes[i][2] == ["frame", "has_room"] and not passes[i][1] and passes[i][3]
    wrote, flag, names, ready = passes[i + 1]
    assert wrote and flag and not names and not ready
    assert all(not names for wrote, flag, names, ready in passes if flag)
    finish(p)


def test_a_newer_snapshot_replaces_a_record_made_but_not_written(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path)
    loop = p.sim.loop
    loop.flash.store.record = b"stale"        # made in a quiet pass, not written yet
    loop.app.take_save = lambda: b"newer"
    loop.flash.due = lambda save_only=False: False     # the pass that takes the snapshot
    loop._idle_until = loop._ticks      # a whole pass, not one that only reads the buttons
    loop.step()
    assert loop.flash.store.record is None and loop.flash._save_due == b"newer"


def log_mat_passes(p):
    """Wraps the loop's pass and the flash: for every pass after this, what
    it did to the match file ("open", "write", "close", "rename"), the
    save's renames ("save rename"), removals ("remove NAME") and whether it
    ran the app. Returns the list it fills."""
    loop = p.sim.loop
    flash = p.sim.flash
    done = []

    class Logged:
        def __init__(self, f):
            self.f = f

        def write(self, data):
            done.append("write")
            return self.f.write(data)

        def close(self):
            done.append("close")
            self.f.close()
    open_file, rename, remove = loop.flash.open, flash.rename, flash.remove

    def logged_open(name, mode="r"):
        f = open_file(name, mode)
        if name == "blot.mat.tmp":
            done.append("open")
            f = Logged(f)
        return f

    def logged_rename(old, new):
        done.append("rename" if new == "blot.mat" else "save rename")
        return rename(old, new)
    def logged_remove(name):
        done.append("remove " + name)
        return remove(name)
    loop.flash.open, flash.rename, flash.remove = logged_open, logged_rename, logged_remove
    update = loop.app.update

    def logged_update(*args):
        done.append("update")
        return update(*args)
    loop.app.update = logged_update
    passes = []
    step = loop.step

    def logged_step():
        del done[:]
        step()
        passes.append(list(done))
    loop.step = logged_step
    return passes


@pytest.mark.parametrize("lines", [None, 1000])
def test_the_match_file_is_renamed_in_a_pass_of_its_own(tmp_path, monkeypatch, lines):
    # The last lines' write may wait for a block's erase and the close and
    # rename for a metadata compaction: never both in one pass. (With 1000
    # lines a pass the last pass of text is never empty.)
    from firmware.engine import flashwriter
    if lines is not None:
        monkeypatch.setattr(flashwriter, "MAT_LINES", lines)
    p, board, mover = game_at_a_roll(tmp_path, turn=12)
    p.sim.run_ms(2000)
    loop = p.sim.loop
    passes = log_mat_passes(p)
    p.sim.down("A")         # the roll: a save, then the match file behind it
    p.sim.run_ms(100)
    p.sim.up("A")
    while loop.flash.mat_due:
        p.sim.run_ms(10)
        assert len(passes) < 1000
    renames = [i for i, done in enumerate(passes) if "rename" in done]
    assert len(renames) == 1
    i = renames[0]
    assert passes[i] == ["close", "rename"]
    # the pass before wrote nothing (a flash pass is followed by a quiet
    # one), the one before that wrote the last lines
    assert "update" in passes[i - 1] and "write" not in passes[i - 1]
    before = [done for done in passes[:i] if "write" in done or "open" in done]
    assert before and "close" not in before[-1] and "write" in before[-1]
    if lines is not None:
        assert len(before) == 1 and before[0] == ["open", "write"]
    assert mat_text(p) == apps_mat_text(loop)
    assert "blot.mat.tmp" not in p.sim.flash.listdir()


def test_a_match_file_abandoned_by_a_new_save_is_closed_in_a_pass_of_its_own(tmp_path):
    # Its close commits what it holds (a metadata compaction may come with
    # it): never in the pass of the new save's renames.
    p, board, mover = game_at_a_roll(tmp_path, turn=12)
    p.sim.run_ms(2000)
    logged = log_mat_passes(p)
    loop = roll_and_save(p)
    run_until(p, lambda: loop.flash._mat_file is not None)    # the match file half written
    assert not loop.flash._mat_whole
    start = len(logged)
    loop.flash._save_due = loop.app.snapshot()    # a new save, as after a press
    while loop.flash.mat_due:
        p.sim.run_ms(10)
        assert len(logged) < 2000
    passes = logged[start:]
    saved = [i for i, done in enumerate(passes) if "save rename" in done]
    closes = [i for i, done in enumerate(passes) if "close" in done]
    assert saved and closes[0] > saved[-1]
    assert passes[closes[0]] == ["close"]   # the abandoned file, alone
    assert all("close" not in done for done in passes[:closes[0]])
    assert mat_text(p) == apps_mat_text(loop)


def test_a_power_cut_before_the_match_files_rename_keeps_the_old_one(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path, turn=10)
    p.sim.run_ms(2000)
    old = mat_text(p)
    loop = roll_and_save(p)
    rolled = loop.app.match.game.dice
    run_until(p, lambda: loop.flash._mat_whole)      # every line written, the close and rename next
    assert loop.flash.mat_due and "blot.mat.tmp" in p.sim.flash.listdir()
    p.sim.cut_power()
    assert mat_text(p) == old
    assert resume_any(p)[2] == rolled   # the save went before: the roll kept
    p.sim.run_ms(3000)
    assert mat_text(p) == old       # no save since: the old file stays


def test_going_to_sleep_with_the_rename_due_writes_the_whole_match_file(tmp_path):
    p, board, mover = game_at_a_roll(tmp_path, turn=10)
    p.sim.run_ms(2000)
    loop = roll_and_save(p)
    run_until(p, lambda: loop.flash._mat_whole)
    loop._fall_asleep()
    assert not loop.flash.mat_due and "blot.mat.tmp" not in p.sim.flash.listdir()
    assert mat_text(p) == apps_mat_text(loop)
