"""End to end, the tutor (main menu TUTOR) through the simulated buttons
and LEDs: a play that gives away more than the limit is warned of with its
loss, the board shows it and the better play by turns, B takes it back to
be played again, A keeps it; OFF never warns. The opening's dice are
entered by hand, so the roll is known."""
import re

from firmware.engine import movegen
from firmware.engine.position import START
from firmware.handheld import playview
from firmware.opponent import cubeful, judge
from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import OPENING_TOPS, Player, board_after, is_text, runner

BAD = ((8, 2), (8, 7))          # 6-1 from the start: 0.55 worse than 13/7 8/7, the cube centred
BEST = ((13, 7), (8, 7))


def opening_61(tmp_path, tutor, mode="2 PLAYER"):
    p = Player(Sim(FolderFlash(str(tmp_path / "flash")), seed=3))
    p.start(mode, level="KID" if mode == "VS CPU" else None, dice="BY HAND", tutor=tutor)
    p.wait_until(lambda g: is_text(g) and p.top_line() in OPENING_TOPS, what="OPENING")
    p.press("A")
    p.enter_dice(6, 1)
    p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g) == 2, what="red's 6-1")
    p.sim.run_ms(1000)
    return p


def result_of(move):
    board = START
    for f, t in move:
        board = movegen.apply_step(board, f, t)
    return board_after(board, 0)


def wait_text(p, top):
    return p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == top, what=top)


def green_to_roll(p):
    return p.wait_until(lambda g: not is_text(g) and reader.read_dice(g) is None
                        and p._ring_colour(g) == 1, what="green to roll")


def test_a_bad_play_is_warned_and_b_takes_it_back(tmp_path):
    p = opening_61(tmp_path, "0.10")
    p.play_move(0, BAD)
    wait_text(p, "TUTOR")
    made = START
    for f, t in BAD:
        made = movegen.apply_step(made, f, t)
    # weighed with the cube centred for money, as PRO plays
    loss = judge.Loss(START, 6, 1, made, stake=cubeful.stake(1, -1, 0, 0, 0))
    while not loss.step():
        pass
    assert p.screen() == ("TUTOR", "-" + playview.points_text(loss.loss))
    # the board: the play made and the better one, by turns
    grid = p.wait_until(lambda g: not is_text(g), what="the board")
    seen = []
    for _ in range(12):
        if is_text(p.grid()):
            break
        board = reader.read_board(p.grid())
        if board not in seen:
            seen.append(board)
        p.sim.run_ms(250)
    assert seen == [result_of(BAD), result_of(BEST)]
    wait_text(p, "A KEEP")
    assert p.screen() == ("A KEEP", "B RETRY")
    p.press("B")
    # the turn again from its start: the dice unplayed, the cursor on a checker
    grid = p.grid()
    assert not is_text(grid) and reader.read_dice(grid)[1] == (6, 1) and reader.marks(grid) == 2
    p.sim.run_ms(500)           # the cursor shows steadily a moment after a press
    a = p.grid()
    p.sim.run_ms(250)
    assert reader.read_board(reader.unblink(a, p.grid())) == result_of(())
    p.play_move(0, BEST)
    green_to_roll(p)
    assert "TUTOR" not in [top for top, bottom in p.log]


def test_a_keeps_the_play_warned_of(tmp_path):
    p = opening_61(tmp_path, "0.20", mode="VS CPU")
    p.play_move(0, BAD)
    wait_text(p, "TUTOR")
    p.press("A")
    p.wait_until(lambda g: (p.entry() or ("",))[0] == "CPU", what="the computer's dice")
    while p.sim.loop.flash.mat_due:
        p.sim.run_ms(10)
    with open(p.sim.flash.path("blot.mat")) as f:
        assert "61: 8/2 8/7" in f.read()


def test_off_never_warns(tmp_path):
    p = opening_61(tmp_path, "OFF")
    p.play_move(0, BAD)
    green_to_roll(p)
    # a whole game of the runner's plays, many of them poor: not a word
    rolls = iter([(3, 1), (2, 4), (6, 5), (4, 4), (1, 2), (5, 3)] * 40)
    top, bottom, known = p.play_game({0: runner, 1: runner}, hand=lambda top: next(rolls))
    assert top.endswith("WINS")
    assert not [screen for screen in p.log if screen[0] in ("TUTOR", "A KEEP")]


def test_the_tutor_warns_through_a_whole_game(tmp_path):
    p = opening_61(tmp_path, "0.05")
    p.play_move(0, BEST)
    green_to_roll(p)
    rolls = iter([(3, 1), (2, 4), (6, 5), (4, 4), (1, 2), (5, 3)] * 40)
    top, bottom, known = p.play_game({0: runner, 1: runner}, hand=lambda top: next(rolls))
    assert top.endswith("WINS")
    warned = [screen for screen in p.log if screen[0] == "TUTOR"]
    assert warned and all(re.match(r"-\d\.\d\d$", bottom) for top, bottom in warned), warned
    assert not p.sim.crashes
