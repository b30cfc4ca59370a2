"""Random presses against the match state machine: whatever the order of
actions (legal or not) and whatever time passes, a refused action changes
nothing, positions stay valid, scores only grow by what games award, the
Match ID and the save always describe the state, and the record stays a
match file."""
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.engine import game, matchid, position, restore
from firmware.engine.dice import Dice, SeededSource
from firmware.engine.matchrecord import TIMED_OUT
from firmware.engine.restore import check_record

ACTIONS = ("roll", "double", "take", "drop", "play", "play", "play", "bad_play",
           "resign", "accept", "reject", "tick", "next_game")


def act(m, name, now, pick):
    g = m.game
    if name == "roll":
        m.roll(now)
    elif name == "double":
        m.double(now)
    elif name == "take":
        m.take(now)
    elif name == "drop":
        m.drop(now)
    elif name == "play":
        if g.plays is None:
            m.play(position.START, now)
        else:
            m.play(g.plays[pick % len(g.plays)][0], now)
    elif name == "bad_play":
        m.play(position.flip(g.board), now)
    elif name == "resign":
        m.resign(pick % 5, now)
    elif name == "accept":
        m.accept(now)
    elif name == "reject":
        m.reject(now)
    elif name == "tick":
        m.tick(now)
    else:
        m.next_game(now)


def snapshot(m):
    g = m.game
    return (g.board, g.state, g.turn, g.dice, g.cube, g.cube_owner, g.resign,
            tuple(m.score), bytes(m.record.data), m.winner)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1),
       length=st.sampled_from((0, 1, 3, 5, 7)),
       clock=st.booleans(),
       steps=st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 40000),
                                st.integers(0, 1000)), max_size=400))
def test_any_presses_keep_the_match_consistent(seed, length, clock, steps):
    m = game.Match(Dice(SeededSource(seed)), length=length, clock=clock,
                   reserve_ms=60000, delay_ms=5000)
    now = 0
    for name, wait, pick in steps:
        now += wait
        before = snapshot(m)
        games_before = m.games
        try:
            act(m, name, now, pick)
        except ValueError:
            timed_out = m.games > games_before and m.game.how == TIMED_OUT
            assert timed_out or snapshot(m) == before, name
        g = m.game
        position.validate(g.board)
        for side in (0, 1):
            assert 0 <= position.borne_off(g.board, side) <= 15
        if m.games > games_before:
            assert g.state == game.OVER
            assert m.score[g.winner] == before[7][g.winner] + g.points
            assert g.points in (g.cube, 2 * g.cube, 3 * g.cube)
        else:
            assert tuple(m.score) == before[7]
        restore.validate(m)
        fields = matchid.decode(m.match_id())
        assert fields[0] == g.cube and fields[10] == length
        assert [fields[11], fields[12]] == m.score
        data = m.to_bytes()
        assert restore.match(data, m.dice).to_bytes() == data
        if g.state == game.MOVE:
            assert len(g.plays) >= 1
    check_record(m.record.data)
    out = io.StringIO()
    m.write_mat(out)
    assert out.getvalue().startswith(" %d point match\n" % length)


def test_long_random_matches_end_with_a_winner_and_a_full_record():
    for seed in range(20):
        m = game.Match(Dice(SeededSource(seed)), length=5)
        actions = 0
        while m.winner < 0:
            g = m.game
            actions += 1
            assert actions < 20000
            if g.state == game.OVER:
                m.next_game()
            elif g.state in (game.OPENING, game.ROLL):
                if m.may_double() and (seed + actions) % 17 == 0:
                    m.double(0)
                else:
                    m.roll(0)
            elif g.state == game.DOUBLED:
                (m.take if actions % 3 else m.drop)(0)
            else:
                m.play(g.plays[actions % len(g.plays)][0], 0)
        assert max(m.score) >= 5 and m.score[m.winner] >= 5
        assert m.record.games() == m.games
