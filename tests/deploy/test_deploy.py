"""The deploy tool (tools/deploy.py, tools/devlink) against a simulated board
(tests/deploy/fakeboard.py): a running game and its watchdog, update mode, a copy cut
short, stale files of an earlier image, the player's files and an old save
(one the new firmware cannot read, one in the older payload format it
reads), no board and two boards; a copy cut short and no board answering
also through MpremoteTransport with a stand-in mpremote. The scripts sent to
the board also run under the MicroPython unix port."""
import datetime
import os
import subprocess

import pytest

from firmware.engine import flashwriter, save
from firmware.engine.dice import Dice, SeededSource
from firmware.engine.game import Match
from firmware.handheld.app import App
from tests import oldsave
from tests.deploy import fakeboard
from tests.deploy.fakeboard import FakeBoard, Port, pico_port
from tools import deploy
from tools.devlink import remote, update
from tools.devlink.transport import (BoardError, MpremoteTransport, NoAnswer, PortError,
                                     find_port)

MICROPYTHON = os.path.join(deploy.ROOT, ".venv", "bin", "micropython")


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("deploy") / "image")
    deploy.build(out)
    return out


def old_image(image):
    """The board as an image from before the sub-packages left it: every
    firmware module at the top of firmware/ (firmware/movegen.mpy where the
    new image has firmware/engine/movegen.mpy), a driver as source,
    hw/mypy.ini, an older main.py, no file list."""
    files = {}
    for path, data in fakeboard.image_files(image).items():
        parts = path.split("/")
        if parts[0] == "firmware" and len(parts) == 3:
            if parts[2] != "__init__.mpy":
                files["firmware/" + parts[2]] = data + b"old"
        else:
            files[path] = data
    files["main.py"] = b"# the earlier main.py\n"
    files["hw/board.py"] = b"# old driver source, imported before hw/board.mpy\n"
    files["hw/mypy.ini"] = b"[mypy]\n"
    return files


def save_record(match=True):
    app = App(Dice(SeededSource(3)))
    if match:
        app.main.set("POINTS", 4)       # a 7-point match
        app.start_match()
        app.play.match.score = [2, 1]
    return bytes(save.encode(app.snapshot(), 5))


PLAYER = {
    "blot.sav": None,           # filled in by player_files()
    "blot.mat": b"; [Site \"Blot\"]\n 7 point match\n",
    "blot.crash": b"1\nTraceback\n",
    "notes.txt": b"the owner's own file\n",
}


def player_files(record=None):
    files = dict(PLAYER)
    files["blot.sav"] = record if record is not None else save_record()
    files["blot.bak"] = files["blot.sav"]
    return files


class Run:
    """tools.deploy's main() against a board; the exit code and what it said."""

    def __init__(self, board, tmp_path, *args, transport=None):
        self.lines = []
        stamp = [datetime.datetime(2026, 12, 1, 11, 30, 0)]

        def now():
            stamp[0] += datetime.timedelta(seconds=1)
            return stamp[0]
        self.backups = str(tmp_path / "backups")
        self.code = deploy.main(
            list(args) + ["--backups", self.backups, "--to", str(tmp_path / "games")],
            transport=transport or board, sleep=board.sleep, now=now, out=self.lines.append)
        self.text = "\n".join(self.lines)
        self.words = " ".join(self.text.split())


def flash(board, tmp_path, image, *extra, transport=None):
    return Run(board, tmp_path, "flash", "--out", image, "--no-build", *extra, transport=transport)


def assert_image_on(board, image):
    want = fakeboard.image_files(image)
    for path, data in want.items():
        assert board.files.get(path) == data, path
    listed = board.files[update.MANIFEST].decode().splitlines()
    assert sorted(line.split("  ", 1)[1] for line in listed) == sorted(want)


# --- finding the board ----------------------------------------------------------

def test_port_auto_finds_the_one_pico():
    ports = [Port("/dev/ttyS0", None, None, None, "n/a"),
             Port("/dev/ttyUSB0", 0x10C4, 0xEA60, "0001", "CP2102"),
             pico_port("/dev/ttyACM1")]
    assert find_port("auto", ports) == "/dev/ttyACM1"
    assert find_port("/dev/ttyACM5", []) == "/dev/ttyACM5"


def test_port_auto_says_when_there_is_no_pico():
    with pytest.raises(PortError) as info:
        find_port("auto", [Port("/dev/ttyUSB0", 0x10C4, 0xEA60, "0001", "CP2102")])
    text = str(info.value)
    assert "no Pico running MicroPython" in text and "2E8A:0005" in text
    assert "/dev/ttyUSB0 (10C4:EA60" in text and "RPI-RP2" in text


def test_port_auto_refuses_to_guess_between_two_picos(tmp_path):
    ports = [pico_port("/dev/ttyACM0", "AAA1"), pico_port("/dev/ttyACM1", "BBB2")]
    with pytest.raises(PortError) as info:
        find_port("auto", ports)
    text = str(info.value)
    assert text.startswith("2 Picos") and "AAA1" in text and "BBB2" in text and "--port" in text
    # and through the command line, with pyserial's answer stood in
    import serial.tools.list_ports as lp
    real = lp.comports
    lp.comports = lambda: ports
    try:
        lines = []
        assert deploy.main(["pull", "--to", str(tmp_path)], out=lines.append) == 2
    finally:
        lp.comports = real
    assert lines[-1].startswith("2 Picos")


def test_no_board_answering(tmp_path, image):
    board = FakeBoard()
    board.unplug()
    run = flash(board, tmp_path, image)
    assert run.code == 2 and "does not answer" in run.words and "no device found" in run.words


# --- the watchdog ------------------------------------------------------------------

def test_a_running_game_is_found_and_nothing_is_changed(tmp_path, image):
    files = dict(old_image(image), **player_files())
    board = FakeBoard(files)
    assert board.mode == fakeboard.GAME
    run = flash(board, tmp_path, image)
    assert run.code == 2, run.text
    assert "A game is running" in run.words and "restarted by itself" in run.words
    assert "MENU, then UPDATE" in run.words and "holding MENU" in run.words
    assert "Nothing was changed" in run.words
    assert board.files == files
    assert [c[0] for c in board.commands] == ["exec", "exec"]    # two looks, no copy
    assert not os.path.exists(run.backups)


def test_update_mode_from_the_menu_then_a_full_update(tmp_path, image):
    files = dict(old_image(image), **player_files())
    files["lib/extra.mpy"] = b"someone else's library"
    board = FakeBoard(files)
    board.choose_update()
    assert board.mode == fakeboard.UPDATE and flashwriter.UPDATE_FILE not in board.files
    run = flash(board, tmp_path, image)
    assert run.code == 0, run.text
    assert_image_on(board, image)
    # stale files of the earlier image are gone: nothing can shadow the new modules
    for stale in ("firmware/movegen.mpy", "firmware/game.mpy", "hw/board.py", "hw/mypy.ini"):
        assert stale in files
        assert stale not in board.files
    assert "main.py.new" not in board.files
    # the player's files and other folders are untouched, and backed up
    for name, data in player_files().items():
        assert board.files[name] == data
    assert board.files["lib/extra.mpy"] == b"someone else's library"
    folder = os.path.join(run.backups, "2026-12-01_113001")
    assert sorted(os.listdir(folder)) == sorted(player_files())
    for name, data in player_files().items():
        with open(os.path.join(folder, name), "rb") as f:
            assert f.read() == data
    assert "reads the saved game: it offers RESUME? with the 7-point match at 2-1" in run.words
    assert "left alone (not Blot's) (1): lib" in run.words
    # the board restarted into the game
    assert board.mode == fakeboard.GAME and board.commands[-1] == ("reset",)


def test_a_fresh_board_gets_the_whole_image(tmp_path, image):
    board = FakeBoard()
    assert board.mode == fakeboard.REPL
    run = flash(board, tmp_path, image)
    assert run.code == 0, run.text
    assert_image_on(board, image)
    assert "No saved game on the board" in run.words
    assert board.mode == fakeboard.GAME


def test_the_same_image_again_copies_nothing(tmp_path, image):
    board = FakeBoard()
    assert flash(board, tmp_path, image).code == 0
    board.choose_update()
    before = dict(board.files)
    run = flash(board, tmp_path, image)
    assert run.code == 0 and "already holds this image" in run.words
    assert board.files == before
    assert "put" not in [c[0] for c in board.commands[-4:]]


def test_menu_held_at_power_on_also_allows_the_update(tmp_path, image):
    board = FakeBoard(dict(old_image(image), **player_files()))
    board.menu_held = True
    board.plug()
    assert board.mode == fakeboard.UPDATE
    board.menu_held = False
    assert flash(board, tmp_path, image).code == 0
    assert_image_on(board, image)


# --- a copy cut short ----------------------------------------------------------------

def test_a_copy_cut_short_is_reported_and_running_it_again_finishes(tmp_path, image):
    files = dict(old_image(image), **player_files())
    board = FakeBoard(files)
    board.choose_update()
    board.cut_after_files = 6
    run = flash(board, tmp_path, image)
    assert run.code == 3, run.text
    assert "cut short while copying files" in run.words
    assert "run the same command again" in run.words and "2026-12-01_113001" in run.words
    # the cable goes back in: with no main.py there is no game and no watchdog
    board.plug()
    assert "main.py" not in board.files and board.mode == fakeboard.REPL
    board.sleep(60)
    assert board.mode == fakeboard.REPL
    for name, data in player_files().items():
        assert board.files[name] == data
    again = flash(board, tmp_path, image)
    assert again.code == 0, again.text
    assert "unfinished image" in again.words
    assert_image_on(board, image)
    copied = [c[1] for c in board.commands if c[0] == "put"]
    assert len(copied[-2]) < len(fakeboard.image_files(image))      # only what was missing
    for name, data in player_files().items():
        assert board.files[name] == data


def test_a_restart_during_the_copy_is_caught(tmp_path, image):
    """The board restarts mid-copy (here: reset by hand); the copy stops with
    the resume advice and the board comes up without a game."""
    board = FakeBoard(dict(old_image(image), **player_files()))
    board.choose_update()
    real_put = board.put

    def put_then_reset(pairs):
        board.boot()
        raise NoAnswer("device disconnected")
    board.put = put_then_reset
    run = flash(board, tmp_path, image)
    assert run.code == 3 and "cut short" in run.words
    assert board.mode == fakeboard.REPL
    board.put = real_put
    assert flash(board, tmp_path, image).code == 0
    assert_image_on(board, image)


def test_a_wrong_read_back_stops_before_main_py(tmp_path, image):
    board = FakeBoard()
    real_put = board.put

    def corrupting_put(pairs):
        real_put(pairs)
        for _, remote_path in pairs:
            if remote_path.endswith("save.mpy"):
                board.files[remote_path] = board.files[remote_path][:-1] + b"\x00"
    board.put = corrupting_put
    run = flash(board, tmp_path, image)
    assert run.code == 3 and "reading the files back" in run.words
    assert "firmware/engine/save.mpy" in run.words
    assert "main.py" not in board.files


# --- the player's data ---------------------------------------------------------------

def test_a_save_in_the_older_payload_format_is_read_and_kept(tmp_path, image):
    """The earlier firmware's save (payload version 1, no dice counts) of a
    7-point match at 3-2: the new firmware reads it, and it stays as it was."""
    record = oldsave.record()
    assert record[12] == oldsave.PAYLOAD_VERSION != App(Dice(SeededSource(1))).snapshot()[0]
    files = dict(old_image(image), **dict(PLAYER, **{"blot.sav": record}))
    board = FakeBoard(files)
    board.choose_update()
    run = flash(board, tmp_path, image)
    assert run.code == 0, run.text
    assert_image_on(board, image)
    assert "reads the saved game: it offers RESUME? with the 7-point match at 3-2" in run.words
    assert "cannot read" not in run.words
    assert board.files["blot.sav"] == record and "blot.old" not in board.files
    folder = os.path.join(run.backups, "2026-12-01_113001")
    with open(os.path.join(folder, "blot.sav"), "rb") as f:
        assert f.read() == record
    assert board.mode == fakeboard.GAME


def test_a_save_the_new_firmware_cannot_read_is_reported_and_kept(tmp_path, image):
    record = bytearray(save_record())
    record[4] = save.FORMAT_VERSION + 1
    files = dict(old_image(image), **player_files(bytes(record)))
    board = FakeBoard(files)
    board.choose_update()
    run = flash(board, tmp_path, image)
    assert run.code == 0, run.text
    assert "cannot read the saved game (save from other version)" in run.words
    assert "blot.old" in run.words and "SAVE KEPT ASIDE" in run.words
    assert board.files["blot.sav"] == bytes(record)
    with open(os.path.join(run.backups, "2026-12-01_113001", "blot.sav"), "rb") as f:
        assert f.read() == bytes(record)


def test_a_payload_the_new_app_rejects_is_reported(tmp_path, image):
    payload = bytearray(save.decode(save_record())[2])
    payload[0] += 1                                   # another app version
    board = FakeBoard(player_files(bytes(save.encode(bytes(payload), 6))))
    run = flash(board, tmp_path, image)
    assert run.code == 0 and "cannot read the saved game (save corrupt save version %d)" % payload[0] in run.words


def test_settings_only_save(tmp_path, image):
    board = FakeBoard(player_files(save_record(match=False)))
    run = flash(board, tmp_path, image)
    assert "reads the saved settings (no game in progress)" in run.words


def test_not_enough_room_changes_nothing(tmp_path, image):
    files = player_files()
    files["big.bin"] = b"\xff" * (fakeboard.BLOCK * 300)
    board = FakeBoard(files)
    before = dict(board.files)
    run = flash(board, tmp_path, image)
    assert run.code == 2 and "Not enough room" in run.words
    assert board.files == before


def test_dry_run_changes_nothing(tmp_path, image):
    old = old_image(image)
    new = fakeboard.image_files(image)
    board = FakeBoard(dict(old, **player_files()))
    board.choose_update()
    before = dict(board.files)
    run = flash(board, tmp_path, image, "--dry-run")
    assert run.code == 0 and "Dry run" in run.words
    stale = sorted(p for p in old if p not in new)
    assert "firmware/movegen.mpy" in stale and "hw/mypy.ini" in stale
    assert "stale, to remove (%d): %s" % (len(stale), " ".join(stale)) in run.words
    changed = sorted(p for p in new if old.get(p) != new[p])
    assert "firmware/engine/movegen.mpy" in changed and "main.py" in changed
    assert "to copy (%d): %s" % (len(changed), " ".join(changed)) in run.words
    assert board.files == before and not os.path.exists(run.backups)


# --- pull -------------------------------------------------------------------------

def test_pull_copies_the_games_off_into_a_dated_folder(tmp_path, image):
    board = FakeBoard()
    assert flash(board, tmp_path, image).code == 0
    board.files.update(player_files())
    board.choose_update()
    run = Run(board, tmp_path, "pull")
    assert run.code == 0, run.text
    folder = tmp_path / "games" / "2026-12-01_113001"
    assert sorted(os.listdir(folder)) == sorted(player_files())
    assert (folder / "blot.mat").read_bytes() == PLAYER["blot.mat"]
    assert "import mat %s" % (folder / "blot.mat") in run.words
    assert board.mode == fakeboard.GAME


def test_pull_from_a_running_game_asks_for_update_mode(tmp_path, image):
    board = FakeBoard(dict(old_image(image), **player_files()))
    run = Run(board, tmp_path, "pull")
    assert run.code == 2 and "A game is running" in run.words
    assert not (tmp_path / "games").exists()


# --- the image -------------------------------------------------------------------

def test_only_device_files_go_in_the_image(image):
    files = fakeboard.image_files(image)
    assert "hw/mypy.ini" not in files and not any(p.endswith(".md") for p in files)
    assert "hw/mypy.ini" in deploy.left_out()


def test_the_board_scripts_run_under_micropython(tmp_path):
    board = tmp_path / "board"
    (board / "hw").mkdir(parents=True)
    (board / "hw" / "a.mpy").write_bytes(b"M\x06abc" * 700)
    (board / "blot.sav").write_bytes(b"Blot")
    (board / "main.py.new").write_bytes(b"print(1)\n")

    def run(code):
        result = subprocess.run([MICROPYTHON, "-c", code], cwd=board, capture_output=True,
                                text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout
    listing = remote.parse_probe(run(remote.PROBE))
    assert listing.files["hw/a.mpy"] == remote.file_hash(str(board / "hw" / "a.mpy"))
    assert listing.files["blot.sav"] == (4, remote.file_hash_bytes(b"Blot")[1])
    assert listing.folders == {"hw"} and listing.mpy & 0xFF == 6
    run(remote.mkdir_script(["firmware", "firmware/engine"]))
    assert (board / "firmware" / "engine").is_dir()
    run(remote.rename_script("main.py.new", "main.py"))
    run(remote.remove_script(["hw/a.mpy", "nothing.here"], ["hw", "firmware/engine", "firmware"]))
    assert sorted(os.listdir(board)) == ["blot.sav", "main.py"]


# --- the real transport's command lines ---------------------------------------------

class Completed:
    def __init__(self, code, stdout="", stderr=""):
        self.returncode, self.stdout, self.stderr = code, stdout, stderr


def test_mpremote_transport_commands_and_errors():
    calls = []
    answers = []

    def run(command, **kw):
        calls.append(command)
        return answers.pop(0)
    t = MpremoteTransport("/dev/ttyACM0", "mpremote", run)
    answers.append(Completed(0, "T 5\n"))
    assert remote.ticks(t) == 5
    assert calls[-1][:4] == ["mpremote", "connect", "/dev/ttyACM0", "exec"]
    pairs = [("/img/f%d" % i, "f%d" % i) for i in range(20)]
    answers += [Completed(0), Completed(0)]
    t.put(pairs)
    first, second = calls[-2:]
    assert first[3:9] == ["cp", "/img/f0", ":f0", "+", "cp", "/img/f1"]
    assert first.count("cp") == 16 and second.count("cp") == 4
    answers.append(Completed(1, "Traceback (most recent call last):\nOSError: 28\n"))
    with pytest.raises(BoardError):
        t.exec("x")
    answers.append(Completed(1, "", "mpremote: could not enter raw repl\n"))
    with pytest.raises(NoAnswer) as info:
        t.exec("x")
    assert "could not enter raw repl" in str(info.value)


SERIAL_GONE = ("serial.serialutil.SerialException: device reports readiness to read but "
               "returned no data (device disconnected or multiple access on port?)")


class FakeMpremote:
    """mpremote's command line as MpremoteTransport runs it (subprocess.run's
    arguments and answer) in front of a FakeBoard: exec, cp joined by +, and
    reset, one connection a run; a board gone or a cable pulled answers as
    mpremote 1.29 does (its message on stderr, exit 1). `hang`: the port
    opens and nothing ever answers."""

    def __init__(self, board, device="/dev/ttyACM0"):
        self.board = board
        self.device = device
        self.hang = False
        self.runs = []

    def __call__(self, command, capture_output=False, text=False, timeout=None):
        assert capture_output and text and timeout
        assert command[:3] == ["mpremote", "connect", self.device], command
        self.runs.append(command[3:])
        if self.hang:
            raise subprocess.TimeoutExpired(command, timeout)
        if not self.board.plugged:
            return Completed(1, "", "mpremote: failed to access %s (it may be in use by "
                                    "another program)\n" % self.device)
        args = command[3:]
        out = []
        try:
            if args[0] == "exec":
                assert len(args) == 2
                return Completed(0, self.board.exec(args[1]))
            if args == ["reset"]:
                self.board.reset()
                return Completed(0)
            pairs = []
            while args:
                assert args[0] == "cp" and len(args) >= 3 and args[3:4] in ([], ["+"]), args
                pairs.append((args[1], args[2]))
                out.append("cp %s %s\n" % (args[1], args[2]))
                args = args[4:]
            if all(src.startswith(":") for src, _ in pairs):
                self.board.get([(src[1:], dst) for src, dst in pairs])
            else:
                assert all(dst.startswith(":") for _, dst in pairs)
                self.board.put([(src, dst[1:]) for src, dst in pairs])
            return Completed(0, "".join(out))
        except BoardError as exc:
            if args[0] == "exec":
                return Completed(1, str(exc))       # the board's traceback, on stdout
            return Completed(1, "".join(out), "mpremote: %s\n" % exc)
        except NoAnswer:
            return Completed(1, "".join(out), "Traceback (most recent call last):\n"
                             "  File \"mpremote/transport_serial.py\", line 147, in read_until\n"
                             + SERIAL_GONE + "\n")


def put_runs(mpremote):
    """The board paths each mpremote run copied onto the board, run by run."""
    return [[a[i + 2][1:] for i in range(len(a)) if a[i] == "cp"]
            for a in mpremote.runs if a[0] == "cp" and a[2].startswith(":")]


def test_a_copy_cut_short_through_mpremote_is_reported_and_running_it_again_finishes(
        tmp_path, image):
    files = dict(old_image(image), **player_files())
    board = FakeBoard(files)
    board.choose_update()
    mpremote = FakeMpremote(board)
    transport = MpremoteTransport("/dev/ttyACM0", "mpremote", mpremote)
    assert len(fakeboard.image_files(image)) > 32
    board.cut_after_files = 20          # the cable goes in the second batch of 16
    run = flash(board, tmp_path, image, transport=transport)
    assert run.code == 3, run.text
    assert "cut short while copying files" in run.words
    assert "device disconnected or multiple access on port?) (mpremote exit 1)" in run.words
    assert "run the same command again" in run.words and "2026-12-01_113001" in run.words
    first = put_runs(mpremote)
    assert len(first) == 2 and len(first[0]) == 16     # a full batch, then the cut one
    first = first[0] + first[1]
    board.plug()
    assert "main.py" not in board.files and board.mode == fakeboard.REPL
    for name, data in player_files().items():
        assert board.files[name] == data
    mpremote.runs.clear()
    again = flash(board, tmp_path, image, transport=transport)
    assert again.code == 0, again.text
    assert "unfinished image" in again.words
    assert_image_on(board, image)
    second = [p for batch in put_runs(mpremote) for p in batch]
    # the 20 files copied whole are not copied again; the one cut mid-file is
    assert not set(first[:20]) & set(second) and first[20] in second
    for name, data in player_files().items():
        assert board.files[name] == data
    assert board.mode == fakeboard.GAME and mpremote.runs[-1] == ["reset"]


def test_no_board_answering_through_mpremote(tmp_path, image):
    board = FakeBoard(dict(old_image(image), **player_files()))
    board.choose_update()
    before = dict(board.files)
    mpremote = FakeMpremote(board)
    transport = MpremoteTransport("/dev/ttyACM0", "mpremote", mpremote)
    board.unplug()
    run = flash(board, tmp_path, image, transport=transport)
    assert run.code == 2, run.text
    assert "The board does not answer (mpremote: failed to access /dev/ttyACM0 (it may be in " \
        "use by another program) (mpremote exit 1))" in run.words
    assert "Check that it is plugged in" in run.words and "run this command again" in run.words
    assert len(mpremote.runs) == 1 and mpremote.runs[0][0] == "exec"
    mpremote.hang = True                # plugged in, and silent
    board.plug()
    run = flash(board, tmp_path, image, transport=transport)
    assert run.code == 2, run.text
    assert "does not answer (mpremote gave no answer within 120 s)" in run.words
    assert board.files == before and not os.path.exists(run.backups)


def test_a_board_whose_micropython_cannot_load_the_image_is_told_which_to_install(tmp_path, image):
    board = FakeBoard()
    board_sys = fakeboard._Sys()
    board_sys.implementation = type("Old", (), {"_mpy": 5 | 4 << 10, "version": (1, 18, 0)})()
    real_exec = board.exec

    def exec_on_old(code):
        fakeboard._Sys.implementation, saved = board_sys.implementation, fakeboard._Sys.implementation
        try:
            return real_exec(code)
        finally:
            fakeboard._Sys.implementation = saved
    board.exec = exec_on_old
    run = flash(board, tmp_path, image)
    assert run.code == 2 and "MicroPython 1.18.0" in run.words and "v1.23 or later" in run.words
    assert board.files == {}
