"""The countdown clock on its own and inside the match."""
from firmware.engine import game, position, restore
from firmware.engine.clock import Clock
from firmware.engine.dice import ManualDice
from firmware.engine.matchrecord import TIMED_OUT


def test_the_delay_runs_first_then_the_reserve():
    c = Clock(300000, 30000)
    c.start(0, 1000)
    assert c.delay_left(21000) == 10000
    assert c.reserve_left(0, 21000) == 300000
    assert c.delay_left(41000) == 0
    assert c.reserve_left(0, 41000) == 290000
    c.stop(41000)
    assert c.reserve == [290000, 300000]
    # a quick turn costs the reserve nothing, and the next turn has a new delay
    c.start(0, 50000)
    c.stop(75000)
    assert c.reserve == [290000, 300000]


def test_expiry_when_delay_and_reserve_are_gone():
    c = Clock(60000, 30000)
    c.start(1, 0)
    assert c.expired(89999) == -1
    assert c.expired(90000) == 1
    c.stop(90000)
    assert c.reserve[1] == 0
    # an empty reserve still gets each turn's delay
    c.start(1, 100000)
    assert c.expired(129999) == -1
    assert c.expired(130000) == 1


def test_pause_does_not_charge_and_resume_goes_on():
    c = Clock(300000, 0)
    c.start(0, 0)
    c.pause(10000)
    c.resume(70000)
    assert c.reserve_left(0, 80000) == 280000
    # time running backwards charges nothing
    assert c.reserve_left(0, 50000) == 280000


def test_bad_settings_are_refused():
    for reserve, delay in ((0, 30000), (-1, 0), (1000, -1)):
        try:
            Clock(reserve, delay)
        except ValueError:
            continue
        assert False, (reserve, delay)


def timed_match(faces, reserve=300000, delay=30000):
    m = game.Match(ManualDice(faces), length=7, clock=True, reserve_ms=reserve, delay_ms=delay)
    m.roll(0)
    return m


def test_clock_runs_for_the_player_on_roll_from_the_opening():
    m = timed_match((5, 2))
    assert m.clock.player == 0 and m.clock.running()
    m.play(m.game.plays[0][0], 45000)          # 15 s over the delay
    assert m.clock.reserve == [285000, 300000]
    assert m.clock.player == 1 and m.clock.delay_left(45000) == 30000


def test_clock_stands_still_while_doubled_or_resigning():
    m = timed_match((5, 2))
    m.play(m.game.plays[0][0], 0)
    m.double(10000)
    assert not m.clock.running()
    assert not m.tick(10 ** 9)                 # the taker may think for ever
    m.take(10 ** 9)
    assert m.clock.running() and m.clock.delay_left(10 ** 9) == 20000
    m.resign(1, 10 ** 9)
    assert not m.tick(2 * 10 ** 9)
    m.reject(2 * 10 ** 9)
    assert m.clock.delay_left(2 * 10 ** 9) == 20000


def test_running_out_of_time_loses_the_game_at_the_cube_value():
    m = timed_match((5, 2), reserve=60000, delay=30000)
    m.play(m.game.plays[0][0], 0)
    m.double(0)
    m.take(0)                                   # player 0 owns the cube at 2
    assert not m.tick(89999)
    assert m.tick(90000)
    g = m.game
    assert (g.state, g.winner, g.kind, g.points, g.how) == (game.OVER, 0, 1, 2, TIMED_OUT)
    assert m.score == [2, 0]
    assert not m.clock.running()


def test_an_action_after_the_time_ran_out_ends_the_game_and_is_refused():
    m = timed_match((5, 2), reserve=1000, delay=0)
    try:
        m.play(m.game.plays[0][0], 5000)
    except ValueError as exc:
        assert "ran out of time" in str(exc)
    else:
        assert False, "a late play was accepted"
    assert m.game.state == game.OVER and m.game.winner == 1


def test_without_the_clock_nothing_times_out():
    m = game.Match(ManualDice((5, 2)), length=7)
    m.roll(0)
    assert not m.tick(10 ** 12)
    m.play(m.game.plays[0][0], 10 ** 12)
    assert m.game.state == game.ROLL


def test_new_clock_settings_wait_for_the_next_game():
    m = timed_match((5, 2))
    m.set_clock(True, 120000, 10000)
    assert m.clock.reserve_ms == 300000
    m.resign(1, 0)
    m.accept(0)
    m.next_game()
    assert (m.clock.reserve_ms, m.clock.delay_ms) == (120000, 10000)
    assert m.clock.reserve == [120000, 120000]
    m.set_clock(False)                          # before the opening roll: at once
    assert not m.clock_on


def test_power_off_time_is_not_charged_after_restore():
    m = timed_match((5, 2), reserve=300000, delay=30000)
    m.play(m.game.plays[0][0], 0)
    m.tick(10000)                               # player 1 has used 10 s
    back = restore.match(m.to_bytes(), ManualDice())
    # the device restarts with its millisecond counter anywhere
    assert not back.tick(5000000)
    assert back.clock.delay_left(5000000) == 20000
    assert back.clock.reserve_left(1, 5000000 + 50000) == 270000
