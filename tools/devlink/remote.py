"""What the deploy tool runs on the board, and reading its answers.

Every script here is plain MicroPython (os, hashlib, binascii, time, sys) run
through the transport's exec(); tests/deploy/test_deploy.py also runs them under the
MicroPython unix port. Paths on the board are relative to its root: "main.py",
"firmware/engine/save.mpy".
"""
import hashlib
import os

from tools.devlink.transport import BoardError

# Lists every file with its size and SHA-256, every folder, the free space,
# the board's millisecond counter and the .mpy version its MicroPython loads.
PROBE = r"""
import os, sys, time, hashlib, binascii
def _walk(d):
    for e in (os.ilistdir(d) if d else os.ilistdir()):
        p = d + "/" + e[0] if d else e[0]
        if e[1] == 0x4000:
            print("D", p)
            _walk(p)
            continue
        h = hashlib.sha256()
        n = 0
        with open(p, "rb") as f:
            while True:
                b = f.read(1024)
                if not b:
                    break
                n += len(b)
                h.update(b)
        print("F", n, binascii.hexlify(h.digest()).decode(), p)
_walk("")
s = os.statvfs(".")
print("S", s[0], s[3])
print("V", getattr(sys.implementation, "_mpy", 0), ".".join(str(v) for v in sys.implementation.version[:3]))
print("T", time.ticks_ms())
print("END")
"""

TICKS = "import time\nprint('T', time.ticks_ms())\n"


def _quoted(paths):
    return "[" + ", ".join(repr(p) for p in paths) + "]"


def remove_script(files, folders):
    """Removes files, then folders (deepest first) that are empty by then."""
    return (
        "import os\n"
        "for p in %s:\n"
        "    try:\n"
        "        os.remove(p)\n"
        "    except OSError:\n"
        "        pass\n"
        "for p in %s:\n"
        "    try:\n"
        "        os.rmdir(p)\n"
        "    except OSError:\n"
        "        pass\n"
        "print('END')\n"
    ) % (_quoted(files), _quoted(sorted(folders, key=lambda p: -p.count("/"))))


def mkdir_script(folders):
    return (
        "import os\n"
        "for p in %s:\n"
        "    try:\n"
        "        os.mkdir(p)\n"
        "    except OSError:\n"
        "        pass\n"
        "print('END')\n"
    ) % _quoted(sorted(folders, key=lambda p: p.count("/")))


def rename_script(old, new):
    return "import os\nos.rename(%r, %r)\nprint('END')\n" % (old, new)


class Listing:
    """The board's files as PROBE found them."""

    def __init__(self, files, folders, block_bytes, free_blocks, mpy, version, ticks):
        self.files = files              # path -> (size, sha256 hex)
        self.folders = folders          # set of paths
        self.block_bytes = block_bytes
        self.free_blocks = free_blocks
        self.mpy = mpy                  # sys.implementation._mpy
        self.version = version          # "1.27.0"
        self.ticks = ticks


def parse_probe(text):
    files = {}
    folders = set()
    fields = {}
    ended = False
    for line in text.splitlines():
        words = line.strip().split(" ", 3)
        kind = words[0]
        if kind == "F" and len(words) == 4:
            files[words[3]] = (int(words[1]), words[2])
        elif kind == "D" and len(words) >= 2:
            folders.add(line.strip()[2:])
        elif kind in ("S", "V", "T"):
            fields[kind] = words[1:]
        elif kind == "END":
            ended = True
    if not ended or set(fields) != {"S", "V", "T"}:
        raise BoardError("the board's answer to the probe was cut short:\n" + text[-500:])
    return Listing(files, folders, int(fields["S"][0]), int(fields["S"][1]),
                   int(fields["V"][0]), fields["V"][1], int(fields["T"][0]))


def parse_ticks(text):
    for line in text.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == "T":
            return int(words[1])
    raise BoardError("no time in the board's answer: %r" % text[-200:])


def probe(transport):
    return parse_probe(transport.exec(PROBE))


def ticks(transport):
    return parse_ticks(transport.exec(TICKS))


def file_hash_bytes(data):
    """(size, sha256 hex) of bytes, as PROBE gives them for the board's files."""
    return len(data), hashlib.sha256(data).hexdigest()


def file_hash(path):
    with open(path, "rb") as f:
        return file_hash_bytes(f.read())


def folder_hashes(root):
    """path -> (size, sha256) for every file under root, with '/' separators."""
    found = {}
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(folder, name)
            found[os.path.relpath(full, root).replace(os.sep, "/")] = file_hash(full)
    return found
