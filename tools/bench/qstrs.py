"""The device's interned strings (qstrs): which the running game makes, and
what they hold of its heap.

MicroPython interns every name and short string constant a module uses
when it loads the module's .mpy, plus the module's name and its file's path
(`__file__`). Those the firmware already holds (the rp2 build's own names,
its frozen modules') cost nothing; each other one costs its characters and
a NUL in the qstr chunks, and an entry in a qstr pool: a pointer, a 2-byte
hash and a length byte (7 bytes on the RP2040). The pools grow by doubling,
each new pool twice the size of the last, so between one doubling and the
next the pools hold up to twice as many entries as there are qstrs.

The unix port under the simulator interns more than the device: the
simulator's own names, and its 8-byte pointers make each pool entry 11
bytes. tools.bench.heap therefore leaves the unix port's qstrs out of its
figure and adds what this module counts for the device:

    device_qstrs(image, modules, unix_dynamic)  -> set of strings
    heap_bytes(strings)                          -> bytes, the pools at their largest

The rp2 build's names are read from the rp2 and standard-library stubs
(micropython-rp2-rpi-pico-stubs, requirements.txt) and Python's builtins; a
name those do not list is counted as the device's to intern, so the figure
errs towards more.
"""
import ast
import builtins
import glob
import os
import subprocess
import sys
import tempfile

POOL_ENTRY = 7          # bytes per pool entry on the RP2040: pointer, 2-byte hash, length
STUB_PACKAGES = ("micropython_rp2_rpi_pico_stubs", "micropython_stdlib_stubs")


def _vuint(data, at):
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def mpy_qstrs(path):
    """The strings a .mpy file (format 6) interns when it loads: its qstr
    table less the static qstrs every firmware holds."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:1] != b"M" or data[1] != 6:
        raise ValueError("%s: not a version 6 .mpy" % path)
    count, at = _vuint(data, 4)
    _, at = _vuint(data, at)        # the object table's length
    found = []
    for _ in range(count):
        value, at = _vuint(data, at)
        if value & 1:               # a static qstr's index
            continue
        size = value >> 1
        found.append(data[at:at + size].decode())
        at += size + 1
    return found


def source_qstrs(path, name):
    """What a source file (main.py, run from source at start-up) interns,
    as mpy-cross compiles it under its own name."""
    from tools.sim.mpy import MPY_CROSS
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        subprocess.run([MPY_CROSS, "-s", name, "-o", out, path], check=True)
        return mpy_qstrs(out)


def firmware_names():
    """Names the rp2 build holds already: its modules' and its frozen
    modules' names as the stubs list them, and Python's builtins."""
    names = set(dir(builtins))
    for package in STUB_PACKAGES:
        for record in glob.glob(os.path.join(sys.prefix, "lib", "python3*", "site-packages",
                                             package + "-*.dist-info", "RECORD")):
            site = os.path.dirname(os.path.dirname(record))
            with open(record) as f:
                paths = [line.split(",")[0] for line in f]
            for rel in paths:
                if not rel.endswith(".pyi"):
                    continue
                module = rel[:-4].replace("/__init__", "").replace("/", ".")
                names.update(module.split("."))
                with open(os.path.join(site, rel)) as f:
                    tree = ast.parse(f.read())
                for node in ast.walk(tree):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        names.add(node.name)
                    elif isinstance(node, ast.Name):
                        names.add(node.id)
                    elif isinstance(node, ast.Attribute):
                        names.add(node.attr)
                    elif isinstance(node, ast.arg):
                        names.add(node.arg)
    return names


def device_qstrs(image, modules, unix_dynamic, sources=()):
    """The qstrs the device makes for `modules` (dotted names, those loaded)
    from the image folder (tools.deploy build), plus the (path, name) source
    files it runs from source. unix_dynamic: the qstrs the unix port made
    in the same run; a string the modules use that the unix port did not
    make is one its firmware holds, and the device's too only if
    firmware_names() lists it."""
    made = set()
    for module in modules:
        rel = module.replace(".", "/")
        for path in (rel + ".mpy", rel + "/__init__.mpy"):
            if os.path.exists(os.path.join(image, path)):
                made.update(mpy_qstrs(os.path.join(image, path)))
                made.add(path)              # __file__
                made.add(module)
                made.update(module.split("."))
                break
        else:
            raise ValueError("%s is not in the image" % module)
    for path, name in sources:
        made.update(source_qstrs(path, name))
        made.add(name)
    held = firmware_names()
    return {s for s in made if s in unix_dynamic or s not in held}


def heap_bytes(strings):
    """The heap the qstrs take on the device: their characters and NULs, and
    pool entries for twice their number (the pools just after a doubling)."""
    return sum(len(s.encode()) + 1 for s in strings) + 2 * POOL_ENTRY * len(strings)
