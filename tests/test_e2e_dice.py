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


def mat_dice(folder):
    """Every roll in the match file, as (d1, d2)."""
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


def expected_pages(rolls, scope):
    faces = [0] * 7
    doubles = 0
    for a, b in rolls:
        faces[a] += 1
        faces[b] += 1
        doubles += a == b
    return [
        (scope, "%d ROLLS" % len(rolls)),
        ("FACES", " ".join("%d:%d" % (f, faces[f]) for f in range(1, 7))),
        ("DOUBLES", "%d = %d%%, FAIR DICE 17%%" % (doubles, (100 * doubles + len(rolls) // 2) // len(rolls))),
    ]


def test_the_dice_screen_counts_what_was_rolled_and_keeps_all_time(tmp_path):
    folder = str(tmp_path / "flash")
    sim = Sim(FolderFlash(folder), seed=5, entropy=True)
    p = Player(sim)
    p.start("2 PLAYER")
    play_rolls(p, 20)
    first = mat_dice(folder)
    assert len(first) == 21                 # the opening and twenty more (no tied opening here)
    pages = dice_pages(p)
    top, bottom = pages[0]
    assert top == "DICE OK" and bottom.startswith("HEALTH TEST PASSED, ")
    assert int(bottom.split(", ")[1].split()[0]) >= 1024      # samples tested
    assert pages[1:4] == expected_pages(first, "SESSION")
    word, why = pages[4]
    assert word in ("FAIR", "UNUSUAL", "NOT FAIR") and why.startswith("CHI2 ")
    assert why.endswith("FAIR DICE UNDER 11.1 19 TIMES IN 20")
    assert pages[5:8] == expected_pages(first, "ALL TIME")
    # a power cut: this session starts again, all time goes on from the save
    sim.cut_power()
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "RESUME?", what="RESUME?")
    p.press("A")
    play_rolls(p, 4)
    both = mat_dice(folder)
    assert both[:len(first)] == first
    pages = dice_pages(p)
    assert pages[1:4] == expected_pages(both[len(first):], "SESSION")
    assert pages[5:8] == expected_pages(both, "ALL TIME")
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
