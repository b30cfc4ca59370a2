"""Updating a board without losing the player's data, and getting the games
off it (`python -m tools.deploy flash` and `pull`). docs/deploy.md has the
reasons for each step.

flash, in order: check that no game runs (a running game's watchdog would
restart the board in the middle of the copy); back up every player file to
a dated folder and compare it with the board's; remove main.py, so that a
copy cut short leaves a board that starts into the bare REPL, with no game and
no watchdog, ready for the copy to be run again; remove files of the earlier
image that the new one lacks; copy only what differs; read every size and
SHA-256 back; write the image's file list; put main.py in place last (copied
under another name and renamed); check on this computer that the new firmware
reads the backed-up save; restart the board.
"""
import datetime
import os
import shutil
import tempfile
import time

from tools.devlink import remote
from tools.devlink.transport import BoardError, NoAnswer

MANIFEST = "image.sha256"       # on the board: the image's files, as sha256sum writes them
TEMP_MAIN = "main.py.new"       # main.py while it is copied
IMAGE_ROOT_FILES = ("main.py", "boot.py")
SAVE_NAMES = ("blot.sav", "blot.bak", "blot.tmp")
WATCH_MS = 6500                 # longer than the game's 5 s watchdog
RESERVE_BLOCKS = 8              # left free for saves (firmware/engine/save.py keeps 6)

GAME_RUNNING = """\
A game is running on the board: %s, which is what the game's watchdog
does once the game is stopped, so a copy now would be cut short.
Nothing was changed on the board.

On the handheld, choose UPDATE in its menu (during a game: MENU, then
UPDATE, then A; on the main menu: UPDATE, then A), or switch it on while
holding MENU. The display says UPDATE READY. Then run this command again."""

NO_ANSWER = """\
The board does not answer (%s).
Check that it is plugged in and that no other program (a terminal, Thonny,
another mpremote) has its port open, then run this command again."""

INTERRUPTED = """\
The copy was cut short while %s (%s).
The board has no main.py now, so when it starts it stays at MicroPython's
prompt, with no game and no watchdog; the display stays dark or frozen.
Your data is still on the board and backed up in %s.
Plug the board in again if needed and run the same command again: it is
safe, and it copies only what is missing or different."""


class Stop(Exception):
    """Why the tool stopped, in words for the owner; `code` is the exit status."""

    def __init__(self, message, code=2):
        Exception.__init__(self, message)
        self.code = code


def blocks(size, block_bytes):
    return max(1, -(-size // block_bytes))


# --- the board's state ------------------------------------------------------

def quiet_listing(transport, sleep, out):
    """The board's files, once it is known that no game runs on it.

    Any contact stops a running game (mpremote interrupts it), and then its
    watchdog restarts the board within 5 s. So: ask the board's clock, wait
    longer than the watchdog, ask again; a clock that went back means a
    restart."""
    try:
        first = remote.ticks(transport)
    except NoAnswer as exc:
        raise Stop(NO_ANSWER % exc)
    out("Checking that no game runs on the board (%.1f s)..." % (WATCH_MS / 1000))
    sleep(WATCH_MS / 1000)
    failure = None
    for _ in range(3):
        try:
            listing = remote.probe(transport)
            break
        except NoAnswer as exc:
            failure = exc
            sleep(2)
    else:
        raise Stop(GAME_RUNNING % ("it went away a few seconds after being stopped (%s)" % failure))
    if listing.ticks < first or listing.ticks - first < WATCH_MS // 2:
        raise Stop(GAME_RUNNING % "it restarted by itself a few seconds after being stopped")
    return listing


def read_manifest(transport, listing):
    """The paths the board's earlier image listed in MANIFEST (empty if none)."""
    if MANIFEST not in listing.files:
        return set()
    with tempfile.TemporaryDirectory() as tmp:
        local = os.path.join(tmp, MANIFEST)
        transport.get([(MANIFEST, local)])
        with open(local) as f:
            return {line.split(None, 1)[1].strip() for line in f if len(line.split(None, 1)) == 2}


def is_player_name(path):
    """The game's own files on the board: saves, match file, flags, crash notes."""
    return "/" not in path and path.startswith("blot.")


class Plan:
    """What a flash changes on the board."""

    def __init__(self, listing, image, old_manifest):
        dirs = {p.split("/")[0] for p in image if "/" in p}
        needed = set()
        for p in image:
            parts = p.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                needed.add("/".join(parts[:i]))
        self.image = image
        self.stale = sorted(
            p for p in listing.files
            if p not in image and p != MANIFEST and not is_player_name(p)
            and (p.split("/")[0] in dirs and "/" in p or p in old_manifest or p == TEMP_MAIN))
        self.stale_folders = sorted(d for d in listing.folders
                                    if d.split("/")[0] in dirs and d not in needed)
        self.new_folders = sorted(needed - listing.folders)
        self.player = sorted(p for p in listing.files
                             if "/" not in p and p not in image and p not in self.stale
                             and p != MANIFEST)
        self.changed = sorted(p for p in image if listing.files.get(p) != image[p])
        self.other_folders = sorted(d for d in listing.folders if "/" not in d and d not in dirs)
        self.incomplete = "main.py" not in listing.files and any(
            p.split("/")[0] in dirs for p in listing.files)
        manifest_ok = listing.files.get(MANIFEST) == remote.file_hash_bytes(manifest_text(image))
        self.nothing_to_do = not self.changed and not self.stale and not self.stale_folders \
            and manifest_ok

    def room_needed(self, listing):
        """(blocks needed, blocks free once the old files are gone)."""
        bb = listing.block_bytes
        freed = sum(blocks(listing.files[p][0], bb) for p in self.stale)
        freed += sum(blocks(listing.files[p][0], bb) for p in self.changed if p in listing.files)
        needed = sum(blocks(self.image[p][0], bb) for p in self.changed) + 1
        return needed, listing.free_blocks + freed


def manifest_text(image):
    return "".join("%s  %s\n" % (image[p][1], p) for p in sorted(image)).encode()


# --- backups -----------------------------------------------------------------

def dated_folder(root, now):
    base = os.path.join(root, now().strftime("%Y-%m-%d_%H%M%S"))
    folder = base
    n = 1
    while os.path.exists(folder):
        n += 1
        folder = "%s_%d" % (base, n)
    os.makedirs(folder)
    return folder


def copy_off(transport, listing, names, root, now):
    """Copies `names` off the board into a new dated folder under root and
    checks each copy's size and SHA-256 against the board's; the folder."""
    folder = dated_folder(root, now)
    if not names:
        return folder
    try:
        transport.get([(p, os.path.join(folder, p)) for p in names])
    except (NoAnswer, BoardError) as exc:
        raise Stop("Copying the player's files off the board failed (%s).\n"
                   "Nothing was changed on the board; run this command again." % exc)
    for p in names:
        local = os.path.join(folder, p)
        if not os.path.exists(local) or remote.file_hash(local) != listing.files[p]:
            raise Stop("The copy of %s in %s differs from the board's.\n"
                       "Nothing was changed on the board; run this command again." % (p, folder))
    return folder


# --- the new firmware and the save -----------------------------------------

def check_save(folder):
    """A sentence saying whether this tree's firmware (the image just
    built) reads the save backed up in `folder`."""
    names = [n for n in SAVE_NAMES if os.path.exists(os.path.join(folder, n))]
    if not names:
        return "No saved game on the board: the handheld starts at its main menu."
    import tools  # noqa: F401  (MicroPython's stand-ins on sys.path)
    from firmware.engine import save
    from firmware.engine.dice import Dice, SeededSource
    from firmware.handheld.app import App
    from tools.sim.flash import FolderFlash

    with tempfile.TemporaryDirectory() as tmp:
        for n in names:
            shutil.copyfile(os.path.join(folder, n), os.path.join(tmp, n))
        flash = FolderFlash(tmp)
        status, payload = save.SaveFile(flash, flash.open, "blot").load()
    why = save.MESSAGES[status]
    if payload is not None:
        app = App(Dice(SeededSource(1)), saved=payload)
        if not app.save_rejected:
            match = app.resumable[-1] if app.resumable else None
            if match is None:
                return "The new firmware reads the saved settings (no game in progress)."
            return ("The new firmware reads the saved game: it offers RESUME? with the %s."
                    % describe_match(match))
        why = " ".join(app.message[:2]).lower()
    return ("The new firmware cannot read the saved game (%s). At its first start it\n"
            "keeps it on the board as blot.old, shows SAVE KEPT ASIDE and offers a new\n"
            "game; the backup is in %s." % (why, folder))


def describe_match(match):
    if match.length:
        return "%d-point match at %d-%d" % (match.length, match.score[0], match.score[1])
    return "money session at %d-%d" % (match.score[0], match.score[1])


def check_mpy(listing, image_dir):
    """Stops when the board's MicroPython cannot load the image's .mpy files."""
    version = listing.mpy & 0xFF
    for folder, _, names in os.walk(image_dir):
        for name in names:
            if not name.endswith(".mpy"):
                continue
            with open(os.path.join(folder, name), "rb") as f:
                head = f.read(3)
            if head[1] != version:
                raise Stop("The board runs MicroPython %s, which loads .mpy files of version %d;\n"
                           "the image's are version %d. Install MicroPython v1.23 or later on the\n"
                           "board (hw/README.md, step 1), then run this command again."
                           % (listing.version, version, head[1]))
            arch = head[2] >> 2
            if arch and (arch != listing.mpy >> 10 or head[2] & 3 != (listing.mpy >> 8) & 3):
                raise Stop("%s holds native code for another MicroPython (arch %d, sub-version %d);\n"
                           "the board (MicroPython %s) takes arch %d, sub-version %d."
                           % (name, arch, head[2] & 3, listing.version, listing.mpy >> 10,
                              (listing.mpy >> 8) & 3))


# --- flash and pull -----------------------------------------------------------

def flash(transport, image_dir, backups, sleep=time.sleep, now=datetime.datetime.now,
          out=print, dry_run=False):
    """Puts the image in `image_dir` on the board; raises Stop with what to do."""
    listing = quiet_listing(transport, sleep, out)
    check_mpy(listing, image_dir)
    image = remote.folder_hashes(image_dir)
    plan = Plan(listing, image, read_manifest(transport, listing))
    if plan.incomplete:
        out("The board holds an unfinished image (no main.py: an earlier copy was cut short).")
    out("Board: MicroPython %s, %d files; player files: %s." % (
        listing.version, len(listing.files), ", ".join(plan.player) or "none"))
    for label, paths in (("to copy", plan.changed), ("stale, to remove", plan.stale + plan.stale_folders),
                         ("left alone (not Blot's)", plan.other_folders)):
        if paths:
            out("%s (%d): %s" % (label, len(paths), " ".join(paths)))
    needed, free = plan.room_needed(listing)
    if needed + RESERVE_BLOCKS > free:
        raise Stop("Not enough room on the board: the copy needs %d blocks of %d bytes and %d are\n"
                   "free once the old files go (%d kept free for saves). Nothing was changed."
                   % (needed, listing.block_bytes, free, RESERVE_BLOCKS))
    if dry_run:
        out("Dry run: nothing backed up or changed.")
        return None
    folder = copy_off(transport, listing, plan.player, backups, now)
    if plan.player:
        out("Backed up %s to %s (sizes and SHA-256 checked); they stay on the board."
            % (", ".join(plan.player), folder))
    if plan.nothing_to_do:
        out("The board already holds this image: nothing to copy.")
    else:
        copy_image(transport, image_dir, plan, folder, out)
    out(check_save(folder))
    restart(transport, out)
    return folder


def copy_image(transport, image_dir, plan, folder, out):
    step = "removing main.py"
    try:
        # From here on a cut leaves no main.py: the board starts without a game.
        transport.exec(remote.remove_script(["main.py", TEMP_MAIN], []))
        step = "removing stale files"
        if plan.stale or plan.stale_folders:
            transport.exec(remote.remove_script(plan.stale, plan.stale_folders))
        step = "making folders"
        if plan.new_folders:
            transport.exec(remote.mkdir_script(plan.new_folders))
        step = "copying files"
        copies = [(os.path.join(image_dir, p), p) for p in plan.changed if p != "main.py"]
        copies.append((os.path.join(image_dir, "main.py"), TEMP_MAIN))
        out("Copying %d files..." % len(copies))
        transport.put(copies)
        step = "reading the files back"
        listing = remote.probe(transport)
        expected = dict(plan.image)
        expected[TEMP_MAIN] = expected.pop("main.py")
        wrong = sorted(p for p in expected if listing.files.get(p) != expected[p])
        if wrong:
            raise BoardError("read back different: " + " ".join(wrong))
        step = "writing the image's file list"
        with tempfile.TemporaryDirectory() as tmp:
            local = os.path.join(tmp, MANIFEST)
            with open(local, "wb") as f:
                f.write(manifest_text(plan.image))
            transport.put([(local, MANIFEST)])
        step = "putting main.py in place"
        transport.exec(remote.rename_script(TEMP_MAIN, "main.py"))
        step = "reading the files back"
        listing = remote.probe(transport)
        wrong = sorted(p for p in plan.image if listing.files.get(p) != plan.image[p])
        if listing.files.get(MANIFEST) != remote.file_hash_bytes(manifest_text(plan.image)):
            wrong.append(MANIFEST)
        if wrong:
            raise BoardError("read back different: " + " ".join(wrong))
    except (NoAnswer, BoardError) as exc:
        raise Stop(INTERRUPTED % (step, exc, folder), code=3)
    out("Copied and read back: %d files, sizes and SHA-256 match the image." % len(plan.image))


def restart(transport, out):
    try:
        transport.reset()
    except (NoAnswer, BoardError):
        out("The board did not take the restart: switch the handheld off and on.")
        return
    out("The board restarts into the game.")


def pull(transport, dest, sleep=time.sleep, now=datetime.datetime.now, out=print):
    """Copies the match file, the saves and the other player files off the
    board into a dated folder under dest; the folder."""
    listing = quiet_listing(transport, sleep, out)
    manifest = read_manifest(transport, listing)
    names = sorted(p for p in listing.files
                   if "/" not in p and p not in manifest and p not in IMAGE_ROOT_FILES
                   and p not in (MANIFEST, TEMP_MAIN))
    folder = copy_off(transport, listing, names, dest, now)
    for p in names:
        out("  %s" % os.path.join(folder, p))
    if "blot.mat" in names:
        out("Copied the match file and the saves (sizes and SHA-256 checked) to %s.\n"
            "In GNU Backgammon: File > Import, choose %s (format .mat);\n"
            "or at its prompt: import mat %s"
            % (folder, os.path.join(folder, "blot.mat"), os.path.join(folder, "blot.mat")))
    else:
        out("No match file on the board: blot.mat is written at the first save of a match.")
    restart(transport, out)
    return folder
