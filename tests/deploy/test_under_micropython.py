"""Runs every portable test module again under the real MicroPython unix port,
with a Pico-sized heap (-X heapsize=200k), the code compiled to .mpy as on a
Pico (tests/deploy/mpy_image.py)."""
import glob
import os
import subprocess

import pytest

from tests.deploy import mpy_image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
PORTABLE = sorted(
    os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "tests", "portable", "test_*.py"))
)


@pytest.mark.parametrize("path", PORTABLE)
def test_portable_module_passes_under_micropython(path):
    result = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=200k", "tests/deploy/mpy_runner.py", path],
        cwd=mpy_image.folder(), capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
