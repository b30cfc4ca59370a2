"""tools/bench/devicetime.py: the one device-time policy. Checks the
arithmetic and that the MicroPython side runs; no timing is asserted."""
import os
import subprocess

import pytest

from tools.bench import devicetime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def hundredth():
    """Reference times at 1/100 of the device's: every ratio 100."""
    return [ms * 1000 / 100 for _, _, ms in devicetime.REFERENCE]


def test_each_kind_takes_its_largest_ratio():
    ref = hundredth()
    ref[devicetime.NAMES.index("calls")] /= 2         # calls ratio 200
    ref[devicetime.NAMES.index("viper_acc")] *= 2     # acc ratio 50, viper loop 100
    r = devicetime.Ratios(ref)
    assert r.ratio(devicetime.BYTECODE) == pytest.approx(200)
    assert r.ratio(devicetime.VIPER) == pytest.approx(100)
    assert r.ratio(devicetime.NATIVE) == pytest.approx(100)
    assert r.ratio(devicetime.MIXED) == pytest.approx(200)
    assert r.ms(1000) == pytest.approx(200)
    assert r.ms(1000, devicetime.VIPER) == pytest.approx(100)


def test_split_converts_each_part_with_its_ratio():
    ref = hundredth()
    ref[devicetime.NAMES.index("viper_loop")] /= 3    # viper ratio 300
    r = devicetime.Ratios(ref)
    assert r.split_ms(1000, 400) == pytest.approx((600 * 100 + 400 * 300) / 1000)
    assert r.split_ms(1000, 1000) == pytest.approx(300)


def test_unknown_kind_and_wrong_length_are_errors():
    r = devicetime.Ratios(hundredth())
    with pytest.raises(ValueError, match="bytecod"):
        r.ms(1, "bytecod")
    with pytest.raises(ValueError, match="expected 6"):
        devicetime.Ratios([1.0, 2.0])


def test_parse_keeps_the_least_time_of_each_loop():
    a = hundredth()
    b = [t * 2 for t in a]
    b[0] = a[0] / 2
    text = "noise\n%s\nmore\n%s\n" % (devicetime.line(a), devicetime.line(b))
    r = devicetime.parse(text)
    assert r.ref[0] == pytest.approx(a[0] / 2)
    assert r.ref[1:] == pytest.approx(a[1:])
    with pytest.raises(ValueError, match="no DEVICETIME"):
        devicetime.parse("nothing here")


def test_measures_under_micropython_in_process_and_pasted():
    script = "import sys\nsys.path.insert(0, 'tools/bench')\nimport devicetime\n" \
             "print(devicetime.line(devicetime.measure(devicetime.measure())))\n"
    pasted = devicetime.source() + "\nprint(line(measure()))\n"
    for text in (script, pasted):
        run = subprocess.run([MICROPYTHON, "-X", "heapsize=200k", "-c", text], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        r = devicetime.parse(run.stdout)
        assert all(t > 0 for t in r.ref)
