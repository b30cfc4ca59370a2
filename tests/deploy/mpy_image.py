"""The device code compiled with mpy-cross into one folder, as a Pico runs it
(.mpy files: compiling the larger modules from source on the fly needs more
heap than a Pico has), with the portable tests beside it. Built once per
test session; the tests that run under the MicroPython unix port work there."""
import atexit
import os
import shutil
import tempfile

from tools.sim import mpy as sim_mpy

PACKAGES = sim_mpy.PACKAGES + ("tests/portable",)
_folder = []


def folder():
    """The compiled tree's path (firmware/, hw/, tools/, tests/portable/, main)."""
    if not _folder:
        dest = tempfile.mkdtemp(prefix="blot-mpy-")
        atexit.register(shutil.rmtree, dest, True)
        sim_mpy.build(dest, PACKAGES)
        for name in ("tests/__init__.py", "tests/deploy/mpy_runner.py"):
            os.makedirs(os.path.dirname(os.path.join(dest, name)), exist_ok=True)
            shutil.copy(os.path.join(sim_mpy.ROOT, name), os.path.join(dest, name))
        _folder.append(dest)
    return _folder[0]
