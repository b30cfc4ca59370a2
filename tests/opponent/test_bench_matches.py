"""tools/bench/matches.py: whole matches with the cube. The match loop and
its bookkeeping with scripted players (the score adds up game by game, a
pass ends the game at the cube's value, the Crawford game has no double,
the cube stops at 64, the match ends at its length), the duplicate dice,
the summary and the resumable save file; then short matches of Blot
against GNU Backgammon's 0-ply (skipped where the Debian `gnubg` package
is not installed)."""
import json
import math
import os

import pytest

import tools  # noqa: F401
from tools.bench import matches
from tests.opponent.boards import race as _race
from firmware.engine import game
from firmware.engine.matchrecord import BORNE_OFF, DROPPED
from firmware.engine.position import START, flip, winner_kind


class Scripted:
    """First legal play; doubles whenever asked (or never); takes or passes
    as told. Records the state of every cube question it gets."""

    def __init__(self, double=True, take=True):
        self.doubles = double
        self.takes = take
        self.asked = []

    def move(self, m):
        return m.game.plays.result(len(m.game.plays) - 1)

    def double(self, m):
        g = m.game
        self.asked.append(("double", g.crawford, g.cube, g.cube_owner, g.turn))
        return self.doubles

    def take(self, m):
        g = m.game
        self.asked.append(("take", g.crawford, g.cube, g.cube_owner, 1 - g.turn))
        return self.takes


def check_bookkeeping(m, games, length):
    """What every finished match must satisfy."""
    score = [0, 0]
    crawford_seen = False
    for i, g in enumerate(games):
        assert g["score"] == score, "game %d starts at %r, not %r" % (i, g["score"], score)
        # the Crawford game: the first game after someone first needs one point
        one_away = [s == length - 1 for s in score]
        should = one_away[0] != one_away[1] and not crawford_seen
        assert g["crawford"] == should
        crawford_seen = crawford_seen or should
        if g["crawford"]:
            assert not g["doubles"]
        cube = 1
        for player, before in g["doubles"]:
            assert before == cube and cube < game.MAX_CUBE
            cube *= 2
        if g["how"] == DROPPED:
            assert g["answer"] == "drop" and g["doubles"]
            assert g["winner"] == g["doubles"][-1][0]
            assert g["points"] == g["cube"] == cube // 2
        else:
            assert g["how"] == BORNE_OFF
            assert g["cube"] == cube and g["points"] == g["kind"] * cube
        score[g["winner"]] += g["points"]
        if i < len(games) - 1:
            assert max(score) < length
    assert score == m.score
    assert max(score) >= length > min(score)
    assert m.winner == score.index(max(score))


@pytest.mark.parametrize("take", [False, True])
def test_scripted_matches_keep_the_score(take):
    for pair in range(3):
        a, b = Scripted(take=take), Scripted(take=take)
        m, games = matches.play_match([a, b], 3, matches.MatchDice(7, pair))
        check_bookkeeping(m, games, 3)
        asked = a.asked + b.asked
        assert asked and not any(crawford for _, crawford, *_ in asked)
        # nobody is asked to double a cube he does not own or that is at 64
        for what, _, cube, owner, player in asked:
            if what == "double":
                assert owner in (game.CENTRED, player) and cube < game.MAX_CUBE


def test_a_pass_ends_the_game_at_the_cube_value():
    # both always double and always pass: every game but the Crawford game
    # ends at the first double, the doubler winning the cube's value, 1
    m, games = matches.play_match([Scripted(take=False), Scripted(take=False)], 3,
                                  matches.MatchDice(1, 0))
    check_bookkeeping(m, games, 3)
    for g in games:
        if g["crawford"]:
            assert g["how"] == BORNE_OFF
        elif g["how"] == DROPPED:
            assert g["points"] == 1 and len(g["doubles"]) == 1
    assert any(g["how"] == DROPPED for g in games)


def test_the_cube_stops_at_64():
    # both always double and always take: the cube climbs to 64 and stays
    m, games = matches.play_match([Scripted(), Scripted()], 7, matches.MatchDice(3, 0))
    check_bookkeeping(m, games, 7)
    first = games[0]
    assert [c for _, c in first["doubles"]] == [1, 2, 4, 8, 16, 32]
    assert first["cube"] == 64 and m.games == 1


def test_no_double_when_never_offered_and_the_post_crawford_cube_returns():
    never = Scripted(double=False)
    m, games = matches.play_match([never, Scripted(double=False)], 5, matches.MatchDice(5, 2))
    check_bookkeeping(m, games, 5)
    assert all(not g["doubles"] and g["cube"] == 1 for g in games)
    # after the Crawford game the trailer may double again
    for k in range(6):
        asks = Scripted(double=False)
        m, games = matches.play_match([asks, Scripted(double=False)], 3, matches.MatchDice(11, k))
        crawford = [i for i, g in enumerate(games) if g["crawford"]]
        if crawford and crawford[0] < len(games) - 1:
            assert any(not c for _, c, *_ in asks.asked)
            return
    pytest.fail("no post-Crawford game in these matches")


def test_duplicate_dice():
    one, two = matches.MatchDice(9, 4), matches.MatchDice(9, 4)
    one.start(2)
    two.start(2)
    rolls = [one.roll() for _ in range(50)]
    assert rolls == [two.roll() for _ in range(50)]
    assert all(1 <= d <= 6 for r in rolls for d in r)
    two.start(3)
    assert rolls != [two.roll() for _ in range(50)]
    # the pair's two matches open on the same dice, the sides swapped
    ma = game.Match(one, length=3)
    mb = game.Match(two, length=3)
    one.start(0)
    two.start(0)
    ma.roll(0)
    mb.roll(0)
    assert ma.game.opening == mb.game.opening and ma.game.turn == mb.game.turn


def test_summary_share_and_standard_error():
    # pair 0: Blot won both; pair 1: one of two; pair 2: neither
    rows = [(0, (7, 3, 4), (7, 5, 6)), (1, (2, 7, 3), (8, 1, 2)), (2, (0, 7, 1), (6, 7, 9))]
    s = matches.summary(rows, 7)
    assert s["pairs"] == 3 and s["matches"] == 6
    assert s["won"] == 0.5
    assert math.isclose(s["se"], round(0.5 / math.sqrt(3), 4))
    assert s["won_as_player0"] == round(1 / 3, 4) and s["won_as_player1"] == round(2 / 3, 4)
    assert s["games_per_match"] == round(25 / 6, 2)


def test_save_file_resumes_after_its_last_pair(tmp_path, capsys):
    path = str(tmp_path / "m.txt")
    players = dict(blot=Scripted(take=False), opponent=Scripted(double=False))
    first = matches.run(3, 2, 5, 5, save=path, **players)
    assert first["first"] == 0 and first["run"]["pairs"] == 2
    again = matches.run(3, 3, 5, 5, save=path, **players)
    assert again["first"] == 2 and again["file"]["pairs"] == 5
    head, rows = matches.read_save(path)
    assert head == matches.header(5, 3, 5)
    assert [k for k, _, _ in rows] == [0, 1, 2, 3, 4]
    # the same pairs played again give the same results
    fresh = str(tmp_path / "n.txt")
    matches.run(3, 2, 5, 5, first=3, save=fresh, **players)
    assert matches.read_save(fresh)[1] == rows[3:]
    with pytest.raises(SystemExit):
        matches.run(3, 1, 5, 5, first=0, save=path, **players)      # would overwrite it
    with pytest.raises(SystemExit):
        matches.run(7, 1, 5, 5, save=path, **players)               # another length
    matches.main(["summary", path])
    assert json.loads(capsys.readouterr().out) == [matches.summary(rows, 3)]


gnubg = pytest.mark.skipif(not os.path.exists(matches.GNUBG), reason="gnubg is not installed")


@pytest.fixture(scope="module")
def server():
    s = matches.Gnubg()
    yield s
    s.close()


def _match_at(board, length, score, cube=1, owner=game.CENTRED):
    m = game.Match(matches.MatchDice(0, 0), length=length)
    m.score = list(score)
    g = m.game
    g.board, g.turn, g.state, g.cube, g.cube_owner = board, 0, game.ROLL, cube, owner
    return m


# races with no gammon either way, gnubg 0-ply at 7-away 7-away: 9
# checkers (18 pips) against 11 (56 pips) is a double and a pass, 8 (36
# pips) against 8 (41 pips) a double and a take
_PASS = _race({1: 3, 2: 3, 3: 3}, {6: 4, 5: 4, 4: 3})
_TAKE = _race({3: 2, 4: 2, 5: 2, 6: 2}, {6: 3, 5: 3, 4: 2})


@gnubg
def test_gnubg_cube_decisions(server):
    start = _match_at(START, 7, (0, 0))
    assert not server.double(start)
    start.game.state = game.DOUBLED
    assert server.take(start)                        # a double at the start is taken
    for board, take in ((_PASS, False), (_TAKE, True)):
        race = _match_at(board, 7, (0, 0))
        assert server.double(race)
        race.game.state = game.DOUBLED
        assert server.take(race) == take
    # a cube that already wins the match is dead: no double
    assert not server.double(_match_at(_PASS, 7, (6, 0)))
    # player 1 on roll: the same decisions, the score read from his side
    race = _match_at(_PASS, 7, (0, 6))
    race.game.turn = 1
    assert not server.double(race)


@gnubg
def test_gnubg_plays_are_legal(server):
    m = game.Match(matches.MatchDice(4, 0), length=7)
    m.dice.start(0)
    m.roll(0)
    for _ in range(60):
        g = m.game
        if g.state == game.OVER:
            break
        if g.state == game.ROLL:
            m.roll(0)
            continue
        result = server.move(m)
        assert result in [p for p, _ in g.plays]
        m.play(result, 0)
    # the opening 3-1 makes the 5 point
    m = _match_at(START, 7, (0, 0))
    m.game.rolled(3, 1)
    m.game.state = game.MOVE
    made = server.move(m)
    assert made[4] == 2 and made[5] == 4 and made[7] == 2 and not winner_kind(made)
    assert flip(made)[25 + 4] == 2


@gnubg
def test_short_matches_against_gnubg(server):
    blot = matches.Blot(5)
    for side in (0, 1):
        players = [server, server]
        players[side] = blot
        m, games = matches.play_match(players, 3, matches.MatchDice(2026, 0))
        check_bookkeeping(m, games, 3)
