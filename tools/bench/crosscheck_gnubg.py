"""Cross-checks firmware/engine/movegen.py against GNU Backgammon's move generator.

    python -m tools.bench.crosscheck_gnubg                 100,000 (position, roll) pairs
    python -m tools.bench.crosscheck_gnubg --pairs 5000 --seed 3

Positions come from whole games: each turn the mover plays gnubg's 0-ply
best move (three times in four) or a random legal play (for odder
positions: more hits, more checkers back; --greedy sets the share). Every
position met is checked with the roll that was played and with --extra
other random rolls. A pair
agrees when the set of results plays() returns equals the set gnubg_nn.moves()
returns (gnubg returns nothing when no checker can move: that is the board
unchanged), plays() lists no result twice, and each play's steps, replayed
one at a time with apply_step, reach its result using the dice the play
claims. Prints a report and exits 1 on any difference.

With --micropython the same pairs are generated again under the MicroPython
unix port, whose move generator runs the viper walk (CPython runs its
plain-Python twin), and each pair's plays, in order, must equal the ones
just compared with gnubg.
"""
import argparse
from importlib import metadata
import os
import random
import subprocess
import sys
import tempfile
import time

import gnubg_nn

import tools  # noqa: F401  (puts the MicroPython stand-ins on sys.path)
from firmware.engine import movegen, notation, position, posid


def gnubg_board(board):
    """gnubg's [side not on roll, side on roll] from our 50 bytes."""
    return [list(board[25:]), list(board[:25])]


def gnubg_results(board, d1, d2):
    """The set of results gnubg allows, as our 50-byte boards (not flipped)."""
    keys = gnubg_nn.moves(gnubg_board(board), d1, d2)
    if not keys:
        return {bytes(board)}
    out = set()
    for key in keys:
        them, us = gnubg_nn.board_from_position_key(key)
        out.add(bytes(us) + bytes(them))
    return out


def replay_fault(board, found):
    """Why the plays' moves do not replay to their results, or None."""
    for result, move in found:
        if len(move) != found.dice_used:
            return "move %r uses %d dice, the plays use %d" % (move, len(move), found.dice_used)
        b = board
        for f, t in move:
            b = movegen.apply_step(b, f, t)
        if b != result:
            return "move %s does not reach its result" % notation.move_text(board, move)
    return None


class Tally:
    def __init__(self):
        self.cases = bytearray()    # 12 bytes a pair: position key, d1, d2
        self.pairs = 0
        self.positions = 0
        self.games = 0
        self.plays = 0
        self.kinds = {"doubles": 0, "on the bar": 0, "bearing off": 0,
                      "no move": 0, "only part of the roll": 0}
        self.faults = []

    def note(self, board, d1, d2, found):
        self.cases += posid.key(board) + bytes((d1, d2))
        self.pairs += 1
        self.plays += len(found)
        if d1 == d2:
            self.kinds["doubles"] += 1
        if board[24]:
            self.kinds["on the bar"] += 1
        if not any(board[6:25]):
            self.kinds["bearing off"] += 1
        if found.dice_used == 0:
            self.kinds["no move"] += 1
        elif found.dice_used < (4 if d1 == d2 else 2):
            self.kinds["only part of the roll"] += 1


def check_pair(board, d1, d2, tally):
    found = movegen.plays(board, d1, d2)
    tally.note(board, d1, d2, found)
    ours = [result for result, move in found]
    theirs = gnubg_results(board, d1, d2)
    fault = None
    if len(set(ours)) != len(ours):
        fault = "a result listed twice"
    elif set(ours) != theirs:
        fault = "%d results, gnubg %d; only ours: %s; only gnubg's: %s" % (
            len(set(ours)), len(theirs),
            " ".join(posid.position_id(b) for b in sorted(set(ours) - theirs)[:3]),
            " ".join(posid.position_id(b) for b in sorted(theirs - set(ours))[:3]))
    else:
        fault = replay_fault(board, found)
    if fault:
        tally.faults.append("%s %d-%d: %s" % (posid.position_id(board), d1, d2, fault))
    return found


def gnubg_choice(board, d1, d2):
    moves, key = gnubg_nn.best_move(gnubg_board(board), d1, d2, b=1)
    mover, other = gnubg_nn.board_from_position_key(key)
    return bytes(mover) + bytes(other)


def run(pairs, seed=1, extra=3, greedy=0.75):
    """Play games until `pairs` (position, roll) pairs are checked."""
    rng = random.Random(seed)
    tally = Tally()
    while tally.pairs < pairs:
        tally.games += 1
        board = position.START
        while tally.pairs < pairs:
            tally.positions += 1
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            found = check_pair(board, d1, d2, tally)
            for _ in range(extra):
                check_pair(board, rng.randint(1, 6), rng.randint(1, 6), tally)
            if found.dice_used and rng.random() < greedy:
                result = gnubg_choice(board, d1, d2)
            else:
                result = found.result(rng.randrange(len(found)))
            if position.winner_kind(result):
                break
            board = position.flip(result)
    return tally


# Run by both interpreters: one line per pair, the plays in order.
DIGEST = """
def digest(plays):
    h = 0
    for i in range(len(plays)):
        for v in plays.result(i):
            h = (h * 31 + v) & 0xFFFFFFF
        for f, t in plays.move(i):
            h = (h * 31 + f * 32 + t) & 0xFFFFFFF
    return "%d %d %d" % (len(plays), plays.dice_used, h)
"""
MICROPYTHON_SCRIPT = DIGEST + """
import sys
sys.path.insert(0, "tools/hostlib")
sys.path.insert(0, "")
from firmware.engine import movegen, posid
assert movegen.walker.__name__.endswith("movewalk"), movegen.walker
with open(sys.argv[1], "rb") as f:
    while True:
        pair = f.read(12)       # a pair at a time: the whole file may not fit the heap
        if len(pair) < 12:
            break
        print(digest(movegen.plays(posid.from_key(pair[:10]), pair[10], pair[11])))
"""


def micropython_faults(tally):
    """Pairs where the MicroPython unix port's plays (the viper walk) differ
    from CPython's; [] when every pair agrees."""
    names = {}
    exec(DIGEST, names)
    digest = names["digest"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with tempfile.TemporaryDirectory() as tmp:
        cases = os.path.join(tmp, "cases.bin")
        script = os.path.join(tmp, "digest.py")
        with open(cases, "wb") as f:
            f.write(tally.cases)
        with open(script, "w") as f:
            f.write(MICROPYTHON_SCRIPT)
        result = subprocess.run(
            [os.path.join(root, ".venv", "bin", "micropython"), "-X", "heapsize=200k", script, cases],
            cwd=root, capture_output=True, text=True, timeout=1800)
    if result.returncode != 0:
        return ["micropython failed: " + (result.stdout + result.stderr)[-1000:]]
    lines = result.stdout.split("\n")
    faults = []
    data = tally.cases
    for n, o in enumerate(range(0, len(data), 12)):
        board = posid.from_key(bytes(data[o:o + 10]))
        d1, d2 = data[o + 10], data[o + 11]
        want = digest(movegen.plays(board, d1, d2))
        got = lines[n] if n < len(lines) else "(missing)"
        if got != want:
            faults.append("%s %d-%d: MicroPython %s, CPython %s" % (
                posid.position_id(board), d1, d2, got, want))
    return faults


def report(tally, seconds):
    lines = [
        "cross-check against GNU Backgammon (gnubg_nn %s, moves())" % metadata.version("gnubg_nn"),
        "%d (position, roll) pairs from %d positions in %d games, %d plays compared, %.0f s"
        % (tally.pairs, tally.positions, tally.games, tally.plays, seconds),
        "  " + ", ".join("%s %d" % (k, v) for k, v in tally.kinds.items()),
        "differences: %d" % len(tally.faults),
    ]
    lines += ["  " + f for f in tally.faults[:20]]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--extra", type=int, default=3, help="other rolls checked per position")
    parser.add_argument("--greedy", type=float, default=0.75,
                        help="share of turns played by gnubg's choice, the rest at random")
    parser.add_argument("--micropython", action="store_true",
                        help="also generate every pair under the MicroPython unix port (the viper walk)")
    args = parser.parse_args(argv)
    started = time.time()
    tally = run(args.pairs, args.seed, args.extra, args.greedy)
    print(report(tally, time.time() - started))
    if args.micropython:
        faults = micropython_faults(tally)
        print("MicroPython unix port (viper walk), the same %d pairs: %d differences"
              % (tally.pairs, len(faults)))
        for f in faults[:20]:
            print("  " + f)
        tally.faults += faults
    return 1 if tally.faults else 0


if __name__ == "__main__":
    sys.exit(main())
