"""The seeded dice give the same faces under CPython and MicroPython."""
import os
import subprocess

from firmware.engine.dice import Dice, SeededSource

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = (
    "import sys; sys.path.insert(0, 'tools/hostlib'); sys.path.insert(0, '')\n"
    "from firmware.engine.dice import Dice, SeededSource\n"
    "d = Dice(SeededSource(12345))\n"
    "print(''.join(str(d.one()) for _ in range(2000)))\n"
)


def test_same_faces_under_micropython():
    result = subprocess.run([os.path.join(ROOT, ".venv", "bin", "micropython"), "-X", "heapsize=200k",
                             "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    d = Dice(SeededSource(12345))
    assert result.stdout.strip() == "".join(str(d.one()) for _ in range(2000))


def test_faces_are_close_to_uniform():
    d = Dice(SeededSource(99))
    n = 60000
    counts = [0] * 7
    for _ in range(n):
        counts[d.one()] += 1
    expected = n / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 20.5, counts      # 5 degrees of freedom, p = 0.001
