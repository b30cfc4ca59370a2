"""tools/bench/scoreplay.py: checker play at match scores and with the
cube, judged by GNU Backgammon. The contexts drawn, the decisions kept,
the judge's cache and the report, with a stand-in for gnubg; then a few
decisions judged by gnubg itself (skipped where the Debian `gnubg`
package is not installed)."""
import os

import numpy as np
import pytest

import tools  # noqa: F401
from tools.bench import matches, scoreplay
from firmware.engine import movegen
from firmware.engine.position import START, flip, winner_kind


def test_every_context_is_a_position_the_rules_can_reach():
    rng = np.random.default_rng(1)
    seen = set()
    for _ in range(2000):
        name, length, a, b, cube, owner, crawford = scoreplay._context(rng)
        seen.add(name)
        if name.startswith("money"):
            assert (length, a, b, crawford) == (0, 0, 0, False)
            assert (cube, owner) == ((2, owner) if name == "money owned" else (1, -1)) and owner in (-1, 0, 1)
            continue
        assert length == scoreplay.LENGTH and 1 <= a <= length and 1 <= b <= length
        if crawford:
            assert name == "Crawford" and 1 in (a, b) and (cube, owner) == (1, -1)
        if name == "owned":
            # the owner took where the cube did not win it the match
            assert cube in (2, 4) and cube < (a if owner == 0 else b)
        if name == "post-Crawford" and cube == 2:
            assert (a if owner == 0 else b) == 1       # the leader took the trailer's double
        if name == "double match point":
            assert (a, b, cube) == (1, 1, 1)
    assert seen == {n for n, _ in scoreplay.CONTEXTS}


def test_a_decision_has_a_choice_and_no_play_that_ends_the_game():
    found = scoreplay.decisions(2, 7)
    assert len(found) > 50
    for d in found[:40]:
        plays = movegen.plays(d.board, *d.dice)
        results = {plays.result(i) for i in range(len(plays))}
        assert len(results) > 1 and not any(winner_kind(r) for r in results)
        info = d.cube_info(1)
        assert info[2] == 1 and (info[3] == 0) == (d.length == 0)


class FakeServer:
    """Values each board by its first checker count, and counts the asks."""

    def __init__(self):
        self.asked = 0

    def ask(self, op, board, cube, **more):
        assert op == "value" and more == {"ply": 2} and cube[2] == 1
        self.asked += 1
        return str(board[0] / 100.0)


def test_the_judges_values_are_kept_and_asked_once(tmp_path):
    found = scoreplay.decisions(1, 7)[:20]
    choices = []
    for d in found:
        plays = movegen.plays(d.board, *d.dice)
        choices.append({"first": plays.result(0), "last": plays.result(len(plays) - 1)})
    path = str(tmp_path / "judged.json")
    server = FakeServer()
    values = scoreplay.judged(found, choices, 2, path, server)
    assert server.asked == len({d.key(r) for d, c in zip(found, choices) for r in c.values()})
    again = FakeServer()
    assert scoreplay.judged(found, choices, 2, path, again) == values and again.asked == 0
    # a value is the judge's for the side that played: its negation of the other side's
    d, r = found[0], choices[0]["first"]
    assert values[d.key(r)] == -(r[25] / 100.0)


def test_the_report_has_every_context_and_the_pairs():
    found = scoreplay.decisions(1, 7)[:30]
    names = ["MAX", "MAX, dead cube", "MAX, money", "PRO", "PRO, dead cube", "PRO, money", "gnubg 0-ply cubeful",
             "gnubg 0-ply cubeless", "gnubg 0-ply, money"]
    rng = np.random.default_rng(2)
    loss = {n: rng.random(len(found)) for n in names}
    lines = []
    scoreplay.report(found, loss, lines.append)
    assert lines[2].split()[:2] == ["all", "30"] and len(lines[2].split()) == 2 + len(names)
    assert any(line.strip().startswith("MAX less MAX, dead cube, matches") for line in lines)
    assert any(line.strip().startswith("PRO less PRO, dead cube, money") for line in lines)


def _board(us, them):
    b = bytearray(50)
    for i, n in us.items():
        b[i] = n
    for i, n in them.items():
        b[25 + i] = n
    return bytes(b)


def test_the_judges_blind_corner_is_contact_with_thirteen_off():
    # two checkers left against a side still holding behind them
    back_game = _board({11: 1, 19: 1}, {0: 2, 10: 2, 13: 1, 18: 9, 19: 1})
    assert scoreplay.judge_blind(back_game) and scoreplay.judge_blind(flip(back_game))
    # the same two checkers past every one of the other side's: a race
    assert not scoreplay.judge_blind(_board({0: 1, 1: 1}, {0: 2, 10: 2, 13: 1, 18: 9, 19: 1}))
    # three left in contact: judged as any other
    assert not scoreplay.judge_blind(_board({11: 1, 19: 2}, {0: 2, 10: 2, 13: 1, 18: 9, 19: 1}))
    assert not scoreplay.judge_blind(START)


def test_the_blind_corner_is_reported_apart():
    found = scoreplay.decisions(1, 7)[:10]
    blind = found[3]
    blind.board = _board({11: 1, 19: 1}, {0: 2, 10: 2, 13: 1, 18: 9, 19: 1})
    loss = {"MAX": np.zeros(10), "gnubg 0-ply cubeful": np.zeros(10)}
    loss["MAX"][3] = 1000.0
    lines = []
    scoreplay.report(found, loss, lines.append)
    rows = {line[:22].strip(): line.split() for line in lines[2:] if not line.strip().startswith(("MAX less",))}
    assert rows["all"][1] == "9" and float(rows["all"][2]) == 0.0
    apart = rows["%d+ off, contact" % scoreplay.BLIND_OFF]
    assert apart[-3:] == ["1", "1000.00", "0.00"]
    assert "+0.00 +- 0.00" in [line for line in lines if line.strip().startswith("MAX less gnubg")][0]
    # and by the network that answers each position, the corner left out there too
    by_net = [line for line in lines if "network's positions" in line]
    assert sum(int(line.split("(")[1].split(")")[0]) for line in by_net) == 9


def test_a_rollout_plays_to_the_end_for_the_side_that_played():
    # our last checker on our 1 point, all theirs on their 7: our gammon next roll
    result = _board({0: 1}, {6: 15})
    assert scoreplay.rollout(result, 4, np.random.default_rng(1)) == (2.0, 0.0)
    assert scoreplay.rollout(flip(result), 4, np.random.default_rng(1))[0] < 0


@pytest.mark.skipif(not os.path.exists(matches.GNUBG), reason="GNU Backgammon (Debian's gnubg) is not installed")
def test_gnubg_judges_a_few_decisions(tmp_path, monkeypatch):
    monkeypatch.setattr(scoreplay, "CACHE", str(tmp_path))
    found = scoreplay.decisions(1, 11)[:6]
    monkeypatch.setattr(scoreplay, "decisions", lambda games, seed: found)
    lines = []
    scoreplay.run(1, 11, 0, lines.append)
    assert lines[0].startswith("6 decisions")
    first = [line for line in lines if line.strip().startswith("all")][0].split()
    assert int(first[1]) == 6 and all(float(v) >= 0 for v in first[2:])
