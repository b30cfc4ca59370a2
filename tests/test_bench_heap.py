"""tools/bench/heap.py: the whole handheld runs under the MicroPython unix port
and the device estimate is made from what it measured."""
from tools.bench import heap


def test_the_demo_runs_and_the_estimate_adds_the_device_code():
    res = heap.measure(2000, 5, 1)
    assert res["crashes"] == 0
    assert 0 < res["unix_used_at_start_kb"] <= res["unix_used_most_idle_kb"]
    native = res["device_native_modules_kb"]
    assert "firmware/opponent/kernels.py" in native and "firmware/engine/movewalk.py" in native
    # the device holds the modules' machine code, the unix heap did not
    assert sum(native.values()) > res["unix_held_of_native_modules_kb"]
    assert abs(res["device_free_kb"] - (240 - res["device_used_kb"])) < 0.11


def test_native_modules_are_the_ones_with_emitter_decorators():
    found = heap.native_code()
    assert set(found) >= {"firmware/opponent/kernels.py", "firmware/engine/movewalk.py",
                          "firmware/opponent/linear.py"}
    assert all(size > 0 for size in found.values())
