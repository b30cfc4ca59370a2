"""Power cuts on the real filesystem: MicroPython's own LittleFS (vfs.VfsLfs2)
over a simulated NOR flash, cut before and inside every erase and program
during a save, then mounted again as a restarted Pico would.

Under pytest this file runs itself under the MicroPython unix port (LittleFS
is not in CPython); under MicroPython it runs the check and prints the count.
"""
import sys

BLOCK = 4096
BLOCKS = 48          # a small filesystem; the Pico's is 352 blocks of 4 KB
PROGSIZE = 256       # as the rp2 port's _boot.py mounts it


class NorFlash:
    """A block device with NOR flash rules: erase sets a block to 0xFF,
    programming can only clear bits. The power goes before operation
    `cut_at` (erases and programs counted together): that program stops after
    `cut_bytes` bytes, an erase halfway, and nothing after it reaches the
    flash. LittleFS calls these with the heap locked, so they allocate nothing
    and cannot raise: a dead flash just ignores what follows."""

    def __init__(self, data):
        self.data = data
        self.ops = 0
        self.cut_at = -1
        self.cut_bytes = 0
        self.dead = False

    def _cut_now(self):
        if self.ops == self.cut_at:
            self.dead = True
            return True
        self.ops += 1
        return False

    def readblocks(self, block, buf, offset=0):
        at = block * BLOCK + offset
        data = self.data
        for i in range(len(buf)):
            buf[i] = data[at + i]

    def writeblocks(self, block, buf, offset=0):
        if self.dead:
            return
        at = block * BLOCK + offset
        n = len(buf)
        if self._cut_now() and self.cut_bytes < n:
            n = self.cut_bytes
        data = self.data
        for i in range(n):
            data[at + i] &= buf[i]

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6 and not self.dead:
            at = arg * BLOCK
            n = BLOCK // 2 if self._cut_now() else BLOCK
            data = self.data
            for i in range(at, at + n):
                data[i] = 255
        return 0


def mount(data):
    """The filesystem on this flash image as a restarted device mounts it."""
    import vfs
    dev = NorFlash(data)
    return dev, vfs.VfsLfs2(dev, progsize=PROGSIZE)


def store(fs):
    from firmware.engine import save
    return save.SaveFile(fs, fs.open)


def payload(n):
    return bytes((n * 13 + i) & 255 for i in range(120 + n))


def check():
    import vfs
    from firmware.engine import save

    image = bytearray(b"\xff" * (BLOCK * BLOCKS))
    vfs.VfsLfs2.mkfs(NorFlash(image), progsize=PROGSIZE)
    dev, fs = mount(image)
    s = store(fs)
    assert s.save(payload(1)) == save.OK
    assert s.save(payload(2)) == save.OK
    before = bytes(image)

    dev, fs = mount(bytearray(before))
    s = store(fs)
    s.load()
    dev.ops = 0
    assert s.save(payload(3)) == save.OK
    total = dev.ops

    trials = 0
    kept_old = 0
    for cut in range(total + 1):
        for cut_bytes in (0, 1, 100, 200, 255, 4096):
            image = bytearray(before)
            dev, fs = mount(image)
            s = store(fs)
            s.load()
            dev.ops = 0
            dev.cut_at = cut
            dev.cut_bytes = cut_bytes
            # the program runs on; from the cut on, nothing reaches the flash
            s.save(payload(3))
            if cut < total:
                assert dev.dead
            # a power cut loses only RAM: mount the same flash again
            try:
                dev, fs = mount(image)
            except OSError as exc:
                raise AssertionError("flash would be reformatted after cut %d/%d: %r"
                                     % (cut, cut_bytes, exc))
            status, got = store(fs).load()
            assert status == save.OK, (cut, cut_bytes, status)
            assert got in (payload(2), payload(3)), (cut, cut_bytes)
            if cut == total:
                assert got == payload(3)
            if got == payload(2):
                kept_old += 1
            s = store(fs)
            s.load()
            assert s.save(payload(4)) == save.OK
            assert store(fs).load() == (save.OK, payload(4))
            trials += 1
    # a cut before the final rename reached the flash must leave the old save
    assert kept_old > 0
    print("%d cuts over %d flash operations (%d kept the previous save), every one recovered"
          % (trials, total, kept_old))


if sys.implementation.name == "micropython":
    if __name__ == "__main__":
        sys.path.insert(0, "")
        check()
else:
    import os
    import subprocess

    ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    def run_check(path):
        """Runs a LittleFS check file under the MicroPython unix port; its output."""
        result = subprocess.run(
            [os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=4M", path],
            cwd=ROOT, capture_output=True, text=True, timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def test_power_cut_inside_every_littlefs_write_keeps_a_save():
        assert "every one recovered" in run_check("tests/deploy/test_save_littlefs.py")
