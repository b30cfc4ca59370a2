"""End to end, the dice a player can trust: the device's dice (the simulated
ring oscillator through hw/entropy.py, health-tested and conditioned), the
DICE screen read off the LEDs and checked against the match file's dice,
all-time counts kept across a power cut, and a stuck oscillator shown on
the display at power-on."""
import os
import re

import pytest

from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import Player, is_text, runner


class Stop(Exception):
    pass


def play_rolls(p, rolls):
    """Plays a two-player game on until `rolls` more human rolls are due."""
    seen = [0]

    def stop(player, grid, mover):
        seen[0] += 1
        if seen[0] > rolls:
            raise Stop()
    with pytest.raises(Stop):
        p.play_game({0: runner, 1: runner}, before_roll=stop)


def mat_dice(folder, sim):
    """Every roll in the match file, as (d1, d2), once the loop has written
    it (a few lines a pass)."""
    while sim.loop.flash.mat_due:
        sim.run_ms(10)
    with open(os.path.join(folder, "blot.mat")) as f:
        text = f.read()
    return [(int(a), int(b)) for a, b in re.findall(r"(?<![\d/])([1-6])([1-6]):", text)]


def dice_pages(p):
    """MENU, the DICE item, A: every page of the DICE screen, then B and
    MENU back to the board."""
    p.press("MENU")
    p.choose("DICE")
    p.press("A")
    pages = []
    for _ in range(9):
        pages.append(p.screen())
        p.press("DOWN")
    assert p.screen() == pages[0], "the pages go round"
    p.press("B")
    assert p.top_line() == "DICE"          # back on the menu's item
    p.press("MENU")
    return pages


def read_counts(pages, scope):
    """(rolls, [count of each face 1..6], doubles) off a scope's three
    pages, checking their wording on the way."""
    (top, rolls), (faces_top, faces), (doubles_top, doubles) = pages
    assert (top, faces_top, doubles_top) == (scope, "FACES", "DOUBLES"), pages
    assert rolls.endswith(" ROLLS")
    n = int(rolls.split()[0])
    counts = [int(word.split(":")[1]) for word in faces.split()]
    assert [word.split(":")[0] for word in faces.split()] == ["1", "2", "3", "4", "5", "6"]
    d = int(doubles.split()[0])
    assert doubles == "%d = %d%%, FAIR DICE 17%%" % (d, (100 * d + n // 2) // n)
    return n, counts, d


def check_counts(shown, rolls):
    """The counts shown are the rolls in the match file, plus the opening's
    ties, which the match file does not keep: each a double, so they add
    one roll, one double and two of one face each."""
    n, counts, doubles = shown
    faces = [0] * 6
    for a, b in rolls:
        faces[a - 1] += 1
        faces[b - 1] += 1
    ties = n - len(rolls)
    assert 0 <= ties <= 3, (n, len(rolls))
    assert doubles - sum(a == b for a, b in rolls) == ties
    extra = [c - f for c, f in zip(counts, faces)]
    assert all(e >= 0 and e % 2 == 0 for e in extra) and sum(extra) == 2 * ties, (counts, faces)


def test_the_dice_screen_counts_what_was_rolled_and_keeps_all_time(tmp_path):
    folder = str(tmp_path / "flash")
    sim = Sim(FolderFlash(folder), seed=5, entropy=True)
    p = Player(sim)
    p.start("2 PLAYER")
    play_rolls(p, 20)
    first = mat_dice(folder, sim)
    assert len(first) == 21                 # the opening and twenty more
    pages = dice_pages(p)
    top, bottom = pages[0]
    assert top == "DICE OK" and bottom.startswith("HEALTH TEST PASSED, ")
    assert int(bottom.split(", ")[1].split()[0]) >= 1024      # samples tested
    check_counts(read_counts(pages[1:4], "SESSION"), first)
    word, why = pages[4]
    assert word in ("FAIR", "UNUSUAL", "NOT FAIR") and why.startswith("CHI2 ")
    assert why.endswith("FAIR DICE UNDER 11.1 19 TIMES IN 20")
    assert read_counts(pages[5:8], "ALL TIME") == read_counts(pages[1:4], "SESSION")
    before = read_counts(pages[5:8], "ALL TIME")
    # a power cut: this session starts again, all time goes on from the save
    sim.cut_power()
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    play_rolls(p, 4)
    both = mat_dice(folder, sim)
    assert both[:len(first)] == first
    pages = dice_pages(p)
    session = read_counts(pages[1:4], "SESSION")
    check_counts(session, both[len(first):])
    all_time = read_counts(pages[5:8], "ALL TIME")
    assert all_time[0] == before[0] + session[0] and all_time[2] == before[2] + session[2]
    assert all_time[1] == [a + b for a, b in zip(before[1], session[1])]
    assert not sim.crashes


def test_a_stuck_ring_oscillator_is_shown_at_power_on(tmp_path):
    folder = str(tmp_path / "flash")
    sim = Sim(FolderFlash(folder), seed=6, entropy=True)
    p = Player(sim)
    p.start("2 PLAYER")
    play_rolls(p, 2)
    sim.board.rosc.stuck = 1                # the part fails
    try:
        stuck_at_power_on(sim, p)
    finally:
        sim.board.rosc.stuck = None         # the simulated board outlives the test


def stuck_at_power_on(sim, p):
    sim.cut_power()
    p.wait_until(is_text, what="a text screen")
    top, bottom = p.screen()
    assert (top, bottom) == ("DICE FAULT", "SOURCE STUCK - A PLAYS ON")
    assert reader.at(sim.grid(), 16, 1) in (0, reader.RED)    # the fault's top line is red
    p.press("A")                            # then what the power-on would have shown
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    pages = dice_pages(p)
    assert pages[0] == ("DICE FAULT", "SOURCE STUCK")
    # the dice still roll (the pool hashes press timings and a counter)
    play_rolls(p, 2)
    assert not sim.crashes


def test_a_good_ring_oscillator_passes_on_every_power_on(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=7, entropy=True)
    for _ in range(5):
        sim.run_ms(500)
        assert sim.loop.dice.fault is None
        assert not is_text(sim.grid()) or reader.line_text(sim.grid(), 1) != "DICE FAU"
        sim.cut_power()
    assert sim.board.rosc.reads >= 5 * 8 * 1024


def test_the_device_dice_in_the_simulator_repeat_with_the_seed(tmp_path):
    from tools.sim.core import run_script
    script = ["wait 300", "press A", "press A", "wait 2000", "press A", "press RIGHT",
              "press A", "wait 3000", "press A", "wait 3000"]
    seen = []
    for run in range(2):
        sim = Sim(FolderFlash(str(tmp_path / ("flash%d" % run))), seed=4, entropy=True)
        run_script(sim, script)
        seen.append((sim.text(), list(sim.loop.app.tally.session)))
    assert seen[0] == seen[1] and seen[0][1][-1] >= 1
