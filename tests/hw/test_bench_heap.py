"""tools/bench/heap.py: the whole handheld runs under the MicroPython unix port
and the device estimate is made from what it measured; tools/bench/qstrs.py:
the interned strings the device makes."""
import os
import subprocess

from tools import deploy
from tools.bench import heap, qstrs
from tools.sim.mpy import MPY_CROSS


def test_the_demo_runs_and_the_estimate_adds_the_device_code():
    res = heap.measure(2000, 5, 1)
    assert res["crashes"] == 0
    assert 0 < res["unix_used_at_start_kb"] <= res["unix_used_most_idle_kb"]
    native = res["device_native_modules_kb"]
    assert "firmware/opponent/kernels.py" in native and "firmware/engine/movewalk.py" in native
    # the device holds the modules' machine code, the unix heap did not
    assert sum(native.values()) > res["unix_held_of_native_modules_kb"]
    assert abs(res["device_free_kb"] - (240 - res["device_used_kb"])) < 0.11
    # the simulator's names are the unix port's, not the device's
    assert 800 < res["device_qstrs"] < res["unix_qstrs"]


def test_native_modules_are_the_ones_with_emitter_decorators(tmp_path):
    deploy.build(str(tmp_path))
    found = heap.native_code(str(tmp_path))
    assert set(found) >= {"firmware/opponent/kernels.py", "firmware/engine/movewalk.py",
                          "firmware/opponent/linear.py"}
    assert all(size > 0 for size in found.values())


def _compiled(tmp_path, text, name="m.mpy"):
    source = tmp_path / "m.py"
    source.write_text(text)
    out = tmp_path / name
    subprocess.run([MPY_CROSS, "-s", name, "-o", str(out), str(source)], check=True)
    return str(out)


def test_an_mpy_file_lists_its_names_and_strings_but_not_the_static_ones(tmp_path):
    found = qstrs.mpy_qstrs(_compiled(tmp_path, "def blot_gammon(pips):\n    text = str(pips)\n"
                                                "    return 'NO MOVE' + text\n"))
    # an argument's name is kept (for keyword calls), a local's is not
    assert {"blot_gammon", "NO MOVE", "m.mpy", "pips"} <= set(found)
    assert "str" not in found and "text" not in found


def test_a_file_that_is_not_an_mpy_is_refused(tmp_path):
    path = tmp_path / "x.mpy"
    path.write_bytes(b"M\x05\x00\x1f")
    try:
        qstrs.mpy_qstrs(str(path))
    except ValueError as e:
        assert "version 6" in str(e)
    else:
        raise AssertionError("a version 5 file was read")


def test_the_device_interns_module_names_paths_and_what_the_firmware_lacks(tmp_path):
    os.makedirs(tmp_path / "blotpkg")
    _compiled(tmp_path, "import time\nblot_point = time.ticks_ms\nlen\n", os.path.join("blotpkg", "blotmod.mpy"))
    found = qstrs.device_qstrs(str(tmp_path), ["blotpkg.blotmod"], unix_dynamic={"blot_point"})
    assert {"blotpkg.blotmod", "blotpkg/blotmod.mpy", "blotpkg", "blotmod", "blot_point"} <= found
    # names the rp2 build holds (its time module's, Python's builtins) are not made
    assert "ticks_ms" not in found and "time" not in found
    try:
        qstrs.device_qstrs(str(tmp_path), ["blotpkg.other"], set())
    except ValueError as e:
        assert "blotpkg.other" in str(e)
    else:
        raise AssertionError("a module missing from the image was counted")


def test_the_qstrs_heap_is_their_characters_and_pools_at_their_fullest():
    assert qstrs.heap_bytes({"ab", "cde"}) == (3 + 4) + 2 * 2 * qstrs.POOL_ENTRY
    assert qstrs.heap_bytes(set()) == 0


def test_the_image_names_each_module_as_the_file_the_device_imports(tmp_path):
    deploy.build(str(tmp_path))
    found = qstrs.mpy_qstrs(str(tmp_path / "firmware" / "engine" / "clock.mpy"))
    assert "firmware/engine/clock.mpy" in found and "firmware/engine/clock.py" not in found
