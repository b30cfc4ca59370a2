"""The pictures of the simulator's window in the docs, made headless
through SDL's dummy video driver from fixed games played through the
simulated buttons:

    docs/handheld.png         the handheld as a newcomer sees it
    docs/handheld-pass.png    a roll with no legal move: NO MOVE with the dice
    docs/handheld-marked.png  the computer's last move marked, the board's
                              two looks side by side (before it, after it)

    python -m tools.sim.picture [--docs DIR]
    python -m tools.sim.picture --screens DIR   the screens of the second playtest
                                                (issue 43), one PNG each, into DIR

tests/e2e/test_sim_picture.py makes them again and compares them pixel for pixel.
"""
import argparse
import os
import shutil
import sys
import tempfile

SEED = 8
DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "docs")
OUT = os.path.join(DOCS, "handheld.png")
GAP = 12        # between the two looks of a picture made of two


def scene(window):
    """A game against the computer: the opening roll is red's, the player
    holds A to pick up a checker and the buzzer clicks; cells 30% used."""
    sim = window.sim
    sim.board.battery.set_used(300)
    window.frame(300)
    sim.press("A")                  # START
    sim.press("A")                  # the opening roll
    sim.run_ms(2500)
    sim.down("A")                   # picks up the checker under the cursor
    window.frame(30)


def _player(window):
    from tools.sim.player import Player
    return Player(window.sim)


def _roll_by_hand(p, d1, d2, mover):
    """Enters a roll (the opening: red's die, green's), waits for its dice."""
    from tools.sim import reader
    p.enter_dice(d1, d2)
    p.wait_until(lambda g: reader.read_dice(g) is not None and reader.read_dice(g)[0] == mover
                 and reader.marks(g), what="the dice")
    p.sim.run_ms(1000)              # the cursor comes with the roll's plays


def _to_roll(p, mover):
    from tools.sim.player import is_text
    p.wait_until(lambda g: not is_text(g) and p._ring_colour(g) == mover, what="the roll")


def pass_scene(window):
    """Two players, dice entered by hand: red opens 3-1 with both back
    checkers (24/21 24/23), green's 2-1 hits (6/4* 8/7), and red's 6-6
    finds the only entry point it could use closed."""
    from tools.sim.player import OPENING_TOPS, is_text
    p = _player(window)
    window.frame(300)
    p.start("2 PLAYER", dice="BY HAND")
    p.wait_until(lambda g: is_text(g) and p.top_line() in OPENING_TOPS, what="OPENING")
    p.press("A")
    _roll_by_hand(p, 3, 1, 0)
    p.play_move(0, ((24, 21), (24, 23)))
    _to_roll(p, 1)
    p.press("A")
    _roll_by_hand(p, 2, 1, 1)
    p.play_move(1, ((6, 4), (8, 7)))
    _to_roll(p, 0)
    p.press("A")
    p.enter_dice(6, 6)
    p.wait_until(lambda g: is_text(g) and p.top_line() == "NO MOVE", what="NO MOVE")
    window.frame(500)


def marked_scene(window):
    """Against the computer (KID), dice entered by hand: red opens 3-1
    (8/5 6/5), the computer's 6-4 is played; red is to roll and the board
    shows the position before that move (the die outlines dark), then
    after it (lit). Returns the two looks."""
    from tools.sim import reader
    from tools.sim.player import OPENING_TOPS, is_text
    p = _player(window)
    window.frame(300)
    p.start("VS CPU", level="KID", dice="BY HAND")
    p.wait_until(lambda g: is_text(g) and p.top_line() in OPENING_TOPS, what="OPENING")
    p.press("A")
    _roll_by_hand(p, 3, 1, 0)
    p.play_move(0, ((8, 5), (6, 5)))
    p.wait_until(lambda g: (p.entry() or ("",))[0] == "CPU", what="the computer's dice")
    p.enter_dice(6, 4)
    _to_roll(p, 0)
    looks = []
    for lit in (False, True):
        p.wait_until(lambda g: (reader.read_die(g, 9)[0] == 0) == lit, what="the outlines")
        window.frame(10)
        looks.append(window.screen.copy())
    return looks


SCENES = (("handheld.png", scene), ("handheld-pass.png", pass_scene),
          ("handheld-marked.png", marked_scene))


def _lines(window, text):
    """Plays script lines (docs/simulator.md) on the window's simulator."""
    from tools.sim.core import run_script
    run_script(window.sim, text.strip().split("\n"), out=lambda line: None)
    window.frame(10)


def _screens():
    """(name, script lines) of the playtest's new screens, each from a
    fresh handheld: its lines end where the picture is taken."""
    menu = "wait 300\n"
    by_hand = menu + "presses 4 DOWN\npress RIGHT\npress A\npress A\n"
    return (
        ("you-red.png", menu + "press A\nwait 300"),
        ("opening-told.png", menu + "press A\nwait 300\npress A\nwait 500"),
        ("opening-by-hand.png", by_hand + "wait 100"),
        ("update-asks.png", menu + "press UP\npress A\nwait 100"),
        ("update-ready.png", menu + "press UP\npress A\npress A\nwait 500"),
        ("update-back.png", menu + "press UP\npress A\npress A\nwait 2500"),
        ("how-to-play.png", menu + "presses 3 UP\npress A\nwait 1500"),
        ("record.png", menu + "presses 2 UP\nwait 300"),
        ("speed.png", menu + "presses 6 DOWN\nwait 100"),
        ("far-drop.png", by_hand + "press UP\npress A\npress A\nwait 1500\n"
         "press A\nwait 600\npresses 3 LEFT\nwait 10"),
        ("hint.png", by_hand + "presses 2 UP\npress A\npress A\nwait 1500\n"
         "press MENU\npress A\nwait 4000"),
        ("battery-low.png", menu + "battery 3.3\nwait 20000"),
    )


def make_screens(folder):
    """The playtest's screens as PNGs of the window in `folder`; their paths."""
    paths = []
    for name, text in _screens():
        path = os.path.join(folder, name)
        make(path, play=lambda window, text=text: _lines(window, text))
        paths.append(path)
    return paths


def make(path, scale=24, play=scene):
    """Draws a scene into a window on the dummy driver and saves it as
    `path`; returns the pygame surface. A scene that returns looks is
    saved as those looks side by side."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.window import Window
    data = tempfile.mkdtemp(prefix="blot-picture-")
    try:
        args = parse(["--data", data, "--mute", "--scale", str(scale)])
        sim = Sim(FolderFlash(data), seed=SEED)
        window = Window(sim, args)
        try:
            looks = play(window)
            if looks is None:
                picture = window.screen.copy()
            else:
                w, h = looks[0].get_size()
                picture = pygame.Surface((len(looks) * w + (len(looks) - 1) * GAP, h))
                picture.fill((255, 255, 255))
                for i, look in enumerate(looks):
                    picture.blit(look, (i * (w + GAP), 0))
            pygame.image.save(picture, path)
            return picture
        finally:
            window.close()
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.sim.picture", description=__doc__.split("\n\n")[0])
    p.add_argument("--docs", default=DOCS, help="the folder to write the PNGs into (default docs/)")
    p.add_argument("--screens", metavar="DIR", help="write the playtest's screens into DIR instead")
    args = p.parse_args(argv)
    if args.screens:
        os.makedirs(args.screens, exist_ok=True)
        for path in make_screens(args.screens):
            print("wrote %s" % path)
        return 0
    for name, play in SCENES:
        path = os.path.join(args.docs, name)
        make(path, play=play)
        print("wrote %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
