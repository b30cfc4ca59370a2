"""Training positions for the evaluator: realistic play labelled by GNU Backgammon.

Games are played by gnubg's 0-ply network choosing the best play by cubeless
equity, with a small share of plays chosen at random among the legal ones so
that the positions also cover the mistakes a weaker player makes. Every
position met with the side on roll before the dice is labelled with gnubg's
five probabilities (win, win gammon, win backgammon, lose gammon, lose
backgammon; gammons include backgammons) at the chosen ply.

    python -m tools.train.data --games 6000 --seed 1 --out build/train/data1.npz

The positions are stored in Blot's layout (firmware/engine/position.py): 50 counts,
the side on roll first. With --candidates F, a share F of the turns also adds the result of every
legal play (seen by the side to roll next), so the network learns to rank
the plays it will be asked to choose between, bad ones included. With
--race, only race positions (the sides past each other) are kept, for a
race network's data; with --late, only the phases the look-ahead does not
mend (tools.bench.ai judge's phases): races the bear-off database does not
answer, and contact positions where a side has every checker home; with
--late-contact, only the positions the late network answers
(firmware.opponent.evaluator.network: contact with a side all home or
crashed), for that network's data; with --contact, only the positions
the contact network answers (neither of those).

With --player CHECKPOINT, one side of each game (at random) plays by that
float network at 0-ply instead (always its best play), so the positions are
the ones the network itself steers into, and the --candidates turns (both
sides') label the results of the --top plays it ranks best rather than
every play's: the plays it chooses between, its own mistakes among them,
each with gnubg's answer.

Deterministic for a given seed and gnubg_nn version.
"""
import argparse
import os

import numpy as np
import gnubg_nn

RANDOM_PLAY = 0.08      # share of plays chosen uniformly among the legal ones
MAX_PLIES = 400


def to_gnubg(board):
    """Blot board (us first) -> gnubg's [side not on roll, side on roll]."""
    return [list(board[25:50]), list(board[0:25])]


def from_gnubg_result(pair):
    """gnubg's decoded result (opponent, mover) -> Blot board with the mover first."""
    return bytes(pair[1]) + bytes(pair[0])


def flip(board):
    return board[25:] + board[:25]


def equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def is_over(board):
    return sum(board[0:25]) == 0 or sum(board[25:50]) == 0


def gnubg_choice(rng, results):
    """gnubg's 0-ply best play among the results (one that ends the game
    first), or on a RANDOM_PLAY share of the turns with a choice a random one."""
    if len(results) > 1 and rng.random() < RANDOM_PLAY:
        return results[int(rng.integers(len(results)))]
    best = None
    for r in results:
        if sum(r[0:25]) == 0:
            return r
        e = -equity(gnubg_nn.probabilities(to_gnubg(flip(r)), 0))
        if best is None or e > best:
            best, choice = e, r
    return choice


def net_equities(net, results):
    """A float network's cubeless equity of each play's result for the side
    that played it (a play that bears off the last checker above all)."""
    from tools.train import netmath
    flipped = netmath.as_array([flip(r) for r in results])
    eq = -equity(netmath.float_probs(net, netmath.encode(flipped)).T)
    eq[flipped[:, 25:].sum(1) == 0] = 9.0
    return eq


def is_late(board):
    """A race the bear-off database does not answer (a side not yet home),
    or contact with a side's every checker home: bearing off against
    contact, or holding against such a bear-off."""
    from firmware.engine.position import is_race
    from tools.train import netmath
    (us,), (them,) = netmath.homes([board])
    return not (us and them) if is_race(board) else us or them


def play_game(rng, out, ply, candidates=0.0, against_pubeval=False, race=False, net=None, top=8, late=False,
              late_contact=False, contact=False):
    from firmware.engine.position import START, is_race
    from firmware.opponent.evaluator import network
    from firmware.opponent.netfile import CONTACT, LATE
    board = START
    # against_pubeval: one side (at random) plays by pubeval, whose odd
    # positions (deep backgames, broken primes) the network must also know;
    # net: one side (at random) plays by that float network.
    pub_side = int(rng.integers(2)) if against_pubeval else -1
    net_side = int(rng.integers(2)) if net is not None else -1
    side = 0
    d1, d2 = 0, 0
    while d1 == d2:
        d1, d2 = rng.integers(1, 7, size=2)
    first = True
    for _ in range(MAX_PLIES):
        if is_over(board):
            return
        # this turn's positions go in
        keep = ((not race or is_race(board)) and (not late or is_late(board))
                and (not late_contact or network(board) == LATE)
                and (not contact or network(board) == CONTACT))
        if not first:
            d1, d2 = rng.integers(1, 7, size=2)
            if keep:
                out.append((board, gnubg_nn.probabilities(to_gnubg(board), ply)))
        first = False
        keys = gnubg_nn.moves(to_gnubg(board), int(d1), int(d2))
        if not keys:
            board = flip(board)
            side ^= 1
            continue
        results = [from_gnubg_result(gnubg_nn.board_from_position_key(k)) for k in keys]
        ours = net_equities(net, results) if net is not None and len(results) > 1 else None
        if candidates and len(results) > 1 and rng.random() < candidates and keep:
            # Every play's result (or the network's best few), as the side
            # to roll next sees it: the positions the evaluator must rank
            # against each other.
            labelled = results if ours is None else [results[i] for i in np.argsort(-ours, kind="stable")[:top]]
            for r in labelled:
                if sum(r[0:25]):
                    f = flip(r)
                    out.append((f, gnubg_nn.probabilities(to_gnubg(f), ply)))
        if side == pub_side:
            from tools.train import pubeval
            choice = results[pubeval.best_index(board, results)]
        elif side == net_side:
            choice = results[0] if ours is None else results[int(np.argmax(ours))]
        else:
            choice = gnubg_choice(rng, results)
        board = flip(choice)
        side ^= 1


def save(rows, out):
    """Writes (board, probabilities) rows as a data file: boards (N, 50) uint8, probs (N, 5)."""
    boards = np.frombuffer(b"".join(bytes(r[0]) for r in rows), dtype=np.uint8).reshape(-1, 50)
    probs = np.array([r[1] for r in rows], dtype=np.float32).reshape(-1, 5)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    np.savez_compressed(out, boards=boards, probs=probs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ply", type=int, default=0, help="gnubg ply for the labels")
    ap.add_argument("--candidates", type=float, default=0.0,
                    help="share of turns whose every candidate play is also labelled")
    ap.add_argument("--pubeval", action="store_true",
                    help="one side of each game plays by pubeval")
    ap.add_argument("--race", action="store_true",
                    help="keep only race positions (the sides past each other)")
    ap.add_argument("--late", action="store_true",
                    help="keep only races with a side not yet home and contact with a side all home")
    ap.add_argument("--late-contact", action="store_true",
                    help="keep only the positions the late network answers (contact with a side all home or crashed)")
    ap.add_argument("--contact", action="store_true",
                    help="keep only the positions the contact network answers (neither a race nor the late network's)")
    ap.add_argument("--player", help="a float checkpoint that plays one side of each game at 0-ply")
    ap.add_argument("--top", type=int, default=8,
                    help="with --player: how many of its best plays a --candidates turn labels")
    ap.add_argument("--out", default="build/train/data1.npz")
    args = ap.parse_args(argv)
    if args.player and args.pubeval:
        ap.error("--player and --pubeval each take one side: the other is gnubg's")
    net = {k: v for k, v in np.load(args.player).items()} if args.player else None
    rng = np.random.default_rng(args.seed)
    rows = []
    for _ in range(args.games):
        play_game(rng, rows, args.ply, args.candidates, args.pubeval, args.race, net, args.top, args.late,
                  args.late_contact, args.contact)
    save(rows, args.out)
    print("%d positions from %d games -> %s" % (len(rows), args.games, args.out))


if __name__ == "__main__":
    main()
