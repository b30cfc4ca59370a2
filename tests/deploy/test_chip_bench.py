"""tools/bench/chip: its board scripts are MicroPython the chip can run,
read only names they bind and the loop's own attributes, the move
benchmark's script gives its figures under the unix port, and where no
emulated Pico is set up the benchmark says so and stops."""
import os
import subprocess

import pytest

from firmware.engine import movegen
from firmware.engine.position import is_race, validate
from tools import deploy
from tools.bench.chip import __main__ as chip
from tools.bench.chip import emulator, positions, soak
from tools.bench.chip import qstrs as chip_qstrs
from tools.sim import mpy


@pytest.mark.parametrize("name, settings", [
    ("moves", {"LEVEL": 5, "CUBE": False, "SCORE": None}),
    ("soak", {"SEED": 1, "PHASES": [("vs", 5, 0, 1000)], "RESUME_MS": 1000}),
    ("passes", {"LEVEL": 5, "MS": 1000}),
    ("heapmap", {"LEVEL": 5, "MS": 1000}),
    ("qstrs", {"SEED": 1, "PHASES": [("vs", 5, 3, 1000), ("demo", 5, 3, 1000), ("menu", 3, 0, 1000)]}),
])
def test_board_scripts_compile_for_the_chip(tmp_path, name, settings):
    source = tmp_path / "bench.py"
    source.write_text(emulator.script(name, settings))
    out = subprocess.run([deploy.tool("mpy-cross"), "-march=armv6m", "-o", str(tmp_path / "bench.mpy"),
                          str(source)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("level, cube, score", [(4, False, None), (5, (7, 3, 5), None), (5, False, (7, 5, 3))])
def test_the_move_script_times_moves_under_the_unix_port(tmp_path, level, cube, score):
    turns = positions.game(3, 5)
    folder = mpy.build(str(tmp_path / "image"))
    with open(os.path.join(folder, "positions.txt"), "w") as f:
        f.write(positions.text(turns))
    out = mpy.run(folder, emulator.script("moves", {"LEVEL": level, "CUBE": cube, "SCORE": score}))
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    run = emulator.Run(out.stdout, [])
    moves = run.lines("MOVE")
    assert [int(w[1]) for w in moves] == [0, 1, 2]
    for w, (board, d1, d2) in zip(moves, turns):
        plays, total_us, steps, longest_us = (int(v) for v in w[2:6])
        assert plays == (0 if cube else len(movegen.plays(board, d1, d2)))
        assert 0 < longest_us <= total_us and steps >= (2 if cube else 1)
    if not cube:
        assert [int(w[2]) for w in run.lines("GEN")] == [int(w[2]) for w in moves]
    assert run.lines("CAL")
    heap = dict((tag, (free, largest)) for tag, free, largest in run.heap())
    assert set(heap) == {"start", "end"}
    assert all(0 < largest <= free for free, largest in heap.values())
    assert "DONE" in out.stdout


def test_the_kept_hard_positions_are_contact_turns_with_a_choice():
    turns = positions.saved_hard(100)
    assert len(turns) == 24
    assert len(set(turns)) == 24
    for board, d1, d2 in turns:
        validate(board)
        assert 1 <= d1 <= 6 and 1 <= d2 <= 6
        assert not is_race(board) and len(movegen.plays(board, d1, d2)) > 1


def test_heap_lines_take_the_largest_block_from_mem_info():
    console = ("HEAP started 78160\nstack: 516 out of 7936\nGC: total: 246016, used: 163808, free: 82208\n"
               " No. of 1-blocks: 1103, 2-blocks: 247, max blk sz: 592, max free sz: 3531\nMOVE 0 1\n")
    assert emulator.Run(console, []).heap() == [("started", 78160, 3531 * 16)]


def test_qstr_dumps_are_read_with_their_count_and_the_modules_loaded():
    console = ("STARTED 2322 ms after main.py began\nQSTRS started\n"
               "qstr pool: n_pool=2, n_qstr=3, n_str_data_bytes=20, n_total_bytes=300\n"
               "Q(firmware/engine/clock.mpy)\nQ(\n)\nQ(blot)\nMODULES started firmware firmware.engine.clock\n"
               "PHASE vs 5 3: 1 computer moves\nQSTRS vs\n"
               "qstr pool: n_pool=2, n_qstr=1, n_str_data_bytes=4, n_total_bytes=200\n"
               "Q(END)\nMODULES vs firmware\nQSTRS OVER\n")
    found = chip_qstrs.dumps(console)
    assert found == {"started": (2, ["firmware/engine/clock.mpy", "\n", "blot"], ["firmware", "firmware.engine.clock"]),
                     "vs": (2, ["END"], ["firmware"])}
    with pytest.raises(ValueError, match="4 qstrs told, 3 read"):
        chip_qstrs.dumps(console.replace("n_qstr=3", "n_qstr=4"))


def test_pass_percentiles_from_the_buckets():
    assert soak.percentiles({1: 50, 2: 40, 30: 9, 60: 1}, (0.5, 0.99, 1.0)) == [1, 30, 60]


def test_without_an_emulated_pico_the_benchmark_says_what_is_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(emulator, "EMU", str(tmp_path))
    why = emulator.missing()
    assert why.startswith("no emulated Pico at %s" % tmp_path) and "firmware/firmware.bin" in why
    assert chip.main(["soak", "--minutes", "1"]) == 2
    assert chip.main(["moves", "--count", "1"]) == 2
    assert chip.main(["passes", "--minutes", "1"]) == 2
    assert chip.main(["qstrs", "--seconds", "1"]) == 2
    assert capsys.readouterr().out.count("no emulated Pico") == 4
    with pytest.raises(RuntimeError, match="no emulated Pico"):
        emulator.run(fs=str(tmp_path), ms=10)


_SETTINGS = {"moves": {"LEVEL": 5, "CUBE": False, "SCORE": None}, "passes": {"LEVEL": 5, "MS": 1000}, "idle": {"MS": 1000},
             "soak": {"SEED": 1, "PHASES": [("vs", 5, 0, 1000)], "RESUME_MS": 1000, "WHO": False},
             "qstrs": {"SEED": 1, "PHASES": [("vs", 5, 3, 1000), ("demo", 5, 3, 1000), ("menu", 3, 0, 1000)]},
             "heapmap": {"LEVEL": 5, "MS": 1000, "SAMPLE_MS": 1000, "WHO": 0},
             "soak --who": {"SEED": 1, "PHASES": [("vs", 5, 0, 1000)], "RESUME_MS": 1000, "WHO": True},
             "heapmap --who": {"LEVEL": 5, "MS": 1000, "SAMPLE_MS": 1000, "WHO": 0x20030000}}


@pytest.mark.parametrize("name", sorted(_SETTINGS))
def test_board_scripts_read_only_names_they_bind(name):
    # A run on the chip takes minutes before a NameError would show: every
    # global a board script reads is bound in it (emulator.START binds
    # LOOP in __main__, which the scripts read through it) or a built-in;
    # without WHO, board_who.py's names are read only where WHO is set.
    import builtins
    import symtable
    settings = _SETTINGS[name]
    text = emulator.script(name.split()[0], settings)
    top = symtable.symtable(text, "bench.py", "exec")
    bound = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
    unbound = set()

    def walk(table):
        for s in table.get_symbols():
            if s.is_referenced() and (s.is_global() or table is top) and s.get_name() not in bound:
                unbound.add(s.get_name())
        for child in table.get_children():
            walk(child)
    walk(top)
    who = set()
    if not settings.get("WHO"):
        with open(os.path.join(os.path.dirname(emulator.__file__), "board_who.py")) as f:
            who = {s.get_name() for s in symtable.symtable(f.read(), "who", "exec").get_symbols() if s.is_assigned()}
    assert unbound - set(dir(builtins)) - who == set()


@pytest.mark.parametrize("name", sorted(_SETTINGS))
def test_board_scripts_use_the_loops_own_attributes(name, tmp_path):
    # the loop's and its flash writer's attributes a board script reads or
    # wraps, on a loop built as the simulator builds it
    import re
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    loop = Sim(FolderFlash(str(tmp_path / "flash")), seed=1).loop
    text = emulator.script(name.split()[0], _SETTINGS[name])
    for attr in set(re.findall(r"\bloop\.(?!flash\.)(\w+)", text)):
        assert hasattr(loop, attr), "loop." + attr
    for attr in set(re.findall(r"\bloop\.flash\.(\w+)", text)) | set(re.findall(r"\(loop\.flash, \"(\w+)\"", text)):
        assert hasattr(loop.flash, attr), "loop.flash." + attr
    for attr in set(re.findall(r"\(loop, \"(\w+)\"", text)):
        assert hasattr(loop, attr), "loop." + attr
