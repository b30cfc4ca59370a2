"""The device's interned strings (qstrs): which the running game makes, and
what they hold of its heap.

MicroPython interns every name and short string constant a module uses
when it loads the module's .mpy, plus the module's name and its file's path
(`__file__`). Those the firmware already holds (the rp2 build's own names,
its frozen modules') cost nothing; each other one costs its characters and
a NUL in the qstr chunks, and an entry in a qstr pool: a pointer, a hash
byte and a length byte (6 bytes on the RP2040). The pools grow by doubling,
each new pool twice the size of the last, so between one doubling and the
next the pools hold up to twice as many entries as there are qstrs.

The unix port under the simulator interns more than the device: the
simulator's own names, and its 8-byte pointers make each pool entry 11
bytes. tools.bench.heap therefore leaves the unix port's qstrs out of its
figure and adds what this module counts for the device:

    device_qstrs(image, modules, sources)  -> set of strings
    heap_bytes(strings)                    -> bytes, the pools at their largest

The rp2 build's own qstrs (its C code's and its frozen modules') are a
list kept in tools/data/rp2-qstrs.txt, read from the build of MicroPython
v1.27.0 for RPI_PICO that docs/chip.md sets up (`--firmware BUILD` writes
it again from such a build: its genhdr/qstrdefs.generated.h and
frozen_content.c).

The chip's pools: the first holds 20 (twice the frozen modules' pool's
allocation of 10, py/qstr.c), each next one twice the last, so six end at
1,260 qstrs and a seventh of 1,280 entries (7.5 KB: a pointer, a hash byte
and a length byte an entry) is made at the 1,261st. `image_qstrs(image)`
counts what the image makes without running it: every module's names,
name and path, and main.py's and boot.py's (compiled at power-on), less
the rp2 build's; it is the chip's count once every module is loaded
(`micropython.qstr_info()` after start-up matched it name for name). The
modules the chip never imports (FALLBACKS) are left out.

    python -m tools.bench.qstrs [--image DIR]    the image's count and the pool it lands in
"""
import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

POOL_ENTRY = 6          # bytes per pool entry on the RP2040: pointer, hash byte, length byte
FIRMWARE_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data",
                             "rp2-qstrs.txt")
FIRST_POOL = 20         # the chip's first qstr pool; each next one is twice the last
SIXTH_POOL_END = 1260   # qstrs six pools hold: past it the chip makes a seventh of 1,280 entries
# image_qstrs() of the image as it is: tests keep the count from growing
# unnoticed (a change that adds names pays for them or raises this in the
# open); the goal is under SIXTH_POOL_END with a margin
CEILING = 1457       # 1,450 before PRO and the tutor weighed plays by the other side's cubeful value (Stake.other, Thinker.their_stake, .worth, ai.score_cost, ai.mover_equity, TIE_SHARE); 1,449 before cubeful.money_value (no money value turns a cube past 64); 1,433 before startup.intern_names and its tuple of the modules it loads; 1,435 before turn.Known, the loop's collection for the match file and App.begin_match; 1,440 before FlashWriter.mat_next; 1,441 before cubeful.Stake (the look-ahead weighing the cube) and the live cube's per-score table
# modules in the image the chip never imports: the plain twins that CPython
# runs in place of viper code, and the linear estimate's reference (tests)
FALLBACKS = ("firmware/engine/movewalk_plain.mpy", "firmware/engine/pointers_plain.mpy",
             "firmware/engine/save_plain.mpy", "firmware/opponent/kernels_plain.mpy",
             "firmware/opponent/linear_plain.mpy", "firmware/opponent/linear_reference.mpy")


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


def firmware_names(path=FIRMWARE_FILE):
    """The qstrs the rp2 build holds already: tools/data/rp2-qstrs.txt, a
    name a line (backslash escapes as Python writes them; # lines are
    comments)."""
    with open(path, encoding="ascii") as f:
        return {line.rstrip("\n").encode("ascii").decode("unicode_escape") for line in f
                if not line.startswith("# ")}


def read_build(build):
    """The qstrs of a MicroPython rp2 build folder (build-RPI_PICO): its
    static ones (genhdr/qstrdefs.generated.h) and its frozen modules'
    pool (frozen_content.c), in their order."""
    names = []
    with open(os.path.join(build, "genhdr", "qstrdefs.generated.h")) as f:
        for line in f:
            m = re.match(r'QDEF[01]\(MP_QSTR(\w*), \d+, \d+, (".*")\)$', line.strip())
            if m and m.group(1) != "null":
                names.append(ast.literal_eval(m.group(2)))
    with open(os.path.join(build, "frozen_content.c")) as f:
        text = f.read()
    at = text.index("{", text.index("(qstr_len_t *)", text.index("mp_qstr_frozen_const_pool = ")))
    for line in text[at + 1:].splitlines()[1:]:
        line = line.strip()
        if line.startswith("}"):
            break
        names.append(ast.literal_eval(line.rstrip(",")))
    return names


def write_firmware_names(build, path=FIRMWARE_FILE):
    names = read_build(build)
    with open(path, "w", encoding="ascii") as f:
        f.write("# The qstrs MicroPython v1.27.0's rp2 firmware for RPI_PICO holds (its static\n"
                "# qstrs, then its frozen modules' pool), a name a line with Python's backslash\n"
                "# escapes. Written by `python -m tools.bench.qstrs --firmware BUILD` from the\n"
                "# build folder (ports/rp2/build-RPI_PICO) of the firmware docs/chip.md sets up.\n")
        for name in names:
            line = name.encode("unicode_escape").decode("ascii")
            if line.startswith("#"):
                line = "\\x23" + line[1:]     # not a comment line
            f.write(line + "\n")
    return names


def module_qstrs(image, rel):
    """What loading the image's module at `rel` (its path in the image)
    interns: its .mpy's qstrs, its path (`__file__`), its dotted name and
    the parts of that name."""
    module = rel[:-4].replace("/__init__", "").replace("/", ".")
    return set(mpy_qstrs(os.path.join(image, rel))) | {rel, module} | set(module.split("."))


def device_qstrs(image, modules, sources=()):
    """The qstrs the device makes for `modules` (dotted names, those loaded)
    from the image folder (tools.deploy build), plus the (path, name) source
    files it runs from source, less those the rp2 build holds."""
    made = set()
    for module in modules:
        rel = module.replace(".", "/")
        for path in (rel + ".mpy", rel + "/__init__.mpy"):
            if os.path.exists(os.path.join(image, path)):
                made |= module_qstrs(image, path)
                break
        else:
            raise ValueError("%s is not in the image" % module)
    for path, name in sources:
        made.update(source_qstrs(path, name))
        made.add(name)
    return made - firmware_names()


def image_qstrs(image):
    """The qstrs the device makes once it has loaded every module of the
    image folder but FALLBACKS, and run main.py and boot.py."""
    made = set()
    for folder, dirs, names in os.walk(image):
        for name in names:
            rel = os.path.relpath(os.path.join(folder, name), image).replace(os.sep, "/")
            if rel.endswith(".mpy") and rel not in FALLBACKS:
                made |= module_qstrs(image, rel)
            elif rel in ("main.py", "boot.py"):
                made.update(source_qstrs(os.path.join(folder, name), rel))
                made.add(rel)
    return made - firmware_names()


def pool_of(count):
    """(pools, qstrs they hold): how many pools the chip has made once it
    holds `count` qstrs of its own."""
    pools, size, end = 0, FIRST_POOL, 0
    while end < count:
        pools += 1
        end += size
        size *= 2
    return pools, end


def heap_bytes(strings):
    """The heap the qstrs take on the device: their characters and NULs, and
    pool entries for twice their number (the pools just after a doubling)."""
    return sum(len(s.encode()) + 1 for s in strings) + 2 * POOL_ENTRY * len(strings)


def main(argv=None):
    ap = argparse.ArgumentParser(description="the qstrs the device image makes, and the chip's pool they land in")
    ap.add_argument("--image", help="an image folder (tools.deploy build); built afresh if not given")
    ap.add_argument("--firmware", metavar="BUILD",
                    help="write tools/data/rp2-qstrs.txt again from a MicroPython rp2 build folder")
    ap.add_argument("--list", action="store_true", help="print the qstrs too")
    args = ap.parse_args(argv)
    if args.firmware:
        print("%d qstrs of the firmware written to %s" % (len(write_firmware_names(args.firmware)), FIRMWARE_FILE))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        image = args.image
        if image is None:
            from tools import deploy
            image = os.path.join(tmp, "image")
            deploy.build(image)
        found = image_qstrs(image)
    pools, end = pool_of(len(found))
    if args.list:
        for s in sorted(found):
            print(ascii(s))
    print("%d qstrs the image makes beyond the firmware's own: %.1f KB of characters; %d pools, the last "
          "ending at %d" % (len(found), sum(len(s.encode()) + 1 for s in found) / 1024, pools, end))
    if len(found) <= SIXTH_POOL_END:
        print("%d to spare before the sixth pool's end (%d)" % (SIXTH_POOL_END - len(found), SIXTH_POOL_END))
    else:
        print("%d past the sixth pool's end (%d): the chip makes a seventh pool of %d entries"
              % (len(found) - SIXTH_POOL_END, SIXTH_POOL_END, FIRST_POOL << 6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
