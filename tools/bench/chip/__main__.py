"""Device figures measured on the chip: the emulated Pico, or a real one.

    python -m tools.bench.chip moves [--level 5] [--set game|hard|screen|movegen] [--count 60] [--seed 1] [--cube]
                                     [--score LENGTH,AWAY_US,AWAY_THEM]
                                     [--save FILE]
    python -m tools.bench.chip passes [--level 5] [--minutes 5]
    python -m tools.bench.chip soak [--minutes 20] [--seed 1]
    python -m tools.bench.chip idle [--seconds 20]
    python -m tools.bench.chip qstrs [--seconds 60] [--seed 1]
    python -m tools.bench.chip heapmap [--level 5] [--minutes 5] [--sample 10] [--who 20034000]
    python -m tools.bench.chip moves --port /dev/ttyACM0      a real Pico in update mode

moves: the computer's move on each position, stepped as the app steps it:
time (median, mean, worst), the longest step, the roll's plays generated
at once, the heap's least free while thinking and its largest free block,
and the slicing model's estimates beside the chip's times, kind by kind.
--set hard times the hardest positions found, kept in tools/data so that
two runs time the same ones; --set screen finds them anew (host timing
decides, so a screening may swap a few of equal cost), and --save keeps
them.
With --cube, the cube decision on each position's board instead (money,
the cube centred: MAX looks over the 21 rolls; a match's score changes
only the arithmetic). Without it, --score times the moves at that score
with the cube centred and live: each roll of the look-ahead ends in the
cube's value (cubeful.Stake), which a match's live cube makes dearer.

passes: the demo through the real loop, every pass's busy time and
nothing else (the leanest measure: the soak's own heap and timings make
the heap's collections slower), by kind: flash writes, collections, the
rest.

soak: the whole handheld (mainloop's Loop, the drivers, the app) on the
emulated chip: games against the computer at every level with a player
who presses buttons at random, the demo at MAX, new matches, the menus;
then a power cut and the resume. Loop passes by kind (idle, thinking,
pressed, flash, menu), the heap's least free and largest free block.

idle: the loop left waiting, at the main menu and on the board for the
player's move: the CPU's busy share (the loop's own work, its waits
timed apart), and the emulator's cpu_busy_ms for the image alone at the
main menu.

qstrs: micropython.qstr_info(1) after the start-up, a match against MAX
pressed at random, the demo at MAX and the main menu pressed at random:
the qstrs the chip made and its pools, beside the count
tools/bench/qstrs.py makes from the image for the modules loaded.

heapmap: the demo through the real loop for a while, the heap collected
every --sample seconds: its free and largest free block, by whether the
computer was thinking, and the block map (micropython.mem_info(1)) of the
sample whose largest block was least: where the objects that split its
free space lie. With --who, the game's objects at or above that address
in each sample, by the attributes that reach them (loop.flash._mat_kept).

The same board scripts (board_*.py here) run on a real Pico through
mpremote (--port: the image deployed, the board in update mode).
docs/chip.md sets up the emulated Pico and has the figures.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

from tools import deploy
from tools.bench.chip import emulator, positions, soak
from tools.bench.chip import qstrs as chip_qstrs

_KIND_NAMES = ("generate", "base", "prefilter", "score", "search: base", "search: replies",
               "search: rank", "search: net")


def _percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def run_board(name, settings, files, port=None, ms=None, echo=None, start=""):
    """Runs board script `name` with `files` beside it, `start` (main.py's
    first lines, emulator.START) before it: on the emulated chip, or on
    the real Pico at `port`. Returns an emulator.Run."""
    text = emulator.script(name, settings)
    if port is None:
        with tempfile.TemporaryDirectory() as tmp:
            folder = emulator.image(os.path.join(tmp, "image"), text, files, start)
            return emulator.run(fs=folder, ms=ms, until="DONE", echo=echo)
    with tempfile.TemporaryDirectory() as tmp:
        mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
        command = [mpremote, "connect", port]
        for path, body in files.items():
            local = os.path.join(tmp, path)
            with open(local, "w") as f:
                f.write(body)
            command += ["fs", "cp", local, ":" + path, "+"]
        script = os.path.join(tmp, "bench.py")
        with open(script, "w") as f:
            f.write(start + text)
        out = subprocess.run(command + ["run", script], capture_output=True, text=True)
    return emulator.Run(out.stdout.replace("\r", ""), [])


def moves(level, turns, port=None, out=print, cube=None, score=None):
    """The computer's move on each turn (board, d1, d2), or with cube,
    (length, away_us, away_them), its cube decision on each board; with
    score, the same for the moves, the cube centred and live (the
    look-ahead's rolls ending in cubeful.Stake's values)."""
    ms = 120000 + 6000 * len(turns)          # a cap far beyond the slowest moves
    r = run_board("moves", {"LEVEL": level, "CUBE": cube, "SCORE": score}, {"positions.txt": positions.text(turns)},
                  port=port, ms=ms)
    if r.traceback():
        raise RuntimeError("the chip raised:\n" + r.traceback())
    rows = [[int(v) for v in w[1:]] for w in r.lines("MOVE")]
    if len(rows) != len(turns):
        raise RuntimeError("the chip timed %d of %d moves:\n%s" % (len(rows), len(turns), r.console[-2000:]))
    ms_each = [row[2] / 1000.0 for row in rows]
    gen = [[int(v) for v in w[1:]] for w in r.lines("GEN")]
    heap = {tag: (free, largest) for tag, free, largest in r.heap()}
    worst = max(range(len(rows)), key=lambda i: rows[i][2])
    out("level %d, %d %s on the chip" % (level, len(rows), "cube decisions (%s, the cube centred)"
                                          % ("%d-point match, %d-away %d-away" % cube if cube[0] else "money")
                                          if cube else "moves"))
    out("  %s median %.0f ms, mean %.0f ms, p90 %.0f ms, worst %.0f ms (%d plays, %s)"
        % ("cube  " if cube else "move  ", statistics.median(ms_each), statistics.mean(ms_each),
           _percentile(ms_each, 0.9), ms_each[worst],
           rows[worst][1], "%s %d-%d" % (bytes(turns[worst][0]).hex(), turns[worst][1], turns[worst][2])))
    out("  step   longest %.1f ms; steps over 20 ms: %d of %d"
        % (max(row[4] for row in rows) / 1000.0, sum(row[5] for row in rows), sum(row[3] for row in rows)))
    out("  plays  mean %.1f, most %d; generated at once: mean %.1f ms, worst %.1f ms (%d plays)"
        % (statistics.mean(g[1] for g in gen), max(g[1] for g in gen), statistics.mean(g[2] for g in gen) / 1000.0,
           max(g[2] for g in gen) / 1000.0, max(gen, key=lambda g: g[2])[1]))
    out("  heap   free %.1f KB before; a move allocates %.1f KB at the most (mean %.1f KB), garbage included;"
        " largest free block %.1f KB before, %.1f KB after"
        % (heap["start"][0] / 1024.0, max(row[6] for row in rows) / 1024.0,
           statistics.mean(row[6] for row in rows) / 1024.0, heap["start"][1] / 1024.0, heap["end"][1] / 1024.0))
    out("  the slicing model against the chip, by the kind of step:")
    out("    %-16s %7s %9s %9s %8s %10s %8s" % ("kind", "steps", "model ms", "chip ms", "chip/mod",
                                              "longest ms", "its model"))
    for w in r.lines("CAL"):
        k, model, taken, n, longest, longest_model = (int(v) for v in w[1:])
        out("    %-16s %7d %9.0f %9.0f %8.2f %10.1f %8.1f"
            % (_KIND_NAMES[k] if k < len(_KIND_NAMES) else k, n, model / 1000.0, taken / 1000.0,
               taken / max(1, model), longest / 1000.0, longest_model / 1000.0))
    return rows


def passes(level, minutes, out=print):
    ms = int(minutes * 60000)
    r = run_board("passes", {"LEVEL": level, "MS": ms}, {}, ms=ms + 60000, start=emulator.START)
    if r.traceback():
        raise RuntimeError("the chip raised:\n" + r.traceback())
    out("the demo at level %d, %.1f minutes on the chip: loop passes' busy time" % (level, minutes))
    soak.passes_report(r, out)
    for w in r.lines("COLLECT"):
        out("  the longest collection %.1f ms" % (int(w[1]) / 1000.0))
    for w in r.lines("SLOWCOLLECT"):
        out("  a collection's pass over 50 ms: %.1f ms before the collection, %.1f ms collecting, %.1f ms after"
            % tuple(int(x) / 1000.0 for x in w[1:4]))
    for w in r.lines("SLOW"):
        out("  another pass over 50 ms: %.1f ms%s" % (int(w[1]) / 1000.0,
                                                  ", the computer thinking" if w[2] == "1" else ""))
    for tag, free, largest in r.heap():
        out("  heap %s: %.1f KB free, largest free block %.1f KB, after a collection"
            % ("once started" if tag == "started" else "at the end", free / 1024.0, largest / 1024.0))
    return r


def heapmap(level, minutes, sample_s=10, who=0, out=print):
    """The heap through the demo at the level: after a collection every
    sample_s seconds, its free and largest free block, tagged by whether
    the computer was thinking, and the block map of the sample with the
    least largest block (board_heapmap.py); with who (an address), the
    game's objects at or above it in each sample, by the path that
    reaches them."""
    ms = int(minutes * 60000)
    r = run_board("heapmap", {"LEVEL": level, "MS": ms, "SAMPLE_MS": int(sample_s * 1000), "WHO": who}, {},
                  ms=ms + 60000, start=emulator.START)
    if r.traceback() or r.resets():
        raise RuntimeError("the chip raised or reset:\n%s\n%s" % (r.traceback(), "\n".join(r.resets())))
    samples = r.heap()
    for tag, free, largest in samples[:1]:
        out("heap once started: %.1f KB free, largest free block %.1f KB" % (free / 1024.0, largest / 1024.0))
    play = samples[1:]
    for tag in ("think", "idle", "end"):
        some = [s for s in play if s[0] == tag]
        if some:
            out("%-5s %3d samples: least free %.1f KB, least largest free block %.1f KB, median %.1f KB"
                % (tag, len(some), min(s[1] for s in some) / 1024.0, min(s[2] for s in some) / 1024.0,
                   sorted(s[2] for s in some)[len(some) // 2] / 1024.0))
    if play:
        (tag, _, largest), block_map, number, count = r.least(skip=("started",))
        out("the least largest free block, %.1f KB (%s, sample %d of %d):" % (largest / 1024.0, tag, number, count))
        out(block_map or "(no map)")
    return r


def idle(seconds, out=print):
    """The loop's busy share while it waits: the board script's own timing
    at the menu and on the board, then the image as it ships, powered on
    and left at the main menu, by the emulator's busy count (two runs, so
    that the start-up's share cancels)."""
    ms = int(seconds * 1000)
    r = run_board("idle", {"MS": ms}, {}, ms=2 * ms + 60000, start=emulator.START)
    if r.traceback():
        raise RuntimeError("the chip raised:\n" + r.traceback())
    out("the loop waiting, %d s at each place on the chip (its waits timed apart):" % (ms // 1000))
    for w in r.lines("IDLE"):
        busy, total = int(w[2]), int(w[3])
        out("  %-6s CPU busy %5.1f%% (%.0f ms of %.0f ms), %s frames drawn"
            % (w[1], 100.0 * busy / total, busy / 1000.0, total / 1000.0, w[4]))
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "image")
        deploy.build(folder)
        for place, start, presses in (("at the main menu", 5000, ()),
                                      ("on the board, the player's move against the computer",
                                       10000, _AGAINST_THE_COMPUTER)):
            short = emulator.run(fs=folder, ms=start, presses=presses).summary
            long = emulator.run(fs=folder, ms=start + ms, presses=presses).summary
            busy = long["cpu_busy_ms"] - short["cpu_busy_ms"]
            out("  the image alone %s, from %d s to %d s after power-on: cpu_busy_ms %.0f of %d (%.1f%%)"
                % (place, start // 1000, (start + ms) // 1000, busy, ms, 100.0 * busy / ms))
    return r


# From the main menu: A (PLAY), RIGHT (against the computer), A (start), then
# A at 7 s rolls the opening; with the emulator's seed 1 red, the player,
# is to move from 8 s on, and the board waits for the player's move.
_AGAINST_THE_COMPUTER = ((10, 3000, 120), (9, 3500, 120), (10, 4000, 120), (10, 7000, 120))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench.chip", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    m = sub.add_parser("moves", help="the computer's move time, steps and heap")
    m.add_argument("--level", type=int, default=5)
    m.add_argument("--set", choices=("game", "hard", "screen", "movegen"), default="game",
                   help="random-play positions, the hardest found (kept in %s), the hardest screened anew, or"
                        " the move generator's worst cases" % os.path.relpath(positions.HARD_FILE))
    m.add_argument("--save", metavar="FILE", help="write the positions timed to FILE (positions.txt's lines)")
    m.add_argument("--count", type=int, default=60)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--port", help="a real Pico's serial port (in update mode) instead of the emulated one")
    m.add_argument("--cube", action="store_true", help="the cube decision on each position's board instead")
    m.add_argument("--score",
                   help="LENGTH,AWAY_US,AWAY_THEM (0,0,0 money; a match's live cube costs more): with --cube the"
                        " cube decision there; without, the moves there with the cube centred and live")
    q = sub.add_parser("passes", help="the demo's loop passes, nothing else measured")
    q.add_argument("--level", type=int, default=5)
    q.add_argument("--minutes", type=float, default=5.0)
    s = sub.add_parser("soak", help="the whole handheld for a long while, a power cut, the resume")
    s.add_argument("--minutes", type=float, default=20.0, help="device minutes before the power cut")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--who", action="store_true",
                   help="at each reading the block map and the game's objects made in play, named; the map of the"
                        " least largest block is printed (the printing slows the passes it times)")
    i = sub.add_parser("idle", help="the CPU's busy share while the loop waits for a press")
    i.add_argument("--seconds", type=float, default=20.0, help="device seconds at each place")
    h = sub.add_parser("heapmap", help="the heap's block map after the demo, to see what splits it")
    h.add_argument("--level", type=int, default=5)
    h.add_argument("--minutes", type=float, default=5.0)
    h.add_argument("--sample", type=float, default=10.0, help="seconds between the heap's samples")
    h.add_argument("--who", type=lambda v: int(v, 16), default=0,
                   help="an address (hex): name the objects at or above it in each sample")
    c = sub.add_parser("qstrs", help="the qstrs the game makes on the chip, beside the image's count")
    c.add_argument("--seconds", type=float, default=60.0, help="device seconds of play after the start-up")
    c.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.what != "moves" or args.port is None:
        why = emulator.missing()
        if why:
            print(why)
            return 2
    if args.what == "moves":
        if args.set == "movegen":
            turns = positions.movegen_cases()
        elif args.set == "hard":
            turns = positions.saved_hard(args.count)
        else:
            turns = (positions.game if args.set == "game" else positions.hard)(args.count, args.seed)
        if args.save:
            with open(args.save, "w") as f:
                f.write(positions.text(turns))
        score = tuple(int(v) for v in (args.score or "0,0,0").split(","))
        moves(args.level, turns, port=args.port, cube=score if args.cube else None,
              score=score if args.score and not args.cube else None)
    elif args.what == "passes":
        passes(args.level, args.minutes)
    elif args.what == "idle":
        idle(args.seconds)
    elif args.what == "heapmap":
        heapmap(args.level, args.minutes, args.sample, args.who)
    elif args.what == "qstrs":
        chip_qstrs.run(args.seconds, args.seed)
    else:
        return soak.soak(args.minutes, args.seed, who=args.who)
    return 0


if __name__ == "__main__":
    sys.exit(main())
