"""The simulator's window draws the handheld: docs/handheld.png and the
pictures of a pass and of the computer's marked move are what
tools/sim/picture.py makes today, and the drawing follows the simulated
board (LEDs, buttons lit while pressed, the buzzer, the batteries)."""
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def dummy_sdl(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.mark.parametrize("name", ["handheld.png", "handheld-pass.png", "handheld-marked.png"])
def test_docs_pictures_are_the_current_ones(tmp_path, dummy_sdl, name):
    import pygame
    from tools.sim import picture
    play = dict(picture.SCENES)[name]
    made = picture.make(str(tmp_path / name), play=play)
    stored = pygame.image.load(os.path.join(ROOT, "docs", name))
    stale = "docs/%s is stale: run python -m tools.sim.picture" % name
    assert stored.get_size() == made.get_size(), stale
    assert pygame.image.tobytes(stored, "RGB") == pygame.image.tobytes(made, "RGB"), stale


def test_the_pass_and_the_marked_move_show_what_they_are_made_for(tmp_path, dummy_sdl):
    """The scenes read off the simulated LEDs: NO MOVE with the dice, and
    the two looks of a marked move differ where the computer moved."""
    from tools.sim import picture, reader
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.window import Window
    seen = {}
    for name, play in picture.SCENES[1:]:
        data = str(tmp_path / name)
        sim = Sim(FolderFlash(data), seed=picture.SEED)
        window = Window(sim, parse(["--data", data, "--mute"]))
        try:
            looks = play(window)
            seen[name] = (reader.line_text(sim.grid(), 1), reader.read_scrolling(sim, 9), looks)
        finally:
            window.close()
    assert seen["handheld-pass.png"][:2] == ("NO MOVE", "RED 6-6 PRESS A")
    before, after = seen["handheld-marked.png"][2]
    import pygame
    assert before.get_size() == after.get_size()
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


def test_the_drawing_follows_the_board(tmp_path, dummy_sdl):
    import pygame
    pygame.init()
    from tools.sim import device
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    view = device.DeviceView(20)
    surface = pygame.Surface(view.size)

    def draw():
        view.draw(surface, sim)
        return surface

    def colour_at(point):
        return tuple(surface.get_at(point))[:3]

    sim.run_ms(300)
    draw()
    grid = sim.grid()
    s = view.s
    for y in range(16):             # every LED as the HT16K33 models show it
        for x in range(32):
            centre = (view.matrix.x + x * s + s // 2, view.matrix.y + y * s + s // 2)
            assert colour_at(centre) == device.led_rgb(grid[y * 32 + x], sim.brightness()), (x, y)
    # each button lit exactly while its contact is closed
    for name in device.BUTTON_NAMES:
        centre = view.buttons[name][1]
        probe = (centre[0] + s // 3, centre[1] + s // 3)     # beside the label
        assert colour_at(probe) == device.BUTTON, name
        sim.down(name)
        sim.run_ms(20)
        draw()
        assert colour_at(probe) == device.BUTTON_LIT, name
        sim.up(name)
        sim.run_ms(200)
        draw()
        assert colour_at(probe) == device.BUTTON, name
    # the buzzer's grille lights while it sounds (a menu click)
    grille = view.buzzer
    sim.run_ms(500)
    draw()
    assert colour_at(grille) != device.SOUND
    sim.down("DOWN")
    for _ in range(10):
        sim.run_ms(5)
        if sim.tone_hz():
            break
    assert sim.tone_hz()
    draw()
    assert colour_at(grille) == device.SOUND
    sim.up("DOWN")
    # the batteries' bar: full when fresh, a third when two thirds are used,
    # red when the firmware calls them critical
    bar_y = view.battery.centery
    left_end = view.battery.x + 5
    three_quarters = view.battery.x + view.battery.width * 3 // 4
    draw()
    assert colour_at((three_quarters, bar_y)) == device.BATTERY_COLOURS[0]
    sim.board.battery.set_used(670)
    draw()
    assert colour_at((left_end, bar_y)) == device.BATTERY_COLOURS[0]
    assert colour_at((three_quarters, bar_y)) != device.BATTERY_COLOURS[0]
    sim.set_battery_mv(3000)
    for _ in range(30):
        sim.run_ms(1000)
        if sim.loop.hw.battery.state == 2:
            break
    draw()
    assert sim.loop.hw.battery.state == 2
    assert colour_at((view.battery.x, bar_y)) == device.BATTERY_COLOURS[2]     # the outline


def test_the_window_is_the_device_with_a_status_line(tmp_path, dummy_sdl):
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.window import PANEL_H, Window
    args = parse(["--data", str(tmp_path / "flash"), "--mute"])
    window = Window(Sim(FolderFlash(args.data), seed=1), args)
    try:
        window.frame(100)
        assert window.screen.get_size() == (window.view.size[0], window.view.size[1] + PANEL_H)
    finally:
        window.close()
