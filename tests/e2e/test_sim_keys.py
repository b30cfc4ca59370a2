"""The window's and the terminal's keys at a low frame rate: a press and its
release that arrive in one frame reach the firmware as a press lasting at
least the debounce time (tools/sim/keyfeed.py). The event handling is fed
directly, as pygame would hand it over, with no window on a screen."""
import pytest

from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.keyfeed import MIN_MS, KeyFeed
from tools.sim.player import MAIN_ITEMS, Player

FRAME_MS = 250          # 4 frames a second: a busy 2-core machine's window
ITEMS = len(MAIN_ITEMS)


def main_menu(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=2)
    p = Player(sim)
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")
    return sim


def at(sim):
    return sim.loop.app.main.at


def test_applied_with_no_time_between_a_tap_is_lost(tmp_path):
    """What the window did before: down and up in one frame, then the frame."""
    sim = main_menu(tmp_path)
    for _ in range(7):
        sim.down("DOWN")
        sim.up("DOWN")
        sim.run_ms(FRAME_MS)
    assert at(sim) == 0


def test_seven_quick_taps_each_in_one_frame_move_seven_items(tmp_path):
    sim = main_menu(tmp_path)
    keys = KeyFeed(sim)
    for _ in range(7):
        keys.down("DOWN")
        keys.up("DOWN")
        sim.run_ms(FRAME_MS - keys.feed())
    assert at(sim) == 7


def test_taps_all_in_one_frame_each_count(tmp_path):
    sim = main_menu(tmp_path)
    keys = KeyFeed(sim)
    for _ in range(5):
        keys.down("DOWN")
        keys.up("DOWN")
    ran = keys.feed()
    assert ran >= 9 * MIN_MS        # each press and each gap waited for
    sim.run_ms(FRAME_MS)
    assert at(sim) == 5


def test_a_press_held_past_a_frame_is_not_stretched(tmp_path):
    sim = main_menu(tmp_path)
    keys = KeyFeed(sim)
    keys.down("DOWN")
    assert keys.feed() == 0
    sim.run_ms(FRAME_MS)
    keys.up("DOWN")
    assert keys.feed() == 0         # held 250 ms already: released at once
    sim.run_ms(FRAME_MS)
    assert at(sim) == 1


def test_the_terminal_tap_holds_its_time(tmp_path):
    sim = main_menu(tmp_path)
    keys = KeyFeed(sim)
    for _ in range(3):
        keys.tap("DOWN", 100)
    assert keys.feed() >= 3 * 100 + 2 * MIN_MS
    sim.run_ms(FRAME_MS)
    assert at(sim) == 3


def test_the_window_at_four_frames_a_second(tmp_path, monkeypatch):
    """A press of each item at 4 frames a second, round the whole main menu:
    each press's KEYDOWN and KEYUP handled in the same frame, as the
    playtest's loaded machine did."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from tools.sim.cli import parse
    from tools.sim.window import Window
    args = parse(["--data", str(tmp_path / "flash"), "--mute"])
    sim = Sim(FolderFlash(args.data), seed=2)
    window = Window(sim, args)
    try:
        window.frame(1000)
        assert sim.loop.app.main.label() == "PLAY"
        for i in range(ITEMS):
            window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
            window.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
            window.frame(FRAME_MS)
            assert at(sim) == (i + 1) % ITEMS
        assert at(sim) == 0
        # and the arrows move the value the same way, two keys in one frame
        for key in (pygame.K_RIGHT, pygame.K_RIGHT):
            window.handle(pygame.event.Event(pygame.KEYDOWN, key=key))
            window.handle(pygame.event.Event(pygame.KEYUP, key=key))
        window.frame(FRAME_MS)
        window.frame(FRAME_MS)
        assert sim.loop.app.main.items[0][2] == 2      # VS CPU -> 2 PLAYER -> DEMO
    finally:
        window.close()
