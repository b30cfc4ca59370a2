import tools  # noqa: F401
from firmware.opponent import cubeful

ONE = cubeful.ONE


def p(win, wg=0, wb=0, lg=0, lb=0):
    return [int(win * ONE), int(wg * ONE), int(wb * ONE), int(lg * ONE), int(lb * ONE)]


def should_double(q, cube, centred, length, away_us, away_them, crawford):
    """The 0-ply decision to double from the side on roll's probabilities q."""
    return (cubeful.may_double(cube, length, away_us, crawford)
            and cubeful.doubles(cubeful.values(q, cube, not centred, length, away_us, away_them)))


def should_take(q, cube, length, away_taker, away_doubler):
    """The 0-ply decision to take a double to 2 x cube; q is the doubler's."""
    return cubeful.takes(cubeful.values(q, cube, False, length, away_doubler, away_taker))


def test_live_cube_points_without_gammons():
    # Gammonless: take point 20%, cash point 80%; the live equity runs from
    # -1 at the take point to +1 at the cash point for a centred cube.
    assert cubeful.live_equity(p(0.2), 0) == -ONE
    assert cubeful.live_equity(p(0.8), 0) == ONE
    assert cubeful.live_equity(p(0.5), 0) == 0
    assert cubeful.live_equity(p(0.8), 1) == ONE
    assert cubeful.live_equity(p(0.2), 2) == -ONE


def test_money_decisions():
    assert not should_double(p(0.5, 0.1, 0, 0.1), 1, True, 0, 0, 0, False)
    assert should_double(p(0.74, 0.05, 0, 0.02), 1, True, 0, 0, 0, False)
    assert should_take(p(0.74, 0.05, 0, 0.02), 1, 0, 0, 0)
    assert should_double(p(0.85), 1, True, 0, 0, 0, False)
    assert not should_take(p(0.85), 1, 0, 0, 0)
    # Too good: a sure win with many gammons is played on for the gammon.
    assert not should_double(p(0.97, 0.7, 0.05), 1, True, 0, 0, 0, False)
    assert not should_double(p(0.9), 64, False, 0, 0, 0, False)


def test_match_table_is_symmetric():
    for a in range(1, 16):
        for b in range(1, 16):
            assert abs(cubeful.mwc(a, b, False) + cubeful.mwc(b, a, False) - ONE) <= 1
    assert cubeful.mwc(1, 1, False) == 5000
    assert cubeful.mwc(0, 5, False) == ONE
    assert cubeful.mwc(3, 0, False) == 0
    # Published Kazaross XG2 values: 2-away 1-away (Crawford) and 2-away 4-away.
    assert cubeful.mwc(1, 2, False) == 6774
    assert cubeful.mwc(2, 1, True) == 4880


def test_match_cube_rules():
    strong = p(0.8, 0.1)
    assert not should_double(strong, 1, True, 7, 3, 1, True)      # Crawford game
    assert not should_double(strong, 2, False, 7, 2, 4, False)    # cube already wins the match
    # After Crawford the trailer doubles at once: the leader's gammons no longer matter.
    assert should_double(p(0.45, 0.1, 0, 0.1), 1, True, 7, 4, 1, False)
    # The leader takes an even game (MWC 0.705 taking, 0.677 passing), not a 60% one.
    assert should_take(p(0.5, 0.1, 0, 0.1), 1, 7, 1, 4)
    assert not should_take(p(0.6, 0.1, 0, 0.1), 1, 7, 1, 4)


def test_money_takes_and_passes_around_the_take_point():
    assert should_take(p(0.70), 1, 0, 0, 0)
    assert not should_take(p(0.82), 1, 0, 0, 0)


def test_match_cube_stays_live_after_a_double():
    # 7-away 7-away: owning the cube is worth something, facing it costs.
    for w in (0.3, 0.5, 0.7):
        q = p(w, 0.1 * w, 0, 0.1 * (1 - w))
        dead = cubeful.match_value(q, 2, 7, 7, False)
        assert cubeful.match_live(q, 2, 1, 7, 7, False) > dead
        assert cubeful.match_live(q, 2, 2, 7, 7, False) < dead
    # The taker will own a live cube, so it takes wider than a dead cube allows:
    # at 74% for the doubler a dead 2-cube is a pass, the live one a take.
    q = p(0.74, 0.1, 0, 0.03)
    assert cubeful.match_value(q, 2, 7, 7, False) > cubeful.mwc(6, 7, False)
    assert should_take(q, 1, 7, 7, 7)
    assert should_double(q, 1, True, 7, 7, 7, False)
    # A redouble from 2 to 4 by the cube's owner when strong enough.
    assert should_double(p(0.78, 0.1, 0, 0.03), 2, False, 9, 7, 7, False)
    assert not should_double(p(0.6, 0.1, 0, 0.05), 2, False, 9, 7, 7, False)


def test_match_cube_is_dead_where_no_double_can_gain():
    q = p(0.6, 0.1, 0, 0.05)
    # Crawford game, and a cube that already wins both sides the match.
    assert cubeful.match_live(q, 1, 0, 3, 1, False, crawford=True) == cubeful.match_value(q, 1, 3, 1, False)
    assert cubeful.match_live(q, 4, 0, 3, 2, False) == cubeful.match_value(q, 4, 3, 2, False)


def test_what_results_are_worth_at_a_score():
    assert cubeful.weights(1, 0, 0, 0) == cubeful.MONEY
    # a single game is +1 or -1 at every score
    for cube, a, b in ((1, 7, 7), (1, 2, 2), (2, 5, 3), (1, 1, 4), (1, 6, 1)):
        w = cubeful.match_weights(cube, a, b, a == 1 or b == 1)
        assert abs(w[0] + ONE) <= 1 and abs(w[0] + w[1] - ONE) <= 1
    # double match point: gammons count for nothing
    assert cubeful.weights(1, 5, 1, 1)[2:] == (0, 0, 0, 0)
    # 2-away 2-away: a gammon won wins the match, a gammon lost loses it
    w = cubeful.weights(1, 7, 2, 2)
    assert w[2] > ONE // 2 and w[4] < -ONE // 2 and w[3] == w[5] == 0
    # the leader in the Crawford game risks a gammon more than it gains one
    w = cubeful.weights(1, 7, 1, 3)
    assert w[2] == 0 and w[4] < 0 and w[5] < w[4]


def test_cube_efficiency_by_the_position():
    from firmware.engine.position import START
    assert cubeful.efficiency(START) == cubeful.CONTACT_X
    assert cubeful.efficiency(START, 0, 7, 7200) == 7200      # the look-ahead's own with contact
    race = bytearray(50)
    race[5] = 15                # 90 pips against
    race[25 + 5] = 15
    assert cubeful.efficiency(bytes(race)) == 5500 + 90 * 25 // 2
    race[5] = 2                 # 12 pips: a short race, the least
    assert cubeful.efficiency(bytes(race)) == 6000
    race[5] = 0
    race[23] = 15               # 360 pips: the most
    assert cubeful.efficiency(bytes(race[:25] + bytes(25))) == 7000
    # the other side's, on roll, without flipping the board
    race[23] = 0
    race[3] = 1                 # our last checker, so the sides have passed
    race[25 + 5] = 0
    race[25 + 9] = 10           # 100 pips for them
    assert cubeful.efficiency(bytes(race), 1) == 5500 + 100 * 25 // 2



def test_after_a_roll_the_other_side_makes_its_own_cube_decision():
    # The other side, on roll after this side's play, with 85% and no
    # gammons: past its cash point, so it doubles and this side passes.
    q = p(0.85)
    x = 6000
    nd, dt = cubeful.after_roll(q, 1, False, 0, 0, 0, x)
    assert nd == -ONE
    assert cubeful.money_equity(q, 0, x) < ONE      # what playing on would have left it
    # after a take it owns the 2-cube and redoubles: two points lost
    assert dt == -2 * ONE
    # with this side owning the cube it has no access: it plays on
    assert cubeful.after_roll(q, 2, True, 0, 0, 0, x)[0] == -cubeful.money_equity(q, 2, x)
    # far from a double, the values are its cubeful ones as they stand
    q = p(0.4, 0.05, 0, 0.05)
    assert cubeful.after_roll(q, 1, False, 0, 0, 0, x) == (-cubeful.money_equity(q, 0, x),
                                                           -2 * cubeful.money_equity(q, 1, x))


def test_no_money_value_counts_a_cube_turned_past_64():
    # the other side, on roll with 85%, would redouble a 2-cube it took...
    q = p(0.85)
    x = 6000
    assert cubeful.after_roll(q, 1, False, 0, 0, 0, x)[1] == -2 * ONE
    # ...but owning the 64-cube after this side's double of 32 it plays on, the cube dead
    assert cubeful.after_roll(q, 32, True, 0, 0, 0, x)[1] == -2 * cubeful.dead_equity(q)
    # at 16 it still redoubles to 64, and a 64-cube is worth its dead equity
    _, dt = cubeful.after_roll(q, 16, True, 0, 0, 0, x)
    assert dt == -2 * cubeful.choice(cubeful.money_equity(q, 1, x), 2 * cubeful.dead_equity(q), ONE)
    # the side on roll's double of 32 is weighed at the dead 64, in the cube's values and in the stake
    mine = p(0.75, 0.1)
    assert cubeful.values(mine, 32, True, 0, 0, 0, x)[1] == 2 * cubeful.dead_equity(mine)
    assert cubeful.values(mine, 1, False, 0, 0, 0, x)[1] == 2 * cubeful.money_equity(mine, 2, x)
    board = bytes(50)
    assert cubeful.Stake(32, 0, 0, 0, 0).value(mine, board) == cubeful.choice(
        cubeful.money_equity(mine, 1, cubeful.efficiency(board, 1, 0)), 2 * cubeful.dead_equity(mine), ONE)


def test_after_a_roll_in_a_match_the_other_side_cashes_where_it_can():
    # this side 3-away, the other 5-away; the other side on roll with 90%
    q = p(0.9)
    post = False
    nd, dt = cubeful.after_roll(q, 1, False, 7, 3, 5)
    assert nd == ONE - cubeful.mwc(5 - 1, 3, post)     # its double passed: it wins a point
    assert dt == ONE - cubeful.mwc(5 - 2, 3, post)     # its redouble to 4 passed: two points
    assert nd < ONE - cubeful.match_live(q, 1, 0, 5, 3, post)     # better for it than playing on
    # owning a 2-cube at 2-away, it has nothing to redouble for: it plays on
    _, dt = cubeful.after_roll(q, 1, False, 7, 3, 2)
    assert dt == ONE - cubeful.match_live(q, 2, 1, 2, 3, False)


def test_a_short_bear_off_has_its_own_money_efficiency_by_who_owns_the_cube():
    b = bytearray(50)
    b[0] = 3                    # three on our ace and one on our 2 point: two rolls
    b[1] = 1
    b[25 + 2] = 2               # two on their 3 point: two rolls
    b = bytes(b)
    x = cubeful.efficiency(b)
    k = (2 - 1) * 6 + (2 - 1)
    assert x == (k + 1) << 14 | 6000
    assert cubeful.efficiency(b[25:] + b[:25], 1) == x     # the other side's, unflipped
    # a match keeps the race's X
    assert cubeful.efficiency(b, 0, 7) == 6000
    q = p(0.59)
    for owner in range(3):
        want = cubeful._BEAR_X[owner * 36 + k] * 100
        assert cubeful.money_equity(q, owner, x) == cubeful.money_equity(q, owner, want)
    # a class the fit had too few positions of keeps the race's X
    far = (35 + 1) << 14 | 6000
    assert cubeful._BEAR_X[35] == 255
    assert cubeful.money_equity(q, 0, far) == cubeful.money_equity(q, 0, 6000)
    # fifteen checkers, beyond the database: the race's X
    b = bytearray(50)
    b[5] = 15
    b[25] = 1
    assert cubeful.efficiency(bytes(b)) == 5500 + 90 * 25 // 2


def test_the_short_bear_off_table_is_the_fit_it_says():
    t = cubeful._BEAR_X
    assert len(t) == 3 * 6 * 6
    assert all(v <= 100 or v == 255 for v in t)
    # a side owning the cube with a roll left to play can use it no more
    assert t[1 * 36 + 0] <= 5


# Money decisions of tools.bench.cube (seed 777), each with GNU Backgammon
# 1.07's cubeless 0-ply probabilities for it (win, win gammon, win
# backgammon, lose gammon, lose backgammon) and gnubg's cubeful 0-ply (no
# double, double/take, double/pass) per cube: (board, cube, probabilities,
# values); cube 1 centred, 2 owned by the side on roll (so double/take has
# the other side owning the cube).
GNUBG_MONEY = (
    ('0000020200020202000002010000000000000000000000020000070202020000000000000000000000000000010000000000',
     1, [7077, 0, 0, 1576, 107], (0.3974, 0.2957, 1.0)),
    ('0102020202020200000100010000000000000000000000000006060001000000000000000000000000000000000000000001',
     1, [9410, 0, 0, 25, 0], (0.9615, 1.7191, 1.0)),
    ('0002020203020200000000010000000000010000000000000006060001000000000000000000000000000000000000000100',
     1, [9382, 0, 0, 35, 0], (0.9594, 1.7041, 1.0)),
    ('0805000000000000000000000000000000000000000000010000050202030100000001000000000000000000000000000001',
     2, [7023, 944, 1, 0, 0], (0.7378, 0.7957, 1.0)),
    ('0002000000040002000001000400000000000000020000000000000000010400030000000004000000000000000100000200',
     2, [5885, 2225, 234, 894, 32], (0.5304, 0.3808, 1.0)),
    ('0002020102020100000000010000000200000000000002000002000000020302020000000000010000000000000000000300',
     2, [6998, 3497, 380, 941, 37], (0.9147, 1.1749, 1.0)),
    ('0800000000000000000001000000000000000000000000000004040001000002000201010000000000000000000000000000',
     1, [9999, 958, 0, 0, 0], (1.0957, 2.1913, 1.0)),
    ('0503050000000000000000000000000000000000000000000003040103020100000000000000010000000000000000000000',
     1, [9921, 1, 0, 0, 0], (0.9937, 1.9639, 1.0)),
    ('0102020103020100010101000000000000000000000000000001020201020300000000010003000000000000000000000000',
     2, [8529, 1, 0, 1, 0], (0.8967, 1.3162, 1.0)),
    ('0202050303000000000000000000000000000000000000000000000202020302020000000001000000000001000000000000',
     2, [9998, 289, 0, 0, 0], (1.0288, 2.0569, 1.0)),
)


def test_money_values_are_gnubgs_from_gnubgs_probabilities():
    # Janowski's model with each owner (centred, the side on roll, the
    # other side after a take) and the efficiency by the position gives
    # gnubg's own 0-ply cubeful values from gnubg's probabilities: where
    # Blot's money cube parts from gnubg's 0-ply it is the network's
    # probabilities, not the model.
    for board, cube, q, want in GNUBG_MONEY:
        board = bytes.fromhex(board)
        got = cubeful.values(q, cube, cube > 1, 0, 0, 0, cubeful.efficiency(board, 0, 0))
        for v, w in zip(got, want):
            assert abs(v - w * ONE) <= 5, (board.hex(), got, want)


def test_a_money_take_is_the_same_question_whoever_owned_the_cube():
    # Per cube, double/take (the taker owning the next cube) does not
    # depend on whether the doubler's cube was centred or its own.
    for _, _, q, _ in GNUBG_MONEY:
        assert cubeful.values(q, 1, False, 0, 0, 0)[1:] == cubeful.values(q, 2, True, 0, 0, 0)[1:]
        for x in (cubeful.CONTACT_X, 6000):
            assert cubeful.after_roll(q, 1, False, 0, 0, 0, x)[1] == cubeful.after_roll(q, 2, True, 0, 0, 0, x)[1]


def _contact():
    from firmware.engine.position import START
    return START        # contact: the efficiency is the contact X


def test_checker_play_has_a_stake_only_where_the_cube_is_live():
    assert cubeful.stake(1, -1, 7, 3, 5, crawford=True) is None
    # our own 4-cube at 3-away 5-away: no redouble can gain us anything
    assert cubeful.stake(4, 0, 7, 3, 5) is None
    # their 4-cube at 3-away 5-away: they may redouble
    assert cubeful.stake(4, 1, 7, 3, 5) is not None
    assert cubeful.stake(1, -1, 7, 1, 1) is None        # double match point
    assert cubeful.stake(1, -1, 0, 0, 0) is not None and cubeful.stake(64, 0, 0, 0, 0) is None


def test_a_stake_values_a_position_in_points_of_a_single_game():
    board = _contact()
    x = cubeful.efficiency(board, 1, 0)
    # money, the cube theirs: our Janowski value, no double of ours
    q = p(0.55, 0.15, 0.01, 0.1, 0.005)
    assert cubeful.Stake(2, 1, 0, 0, 0).value(q, board) == cubeful.money_equity(q, 2, x)
    # money, past our cash point with the cube centred: we double, they pass
    assert cubeful.Stake(1, -1, 0, 0, 0).value(p(0.9), board) == ONE
    # a match, the cube centred: the value is normalised as the weights are,
    # a win and a loss of a single game +1 and -1
    s = cubeful.Stake(1, -1, 7, 5, 3)
    assert abs(s.value(p(1.0), board) - ONE) <= 1 and abs(s.value(p(0.0), board) + ONE) <= 1
    # and where a double would cash, it is a game won
    assert abs(s.value(p(0.92), board) - ONE) <= 1


def test_a_stake_with_a_live_cube_differs_from_the_dead_cube_as_the_cube_says():
    board = _contact()
    q = p(0.62, 0.2, 0.01, 0.08, 0.003)
    for cube, owner, a, b in ((1, -1, 7, 7), (2, 0, 5, 4), (2, 1, 4, 5)):
        dead = cubeful.match_value(q, cube, a, b, False)
        s = cubeful.Stake(cube, owner, 7, a, b)
        live = s.value(q, board)
        # the dead cube's match winning chance in the stake's units
        assert abs(cubeful.match_live(q, cube, owner + 1, a, b, False, crawford=True) - dead) <= 1
        if owner == 1:
            # their cube is worth something to them: less for us than dead
            assert live < ONE - (s.win - dead) * 2 * ONE // s.span
        else:
            # ours, or centred with our double to come, is worth more
            assert live > ONE - (s.win - dead) * 2 * ONE // s.span
