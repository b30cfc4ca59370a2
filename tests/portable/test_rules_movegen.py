"""Every movement rule on hand-made positions (CPython and MicroPython).

Boards are written as {point: checkers} from each side's own view, 25 = bar;
checkers not listed are borne off.
"""
from firmware.engine import movegen, notation, position
from tests.portable.boards import board


def after(start, *steps):
    b = start
    for f, t in steps:
        b = movegen.apply_step(b, f, t)
    return b


def results(b, d1, d2):
    return set(r for r, m in movegen.plays(b, d1, d2))


def texts(b, d1, d2):
    return sorted(notation.move_text(b, m) for r, m in movegen.plays(b, d1, d2))


# their checkers that block our points 1..6 (their 19..24), for entering tests
def closed(*our_points):
    return dict((25 - p, 2) for p in our_points)


def test_opening_roll_counts_match_gnubg():
    # distinct plays from the opening position, as gnubg counts them
    counts = {(3, 1): 16, (6, 5): 7, (2, 2): 75, (6, 6): 11, (1, 1): 42}
    for (d1, d2), n in counts.items():
        assert len(movegen.plays(position.START, d1, d2)) == n, (d1, d2)


def test_opening_three_one_makes_the_five_point():
    assert "8/5 6/5" in texts(position.START, 3, 1)
    assert "8/5 6/5" in texts(position.START, 1, 3)


def test_each_result_listed_once():
    # 6-5 from the opening: 24/18/13 and 24/13 via 19 reach one position
    found = movegen.plays(position.START, 6, 5)
    res = [r for r, m in found]
    assert len(res) == len(set(res))
    assert texts(position.START, 6, 5).count("24/13") == 1


def test_results_are_from_the_movers_view_not_flipped():
    for r, m in movegen.plays(position.START, 3, 1):
        assert r[25:] == position.START[25:]
        assert position.pips(r)[0] == 167 - 4


def test_bar_checker_enters_before_anything_else():
    b = board({25: 1, 13: 14}, {6: 5})
    for r, m in movegen.plays(b, 6, 3):
        assert m[0][0] == 25


def test_enter_with_one_die_and_play_the_other():
    # our 22 point (their 3) is closed: enter with the 6 on 19, then play the 3
    b = board({25: 1, 13: 14}, {3: 2, 1: 13})
    found = movegen.plays(b, 6, 3)
    assert found.dice_used == 2
    for r, m in found:
        assert m[0] == (25, 19)
    assert after(b, (25, 19), (19, 16)) in results(b, 6, 3)
    assert after(b, (25, 19), (13, 10)) in results(b, 6, 3)


def test_closed_board_with_a_checker_on_the_bar_forfeits_the_turn():
    b = board({25: 1, 13: 14}, closed(19, 20, 21, 22, 23, 24))
    found = movegen.plays(b, 6, 5)
    assert found.dice_used == 0
    assert list(found) == [(b, ())]


def test_two_on_the_bar_only_one_can_enter():
    # only the 5 enters (our 20); the second checker stays, the 4 is lost
    b = board({25: 2, 13: 13}, closed(19, 21, 22, 23, 24))
    found = movegen.plays(b, 5, 4)
    assert found.dice_used == 1
    assert results(b, 5, 4) == set([after(b, (25, 20))])


def test_doubles_enter_both_from_the_bar_then_play_on():
    b = board({25: 2, 13: 13}, closed(19, 20, 22, 23, 24))
    found = movegen.plays(b, 4, 4)
    assert found.dice_used == 4
    for r, m in found:
        assert m[:2] == ((25, 21), (25, 21))
    assert after(b, (25, 21), (25, 21), (21, 17), (21, 17)) in results(b, 4, 4)
    assert after(b, (25, 21), (25, 21), (13, 9), (13, 9)) in results(b, 4, 4)


def test_both_dice_playable_in_only_one_order():
    # a checker on 12 with 6-1; our 6 is blocked, 11 and 5 are open, the
    # other 14 (on the 1 point) cannot bear off: only 12/11 then 11/5 uses both
    b = board({12: 1, 1: 14}, {19: 2, 18: 2})   # their 19, 18 = our 6, 7
    found = movegen.plays(b, 6, 1)
    assert found.dice_used == 2
    assert results(b, 6, 1) == set([after(b, (12, 11), (11, 5))])


def test_either_die_alone_but_not_both_plays_the_larger():
    # 9/3 (the 6) or 9/4 (the 5), but never both: the checker on 20 cannot move
    # (our 14 and 15 are blocked), so nothing may bear off after either
    b = board({9: 1, 20: 1}, {10: 2, 11: 2})
    found = movegen.plays(b, 6, 5)
    assert found.dice_used == 1
    assert results(b, 6, 5) == set([after(b, (9, 3))])
    assert texts(b, 5, 6) == ["9/3"]


def test_only_the_smaller_die_playable_plays_it():
    # the 6 cannot move at all (9/3 and 20/14 blocked); the 5 plays 9/4,
    # after which the 6 still has nothing (20 is outside, so no bearing off)
    b = board({9: 1, 20: 1}, {22: 2, 10: 2, 11: 2})
    found = movegen.plays(b, 6, 5)
    assert found.dice_used == 1
    assert results(b, 6, 5) == set([after(b, (9, 4))])


def test_doubles_partly_playable_one_checker_past_blocks():
    # a single checker on 24 with 2-2: 22 and 20 open, 18 blocked: two steps only
    b = board({24: 1, 1: 14}, {7: 2})           # their 7 = our 18
    found = movegen.plays(b, 2, 2)
    assert found.dice_used == 2
    assert results(b, 2, 2) == set([after(b, (24, 22), (22, 20))])


def test_doubles_one_checker_moves_four_times_past_blocks():
    # 3-3 from 24: 21, 18, 15, 12 are open; 22, 20, 19, 17, 16 are blocked
    b = board({24: 1, 1: 14}, {3: 2, 5: 2, 6: 2, 8: 2, 9: 2})
    found = movegen.plays(b, 3, 3)
    assert found.dice_used == 4
    assert results(b, 3, 3) == set([after(b, (24, 21), (21, 18), (18, 15), (15, 12))])
    assert texts(b, 3, 3) == ["24/12"]


def test_doubles_partly_playable_when_the_fourth_step_is_blocked():
    b = board({24: 1, 1: 14}, {3: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2})   # and our 15
    found = movegen.plays(b, 3, 3)
    assert found.dice_used == 2
    assert results(b, 3, 3) == set([after(b, (24, 21), (21, 18))])


def test_bearing_off_exact_and_with_a_higher_die_from_the_highest_point():
    b = board({4: 1, 2: 1})
    assert after(b, (4, 0), (2, 0)) in results(b, 6, 5)
    assert results(b, 6, 5) == set([after(b, (4, 0), (2, 0))])
    assert texts(b, 6, 5) == ["4/off 2/off"]


def test_higher_die_cannot_bear_off_while_a_checker_stands_higher():
    # a 5 with checkers on 6 and 3: the 5 must move 6/1, not bear off from 3
    b = board({6: 1, 3: 1})
    found = movegen.plays(b, 5, 5)
    for r, m in found:
        assert m[0] == (6, 1)
    assert results(b, 5, 5) == set([after(b, (6, 1), (3, 0), (1, 0))])


def test_bearing_off_needs_every_checker_home():
    b = board({7: 1, 2: 14})
    for r, m in movegen.plays(b, 2, 1):
        # 7/5 (or 7/6) must come first; only then may the other die bear off
        assert position.borne_off(r) <= 1
    assert after(b, (7, 5), (2, 1)) in results(b, 2, 1)
    assert after(b, (7, 6), (2, 0)) in results(b, 2, 1)
    assert after(b, (7, 5), (5, 4)) in results(b, 2, 1)


def test_bearing_in_and_off_in_one_turn():
    b = board({8: 1, 6: 14})
    assert after(b, (8, 2), (2, 0)) in results(b, 6, 2)     # 8/2/off
    assert after(b, (8, 6), (6, 0)) in results(b, 6, 2)     # 8/6 6/off
    assert "8/off" in texts(b, 6, 2)


def test_a_hit_checker_must_come_home_before_bearing_off_resumes():
    # our checker on the bar; 6-6 enters on 19 and walks 13, 7, 1: never all
    # home until the last step, so nothing is borne off this turn
    b = board({25: 1, 6: 14}, {1: 1})
    assert movegen.plays(b, 6, 6).dice_used == 4
    assert results(b, 6, 6) == set([after(b, (25, 19), (19, 13), (13, 7), (7, 1))])
    # with 6-5 it enters and moves on; no bearing off
    for r, m in movegen.plays(b, 6, 5):
        assert position.borne_off(r) == 0


def test_combined_move_only_through_an_open_point():
    # 24 with 6-5: 18 blocked, 19 open -> 24/19/13 is the only way to 13
    b = board({24: 1, 1: 14}, {7: 2})           # their 7 = our 18
    assert after(b, (24, 19), (19, 13)) in results(b, 6, 5)
    # both 18 and 19 blocked: no way to 13
    b = board({24: 1, 1: 14}, {7: 2, 6: 2})
    assert movegen.plays(b, 6, 5).dice_used == 0


def test_combined_move_hits_a_blot_on_the_way():
    b = board({24: 1, 1: 14}, {7: 1})           # their blot on our 18
    found = movegen.plays(b, 6, 5)
    assert "24/18*/13" in texts(b, 6, 5)
    assert "24/13" in texts(b, 6, 5)             # via 19, no hit
    hit = after(b, (24, 18), (18, 13))
    assert hit in results(b, 6, 5) and hit[49] == 1
    assert len(found) == len(set(r for r, m in found))


def test_hit_from_the_bar_is_written_with_a_star():
    b = board({25: 1, 6: 14}, {3: 1})           # their blot on our 22
    assert "bar/22* 6/5" in texts(b, 3, 1)
    assert "bar/22*/21" in texts(b, 3, 1)
    assert "bar/21" in texts(b, 3, 1)           # via 24, no hit


def test_notation_counts_repeated_parts():
    assert "8/4(2) 6/2(2)" in texts(position.START, 4, 4)
    b = board({6: 2, 5: 13})
    assert texts(b, 6, 6) == ["6/off(2) 5/off(2)"]


def test_apply_step_hits_and_rejects_bad_steps():
    b = board({13: 15}, {14: 1})                # their blot on our 11
    r = movegen.apply_step(b, 13, 11)
    assert r[10] == 1 and r[49] == 1 and r[25 + 13] == 0
    for bad in ((12, 10), (13, 14), (26, 20)):
        try:
            movegen.apply_step(b, bad[0], bad[1])
        except ValueError:
            pass
        else:
            assert False, bad
    blocked = board({13: 15}, {14: 2})
    try:
        movegen.apply_step(blocked, 13, 11)
    except ValueError as exc:
        assert "11" in str(exc)
    else:
        assert False


def test_every_move_replays_to_its_result():
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            found = movegen.plays(position.START, d1, d2)
            for r, m in found:
                assert len(m) == found.dice_used
                assert after(position.START, *m) == r


def test_plays_rejects_bad_dice():
    for d1, d2 in ((0, 1), (7, 1), (3, -1)):
        try:
            movegen.plays(position.START, d1, d2)
        except ValueError:
            pass
        else:
            assert False, (d1, d2)


def test_find_names_each_play_by_its_result():
    # the 2-2 spread of the move generator's hard cases: 1,258 plays in 40 chunks
    from firmware.engine import posid
    for b, d1, d2 in ((position.START, 2, 2), (position.START, 6, 5),
                      (posid.from_position_id("4HPwATCgqmTBKg"), 2, 2)):
        found = movegen.plays(b, d1, d2)
        for i in range(len(found)):
            assert found.find(found.result(i)) == i
        assert found.find(b) == -1      # the board before the roll is no play of it
        assert found.find(bytearray(found.result(len(found) - 1))) == len(found) - 1
