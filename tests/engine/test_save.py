"""The save file on a real filesystem (CPython's os and open), and properties
of the record format over many random inputs."""
import binascii
import os

from hypothesis import given, settings, strategies as st

from firmware.engine import save


def test_crc16_agrees_with_binascii():
    for data in (b"", b"\x00", b"123456789", bytes(range(256))):
        assert save.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


@given(st.binary(max_size=600), st.integers(min_value=0, max_value=2**30))
def test_any_payload_round_trips(payload, serial):
    assert save.decode(save.encode(payload, serial)) == (save.OK, serial, payload)


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_decode_never_raises_on_garbage(data):
    status, serial, payload = save.decode(data)
    assert status in (save.OK, save.TRUNCATED, save.CORRUPT, save.FOREIGN, save.VERSION)
    assert (payload is None) == (status != save.OK)


@settings(max_examples=200)
@given(st.binary(min_size=1, max_size=100), st.data())
def test_any_damage_inside_a_record_is_caught(payload, data):
    record = bytearray(save.encode(payload, 9))
    at = data.draw(st.integers(0, len(record) - 1))
    record[at] ^= data.draw(st.integers(1, 255))
    assert save.decode(record)[0] != save.OK


def test_saves_on_disk_with_the_os_module(tmp_path):
    name = str(tmp_path / "blot")
    s = save.SaveFile(os, open, name)
    assert s.load() == (save.MISSING, None)
    for i in range(5):
        assert s.save(b"turn %d" % i) == save.OK
    assert sorted(os.listdir(tmp_path)) == ["blot.bak", "blot.sav"]
    assert save.SaveFile(os, open, name).load() == (save.OK, b"turn 4")


def test_stale_temp_file_is_cleared_at_load(tmp_path):
    name = str(tmp_path / "blot")
    s = save.SaveFile(os, open, name)
    assert s.save(b"kept") == save.OK
    (tmp_path / "blot.tmp").write_bytes(b"Blot\x01")          # cut while writing
    assert save.SaveFile(os, open, name).load() == (save.OK, b"kept")
    assert not (tmp_path / "blot.tmp").exists()


def test_complete_temp_file_is_moved_into_place(tmp_path):
    name = str(tmp_path / "blot")
    s = save.SaveFile(os, open, name)
    assert s.save(b"one") == save.OK
    # the power went between renaming .sav to .bak and .tmp to .sav
    os.rename(name + ".sav", name + ".bak")
    (tmp_path / "blot.tmp").write_bytes(bytes(save.encode(b"two", 2)))
    assert save.SaveFile(os, open, name).load() == (save.OK, b"two")
    assert (tmp_path / "blot.sav").exists() and not (tmp_path / "blot.tmp").exists()


def test_rename_one_does_finish_a_rename_at_a_time(tmp_path):
    name = str(tmp_path / "blot")
    s = save.SaveFile(os, open, name)
    assert s.save(b"one") == save.OK
    assert s.begin(b"two") == save.OK
    assert s.rename_one() is None           # the backup made, the new one still blot.tmp
    assert sorted(os.listdir(tmp_path)) == ["blot.bak", "blot.tmp"]
    # a power cut here: the new save loads from blot.tmp
    assert save.SaveFile(os, open, name).load() == (save.OK, b"two")
    assert s.begin(b"three") == save.OK     # no blot.sav now: nothing to back up
    assert s.rename_one() == save.OK and not s.pending
    assert sorted(os.listdir(tmp_path)) == ["blot.bak", "blot.sav"]
    assert save.SaveFile(os, open, name).load() == (save.OK, b"three")
    assert s.rename_one() == save.OK        # nothing pending: nothing to do


def test_rename_one_that_fails_drops_the_save(tmp_path):
    class NoRename:
        def __getattr__(self, name):
            return getattr(os, name)

        def rename(self, old, new):
            raise OSError(28)
    name = str(tmp_path / "blot")
    assert save.SaveFile(os, open, name).save(b"one") == save.OK
    s = save.SaveFile(NoRename(), open, name)
    assert s.load() == (save.OK, b"one")
    assert s.begin(b"two") == save.OK
    assert s.rename_one() == save.WRITE_FAILED and not s.pending
    assert save.SaveFile(os, open, name).load() == (save.OK, b"two")   # kept in blot.tmp


def test_write_atomic_on_disk(tmp_path):
    path = str(tmp_path / "match.mat")
    save.write_atomic(os, open, path, b"; [Site \"Blot\"]\n")
    save.write_atomic(os, open, path, b"second")
    assert (tmp_path / "match.mat").read_bytes() == b"second"
    assert os.listdir(tmp_path) == ["match.mat"]
