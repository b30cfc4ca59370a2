"""End to end, the loop while it waits for a press: the app runs only when
its frame moves by itself or a button is used, and a press shows as soon
as in a pass that ran the app."""
import machine

from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import Player


def counting(sim):
    """Counts the app's updates from now on."""
    calls = []
    real = sim.loop.app.update

    def update(now_ms, events=()):
        calls.append(now_ms)
        real(now_ms, events)
    sim.loop.app.update = update
    return calls


def at_the_menu(tmp_path):
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=5)
    p = Player(sim)
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")
    sim.run_ms(500)
    return sim, p


def test_the_still_main_menu_runs_the_app_ten_times_a_second_and_draws_nothing(tmp_path):
    sim, p = at_the_menu(tmp_path)
    calls = counting(sim)
    redraws = sim.loop.app.redraws
    sim.run_ms(2000)
    assert 18 <= len(calls) <= 22          # at least every 100 ms (_IDLE_MOST_MS), not every 10 ms
    assert sim.loop.app.redraws == redraws


def test_a_press_at_the_waiting_menu_shows_as_soon_as_in_a_busy_pass(tmp_path):
    sim, p = at_the_menu(tmp_path)
    for gap in (3, 17, 41, 88):             # presses at several moments of the 100 ms wait
        sim.run_ms(gap)
        before = p.top_line()
        sim.down("DOWN")
        shown = None
        for ms in range(1, 60):
            sim.run_ms(1)
            if p.top_line() != before:
                shown = ms
                break
        sim.up("DOWN")
        sim.run_ms(200)
        # the debounce (10 ms) and the pass that sees it (10 ms)
        assert shown is not None and shown <= 21, (gap, shown)


def test_a_waiting_board_runs_the_app_when_the_cursor_blinks(tmp_path):
    sim, p = at_the_menu(tmp_path)
    p.start("2 PLAYER")
    p.press("A")                            # the opening roll
    p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g), what="the cursor")
    sim.run_ms(2000)                        # the roll's pause before the move (Play.wait_until)
    calls = counting(sim)
    sim.run_ms(2000)
    # the cursor blinks: the board's frame moves every 250 ms, and the app
    # runs at least every 100 ms
    assert 18 <= len(calls) <= 40
    assert sim.loop.app.idle_ms() > 0


def test_gpio_in_reads_every_pin_at_once(tmp_path):
    sim, p = at_the_menu(tmp_path)
    from hw import board
    assert board.buttons_released()
    sim.down("A")
    level = machine.mem32[0xD0000004]
    assert not level >> board.BUTTON_GPIOS[4] & 1 and level >> board.BUTTON_GPIOS[0] & 1
    assert not board.buttons_released()
    sim.up("A")
    assert board.buttons_released()


def test_left_alone_it_saves_goes_dormant_and_a_press_brings_the_game_back(tmp_path):
    sim, p = at_the_menu(tmp_path)
    p.start("2 PLAYER")
    p.press("A")                            # the opening roll
    p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g), what="the cursor")
    board = reader.read_board(sim.grid())
    sim.run_ms(5 * 60000 + 2000)            # the sleep timer: 5 minutes without a press
    assert sim.loop.asleep and not sim.display_on()
    slept = machine.sim.dormant_ms_total
    sim.run_ms(60000)
    # a minute more, nearly all of it dormant (the simulated board wakes
    # every 100 ms of its time to let the script press, and sleeps again)
    assert machine.sim.dormant_ms_total - slept >= 59000
    assert not machine.sim.watchdog_fired
    sim.press("B")                          # wakes it; the press itself does nothing
    sim.run_ms(300)
    assert not sim.loop.asleep and sim.display_on()
    assert reader.read_board(sim.grid()) == board
    assert reader.read_dice(sim.grid()) is not None
