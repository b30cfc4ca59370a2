"""The qstrs the game makes on the chip (board_qstrs.py runs there) beside
the count tools/bench/qstrs.py makes from the image without running it."""
import os
import re
import tempfile

from tools.bench import qstrs as static
from tools.bench.chip import emulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

# a match against MAX pressed at random, the demo at MAX (the computer's
# moves and cube), then the main menu's flows pressed at random
PLAN = (("vs", 5, 3, 0.5), ("demo", 5, 3, 0.35), ("menu", 3, 0, 0.15))


def dumps(console):
    """{tag: (pools, [qstr, ...], [module, ...])} of each QSTRS tag, in the
    order the chip printed them: micropython.qstr_info(1)'s count and pools
    and its Q(...) lines (a qstr may hold a newline), then MODULES."""
    found = {}
    pattern = (r"QSTRS (\w+)\nqstr pool: n_pool=(\d+), n_qstr=(\d+)[^\n]*\n(.*?)\n"
               r"MODULES \w+ ([^\n]*)\n")
    for m in re.finditer(pattern, console, re.S):
        tag, pools, n, block, modules = m.groups()
        names = block[2:-1].split(")\nQ(") if int(n) else []
        if len(names) != int(n) or not block.startswith("Q("):
            raise ValueError("QSTRS %s: %d qstrs told, %d read" % (tag, int(n), len(names)))
        found[tag] = (int(pools), names, modules.split())
    return found


def interned_at_start():
    """startup._LATER, read from its source (startup.py imports
    MicroPython's own modules)."""
    import ast
    with open(os.path.join(ROOT, "startup.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "_LATER" for t in node.targets):
            return ast.literal_eval(node.value)
    raise ValueError("startup.py has no _LATER")


def compare(image, tag, pools, names, modules, out=print):
    """The chip's qstrs at `tag` beside the static count of the modules it
    had loaded (startup's too, and the modules startup.intern_names loads
    and lets go: their names stay): the chip's less the benchmark's own
    (bench.mpy's and main.py's names no module of the game holds). Returns
    (the game's on the chip, the static count)."""
    game = [m for m in modules if m.split(".")[0] in ("firmware", "hw") or m == "mainloop"] + ["startup"]
    game += [m for m in interned_at_start() if m not in game]
    counted = static.device_qstrs(image, game)
    bench = set(static.mpy_qstrs(os.path.join(image, "bench.mpy"))) | {"bench", "bench.mpy", "bench.py"}
    bench |= set(static.source_qstrs(os.path.join(image, "main.py"), "main.py")) | {"main.py", "boot.py"}
    chip = set(names)
    own = chip - (bench - counted)
    out("  %-8s the chip: %d qstrs in %d pools (%d without the benchmark's own); counted from the image's"
        " %d modules loaded: %d" % (tag, len(names), pools, len(own), len(game), len(counted)))
    if own - counted:
        out("           only on the chip: %s" % " ".join(ascii(s) for s in sorted(own - counted)))
    if counted - chip:
        out("           only counted: %s" % " ".join(ascii(s) for s in sorted(counted - chip)))
    return len(own), len(counted)


def run(seconds, seed, out=print):
    total = int(seconds * 1000)
    phases = [(mode, level, points, int(share * total)) for mode, level, points, share in PLAN]
    text = emulator.script("qstrs", {"SEED": seed, "PHASES": phases})
    with tempfile.TemporaryDirectory() as tmp:
        folder = emulator.image(os.path.join(tmp, "image"), text, start=emulator.START)
        r = emulator.run(fs=folder, ms=total + 60000, until="QSTRS OVER", seed=seed)
        if r.traceback():
            raise RuntimeError("the chip raised:\n" + r.traceback())
        out("qstrs on the chip, seed %d: start-up, then %d s of a match against MAX pressed at random, %d s of"
            " the demo at MAX, %d s of the main menu pressed at random"
            % (seed, phases[0][3] // 1000, phases[1][3] // 1000, phases[2][3] // 1000))
        for tag, free, largest in r.heap():
            out("  heap once %s (before the benchmark's own code): %.1f KB free, largest free block %.1f KB"
                % (tag, free / 1024.0, largest / 1024.0))
        for line in r.console.splitlines():
            if line.startswith("PHASE "):
                out("  " + line)
        found = dumps(r.console)
        for tag, (pools, names, modules) in found.items():
            compare(folder, tag, pools, names, modules, out)
    return found
