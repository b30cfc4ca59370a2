"""The deploy tool through the real transport: mpremote's command line
against a MicroPython board on a pseudo-terminal (tests/deploy/picoemu.py, the
unix port behind the raw REPL). Slower than tests/deploy/test_deploy.py (mpremote
runs, and the real 6.5 s wait for a watchdog), so one flash and one pull."""
import datetime
import os

from firmware.engine import save
from tests.deploy.picoemu import PicoEmulator
from tests.deploy.test_deploy import save_record
from tools import deploy
from tools.devlink import remote

MICROPYTHON = os.path.join(deploy.ROOT, ".venv", "bin", "micropython")


def write(folder, files):
    for path, data in files.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)


def read(folder):
    found = {}
    for root, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(root, name)
            with open(full, "rb") as f:
                found[os.path.relpath(full, folder)] = f.read()
    return found


IMAGE = {
    "main.py": b"print('the game')\n",
    "boot.py": b"# boot\n",
    "hw/__init__.mpy": b"M\x06\x00\x1f" + bytes(range(200)),
    "firmware/engine/__init__.mpy": b"M\x06\x00\x1f" + bytes(300),
    "firmware/engine/movegen.mpy": b"M\x06\x00\x1f" + os.urandom(3000),
}


def test_flash_and_pull_through_mpremote(tmp_path):
    image = str(tmp_path / "image")
    write(image, IMAGE)
    board = str(tmp_path / "board")
    player = {"blot.sav": save_record(), "blot.mat": b" 7 point match\n", "notes.txt": b"mine\n"}
    write(board, dict(player, **{
        "main.py": b"print('old game')\n",
        "firmware/movegen.mpy": b"M\x06\x00\x1f old",       # the layout before the sub-packages
        "hw/mypy.ini": b"[mypy]\n",
    }))
    stamp = datetime.datetime(2026, 12, 1, 12, 0, 0)
    lines = []
    with PicoEmulator(board, MICROPYTHON) as emu:
        code = deploy.main(["flash", "--port", emu.device, "--out", image, "--no-build",
                            "--backups", str(tmp_path / "backups")],
                           now=lambda: stamp, out=lines.append)
        text = "\n".join(lines)
        assert code == 0, text
        assert emu.wait_resets(1) == 1                 # restarted into the game at the end
        on_board = read(board)
        for path, data in IMAGE.items():
            assert on_board[path] == data, path
        for path, data in player.items():
            assert on_board[path] == data, path
        assert "firmware/movegen.mpy" not in on_board and "hw/mypy.ini" not in on_board
        manifest = on_board["image.sha256"].decode()
        assert "%s  firmware/engine/movegen.mpy" % remote.file_hash_bytes(
            IMAGE["firmware/engine/movegen.mpy"])[1] in manifest
        assert read(str(tmp_path / "backups" / "2026-12-01_120000")) == player
        assert "reads the saved game" in text

        lines.clear()
        code = deploy.main(["pull", "--port", emu.device, "--to", str(tmp_path / "games")],
                           now=lambda: stamp, out=lines.append)
        assert code == 0, "\n".join(lines)
        assert read(str(tmp_path / "games" / "2026-12-01_120000")) == player
        assert emu.wait_resets(2) == 2
    assert save.decode(player["blot.sav"])[0] == save.OK
