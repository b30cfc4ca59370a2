"""The simulator's flash: a folder on the host (sim-data/ by default) behind
the small storage interface main.py hands to firmware/engine/save.py (`os`-like
rename/remove/statvfs plus open), with a power cut that can be armed to hit
in the middle of a write. RamFlash keeps the files in memory instead, for
benchmarks that time the loop: no host system call runs inside a pass.

Runs under CPython and the MicroPython unix port.
"""
import io
import os


class PowerCut(BaseException):
    """The power went: raised out of a write, past main.py's crash handler
    (which catches Exception), to the simulator, which restarts the board."""


def _makedirs(path):
    at = ""
    for part in path.split("/"):
        at += part + "/"
        if part:
            try:
                os.mkdir(at)
            except OSError:
                pass        # already there


class _Flash:
    """What both flashes share: the filesystem's size, the counts of what
    was written, the armed power cut and statvfs over the files' sizes."""

    def __init__(self, blocks=352, block_size=4096):
        self.blocks = blocks            # the Pico's filesystem: 1408 KB
        self.block_size = block_size
        self.cut_after = None           # bytes to write before the power goes
        self.bytes_written = 0
        self.writes = 0                 # files opened for writing, all time

    def statvfs(self, path):
        used = 0
        for size in self._sizes():
            used += (size + self.block_size - 1) // self.block_size + 1
        free = max(0, self.blocks - 2 - used)
        return (self.block_size, self.block_size, self.blocks, free, free, 0, 0, 0, 0, 255)

    def cut_in(self, nbytes):
        """The power goes after `nbytes` more bytes are written (0: at the next
        write or rename)."""
        self.cut_after = nbytes

    def _step(self):
        if self.cut_after is not None and self.cut_after <= 0:
            self.cut_after = None
            raise PowerCut()


class FolderFlash(_Flash):
    """Files of the simulated device live in `root`; names are flat."""

    def __init__(self, root, blocks=352, block_size=4096):
        super().__init__(blocks, block_size)
        self.root = root
        _makedirs(root)

    def path(self, name):
        return self.root + "/" + name

    def open(self, name, mode="r"):
        if "w" in mode or "a" in mode:
            self.writes += 1
            return _CutWriter(self, open(self.path(name), mode))
        return open(self.path(name), mode)

    def rename(self, old, new):
        self._step()
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        os.remove(self.path(name))

    def listdir(self):
        return sorted(os.listdir(self.root))

    def _sizes(self):
        return [os.stat(self.path(name))[6] for name in os.listdir(self.root)]

    def wipe(self):
        for name in os.listdir(self.root):
            os.remove(self.path(name))


class RamFlash(_Flash):
    """The same flash with its files in memory (name -> bytearray)."""

    def __init__(self, blocks=352, block_size=4096):
        super().__init__(blocks, block_size)
        self.files = {}

    def open(self, name, mode="r"):
        if "w" in mode or "a" in mode:
            self.writes += 1
            if "w" in mode or name not in self.files:
                self.files[name] = bytearray()
            return _CutWriter(self, _RamFile(self.files[name]))
        data = self._get(name)
        return io.BytesIO(bytes(data)) if "b" in mode else io.StringIO(data.decode())

    def _get(self, name):
        if name not in self.files:
            raise OSError(2)        # ENOENT
        return self.files[name]

    def rename(self, old, new):
        self._step()
        self.files[new] = self._get(old)
        del self.files[old]

    def remove(self, name):
        self._get(name)
        del self.files[name]

    def listdir(self):
        return sorted(self.files)

    def _sizes(self):
        return [len(data) for data in self.files.values()]

    def wipe(self):
        self.files.clear()


class _RamFile:
    def __init__(self, buf):
        self.buf = buf

    def write(self, data):
        self.buf.extend(data.encode() if isinstance(data, str) else data)
        return len(data)

    def close(self):
        pass


class _CutWriter:
    def __init__(self, flash, f):
        self.flash = flash
        self.f = f

    def write(self, data):
        flash = self.flash
        if flash.cut_after is not None:
            if flash.cut_after < len(data):
                self.f.write(data[:flash.cut_after])
                self.f.close()
                flash.cut_after = None
                raise PowerCut()
            flash.cut_after -= len(data)
        flash.bytes_written += len(data)
        return self.f.write(data)

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()
