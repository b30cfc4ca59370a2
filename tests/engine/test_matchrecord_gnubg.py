"""Match files that GNU Backgammon imports (skipped where the Debian `gnubg`
package is not installed): random matches and money sessions played
through firmware.engine.game, with takes, drops, resignations and time losses,
are written as .mat files; gnubg imports each one and must find the same
games, winners, points, dice, moves and cube actions, and warn of nothing.
BLOT_GNUBG_MATCHES=500 runs more than the 20 matches CI plays."""
import ast
import os
import random
import subprocess
import tempfile

import pytest

from firmware.engine import game
from firmware.engine.dice import Dice, SeededSource
from firmware.engine.matchrecord import RESIGNED, TIMED_OUT

GNUBG = "/usr/games/gnubg"

pytestmark = pytest.mark.skipif(not os.path.exists(GNUBG), reason="gnubg is not installed")


def random_match(seed, length, max_games=6):
    """A match played with random legal decisions; returns the Match and,
    per game, the actions gnubg should report: (player, action, dice, steps)."""
    rng = random.Random(seed)
    m = game.Match(Dice(SeededSource(seed)), length=length, clock=True,
                   reserve_ms=120000, delay_ms=5000)
    now = 0
    games = [[]]
    while True:
        g = m.game
        now += rng.choice((500, 2000, 8000))
        if rng.random() < 0.002:
            now += 200000                       # someone wanders off
        if m.tick(now):
            _unplayed_roll(g, games[-1])
            continue
        state = g.state
        if state == game.OVER:
            if m.winner >= 0 or m.games >= max_games:
                return m, games
            m.next_game(now)
            games.append([])
        elif state == game.OPENING:
            m.roll(now)
        elif state == game.ROLL:
            if m.may_double() and rng.random() < 0.08:
                games[-1].append((g.turn, "double", None, None))
                m.double(now)
            elif rng.random() < 0.004:
                m.resign(rng.randrange(1, 4), now)
            else:
                m.roll(now)
        elif state == game.DOUBLED:
            take = rng.random() < 0.7
            games[-1].append((1 - g.turn, "take" if take else "drop", None, None))
            (m.take if take else m.drop)(now)
        elif state == game.RESIGNING:
            if rng.random() < 0.5:
                m.accept(now)
                _unplayed_roll(g, games[-1])
            else:
                m.reject(now)
        else:
            i = rng.randrange(len(g.plays))
            result, move = g.plays[i]
            games[-1].append((g.turn, "move", tuple(sorted(g.dice, reverse=True)),
                              tuple(sorted(move))))
            m.play(result, now)


def _unplayed_roll(g, actions):
    # A game lost after rolling keeps the roll in the file ("31:" and no
    # steps). gnubg takes it for a pass when nothing could move, and else
    # only sets the dice, which this test does not list. (A forced move is
    # not written: gnubg would play it.)
    if g.dice[0] and len(g.plays) == 1 and not g.plays[0][1]:
        actions.append((1 - g.winner, "move", tuple(sorted(g.dice, reverse=True)), ()))


SCRIPT = """
import gnubg
# money sessions are scored by gnubg's own Jacoby setting (on by default);
# Blot plays them without the Jacoby rule
gnubg.command('set jacoby off')
for path in PATHS:
    gnubg.command('import mat ' + path)
    match = gnubg.match(analysis=False, boards=False)
    out = []
    for g in match['games']:
        acts = []
        for a in g['game']:
            if a['action'] in ('move', 'double', 'take', 'drop'):
                acts.append((a['player'], a['action'], a.get('dice'), a.get('move')))
        out.append((g['info'], acts))
    print('MATCH', repr((path, out)))
"""


def run_gnubg(paths, tmp):
    script = os.path.join(tmp, "import.py")
    with open(script, "w") as f:
        f.write("PATHS = %r\n%s" % (paths, SCRIPT))
    done = subprocess.run([GNUBG, "-t", "-q", "-p", script], capture_output=True, text=True,
                          timeout=300, cwd=tmp, env=dict(os.environ, HOME=tmp))
    found = {}
    for line in done.stdout.splitlines():
        if line.startswith("MATCH "):
            path, games = ast.literal_eval(line[6:])
            found[path] = games
    return found, done.stdout


def test_gnubg_imports_every_game_move_and_cube_action():
    lengths = (5, 7, 3, 0, 1, 9, 0, 5, 3, 11)
    count = int(os.environ.get("BLOT_GNUBG_MATCHES", "20"))
    cases = [(seed, lengths[seed % len(lengths)]) for seed in range(1, count + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        expected = {}
        for seed, length in cases:
            m, games = random_match(seed, length)
            path = os.path.join(tmp, "m%d.mat" % seed)
            with open(path, "w") as f:
                m.write_mat(f)
            expected[path] = (m, games)
        found, log = run_gnubg(sorted(expected), tmp)
        assert "Invalid move" not in log and "Unrecognised" not in log, log[-2000:]
        ends = set()
        for path, (m, games) in expected.items():
            got = found[path]
            assert len(got) == m.games == len(games), path
            score = [0, 0]
            for (info, acts), want, entry in zip(got, games, _game_ends(m)):
                winner, points, how = entry
                assert info["score-X"] == score[0] and info["score-O"] == score[1], path
                assert info["winner"] == "XO"[winner] and info["points-won"] == points, path
                assert info["resigned"] == (how in (RESIGNED, TIMED_OUT)), path
                mine = [("XO"[p], a, d, s) for p, a, d, s in want]
                theirs = [(p, a, tuple(sorted(d, reverse=True)) if d else None,
                           tuple(sorted(tuple(s) for s in mv)) if a == "move" else None)
                          for p, a, d, mv in acts]
                assert theirs == mine, path
                score[winner] += points
                ends.add(how)
            assert score == m.score
        assert ends == {0, 1, 2, 3}     # borne off, dropped, resigned, timed out all seen


def _game_ends(m):
    """(winner, points, how) of each finished game, from the record."""
    data = m.record.data
    out = []
    i = 0
    while i < len(data):
        code = data[i]
        if 210 <= code < 218:
            out.append((code & 1, data[i + 1], (code - 210) >> 1))
            i += 2
        elif code < 180:
            i += 1 + code // 36
        elif code >= 0xF0:
            i += 5
        else:
            i += 1
    return out
