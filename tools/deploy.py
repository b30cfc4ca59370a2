"""Builds the device image and copies it to a board.

    python -m tools.deploy build [--out build/image]
    python -m tools.deploy flash [--port auto] [--dry-run]

build compiles every device file (hw/, firmware/) with mpy-cross into the image
folder, with -march=armv6m for files that hold native or viper code; main.py and
boot.py are copied as source (MicroPython runs only those names at start-up) when
they exist. Other files under firmware/ (data tables) are copied as they are.
It prints the size against the flash budget and fails if the image is over it.
flash builds, removes the old hw/ and firmware/ from the board (a stale .py
there would be imported before the new .mpy) and copies the image with mpremote.
Host-only code (tools/, tests/, the simulated machine) is never part of the image.
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
BIN = os.path.dirname(sys.executable)

# The rp2 port's LittleFS on a 2 MB Pico: 1408 KB, in 4 KB blocks. The image
# may take 1024 KB; the rest is kept for saved games, match records and settings.
FILESYSTEM_BYTES = 1408 * 1024
IMAGE_BUDGET_BYTES = 1024 * 1024
BLOCK_BYTES = 4096
NATIVE = re.compile(r"^\s*@(micropython\.)?(native|viper)\b", re.M)
SKIP_SUFFIXES = (".pyc", ".md")


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
                if name.endswith(SKIP_SUFFIXES):
                    continue
                rel = os.path.relpath(os.path.join(folder, name), root)
                if not name.endswith(".py"):
                    files.append((rel, "copy"))
                    continue
                with open(os.path.join(root, rel)) as f:
                    native = NATIVE.search(f.read())
                files.append((rel, "native" if native else "compile"))
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
            command += ["-s", rel, rel]
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


def flash_commands(out, port="auto"):
    """The mpremote runs that put the image on a board, in order, each with
    whether it must succeed (removing a folder the board does not have fails)."""
    mpremote = tool("mpremote")
    entries = sorted(os.listdir(out))
    commands = []
    for name in entries:
        if os.path.isdir(os.path.join(out, name)):
            commands.append(([mpremote, "connect", port, "rm", "-r", ":" + name], False))
    commands.append(([mpremote, "connect", port, "cp", "-r"] + entries + [":", "+", "reset"], True))
    return commands


def main(argv=None):
    parser = argparse.ArgumentParser(description="Build the device image and copy it to a board.")
    parser.add_argument("action", choices=("build", "flash"))
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "image"))
    parser.add_argument("--port", default="auto", help="mpremote device, e.g. /dev/ttyACM0")
    parser.add_argument("--dry-run", action="store_true", help="print the mpremote commands only")
    args = parser.parse_args(argv)
    image = build(args.out)
    for line in report(image):
        print(line)
    if over_budget(image):
        print("image is over the %d KB budget" % (IMAGE_BUDGET_BYTES // 1024))
        return 1
    if args.action == "flash":
        for command, must_succeed in flash_commands(args.out, args.port):
            print(" ".join(command))
            if not args.dry_run:
                subprocess.run(command, cwd=args.out, check=must_succeed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
