"""The tutor (main menu TUTOR): a confirmed play that gives away more than
the limit against the best play is warned of, weighed in slices; A keeps
it, B takes it back. The dice are entered by hand so the rolls are known.
(CPython: beside the app compiled from source the computer's network does
not fit a 200 KB unix-port heap; tests/portable/test_ai_loss.py runs the
weighing itself there.)"""
from firmware.engine import game, movegen, notation, posid
from firmware.engine.position import START
from firmware.handheld import app as appmod
from firmware.handheld import keys, playview, render
from firmware.opponent import ai, cubeful, judge
from tests.portable.app_driver import Driver
from tests.portable.test_app_hand_dice import _enter, _set

# with the cube centred for money, weighed cubeful as PRO plays (gnubg's
# cubeful 0-ply: 0.52 and 0.21)
BAD = ((8, 2), (8, 7))          # 6-1 from the start: 0.55 worse than 13/7 8/7 (0.39 cubeless)
SO_SO = ((13, 7), (7, 6))       # 13/6: 0.19 worse (0.14 cubeless)
BEST = ((13, 7), (8, 7))


def _opening_61(tutor, mode=appmod.TWO_PLAYERS):
    """Red to play an opening 6-1, with the tutor set to TUTOR_NAMES[tutor]."""
    d = Driver(3)
    _set(d, "DICE", appmod.BY_HAND)
    _set(d, "TUTOR", tutor)
    d.choose(mode, 0)
    d.press(keys.A)
    _enter(d, 6, 1)
    d.settle()
    assert d.match.game.turn == 0 and d.play.turn_input is not None
    return d


def _play(d, move):
    """The steps with the cursor, then A to confirm."""
    t = d.play.turn_input
    for f, to in move:
        d.goto(f)
        d.press(keys.A)
        d.goto(to)
        d.press(keys.A)
    assert t.complete()
    d.press(keys.A)


def _weighed(d, limit_ms=5000):
    """Waits while the tutor weighs the play; True when it warned."""
    end = d.now + limit_ms
    while d.play.mode == playview.TUTOR and d.play.warning is None and d.now < end:
        d.tick()
    return d.play.mode == playview.TUTOR and d.play.warning is not None


def _result(move):
    board = START
    for f, t in move:
        board = movegen.apply_step(board, f, t)
    return board


def _text(frame, y):
    from tools.sim import reader
    return reader.line_text(frame, y)


def test_a_bad_play_is_warned_and_b_takes_it_back():
    d = _opening_61(1)                      # 0.05
    _play(d, BAD)
    assert d.play.mode == playview.TUTOR and d.match.game.state == game.MOVE
    assert _weighed(d)
    loss, better = d.play.warning
    assert better == _result(BEST)
    # the cube live: the play weighed by the other side's cubeful value after it
    money = judge.Loss(START, 6, 1, _result(BAD), stake=cubeful.stake(1, -1, 0, 0, 0))
    while not money.step():
        pass
    assert loss == money.loss > judge.play_loss(START, 6, 1, _result(BAD))
    since = d.play.since
    frame = d.app.frame
    assert (_text(frame, 1), _text(frame, 9)) == ("TUTOR", "-" + playview.points_text(loss))
    assert 0.4 < loss / ai.ONE < 0.7      # about half a point given away
    assert set(frame[9 * 32:14 * 32]) == {0, render.RED}   # the loss in red
    # then the board, the play made and the better one by turns
    boards = set()
    while d.now < since + playview.TUTOR_TEXT_MS + playview.TUTOR_BOARD_MS - 100:
        d.tick()
        if d.now > since + playview.TUTOR_TEXT_MS + 50:
            boards.add(bytes(d.app.frame))
    assert len(boards) == 2
    d.wait(playview.TUTOR_CYCLE_MS - playview.TUTOR_TEXT_MS - playview.TUTOR_BOARD_MS - 500)
    assert (_text(d.app.frame, 1), _text(d.app.frame, 9)) == ("A KEEP", "B RETRY")
    d.press(keys.B)                         # taken back: the turn from its start
    g = d.match.game
    assert d.play.mode == playview.BOARD and g.state == game.MOVE and g.turn == 0
    assert not d.play.turn_input.done and d.play.turn_input.board == START
    _play(d, BEST)
    assert not _weighed(d)
    d.tick(count=2)
    assert g.turn == 1 and g.state == game.ROLL
    assert notation.move_text(START, d.play.last[2]) == "13/7 8/7"


def test_a_keeps_the_play_warned_of():
    d = _opening_61(3, appmod.VS_CPU)       # 0.20, against the computer
    _play(d, BAD)
    assert _weighed(d)
    d.press(keys.A)
    g = d.match.game
    assert g.turn == 1 and d.play.mode == playview.BOARD
    assert notation.move_text(START, d.play.last[2]) == "8/2 8/7"
    assert "61: 8/2 8/7" in _mat(d)


def test_a_loss_within_the_limit_is_played_without_a_word():
    d = _opening_61(3)                      # 0.20; 13/6 gives away 0.19
    _play(d, SO_SO)
    assert not _weighed(d)
    d.tick(count=2)
    assert d.match.game.turn == 1 and d.play.mode == playview.BOARD


def test_off_never_warns():
    d = _opening_61(0)
    saved = d.saved
    _play(d, BAD)
    g = d.match.game
    assert g.turn == 1 and d.play.mode == playview.BOARD and d.play.tutor is None
    assert d.saved == saved + 1


def test_b_while_weighing_goes_back_to_the_play():
    d = _opening_61(1)
    _play(d, BAD)
    assert d.play.mode == playview.TUTOR and d.play.warning is None
    d.press(keys.B)
    assert d.play.mode == playview.BOARD and d.play.turn_input.complete()
    assert d.match.game.turn == 0


def test_the_weighing_goes_in_slices():
    # a spread double: hundreds of plays, ranked by the prefilter first
    board = posid.from_position_id("4HPwATBArTRDFQ")
    plays = movegen.plays(board, 6, 6)
    assert len(plays) > ai.NET_PLAYS
    for i in (0, len(plays) // 2, len(plays) - 1):
        loss = judge.Loss(board, 6, 6, plays.result(i), plays=plays)
        steps = 0
        units = loss.units
        while not loss.step():
            steps += 1
            # a slice fits the step's work, or is one unit alone
            assert loss.spent <= ai.STEP_WORK or loss.units == units + 1, loss.spent
            units = loss.units
        assert steps > 5 and loss.loss >= 0


def test_the_demo_rolls_its_own_dice():
    d = Driver(seed=2)
    _set(d, "DICE", appmod.BY_HAND)
    d.choose(appmod.DEMO, 0)
    assert not d.play.hand and d.match.dice is d.app.dice
    assert d.app.snapshot()[8] == appmod.BY_HAND     # the setting stays for the next match


def _mat(d):
    import io
    out = io.StringIO()
    d.app.write_mat(out)
    return out.getvalue()
