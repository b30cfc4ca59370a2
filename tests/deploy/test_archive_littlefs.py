"""Power cuts on the real filesystem for the archive of finished games:
MicroPython's own LittleFS over test_save_littlefs.py's simulated NOR flash,
cut before and inside every erase and program while a game is archived (an
append, and a rewrite with its rename), then mounted again as a restarted
Pico would: the frames the save counted always come back, and the game is
archived again, once, at the next write.

Under pytest this file runs itself under the MicroPython unix port (LittleFS
is not in CPython); under MicroPython it runs the check and prints the count.
"""
import sys

NAME = "blot.arc"


def games(count):
    """`count` short finished games of a record, as one bytes object."""
    from firmware.engine.matchrecord import MatchRecord
    rec = MatchRecord()
    for k in range(count):
        rec.start_game(k & 1, k, 0)
        rec.move(3, 1, ((8, 5), (6, 5)))
        rec.move(6, 4, ((24, 18), (18, 14)))
        rec.end(k & 1, 1 + k % 3, 0)
    return bytes(rec.data)


def hand_over_all(rec):
    from firmware.engine import archive
    job = archive.hand_over(rec)
    if job is not None:
        archive.finish(rec, job)


def frames(rec):
    from firmware.engine import matfile
    return b"".join(matfile.archived(rec))


def check():
    import vfs
    from firmware.engine import archive
    from firmware.engine.matchrecord import MatchRecord
    from tests.deploy.test_save_littlefs import BLOCK, BLOCKS, PROGSIZE, NorFlash, mount

    data = games(3)
    first_two = data[:data.index(bytes((0xF0,)), 5)]
    third = data[len(first_two):]
    trials = 0
    for rewrite in (False, True):
        image = bytearray(b"\xff" * (BLOCK * BLOCKS))
        vfs.VfsLfs2.mkfs(NorFlash(image), progsize=PROGSIZE)
        dev, fs = mount(image)
        rec = MatchRecord(first_two)
        archive.attach(rec, fs, fs.open, NAME)
        hand_over_all(rec)
        saved = (rec.generation, rec.archived_length)
        assert frames(rec) == first_two
        before = bytes(image)

        def restored(image):
            dev, fs = mount(image)
            rec = MatchRecord(third)
            rec.generation, rec.archived_length, rec.archived_games = saved[0], saved[1], 2
            assert archive.attach(rec, fs, fs.open, NAME)
            if rewrite:
                rec.archive_exact = False       # as after frames past the save's
            return dev, fs, rec

        dev, fs, rec = restored(bytearray(before))
        dev.ops = 0
        hand_over_all(rec)
        total = dev.ops
        assert frames(rec) == data

        for cut in range(total + 1):
            for cut_bytes in (0, 1, 100, 255, 4096):
                image = bytearray(before)
                dev, fs, rec = restored(image)
                dev.ops = 0
                dev.cut_at = cut
                dev.cut_bytes = cut_bytes
                try:
                    hand_over_all(rec)
                except OSError:
                    pass            # the dead flash's last writes fail as they may
                try:
                    dev, fs, rec = restored(image)
                except OSError as exc:
                    raise AssertionError("flash would be reformatted after cut %d/%d: %r"
                                         % (cut, cut_bytes, exc))
                assert frames(rec) == first_two, (rewrite, cut, cut_bytes)
                hand_over_all(rec)
                assert frames(rec) == data, (rewrite, cut, cut_bytes)
                trials += 1
    print("%d cuts while games were archived, every one recovered" % trials)


if sys.implementation.name == "micropython":
    if __name__ == "__main__":
        sys.path.insert(0, "")
        check()
else:
    from tests.deploy.test_save_littlefs import run_check

    def test_power_cut_inside_every_littlefs_write_keeps_the_archived_games():
        assert "every one recovered" in run_check("tests/deploy/test_archive_littlefs.py")
