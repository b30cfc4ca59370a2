"""The save in three steps, as the handheld's loop does it: prepare() makes
the record in a pass that writes nothing, begin() writes it, finish()
renames it into place."""
from firmware.engine import save
from tests.portable.test_save import Flash, FlashWithStatvfs, PowerCut, payload, saved_twice, store


def test_prepare_writes_nothing_and_begin_writes_the_record_save_writes():
    flash = saved_twice()
    s = store(flash.reboot())
    s.load()
    assert s.prepare(payload(3)) == save.OK
    assert flash.steps == 0
    # the record's three pieces: the payload itself, not a copy
    assert bytes(s.record[0]) + bytes(s.record[1]) + bytes(s.record[2]) == save.encode(payload(3), 3)
    assert s.begin() == save.OK
    assert s.record is None and s.pending
    assert bytes(flash.files["blot.tmp"]) == save.encode(payload(3), 3)
    assert s.finish() == save.OK
    assert store(flash.reboot()).load() == (save.OK, payload(3))


def test_a_prepared_record_on_a_full_flash_is_refused_and_the_old_save_kept():
    flash = FlashWithStatvfs()
    flash.free_blocks = 100
    s = store(flash)
    assert s.save(b"old") == save.OK
    flash.free_blocks = 3
    assert s.prepare(b"new") == save.NO_SPACE
    assert s.record is None
    assert store(flash.reboot()).load() == (save.OK, b"old")


def test_a_power_cut_at_every_step_after_prepare_keeps_the_old_or_the_new_save():
    steps = 0
    while True:
        flash = saved_twice()
        s = store(flash.reboot(cut_at=steps))
        s.load()
        assert s.prepare(payload(3)) == save.OK
        try:
            assert s.begin() == save.OK
            assert s.finish() == save.OK
        except PowerCut:
            status, got = store(flash.reboot()).load()
            assert status == save.OK and got in (payload(2), payload(3)), (steps, status)
            steps += 1
            continue
        assert store(flash.reboot()).load() == (save.OK, payload(3))
        break
    assert steps > 3


def test_too_big_payload_is_refused_by_prepare():
    s = store(Flash())
    assert s.prepare(bytes(save.MAX_PAYLOAD + 1)) == save.TOO_BIG
    assert s.record is None
