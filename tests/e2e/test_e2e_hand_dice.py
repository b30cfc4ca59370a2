"""End to end, dice entered by hand (main menu DICE BY HAND) through the
simulated buttons and LEDs: the opening (a tie entered again), the
player's rolls and the computer's, each on the board as entered and in the
match file; a power cut halfway through an entry; the DICE screen leaves
them out of the machine's counts."""
import os
import re

from firmware.engine.dice import SeededSource
from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import OPENING_ENTRY_TOPS, Player, is_text, runner


def new_player(tmp_path, seed=3):
    folder = str(tmp_path / "flash")
    return Player(Sim(FolderFlash(folder), seed=seed)), folder


def mat_text(folder):
    with open(os.path.join(folder, "blot.mat")) as f:
        return f.read()


def mat_dice(folder):
    return [(int(a), int(b)) for a, b in re.findall(r"(?<![\d/])([1-6])([1-6]):", mat_text(folder))]


def wait_entry(p, top):
    return p.wait_until(lambda g: (p.entry() or ("",))[0] == top, what="the %s entry" % top)


def wait_dice(p, mover, dice):
    """The board with the mover's dice as entered, and moves left to make."""
    def shown(g):
        rolled = reader.read_dice(g)
        return rolled is not None and rolled[0] == mover and rolled[1] == dice
    return p.wait_until(shown, what="%r in %s's half" % (dice, ("red", "green")[mover]))


def test_a_roll_entered_by_hand_is_on_the_board_and_in_the_match_file(tmp_path):
    p, folder = new_player(tmp_path)
    p.start("VS CPU", level="KID", dice="BY HAND")
    p.wait_until(lambda g: is_text(g) and p.screen() == ("YOU RED", "A TO ROLL"), what="YOU RED")
    p.press("A")
    assert p.entry() == ("YOU CPU", ["1", "-"], 0)     # each die under its owner's name
    p.enter_dice(4, 4)                      # a tie: entered again
    assert p.entry() == ("TIE", ["4", "-"], 0)
    p.enter_dice(3, 1)                      # red's 3 against green's 1: red plays 3-1
    wait_dice(p, 0, (3, 1))
    p.sim.run_ms(1000)
    p.play_move(0, ((8, 5), (6, 5)))
    wait_entry(p, "CPU")               # the computer's roll, rolled by the player
    p.enter_dice(6, 4)
    wait_dice(p, 1, (6, 4))
    # the computer's 6-4 is played and marked until the player rolls
    grid = p.wait_until(lambda g: not is_text(g) and reader.read_dice(g) is None
                        and p._ring_colour(g) == 0, what="red to roll")
    # the match file follows the save a few lines a pass
    p.wait_until(lambda g: "64: " in mat_text(folder), max_ms=2000, what="the 6-4 in blot.mat")
    text = mat_text(folder)
    assert "31: 8/5 6/5" in text and re.search(r"64: \d", text), text
    assert mat_dice(folder) == [(3, 1), (6, 4)]
    # the DICE screen says the dice entered are not the machine's
    p.press("MENU")
    p.choose("DICE")
    p.press("A")
    assert p.screen() == ("BY HAND", "THE DICE ENTERED ARE NOT COUNTED HERE")
    p.press("DOWN")
    p.press("DOWN")
    assert p.screen() == ("SESSION", "0 ROLLS")
    p.press("B")
    p.press("MENU")
    p.press("A")                            # red's roll, by hand
    assert p.entry() == ("YOU", ["1", "-"], 0)
    p.enter_dice(5, 5)
    wait_dice(p, 0, (5, 5))
    assert not p.sim.crashes


def test_a_power_cut_mid_entry_resumes_before_the_roll(tmp_path):
    p, folder = new_player(tmp_path, seed=4)
    p.start("2 PLAYER", dice="BY HAND")
    p.wait_until(lambda g: is_text(g) and p.top_line() == "OPENING", what="OPENING")
    p.press("A")
    p.enter_dice(3, 1)
    wait_dice(p, 0, (3, 1))
    p.sim.run_ms(1000)
    p.play_move(0, ((8, 5), (6, 5)))
    p.wait_until(lambda g: not is_text(g) and p._ring_colour(g) == 1, what="green to roll")
    p.sim.run_ms(500)                       # red's turn's save: written and counted
    saves = p.sim.loop.flash.saves
    p.press("A")
    assert p.entry()[0] == "GREEN"
    p.press("UP")
    p.press("A")                            # the first die set, the second not yet
    assert p.entry()[1:] == (["2", "1"], 1)
    assert p.sim.loop.flash.saves == saves        # an entry under way is not saved
    p.sim.cut_power()
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    grid = p.wait_until(lambda g: not is_text(g), what="the board")
    assert reader.read_dice(grid) is None and p._ring_colour(grid) == 1     # green still to roll
    p.press("A")
    assert p.entry()[1:] == (["1", "-"], 0)     # entered again from the start
    p.enter_dice(6, 2)
    wait_dice(p, 1, (6, 2))
    # the roll is a save point: a cut now keeps the dice entered
    p.sim.cut_power()
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    wait_dice(p, 1, (6, 2))
    assert not p.sim.crashes


def test_a_whole_game_by_hand_keeps_every_roll_entered(tmp_path):
    p, folder = new_player(tmp_path, seed=5)
    p.start("2 PLAYER", dice="BY HAND")
    source = SeededSource(77)
    entered = []

    def roll(top):
        faces = []
        while len(faces) < 2:
            b = source.byte()
            if b < 252:
                faces.append(b % 6 + 1)
        if top in OPENING_ENTRY_TOPS and faces[0] == faces[1]:
            entered.append(None)            # a tie: not a roll of the game
        else:
            entered.append(tuple(faces))
        return faces
    top, bottom, known = p.play_game({0: runner, 1: runner}, hand=roll)
    assert top.endswith("WINS")
    rolls = [tuple(sorted(d, reverse=True)) for d in entered if d is not None]
    # the match file writes each roll higher die first
    assert len(rolls) > 20 and mat_dice(folder) == rolls
    assert not p.sim.crashes
