"""Game and match flow: opening, turns, passes, cube, scoring, Crawford,
resignation, and the match IDs gnubg printed for the same play."""
from firmware.engine import game, movegen, position, posid
from firmware.engine.dice import ManualDice
from firmware.engine.matchrecord import BORNE_OFF, DROPPED, RESIGNED


def raises(func, *args):
    try:
        func(*args)
    except ValueError as exc:
        return str(exc)
    assert False, "no ValueError from %r%r" % (func, args)


def result_of(board, d1, d2, move):
    for result, m in movegen.plays(board, d1, d2):
        if m == move:
            return result
    assert False, "no play %r" % (move,)


def board_from(us, them):
    """Points given as {point: count} from each side's own view; 25 = bar."""
    a = [0] * 25
    b = [0] * 25
    for p in us:
        a[p - 1] = us[p]
    for p in them:
        b[p - 1] = them[p]
    return position.make(a, b)


def set_turn(m, board, turn=0, cube=1, owner=-1):
    """Put the game in ROLL for `turn` with board seen by him."""
    g = m.game
    g.board = board
    g.turn = turn
    g.state = game.ROLL
    g.dice = (0, 0)
    g.opening = (6, 1)
    g.cube = cube
    g.cube_owner = owner


def test_opening_roll_rerolls_ties_and_the_higher_die_moves_first():
    m = game.Match(ManualDice((3, 3, 6, 6, 2, 5)), length=5)
    assert m.game.state == game.OPENING
    m.roll(0)
    g = m.game
    assert g.opening == (2, 5)
    assert g.turn == 1
    assert g.dice == (5, 2)
    assert g.state == game.MOVE
    assert len(g.plays) == len(movegen.plays(position.START, 5, 2))


def test_the_roll_leaves_its_plays_to_their_first_use():
    m = game.Match(ManualDice((5, 2, 6, 6)), length=5)
    m.roll(0)
    g = m.game
    assert g.dice == (5, 2) and g.state == game.MOVE
    assert not g.plays_ready()
    assert g.ensure_plays()         # the roll left them due
    assert g.plays_ready() and not g.ensure_plays()
    first = g.plays
    assert g.plays is first
    result = first.result(0)
    m.play(result, 0)
    assert g.plays is None and not g.ensure_plays()
    m.roll(0)
    # read without ensure_plays(), the plays are generated all the same
    assert len(g.plays) == len(movegen.plays(g.board, 6, 6))


def test_play_must_be_one_of_the_legal_results_and_passes_the_turn():
    m = game.Match(ManualDice((5, 2)), length=7)
    m.roll(0)
    before = m.to_bytes()
    assert "not a legal play" in raises(m.play, position.START, 0)
    assert m.to_bytes() == before
    result = result_of(position.START, 5, 2, ((13, 8), (13, 11)))
    m.play(result, 0)
    g = m.game
    assert g.state == game.ROLL and g.turn == 1 and g.dice == (0, 0)
    assert g.board == position.flip(result)


def test_wrong_state_actions_are_refused():
    m = game.Match(ManualDice((5, 2)), length=7)
    for action in (m.double, m.take, m.drop, m.accept, m.reject, m.next_game):
        raises(action, 0)
    m.roll(0)
    assert "cannot roll while move" in raises(m.roll, 0)
    assert "cannot double while move" in raises(m.double, 0)
    assert "cannot take while move" in raises(m.take, 0)


def test_no_legal_move_leaves_one_empty_play_that_passes_the_turn():
    # we have a checker on the bar; their home board is closed
    board = board_from({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    m = game.Match(ManualDice((6, 5)), length=0)
    set_turn(m, board)
    m.roll(0)
    assert len(m.game.plays) == 1 and m.game.plays[0] == (board, ())
    m.play(board, 0)
    assert m.game.turn == 1 and m.game.state == game.ROLL
    assert m.game.board == position.flip(board)


def test_cube_take_gives_it_to_the_taker_at_twice_the_value():
    m = game.Match(ManualDice((5, 2)), length=7)
    m.roll(0)
    m.play(result_of(position.START, 5, 2, ((13, 8), (13, 11))), 0)
    assert m.may_double()
    m.double(0)
    assert m.game.state == game.DOUBLED and m.to_act() == 0
    m.take(0)
    g = m.game
    assert (g.cube, g.cube_owner, g.state, g.turn) == (2, 0, game.ROLL, 1)
    # the doubler has lost access to the cube
    assert not m.may_double()
    assert "owns the cube" in raises(m.double, 0)


def test_drop_gives_the_doubler_the_current_value():
    m = game.Match(ManualDice(), length=7)
    set_turn(m, position.START, turn=1, cube=4, owner=1)
    m.double(0)
    m.drop(0)
    g = m.game
    assert (g.state, g.winner, g.points, g.how) == (game.OVER, 1, 4, DROPPED)
    assert m.score == [0, 4]


def test_no_double_past_64():
    m = game.Match(ManualDice(), length=0)
    set_turn(m, position.START, turn=0, cube=64, owner=0)
    assert not m.may_double()
    assert "64" in raises(m.double, 0)


def test_gammon_and_backgammon_times_the_cube():
    # our last checker on the 1 point; all of theirs still on the board
    cases = (
        ({13: 15}, 2),              # none off, none in our home: gammon
        ({19: 1, 13: 14}, 3),       # one in our home board: backgammon
        ({25: 1, 13: 14}, 3),       # one on the bar: backgammon
        ({1: 14}, 1),               # one borne off: single
    )
    for them, kind in cases:
        board = board_from({1: 1}, them)
        m = game.Match(ManualDice((2, 1)), length=25)
        set_turn(m, board, cube=4, owner=0)
        m.roll(0)
        m.play(m.game.plays[0][0], 0)
        g = m.game
        assert (g.state, g.winner, g.kind, g.points, g.how) == (game.OVER, 0, kind, 4 * kind, BORNE_OFF)
        assert m.score == [4 * kind, 0]


def test_jacoby_counts_gammons_only_after_the_cube_is_turned():
    board = board_from({1: 1}, {13: 15})
    for cube, owner, points in ((1, -1, 1), (2, 0, 4)):
        m = game.Match(ManualDice((2, 1)), length=0, jacoby=True)
        set_turn(m, board, cube=cube, owner=owner)
        m.roll(0)
        m.play(m.game.plays[0][0], 0)
        assert (m.game.kind, m.game.points) == (2, points)


def test_resignation_offered_accepted_or_rejected():
    m = game.Match(ManualDice((4, 1)), length=9)
    set_turn(m, position.START, turn=1, cube=2, owner=1)
    m.resign(game.GAMMON, 0)
    assert m.game.state == game.RESIGNING and m.to_act() == 0
    m.reject(0)
    assert m.game.state == game.ROLL and m.game.resign == 0
    m.roll(0)
    m.resign(game.BACKGAMMON, 0)
    m.reject(0)
    assert m.game.state == game.MOVE and m.game.dice == (4, 1)
    m.resign(game.GAMMON, 0)
    m.accept(0)
    g = m.game
    assert (g.winner, g.kind, g.points, g.how) == (0, 2, 4, RESIGNED)
    assert m.score == [4, 0]


def test_resignation_only_on_ones_own_turn():
    m = game.Match(ManualDice(), length=9)
    set_turn(m, position.START)
    m.double(0)
    assert "own turn" in raises(m.resign, 1, 0)
    m.take(0)
    assert "resign 1, 2 or 3" in raises(m.resign, 4, 0)


def play_out(m, winner, points):
    """End the game in play with a drop worth `points` to `winner`."""
    set_turn(m, position.START, turn=winner, cube=points, owner=winner if points > 1 else -1)
    m.game.crawford = False
    m.double(0)
    m.drop(0)


def test_crawford_game_then_post_crawford():
    m = game.Match(ManualDice(), length=5)
    play_out(m, 0, 4)                      # 4-0: player 0 is one point away
    m.next_game()
    assert m.game.crawford and m.crawford_done
    set_turn(m, position.START)
    m.game.crawford = True
    assert not m.may_double()
    assert "Crawford" in raises(m.double, 0)
    m.resign(1, 0)
    m.accept(0)                            # 4-1
    m.next_game()
    assert not m.game.crawford             # post-Crawford: the cube is back
    set_turn(m, position.START, turn=1)
    assert m.may_double()


def test_no_crawford_game_in_money_play_or_a_one_point_match():
    m = game.Match(ManualDice(), length=1)
    assert not m.game.crawford and m.may_double() is False
    m = game.Match(ManualDice(), length=0)
    play_out(m, 1, 8)
    m.next_game()
    assert not m.game.crawford


def test_match_over_at_the_length_and_nothing_after():
    m = game.Match(ManualDice(), length=3)
    play_out(m, 1, 4)
    assert m.winner == 1 and m.score == [0, 4]
    assert "match is over" in raises(m.next_game, 0)
    assert "cannot roll while over" in raises(m.roll, 0)


def test_money_play_never_ends_the_match():
    m = game.Match(ManualDice(), length=0)
    for _ in range(3):
        play_out(m, 0, 32)
        assert m.winner == -1
        m.next_game()
    assert m.score == [96, 0] and m.games == 3


def test_match_ids_follow_gnubgs_for_the_same_play():
    # the play of tests/portable/test_matchid.py, as gnubg showed it
    m = game.Match(ManualDice((5, 2, 6, 4, 6, 4)), length=7)
    m.roll(0)
    assert m.match_id() == "MIHqAAAAAAAE"
    m.play(result_of(position.START, 5, 2, ((13, 8), (13, 11))), 0)
    assert posid.position_id(m.game.board) == "4PPIATDgc/ABMA"
    assert m.match_id() == "cAngAAAAAAAE"
    m.double(0)
    assert m.match_id() == "cBHgAAAAAAAE"
    m.take(0)
    assert m.match_id() == "QQngAAAAAAAE"
    m.roll(0)
    assert m.match_id() == "QQnzAAAAAAAE"
    m.play(result_of(m.game.board, 6, 4, ((24, 18), (13, 9))), 0)
    assert posid.position_id(m.game.board) == "4HPhQSDg88gBMA"
    assert m.match_id() == "AQHgAAAAAAAE"
    m.resign(game.GAMMON, 0)
    assert m.match_id() == "AUngAAAAAAAE"
    m.reject(0)
    assert m.match_id() == "AQHgAAAAAAAE"
    m.double(0)
    assert m.match_id() == "ARngAAAAAAAE"
    m.drop(0)
    m.next_game()
    m.roll(0)
    assert m.match_id() == "MAHzACAAAAAE"


def test_match_id_after_a_backgammon_ends_the_game():
    # gnubg: 9-point match, player 0 bears off against 15 checkers in his
    # home board at 0-0 and the ID passes the turn to the loser
    m = game.Match(ManualDice((2, 1)), length=9)
    set_turn(m, board_from({1: 1}, {19: 15}))
    m.roll(0)
    m.play(m.game.plays[0][0], 0)
    assert m.score == [3, 0]
    assert m.match_id() == "cAogATAAAAAE"
