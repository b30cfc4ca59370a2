"""The save file: formats, every load error, and power cuts at every write.

Flash below stands in for the `os` module and `open`: a dict of files, where
every byte written, every file created, renamed or removed is one step, and
the power can go before any step. A write cut short leaves the bytes written
so far (harsher than LittleFS, which keeps the old file until a close), or,
with torn=True, the rest of that write as erased flash (0xFF).
"""
from firmware.engine import save


class PowerCut(Exception):
    pass


class Flash:
    def __init__(self, cut_at=None, torn=False):
        self.files = {}
        self.steps = 0
        self.cut_at = cut_at
        self.torn = torn
        self.free_blocks = None

    def tick(self):
        if self.cut_at is not None and self.steps >= self.cut_at:
            raise PowerCut()
        self.steps += 1

    def reboot(self, cut_at=None):
        """The same flash after a power cycle, optionally cutting again later."""
        self.steps = 0
        self.cut_at = cut_at
        return self

    # the `open` half
    def open(self, path, mode="r"):
        if "w" in mode:
            self.tick()
            self.files[path] = bytearray()
            return _Writer(self, path)
        if path not in self.files:
            raise OSError(2)
        return _Reader(bytes(self.files[path]))

    # the `os` half
    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.tick()
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2)
        self.tick()
        del self.files[path]


class _Writer:
    def __init__(self, flash, path):
        self.flash = flash
        self.data = flash.files[path]

    def write(self, data):
        for i in range(len(data)):
            try:
                self.flash.tick()
            except PowerCut:
                if self.flash.torn:
                    self.data.extend(b"\xff" * (len(data) - i))
                raise
            self.data.append(data[i])
        return len(data)

    def close(self):
        pass


class _Reader:
    def __init__(self, data):
        self.data = data

    def read(self):
        return self.data

    def close(self):
        pass


class FlashWithStatvfs(Flash):
    def statvfs(self, path):
        return (4096, 4096, 352, self.free_blocks, self.free_blocks, 0, 0, 0, 0, 255)


def store(flash):
    return save.SaveFile(flash, flash.open)


def payload(n):
    return bytes((n * 7 + i) & 255 for i in range(40 + n % 5))


def saved_twice():
    """A flash holding two complete saves (so .sav and .bak both exist)."""
    flash = Flash()
    s = store(flash)
    assert s.load() == (save.MISSING, None)
    assert s.save(payload(1)) == save.OK
    assert s.save(payload(2)) == save.OK
    return flash


def test_record_round_trips():
    record = save.encode(b"position and match", 5)
    assert save.decode(record) == (save.OK, 5, b"position and match")


def test_crc16_matches_the_ccitt_check_value():
    assert save.crc16(b"123456789") == 0x29B1


def test_the_viper_crc_equals_its_plain_twin():
    # Under MicroPython the saves' CRC runs in viper; CPython has only the
    # twin, which save.crc16 then calls.
    from firmware.engine import save_plain
    viper = getattr(save, "_v_crc16", None)
    if viper is None:
        assert save._crc16 is save_plain.crc16
        return
    assert save._crc16 is viper
    state = 12345
    for n in (0, 1, 2, 15, 16, 17, 255, 256, 1000, 4097):
        data = bytearray(n)
        for i in range(n):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            data[i] = state >> 16 & 255
        half = memoryview(data)[: n // 2]
        for seed in (0xFFFF, 0, 0x1D0F):
            assert viper(data, n, seed) == save_plain.crc16(data, n, seed)
            assert viper(bytes(data), n, seed) == save_plain.crc16(bytes(data), n, seed)
            assert viper(half, n // 2, seed) == save_plain.crc16(half, n // 2, seed)
    assert save_plain.crc16(b"123456789", 9, 0xFFFF) == 0x29B1


def test_save_then_load_gives_the_payload_back():
    flash = Flash()
    assert store(flash).save(b"abc") == save.OK
    assert store(flash.reboot()).load() == (save.OK, b"abc")


def test_empty_flash_reports_missing():
    assert store(Flash()).load() == (save.MISSING, None)


def test_foreign_file_is_reported_as_foreign():
    flash = Flash()
    flash.files["blot.sav"] = bytearray(b"print('hello')\n")
    assert store(flash).load() == (save.FOREIGN, None)


def test_every_truncation_is_reported_as_truncated():
    record = save.encode(payload(3), 1)
    for n in range(len(record)):
        flash = Flash()
        flash.files["blot.sav"] = bytearray(record[:n])
        assert store(flash).load() == (save.TRUNCATED, None), n


def test_every_flipped_bit_is_caught():
    record = save.encode(payload(4), 1)
    for i in range(len(record)):
        for bit in range(8):
            damaged = bytearray(record)
            damaged[i] ^= 1 << bit
            flash = Flash()
            flash.files["blot.sav"] = damaged
            status = store(flash).load()
            assert status[0] in (save.CORRUPT, save.FOREIGN, save.VERSION, save.TRUNCATED), (i, bit)
            assert status[1] is None


def test_other_version_is_reported_as_version():
    record = bytearray(save.encode(b"x", 1))
    record[4] = save.FORMAT_VERSION + 1
    flash = Flash()
    flash.files["blot.sav"] = record
    assert store(flash).load() == (save.VERSION, None)


def test_extra_bytes_after_the_record_are_corrupt():
    flash = Flash()
    flash.files["blot.sav"] = bytearray(save.encode(b"x", 1) + b"\x00")
    assert store(flash).load() == (save.CORRUPT, None)


def test_unreadable_flash_is_reported_not_raised():
    class Failing(Flash):
        def open(self, path, mode="r"):
            raise OSError(5)
    assert store(Failing()).load() == (save.UNREADABLE, None)


def test_damaged_newest_falls_back_to_the_older_copy():
    flash = saved_twice()
    flash.files["blot.sav"][20] ^= 0x10
    assert store(flash.reboot()).load() == (save.RESTORED, payload(1))


def test_a_save_after_restore_keeps_the_good_older_copy():
    flash = saved_twice()
    flash.files["blot.sav"][20] ^= 0x10
    s = store(flash.reboot())
    s.load()
    assert s.save(payload(3)) == save.OK
    assert bytes(flash.files["blot.bak"]) == save.encode(payload(1), 1)


def test_loading_a_clean_flash_writes_nothing():
    flash = saved_twice()
    store(flash.reboot()).load()
    assert flash.steps == 0


def test_each_save_writes_one_record_and_two_renames():
    flash = saved_twice()
    s = store(flash.reboot())
    s.load()
    size = len(save.encode(payload(3), 3))
    assert s.save(payload(3)) == save.OK
    assert flash.steps == 1 + size + 2
    assert s.writes == 1


def test_full_flash_refuses_to_save_and_keeps_the_old_one():
    flash = FlashWithStatvfs()
    flash.free_blocks = 100
    s = store(flash)
    assert s.save(b"old") == save.OK
    flash.free_blocks = 3
    assert s.save(b"new") == save.NO_SPACE
    assert store(flash.reboot()).load() == (save.OK, b"old")


def test_too_big_payload_is_refused():
    assert store(Flash()).save(bytes(save.MAX_PAYLOAD + 1)) == save.TOO_BIG


def test_erase_forgets_every_copy():
    flash = saved_twice()
    s = store(flash)
    s.erase()
    assert flash.files == {}
    assert store(flash.reboot()).load() == (save.MISSING, None)


def steps_of_a_save(flash, new):
    """How many steps saving `new` takes from this flash (on a copy)."""
    probe = Flash()
    probe.files = dict((k, bytearray(v)) for k, v in flash.files.items())
    s = store(probe)
    s.load()
    probe.steps = 0
    assert s.save(new) == save.OK
    return probe.steps


def copy_flash(flash, torn=False):
    other = Flash(torn=torn)
    other.files = dict((k, bytearray(v)) for k, v in flash.files.items())
    return other


def cut_during_save(before, torn):
    """Cut the power before every step of one save; the old save always loads."""
    old = payload(2)
    new = payload(3)
    total = steps_of_a_save(before, new)
    for cut in range(total + 1):
        flash = copy_flash(before, torn)
        s = store(flash)
        s.load()
        flash.reboot(cut)
        try:
            s.save(new)
            assert cut == total, "save finished before the cut at step %d" % cut
        except PowerCut:
            assert cut < total
        status, got = store(flash.reboot()).load()
        assert status == save.OK, (cut, status)
        assert got in (old, new), cut
        if cut == total:
            assert got == new
        # and the machine goes on saving after the restart
        s = store(flash.reboot())
        s.load()
        assert s.save(payload(4)) == save.OK
        assert store(flash.reboot()).load() == (save.OK, payload(4)), cut


def test_power_cut_at_every_step_of_a_save_keeps_the_previous_save():
    cut_during_save(saved_twice(), torn=False)


def test_torn_write_at_every_step_keeps_the_previous_save():
    cut_during_save(saved_twice(), torn=True)


def test_power_cut_during_the_first_ever_save_leaves_no_save_or_the_new_one():
    new = payload(1)
    total = steps_of_a_save(Flash(), new)
    for cut in range(total + 1):
        flash = Flash(cut_at=cut)
        try:
            store(flash).save(new)
        except PowerCut:
            pass
        status, got = store(flash.reboot()).load()
        assert (status, got) in ((save.MISSING, None), (save.TRUNCATED, None), (save.OK, new)), cut


def test_power_cut_during_recovery_after_a_cut_still_loads():
    before = saved_twice()
    new = payload(3)
    total = steps_of_a_save(before, new)
    for cut in range(total + 1):
        flash = copy_flash(before)
        s = store(flash)
        s.load()
        flash.reboot(cut)
        try:
            s.save(new)
        except PowerCut:
            pass
        # the next start-up's settling (rename or remove) is cut at each step too
        for cut2 in range(3):
            flash.reboot(cut2)
            try:
                store(flash).load()
            except PowerCut:
                pass
        status, got = store(flash.reboot()).load()
        assert status == save.OK and got in (payload(2), new), (cut, status)


def test_write_atomic_leaves_old_or_new():
    for cut in range(8):
        flash = Flash()
        flash.files["game.mat"] = bytearray(b"old")
        flash.reboot(cut)
        try:
            save.write_atomic(flash, flash.open, "game.mat", b"new!")
        except PowerCut:
            pass
        assert bytes(flash.files["game.mat"]) in (b"old", b"new!"), cut
