"""The simulator's own commands: a script headless with a PNG, the terminal
drawing, and the pygame window under SDL's dummy video driver."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_script_and_png_headless(tmp_path):
    script = tmp_path / "start.txt"
    script.write_text(
        "# the main menu, then two presses\n"
        "wait 300\n"
        "text\n"
        "press DOWN\n"
        "press UP 80\n"
        "battery 4.2\n"
        "png %s\n" % (tmp_path / "menu.png"))
    result = subprocess.run(
        [sys.executable, "-m", "tools.sim", "--data", str(tmp_path / "flash"), "--fresh",
         "--seed", "3", "--script", str(script), "--png", str(tmp_path / "end.png")],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("menu.png", "end.png"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000
    lines = result.stdout.split("\n")
    grids = [line for line in lines if len(line) == 32 and set(line) <= set(".RGY")]
    assert len(grids) == 32 and any(set(g) != {"."} for g in grids)


def test_bad_script_line_names_the_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("wait 10\npress Q\n")
    result = subprocess.run(
        [sys.executable, "-m", "tools.sim", "--data", str(tmp_path / "flash"), "--script", str(script)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "script line 2" in result.stderr and "no button 'Q'" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_script_errors_are_one_line_each(tmp_path):
    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "tools.sim", "--data", str(tmp_path / "flash")] + list(args),
            cwd=ROOT, capture_output=True, text=True, timeout=120)
    cases = {
        "hold A\n": "script line 1 (hold A): missing a value; usage: hold NAME MS",
        "wait 10\n\nwait soon\n": "script line 3 (wait soon): MS is a whole number from 0 to",
        "wait abc\n": "MS is a whole number from 0 to 86400000, got 'abc'",
        "wait -5\n": "got '-5'",
        "battery 3,3\n": "the battery is volts (3.3) or millivolts (3300)",
        "battery -1\n": "got '-1'",
        "battery 9\n": "from 2.0 to 6.0 V",
        "cut-save -3\n": "N is a whole number from 0 to",
        "press A 99999999999999\n": "MS is a whole number from 1 to 60000",
        "presses 100000 A\n": "N is a whole number from 0 to 1000",
        "press A \uff13\uff10\n": "MS is a whole number",
        "png %s\n" % (tmp_path / "no" / "such" / "dir.png"): "No such file or directory",
        "battery full\n": "script line 1 (battery full)",
        "jump\n": "unknown command 'jump'",
    }
    for text, expected in cases.items():
        script = tmp_path / "s.txt"
        script.write_text(text)
        result = run("--script", str(script))
        assert result.returncode == 2, (text, result.stderr)
        assert expected in result.stderr and result.stderr.count("\n") == 1, (text, result.stderr)
    result = run("--script", str(tmp_path / "missing.txt"))
    assert result.returncode == 2
    assert result.stderr == "tools.sim: cannot read the script %s: No such file or directory\n" % (
        tmp_path / "missing.txt")


def test_terminal_drawing_shows_the_leds(tmp_path):
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.terminal import render
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=1)
    sim.run_ms(300)
    out = render(sim)
    assert out.count("\n") >= 18
    assert "\u25cf" in out and "battery" in out


def test_window_runs_headless_and_keys_press_buttons(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.window import Window
    args = parse(["--data", str(tmp_path / "flash"), "--mute"])
    sim = Sim(FolderFlash(args.data), seed=1)
    window = Window(sim, args)
    try:
        window.frame(300)
        before = sim.text()
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
        window.frame(80)
        assert sim.board.contacts.is_closed(7)          # DOWN is GP7
        window.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
        window.frame(200)
        assert sim.text() != before                     # the menu moved on
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p))
        assert sim.restarts and sim.restarts[-1][1] == "power cut"
        shot = tmp_path / "window.png"
        pygame.image.save(window.screen, str(shot))
        assert shot.stat().st_size > 1000
    finally:
        window.close()


def test_the_tone_record_keeps_only_the_newest_and_counts_the_rest():
    import tools  # noqa: F401  (puts tools/hostlib on the path)
    from simhw import tones

    class Clock:
        t = 0

        def ms(self):
            return self.t
    clock = Clock()
    rec = tones.ToneRecorder(clock)
    for i in range(10 * tones.MOST):
        clock.t = i
        rec.set(15, 440 + i % 2, 1000)
    history = rec.history[15]
    assert tones.KEEP <= len(history) <= tones.MOST
    assert history[-1] == (10 * tones.MOST - 1, 441, 1000)
    # a mark (forgotten + kept) counts every change ever made
    assert rec.forgotten(15) + len(history) == 10 * tones.MOST
    rec.reset()
    assert rec.forgotten(15) == 0 and 15 not in rec.history


def test_a_long_run_keeps_the_buzzer_record_bounded(tmp_path):
    from simhw import tones
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=3)
    for _ in range(300):            # menu clicks: a tone and a silence each
        sim.press("DOWN")
    assert len(sim.board.tone_history()) <= tones.MOST
    assert sim.tones_dropped + len(sim.board.tone_history()) >= 600


def test_window_plays_tones_on_the_mixer_sdl_opened(tmp_path, monkeypatch):
    """Sound on, through SDL's dummy audio driver: pygame.init() opens the
    mixer in stereo, and every tone must still play."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.window import Window
    args = parse(["--data", str(tmp_path / "flash"), "--fresh"])
    sim = Sim(FolderFlash(args.data), seed=1)
    window = Window(sim, args)
    try:
        assert window.tone.ok, "the dummy audio driver opens a mixer"
        heard = set()
        window.frame(300)
        # menu clicks, then A starts a game and A rolls the opening (the dice's rattle)
        for key in (pygame.K_DOWN, pygame.K_UP, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_z, pygame.K_z):
            window.handle(pygame.event.Event(pygame.KEYDOWN, key=key))
            for _ in range(8):
                window.frame(10)
                heard.add(window.tone.freq)
            window.handle(pygame.event.Event(pygame.KEYUP, key=key))
            for _ in range(20):
                window.frame(10)
                heard.add(window.tone.freq)
        assert window.tone.played >= 6
        assert len(heard - {0}) >= 3        # the click and the rattle's notes
        assert pygame.mixer.get_busy() or window.tone.freq == 0
    finally:
        window.close()


def test_square_wave_fits_every_mixer_format(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    from tools.sim.window import square_wave
    try:
        for size in (-8, 8, -16, 16, 32):
            for channels in (1, 2, 6):
                pygame.mixer.quit()
                pygame.mixer.init(frequency=22050, size=size, channels=channels)
                mixer = pygame.mixer.get_init()
                sound = pygame.sndarray.make_sound(square_wave(440, mixer))
                back = pygame.sndarray.array(sound).astype(float)
                assert back.shape[0] >= 1000 and back.ndim == (1 if channels == 1 else 2)
                middle = (back.max() + back.min()) / 2
                # a square wave: two levels, symmetric about the format's silence
                assert len(set(back.flatten().tolist())) == 2
                silence = {8: 128, 16: 32768}.get(size, 0)
                assert abs(middle - silence) <= 1
                assert 0 < back.max() - middle <= 0.2 * (1 if abs(size) == 32 else 2 ** (abs(size) - 1))
    finally:
        pygame.mixer.quit()


def screen_after(frames, width=120):
    """What a terminal shows after writing `frames`: cursor home, clear to
    end of line and of screen, colours dropped; enough of ANSI for render()."""
    import re
    rows = [[" "] * width for _ in range(30)]
    y = x = 0
    for frame in frames:
        for token in re.findall(r"\033\[[0-9;?]*[A-Za-z]|.", frame, re.S):
            if token == "\033[H":
                y = x = 0
            elif token == "\033[K":
                rows[y][x:] = [" "] * (width - x)
            elif token == "\033[J":
                rows[y][x:] = [" "] * (width - x)
                for row in rows[y + 1:]:
                    row[:] = [" "] * width
            elif token.startswith("\033"):
                continue
            elif token == "\n":
                y, x = y + 1, 0
            else:
                rows[y][x] = token
                x += 1
    return ["".join(row).rstrip() for row in rows]


def test_terminal_status_line_after_a_power_cut_in_a_long_session(tmp_path):
    """The restart count read "10" after the first power cut of a long
    session: the save count went from two digits back to 0 and the shorter
    line left the old one's last character on the screen."""
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.terminal import render
    sim = Sim(FolderFlash(str(tmp_path / "flash")), seed=1)
    sim.run_ms(300)
    for _ in range(12):                 # settings changes: a save each
        sim.press("RIGHT")
    assert sim.loop.flash.saves >= 10
    frames = [render(sim)]
    for cut in range(1, 4):
        sim.cut_power()
        sim.run_ms(300)
        frames.append(render(sim))
        status = [line for line in screen_after(frames) if line.startswith("battery")]
        assert len(status) == 1 and status[0].endswith("restarts %d" % cut), status


class _Through:
    """The simulator as the window drives it: presses are the window's key
    events, time passes in the window's frames (10 ms each, so every tone
    reaches the mixer); everything else is the Sim's."""

    KEYS = {"UP": "K_UP", "DOWN": "K_DOWN", "LEFT": "K_LEFT", "RIGHT": "K_RIGHT",
            "A": "K_z", "B": "K_x", "CUBE": "K_c", "MENU": "K_m"}

    def __init__(self, window):
        self.window = window
        self.heard = []             # every frequency the window's tone sounded

    def __getattr__(self, name):
        return getattr(self.window.sim, name)

    def run_ms(self, ms):
        for _ in range(max(1, ms // 10)):
            self.window.frame(10)
            self.heard.append(self.window.tone.freq)

    def press(self, name, hold_ms=60, gap_ms=140):
        import pygame
        key = getattr(pygame, self.KEYS[name])
        self.window.handle(pygame.event.Event(pygame.KEYDOWN, key=key))
        self.run_ms(hold_ms)
        self.window.handle(pygame.event.Event(pygame.KEYUP, key=key))
        self.run_ms(gap_ms)


def test_window_with_sound_plays_a_marked_computer_move_and_its_replay(tmp_path, monkeypatch):
    """Sound on, through SDL's dummy drivers, every press a key event: a
    game against the computer up to its first move marked on the board,
    then B before the roll replays that move with its sounds."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from firmware.handheld import sounds
    from hw.buzzer import note_hz
    from tools.sim import reader
    from tools.sim.cli import parse
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.player import Player, runner
    from tools.sim.window import Window
    args = parse(["--data", str(tmp_path / "flash"), "--fresh"])
    window = Window(Sim(FolderFlash(args.data), seed=2), args)
    seen = {}

    class Done(Exception):
        pass

    def marked(player, grid, mover):
        looks = []
        for _ in range(4):
            looks.append(bytes(player.grid()))
            player.sim.run_ms(250)
        lit = [g for g in looks if reader.read_die(g, 9)[0] == 0]
        dark = [g for g in looks if reader.read_die(g, 9)[0] != 0]
        if not dark or reader.read_board(lit[0]) == reader.read_board(dark[0]):
            return                  # nothing marked: the computer has not moved yet
        seen["before"], seen["after"] = reader.read_board(dark[0]), reader.read_board(lit[0])
        played = window.tone.played
        through.heard[:] = []
        player.press("B")           # the replay, from the position before the move
        seen["replay"] = reader.read_board(player.grid())
        seen["replay dice"] = reader.read_dice(player.grid())
        player.sim.run_ms(6000)
        seen["tones"] = window.tone.played - played
        seen["heard"] = set(through.heard)
        lit = player.wait_until(lambda g: reader.read_die(g, 9)[0] == 0, what="the outlines lit")
        seen["back"] = reader.read_board(lit)
        raise Done
    try:
        assert window.tone.ok, "the dummy audio driver opens a mixer"
        through = _Through(window)
        p = Player(through)
        through.run_ms(300)
        p.start("VS CPU", level="KID")
        try:
            p.play_game({0: runner}, humans=(0,), before_roll=marked)
        except Done:
            pass
    finally:
        window.close()
    assert seen["replay"] == seen["before"] and seen["back"] == seen["after"]
    assert seen["replay dice"][0] == 1          # the computer's dice, in green's half
    assert note_hz(sounds.MOVE[0]) in seen["heard"] or note_hz(sounds.HIT[0]) in seen["heard"]
    assert seen["tones"] >= 3                   # the click, then a sound a checker
