"""The simulator's desktop window (pygame): the handheld as a player holds
it (tools/sim/device.py draws the case, the LED matrix at the display's
brightness, the eight buttons lit while pressed, the buzzer and the
batteries), the buzzer heard (a square wave at the PWM frequency), a status
line, and keys for the buttons, the battery and the power.

Keys (docs/simulator.md):
    arrows              UP DOWN LEFT RIGHT
    Z, Space, Enter     A (pick up / place, confirm)
    X, Backspace        B (back, undo)
    C                   CUBE
    M, Tab              MENU
    [ and ]             battery rest voltage down / up 0.1 V
    0                   battery back to a fresh pack following its discharge curve
    P                   power cut (batteries out and in)
    F12                 the window as a PNG in the data folder
    Esc, window close   quit
"""
import os
import time

import pygame

from tools.sim.device import DeviceView
from tools.sim.keyfeed import KeyFeed

KEYS = {
    pygame.K_UP: "UP", pygame.K_DOWN: "DOWN", pygame.K_LEFT: "LEFT", pygame.K_RIGHT: "RIGHT",
    pygame.K_z: "A", pygame.K_SPACE: "A", pygame.K_RETURN: "A",
    pygame.K_x: "B", pygame.K_BACKSPACE: "B",
    pygame.K_c: "CUBE",
    pygame.K_m: "MENU", pygame.K_TAB: "MENU",
}
BACKGROUND = (20, 20, 24)
TEXT = (200, 200, 200)
PANEL_H = 52                # the status lines under the device
STEP_MS = 10
HIDDEN_DRIVERS = ("offscreen", "dummy")   # SDL drivers that show nothing
FPS = 40
HELP = "[ ] battery -/+ 0.1 V   0 fresh batteries   P power cut   F12 picture   Esc quit"


class Tone:
    """A square wave at the buzzer's frequency, started and stopped with it,
    shaped for whatever mixer SDL opened (pygame.init() opens it in stereo
    on most desktops; any rate, sample format and channel count works)."""

    def __init__(self, enabled):
        self.freq = 0
        self.sound = None
        self.cache = {}
        self.mixer = None
        self.played = 0             # tones started, for the tests
        if not enabled:
            return
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init()
            self.mixer = pygame.mixer.get_init()
        except pygame.error:
            self.mixer = None

    @property
    def ok(self):
        return self.mixer is not None

    def set(self, freq):
        if not self.ok or freq == self.freq:
            return
        if self.sound is not None:
            self.sound.stop()
            self.sound = None
        self.freq = freq
        if freq:
            if freq not in self.cache:
                self.cache[freq] = pygame.sndarray.make_sound(square_wave(freq, self.mixer))
            self.sound = self.cache[freq]
            self.sound.play(loops=-1)
            self.played += 1


def square_wave(freq, mixer):
    """Whole periods of a square wave at `freq` Hz (about 2,000 samples) as
    the array pygame.sndarray wants for `mixer` = pygame.mixer.get_init():
    (rate, size, channels), size in bits, negative for signed samples; 32
    bits (reported as -32) are floats, the only 32-bit format pygame opens;
    one column per channel when there is more than one."""
    import numpy
    rate, size, channels = mixer
    period = max(2, int(rate / min(freq, rate // 2)))
    cycles = max(1, 2000 // period)
    half = period // 2
    one = numpy.concatenate((numpy.ones(half), -numpy.ones(period - half)))
    wave = numpy.tile(one, cycles) * 0.15           # a quiet buzzer, not full scale
    bits = abs(size)
    if bits == 32:
        samples = wave.astype(numpy.float32)        # SDL's AUDIO_F32
    else:
        full = 2 ** (bits - 1) - 1
        if size < 0:
            samples = (wave * full).astype({8: numpy.int8, 16: numpy.int16}[bits])
        else:                                       # unsigned: centred on half scale
            samples = (wave * full + full + 1).astype({8: numpy.uint8, 16: numpy.uint16}[bits])
    if channels > 1:
        samples = numpy.repeat(samples[:, None], channels, axis=1)
    return numpy.ascontiguousarray(samples)


def draw(screen, font, view, sim, status):
    """The device, then the status and help lines under it."""
    screen.fill(BACKGROUND)
    view.draw(screen, sim)
    top = view.size[1]
    screen.blit(font.render(status, True, TEXT), (view.s // 2, top + 8))
    screen.blit(font.render(HELP, True, TEXT), (view.s // 2, top + 30))


def status_line(sim):
    battery = sim.board.battery
    mv = sim.board.vsys_mv()
    hold = "held" if battery.fixed_mv is not None else "curve"
    hz = sim.tone_hz()
    sound = ("%d Hz" % hz) if hz else "silent"
    state = "asleep" if sim.loop.asleep else "awake"
    return "VSYS %.2f V (%s)   buzzer %s   %s   saves %d   restarts %d" % (
        mv / 1000, hold, sound, state, sim.loop.flash.saves, len(sim.restarts))


class Window:
    """The window over a Sim: handle() takes pygame events, frame() runs the
    simulation up to the wall clock and draws; run() loops until quit. The
    keys reach the buttons through a KeyFeed (tools/sim/keyfeed.py): a
    press and its release taken in one frame still last KeyFeed's MIN_MS,
    at any frame rate."""

    def __init__(self, sim, args):
        pygame.init()
        self.sim = sim
        self.args = args
        self.scale = args.scale
        self.view = DeviceView(self.scale)
        width, height = self.view.size
        self.screen = pygame.display.set_mode((width, height + PANEL_H))
        if pygame.display.get_driver() in HIDDEN_DRIVERS and "SDL_VIDEODRIVER" not in os.environ:
            # SDL found no screen and drew into memory: nobody would see the window
            pygame.quit()
            raise pygame.error("no display")
        pygame.display.set_caption("Blot")
        self.font = pygame.font.Font(None, 22)
        self.tone = Tone(not args.mute)
        self.start_wall = time.monotonic()
        self.start_sim = sim.total_ms()
        self.shots = 0
        self.running = True
        self.keys = KeyFeed(sim)

    def handle(self, event):
        sim = self.sim
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.running = False
            elif event.key in KEYS:
                self.keys.down(KEYS[event.key])
            elif event.key == pygame.K_p:
                sim.cut_power()
            elif event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
                mv = sim.board.battery.rest_mv()
                mv += 100 if event.key == pygame.K_RIGHTBRACKET else -100
                sim.set_battery_mv(max(2700, min(4800, mv)))
            elif event.key == pygame.K_0:
                sim.fresh_batteries()
            elif event.key == pygame.K_F12:
                self.shots += 1
                pygame.image.save(self.screen, os.path.join(self.args.data, "shot-%d.png" % self.shots))
        elif event.type == pygame.KEYUP and event.key in KEYS:
            self.keys.up(KEYS[event.key])

    def frame(self, ms=None):
        """Applies the keys taken since the last frame, then runs the
        simulation `ms` in all (default: up to the wall clock, at most
        200 ms) and draws it."""
        sim = self.sim
        ran = self.keys.feed()
        if ms is not None:
            ms -= ran
        else:
            due = self.start_sim + int((time.monotonic() - self.start_wall) * 1000 * self.args.speed)
            ms = due - sim.total_ms()
            if ms > 200:
                self.start_sim += ms - 200
                ms = 200
        if ms > 0:
            sim.run_ms(ms)
        self.tone.set(sim.tone_hz())
        draw(self.screen, self.font, self.view, sim, status_line(sim))
        pygame.display.flip()

    def close(self):
        self.tone.set(0)
        pygame.quit()


def run_window(sim, args):
    window = Window(sim, args)
    clock = pygame.time.Clock()
    while window.running:
        for event in pygame.event.get():
            window.handle(event)
        window.frame()
        clock.tick(FPS)
    window.close()
    return 0
