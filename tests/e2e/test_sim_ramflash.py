"""tools/sim/flash.py's RamFlash (the latency benchmark's flash) behaves as
FolderFlash does: the same files, the same errors, the same power cuts, and
the same saves from the same game."""
import pytest

from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash, PowerCut, RamFlash
from tools.sim.player import Player, runner


class Stop(Exception):
    pass


def both(tmp_path):
    return FolderFlash(str(tmp_path / "flash")), RamFlash()


def contents(flash, name, mode="rb"):
    f = flash.open(name, mode)
    try:
        return f.read()
    finally:
        f.close()


def test_files_read_back_renamed_and_removed_alike(tmp_path):
    for flash in both(tmp_path):
        with flash.open("a.txt", "w") as f:
            f.write("one\n")
            f.write("two\n")
        with flash.open("b.bin", "wb") as f:
            f.write(b"\x00\xff")
        f = flash.open("a.txt", "a")
        f.write("three\n")
        f.close()
        assert contents(flash, "a.txt", "r") == "one\ntwo\nthree\n"
        assert contents(flash, "b.bin") == b"\x00\xff"
        flash.rename("a.txt", "b.bin")          # over an existing file
        assert flash.listdir() == ["b.bin"]
        assert contents(flash, "b.bin") == b"one\ntwo\nthree\n"
        assert flash.bytes_written == 16 and flash.writes == 3
        for op in (lambda: flash.open("none"), lambda: flash.remove("none"),
                   lambda: flash.rename("none", "x")):
            with pytest.raises(OSError):
                op()
        flash.remove("b.bin")
        assert flash.listdir() == []


def test_statvfs_counts_blocks_alike(tmp_path):
    free = []
    for flash in both(tmp_path):
        with flash.open("big", "wb") as f:
            f.write(bytes(5000))
        with flash.open("small", "wb") as f:
            f.write(b"x")
        free.append(flash.statvfs("."))
        flash.wipe()
        assert flash.listdir() == []
    assert free[0] == free[1] and free[0][4] == 352 - 2 - 3 - 2


def test_a_power_cut_leaves_the_same_part_written(tmp_path):
    for flash in both(tmp_path):
        flash.cut_in(3)
        f = flash.open("c", "wb")
        with pytest.raises(PowerCut):
            f.write(b"abcdef")
        assert contents(flash, "c") == b"abc"
        flash.cut_in(0)
        with pytest.raises(PowerCut):
            flash.rename("c", "d")
        assert flash.listdir() == ["c"]


def test_a_game_saves_the_same_files_on_either_flash(tmp_path):
    saved = []
    for flash in both(tmp_path):
        flash.wipe()
        p = Player(Sim(flash, seed=4))
        p.start("2 PLAYER")
        turns = []

        def stop(player, grid, mover):
            turns.append(reader.read_board(grid))
            if len(turns) == 6:
                raise Stop()
        with pytest.raises(Stop):
            p.play_game({0: runner, 1: runner}, before_roll=stop)
        p.sim.run_ms(3000)
        saved.append({name: contents(flash, name) for name in flash.listdir()})
    assert "blot.sav" in saved[0]
    assert saved[0] == saved[1]
