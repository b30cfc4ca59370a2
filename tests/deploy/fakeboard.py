"""A simulated Pico for the deploy tool's tests: a filesystem, a clock, a
game with its watchdog, update mode, and a USB cable that can be pulled, all
behind the transport interface of tools/devlink/transport.py.

The scripts the tool sends run here for real, under CPython, against this
board's files (a stand-in `os` and `open`); the start-up decision is the image's
own (startup.start_mode()). Each command costs simulated time, and a watchdog left
unfed restarts the board as the RP2040's would.
"""
import hashlib
import io
import os
import shutil
import traceback
from collections import namedtuple

from firmware.engine import flashwriter
import startup
from tools.devlink.transport import BoardError, MICROPYTHON_PID, NoAnswer, PICO_VID

Port = namedtuple("Port", "device vid pid serial_number description")

WATCHDOG_MS = 5000
COMMAND_MS = 300        # an mpremote connection: interrupt, raw REPL, soft reset
FILE_MS = 150           # one file copied either way
BLOCK = 4096
BLOCKS = 352            # the Pico's 1408 KB filesystem

GAME = "game"
UPDATE = "update"
REPL = "repl"           # MicroPython's prompt: no main.py, or it ended


def pico_port(device="/dev/ttyACM0", serial="E66138528361"):
    return Port(device, PICO_VID, MICROPYTHON_PID, serial, "Board in FS mode")


class _Os:
    """The board's `os` module, over FakeBoard.files and .folders."""

    def __init__(self, board):
        self.board = board

    def _parent_exists(self, path):
        parent = path.rsplit("/", 1)[0] if "/" in path else ""
        return parent == "" or parent in self.board.folders

    def ilistdir(self, path=""):
        b = self.board
        if path and path not in b.folders:
            raise OSError(2, "ENOENT")
        prefix = path + "/" if path else ""
        for d in sorted(b.folders):
            if d.startswith(prefix) and "/" not in d[len(prefix):]:
                yield (d[len(prefix):], 0x4000, 0, 0)
        for f in sorted(b.files):
            if f.startswith(prefix) and "/" not in f[len(prefix):]:
                yield (f[len(prefix):], 0x8000, 0, len(b.files[f]))

    def mkdir(self, path):
        if path in self.board.folders or path in self.board.files or not self._parent_exists(path):
            raise OSError(17 if path in self.board.folders else 2)
        self.board.folders.add(path)

    def rmdir(self, path):
        b = self.board
        if path not in b.folders:
            raise OSError(2)
        if any(p.startswith(path + "/") for p in list(b.files) + list(b.folders)):
            raise OSError(39, "ENOTEMPTY")
        b.folders.discard(path)

    def remove(self, path):
        if path not in self.board.files:
            raise OSError(2, "ENOENT")
        del self.board.files[path]

    def rename(self, old, new):
        b = self.board
        if old not in b.files or not self._parent_exists(new):
            raise OSError(2, "ENOENT")
        b.files[new] = b.files.pop(old)

    def statvfs(self, path):
        used = sum(-(-len(d) // BLOCK) + 1 for d in self.board.files.values())
        free = BLOCKS - 2 - used - len(self.board.folders)
        return (BLOCK, BLOCK, BLOCKS, free, free, 0, 0, 0, 0, 255)


class _File(io.BytesIO):
    def __init__(self, board, path, mode):
        self.board = board
        self.path = path
        self.writing = "w" in mode
        io.BytesIO.__init__(self, b"" if self.writing else board.files[path])

    def close(self):
        if self.writing and not self.closed:
            self.board.files[self.path] = self.getvalue()
        io.BytesIO.close(self)


class _Time:
    def __init__(self, board):
        self.board = board

    def ticks_ms(self):
        return self.board.ticks_ms()


class _Implementation:
    _mpy = 6 | 3 << 8 | 4 << 10    # .mpy v6.3, arch 4 (armv6m): the rp2 port
    version = (1, 27, 0)
    name = "micropython"


class _Sys:
    implementation = _Implementation()


class FakeBoard:
    """One Pico on one port. `files` maps board paths to bytes."""

    def __init__(self, files=None, port=None):
        self.files = dict(files or {})
        self.folders = set()
        for path in self.files:
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                self.folders.add("/".join(parts[:i]))
        self.port = port or pico_port()
        self.clock_ms = 0
        self.boot_ms = 0
        self.watchdog_fed = None        # ms of the last feed while the watchdog runs
        self.plugged = True
        self.menu_held = False
        self.boots = 0
        self.commands = []              # what the tool asked, in order
        self.cut_after_files = None     # pull the cable after this many more files
        self.restarted_in_command = False
        self.mode = None
        self.boot()

    # --- the board's life ---------------------------------------------------

    def ticks_ms(self):
        return self.clock_ms - self.boot_ms

    def boot(self):
        """Power-on or reset: the image's own start-up decision."""
        self.boots += 1
        self.boot_ms = self.clock_ms
        self.watchdog_fed = None
        if "main.py" not in self.files:
            self.mode = REPL
        elif startup.start_mode(_Os(self), self.menu_held, flashwriter.UPDATE_FILE) == startup.UPDATE:
            self.mode = UPDATE
        else:
            self.mode = GAME
            self.watchdog_fed = self.clock_ms       # armed, and fed while the game runs

    def choose_update(self):
        """The player picks UPDATE in the menu: the game's own flag, then a reset."""
        assert self.mode == GAME
        self.files[flashwriter.UPDATE_FILE] = b"update\n"
        self.boot()

    def advance(self, ms):
        """Time passes; an unfed watchdog restarts the board."""
        end = self.clock_ms + ms
        if self.mode != GAME and self.watchdog_fed is not None \
                and self.watchdog_fed + WATCHDOG_MS <= end:
            self.clock_ms = self.watchdog_fed + WATCHDOG_MS
            self.boot()
            self.restarted_in_command = True
        self.clock_ms = max(self.clock_ms, end)
        if self.mode == GAME:
            self.watchdog_fed = self.clock_ms

    def sleep(self, seconds):
        """The tool's time.sleep."""
        self.advance(int(seconds * 1000))

    def unplug(self):
        self.plugged = False

    def plug(self):
        """The cable in again: the board powers up."""
        self.plugged = True
        self.boot()

    # --- the transport --------------------------------------------------------

    def _connect(self, what):
        self.commands.append(what)
        if not self.plugged:
            raise NoAnswer("no device found")
        self.restarted_in_command = False
        if self.mode == GAME:
            self.mode = REPL        # mpremote's Ctrl-C stops main.py; the watchdog stays armed
        self.advance(COMMAND_MS)
        if self.restarted_in_command:
            raise NoAnswer("could not enter raw repl")

    def _file_time(self):
        self.restarted_in_command = False
        self.advance(FILE_MS)
        if self.restarted_in_command:
            raise NoAnswer("device disconnected")

    def exec(self, code):
        self._connect(("exec", code))
        out = []

        def _print(*args, **kw):
            out.append(" ".join(str(a) for a in args) + kw.get("end", "\n"))

        modules = {"os": _Os(self), "time": _Time(self), "sys": _Sys(),
                   "hashlib": hashlib, "binascii": __import__("binascii")}

        def _import(name, *args, **kw):
            return modules[name]

        def _open(path, mode="r"):
            if "w" not in mode and path not in self.files:
                raise OSError(2, "ENOENT")
            return _File(self, path, mode)

        scope = {"__builtins__": dict(__builtins__ if isinstance(__builtins__, dict) else vars(__builtins__),
                                      __import__=_import, print=_print, open=_open)}
        try:
            exec(code, scope)
        except Exception:
            raise BoardError("".join(out) + "Traceback (most recent call last):\n"
                             + traceback.format_exc(limit=0))
        return "".join(out)

    def get(self, pairs):
        self._connect(("get", [r for r, _ in pairs]))
        for remote, local in pairs:
            self._file_time()
            if remote not in self.files:
                raise BoardError("cp: %s: No such file or directory" % remote)
            with open(local, "wb") as f:
                f.write(self.files[remote])

    def put(self, pairs):
        self._connect(("put", [r for _, r in pairs]))
        for local, remote in pairs:
            with open(local, "rb") as f:
                data = f.read()
            if self.cut_after_files is not None:
                if self.cut_after_files == 0:
                    self.files[remote] = data[:len(data) // 2]     # the cable goes mid-file
                    self.cut_after_files = None
                    self.unplug()
                    raise NoAnswer("device disconnected")
                self.cut_after_files -= 1
            parent = remote.rsplit("/", 1)[0] if "/" in remote else ""
            if parent and parent not in self.folders:
                raise BoardError("cp: %s: No such file or directory" % remote)
            self.files[remote] = data
            self._file_time()

    def reset(self):
        self._connect(("reset",))
        self.boot()


def image_files(folder):
    """path -> bytes of every file under a host folder."""
    found = {}
    for root, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(root, name)
            with open(full, "rb") as f:
                found[os.path.relpath(full, folder).replace(os.sep, "/")] = f.read()
    return found


def copy_tree(src, dst):
    shutil.copytree(src, dst)
