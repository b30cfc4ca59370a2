"""The handheld drawn around its LEDs, for the simulator's window: the case,
the 32x16 matrix behind its bezel, the eight buttons with their labels (lit
while the contact is closed) and the keyboard keys that press them, the
buzzer's grille (lit, with its note, while it sounds) and the batteries'
charge and voltage.

    view = DeviceView(scale)            # scale: pixels per LED pitch
    view.size                           # (width, height) of the picture
    view.draw(surface, sim)             # everything, from the simulated board

Only what the simulated board shows is drawn: LEDs from the HT16K33 models,
buttons from the contacts, the buzzer from the PWM record, the batteries
from the battery model (and the firmware's verdict on them).
"""
import pygame

import tools  # noqa: F401  (puts tools/hostlib, with simhw, on sys.path)
from simhw.battery import CELLS, used_for_cell_mv
from simhw.board import BUTTON_GPIOS
from tools.sim.png import COLOURS, UNLIT

CASE = (52, 56, 64)
CASE_EDGE = (30, 32, 38)
BEZEL = (10, 10, 12)
BOARD = (18, 18, 20)
BUTTON = (78, 82, 92)
BUTTON_LIT = (255, 214, 90)
LABEL = (225, 225, 230)
LABEL_LIT = (40, 30, 10)
KEY_HINT = (150, 155, 165)
GRILLE = (30, 32, 36)
SOUND = (255, 170, 60)
BATTERY_COLOURS = {0: (70, 200, 90), 1: (240, 190, 40), 2: (230, 60, 50)}   # OK LOW CRITICAL

BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "CUBE", "MENU")
KEY_HINTS = {"A": "Z / Space", "B": "X", "CUBE": "C", "MENU": "M / Tab"}   # the keyboard's


def led_rgb(value, brightness):
    if value == 0:
        return UNLIT
    r, g, b = COLOURS[value]
    scale = 0.3 + 0.7 * (brightness - 1) / 15
    return int(r * scale), int(g * scale), int(b * scale)


class DeviceView:
    """Where everything sits, in pixels, for one scale; then draw()."""

    def __init__(self, scale):
        s = self.s = scale
        self.margin = s                             # case edge to bezel
        self.top_strip = int(1.6 * s)               # the name and the batteries
        bezel_pad = int(0.6 * s)
        self.bezel = pygame.Rect(self.margin, self.top_strip, 32 * s + 2 * bezel_pad,
                                 16 * s + 2 * bezel_pad)
        self.matrix = pygame.Rect(self.bezel.x + bezel_pad, self.bezel.y + bezel_pad, 32 * s, 16 * s)
        controls_top = self.bezel.bottom + int(0.8 * s)
        width = self.bezel.width + 2 * self.margin
        self.case = pygame.Rect(0, 0, width, controls_top + int(7.2 * s))
        self.size = (width, self.case.height)
        mid = width // 2
        # the pad on the left, A and B on the right, CUBE and MENU between
        pad = (self.margin + int(4.2 * s), controls_top + int(3.2 * s))
        arm = int(1.75 * s)
        self.buttons = {
            "UP": ("pad", (pad[0], pad[1] - arm)),
            "DOWN": ("pad", (pad[0], pad[1] + arm)),
            "LEFT": ("pad", (pad[0] - arm, pad[1])),
            "RIGHT": ("pad", (pad[0] + arm, pad[1])),
            "A": ("round", (width - self.margin - int(3.0 * s), controls_top + int(2.5 * s))),
            "B": ("round", (width - self.margin - int(6.2 * s), controls_top + int(3.9 * s))),
            "CUBE": ("pill", (mid - int(2.0 * s), controls_top + int(4.9 * s))),
            "MENU": ("pill", (mid + int(2.0 * s), controls_top + int(4.9 * s))),
        }
        self.buzzer = (mid, controls_top + int(2.0 * s))
        self.battery = pygame.Rect(width - self.margin - int(3.6 * s), int(0.35 * s),
                                   int(3.2 * s), int(0.9 * s))
        self.fonts = {
            "label": pygame.font.Font(None, max(12, int(0.85 * s))),
            "hint": pygame.font.Font(None, max(10, int(0.62 * s))),
            "name": pygame.font.Font(None, max(14, int(1.2 * s))),
        }

    # ---- drawing -------------------------------------------------------

    def draw(self, surface, sim, origin=(0, 0)):
        ox, oy = origin
        case = self.case.move(ox, oy)
        pygame.draw.rect(surface, CASE_EDGE, case, border_radius=int(1.2 * self.s))
        pygame.draw.rect(surface, CASE, case.inflate(-6, -6), border_radius=int(1.1 * self.s))
        self._name(surface, ox, oy)
        self._matrix(surface, sim, ox, oy)
        pressed = self.pressed(sim)
        for name in BUTTON_NAMES:
            self._button(surface, name, name in pressed, ox, oy)
        self._buzzer(surface, sim.tone_hz(), ox, oy)
        self._battery(surface, sim, ox, oy)

    def pressed(self, sim):
        """The buttons whose contacts are closed now."""
        contacts = sim.board.contacts
        return {name for name, gpio in zip(BUTTON_NAMES, BUTTON_GPIOS) if contacts.is_closed(gpio)}

    def _text(self, surface, font, text, colour, centre):
        image = self.fonts[font].render(text, True, colour)
        surface.blit(image, image.get_rect(center=centre))

    def _name(self, surface, ox, oy):
        image = self.fonts["name"].render("BLOT", True, LABEL)
        surface.blit(image, (ox + self.margin, oy + (self.top_strip - image.get_height()) // 2))

    def _matrix(self, surface, sim, ox, oy):
        s = self.s
        pygame.draw.rect(surface, BEZEL, self.bezel.move(ox, oy), border_radius=max(2, s // 4))
        pygame.draw.rect(surface, BOARD, self.matrix.move(ox, oy))
        grid = sim.grid()
        level = sim.brightness()
        radius = s * 2 // 5
        x0 = ox + self.matrix.x + s // 2
        y0 = oy + self.matrix.y + s // 2
        for y in range(16):
            for x in range(32):
                pygame.draw.circle(surface, led_rgb(grid[y * 32 + x], level),
                                   (x0 + x * s, y0 + y * s), radius)

    def _button(self, surface, name, lit, ox, oy):
        s = self.s
        shape, (cx, cy) = self.buttons[name]
        cx += ox
        cy += oy
        fill = BUTTON_LIT if lit else BUTTON
        ink = LABEL_LIT if lit else LABEL
        if shape == "round":
            r = int(1.15 * s)
            pygame.draw.circle(surface, CASE_EDGE, (cx, cy + 3), r)
            pygame.draw.circle(surface, fill, (cx, cy), r)
            self._text(surface, "name", name, ink, (cx, cy))
            hint_at = (cx, cy + r + int(0.45 * s))
        elif shape == "pill":
            rect = pygame.Rect(0, 0, int(2.8 * s), int(0.95 * s))
            rect.center = (cx, cy)
            pygame.draw.rect(surface, CASE_EDGE, rect.move(0, 3), border_radius=rect.height // 2)
            pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
            self._text(surface, "label", name, ink, (cx, cy))
            hint_at = (cx, rect.bottom + int(0.45 * s))
        else:
            rect = pygame.Rect(0, 0, int(1.6 * s), int(1.6 * s))
            rect.center = (cx, cy)
            pygame.draw.rect(surface, CASE_EDGE, rect.move(0, 3), border_radius=s // 4)
            pygame.draw.rect(surface, fill, rect, border_radius=s // 4)
            self._arrow(surface, name, ink, (cx, cy))
            hint_at = None
        if hint_at is not None:
            self._text(surface, "hint", KEY_HINTS[name], KEY_HINT, hint_at)
        if shape == "pad" and name == "DOWN":
            self._text(surface, "hint", "arrow keys", KEY_HINT, (cx, cy + int(1.35 * s)))

    def _arrow(self, surface, name, colour, centre):
        """A triangle pointing the button's way, with its name beside it."""
        cx, cy = centre
        d = int(0.42 * self.s)
        points = {
            "UP": ((cx, cy - d), (cx - d, cy + d // 2), (cx + d, cy + d // 2)),
            "DOWN": ((cx, cy + d), (cx - d, cy - d // 2), (cx + d, cy - d // 2)),
            "LEFT": ((cx - d, cy), (cx + d // 2, cy - d), (cx + d // 2, cy + d)),
            "RIGHT": ((cx + d, cy), (cx - d // 2, cy - d), (cx - d // 2, cy + d)),
        }[name]
        pygame.draw.polygon(surface, colour, points)

    def _buzzer(self, surface, hz, ox, oy):
        s = self.s
        cx, cy = self.buzzer
        cx += ox
        cy += oy
        r = int(0.9 * s)
        pygame.draw.circle(surface, GRILLE, (cx, cy), r)
        hole = max(2, s // 9)
        for dy in (-2, -1, 0, 1, 2):
            for dx in (-2, -1, 0, 1, 2):
                if dx * dx + dy * dy <= 5:
                    pygame.draw.circle(surface, SOUND if hz else (60, 62, 68),
                                       (cx + dx * int(0.3 * s), cy + dy * int(0.3 * s)), hole)
        if hz:
            for k in (1, 2):           # sound waves either side
                arc = pygame.Rect(0, 0, 2 * (r + k * int(0.35 * s)), 2 * (r + k * int(0.35 * s)))
                arc.center = (cx, cy)
                pygame.draw.arc(surface, SOUND, arc, -0.6, 0.6, 2)
                pygame.draw.arc(surface, SOUND, arc, 3.14159 - 0.6, 3.14159 + 0.6, 2)
            caption = "%d Hz" % hz
        else:
            caption = "buzzer"
        self._text(surface, "hint", caption, SOUND if hz else KEY_HINT, (cx, cy + r + int(0.45 * s)))

    def _battery(self, surface, sim, ox, oy):
        """Three AA cells' charge as a bar, the pack's voltage, and the
        colour of the firmware's verdict (OK, LOW, CRITICAL)."""
        s = self.s
        rect = self.battery.move(ox, oy)
        used = sim.board.battery.used_thousandths()
        if sim.board.battery.fixed_mv is not None:
            used = min(1000, used_for_cell_mv(sim.board.battery.fixed_mv // CELLS))
        left = max(0, 1000 - used)
        loop = sim.loop
        hw = getattr(loop, "hw", None)
        state = hw.battery.state if hw is not None else 0
        colour = BATTERY_COLOURS.get(state, BATTERY_COLOURS[0])
        outline = LABEL if state == 0 else colour    # LOW and CRITICAL colour the case too
        pygame.draw.rect(surface, outline, rect, 2, border_radius=3)
        nub = pygame.Rect(rect.right, rect.centery - rect.height // 4, max(3, s // 6), rect.height // 2)
        pygame.draw.rect(surface, outline, nub)
        inner = rect.inflate(-6, -6)
        inner.width = max(0, inner.width * left // 1000)
        if inner.width:
            pygame.draw.rect(surface, colour, inner)
        text = "%.2f V  %d%%" % (sim.board.battery.rest_mv() / 1000, (left + 5) // 10)
        image = self.fonts["label"].render(text, True, LABEL)
        surface.blit(image, image.get_rect(midright=(rect.x - int(0.3 * s), rect.centery)))
