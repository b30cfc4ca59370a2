"""Renders a frame (bytearray(512), docs/architecture.md) as a PNG that looks
like the LED matrix: round LEDs on a dark board, red, green or yellow.

    from tools.sim.png import write_png
    write_png("board.png", frame, brightness=16)

Pure Python (zlib + struct), so it runs headless without pygame.
"""
import struct
import zlib

CELL = 14               # pixels per LED pitch
RADIUS = 5.2            # lit LED radius in pixels
BORDER = 10             # pixels around the matrix
BACKGROUND = (18, 18, 20)
UNLIT = (45, 38, 38)
COLOURS = {1: (255, 40, 30), 2: (40, 235, 60), 3: (255, 200, 30)}
MODULE_LINE = (30, 30, 34)  # the seams between the 8x8 modules


def led_colour(value, brightness=16):
    if value == 0:
        return UNLIT
    r, g, b = COLOURS[value]
    scale = 0.35 + 0.65 * (brightness - 1) / 15
    return int(r * scale), int(g * scale), int(b * scale)


def pixels(frame, brightness=16):
    """The RGB rows of the picture, as a list of bytearrays."""
    if len(frame) != 512:
        raise ValueError("a frame has 512 LEDs, got %d" % len(frame))
    w = 32 * CELL + 2 * BORDER
    h = 16 * CELL + 2 * BORDER
    rows = [bytearray(BACKGROUND * w) for _ in range(h)]
    for y in range(h):
        for x in range(w):
            mx = x - BORDER
            my = y - BORDER
            if 0 <= mx < 32 * CELL and 0 <= my < 16 * CELL:
                if (mx % (8 * CELL) == 0 and mx) or (my % (8 * CELL) == 0 and my):
                    rows[y][3 * x:3 * x + 3] = bytes(MODULE_LINE)
    for ly in range(16):
        for lx in range(32):
            colour = led_colour(frame[ly * 32 + lx], brightness)
            cx = BORDER + lx * CELL + CELL / 2 - 0.5
            cy = BORDER + ly * CELL + CELL / 2 - 0.5
            r = RADIUS
            for y in range(int(cy - r - 1), int(cy + r + 2)):
                for x in range(int(cx - r - 1), int(cx + r + 2)):
                    d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
                    cover = min(1.0, max(0.0, r + 0.5 - d))  # soft edge
                    if cover <= 0:
                        continue
                    row = rows[y]
                    for k in range(3):
                        old = row[3 * x + k]
                        row[3 * x + k] = int(old + (colour[k] - old) * cover)
    return rows


def png_bytes(frame, brightness=16):
    rows = pixels(frame, brightness)
    h = len(rows)
    w = len(rows[0]) // 3
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write_png(path, frame, brightness=16):
    with open(path, "wb") as f:
        f.write(png_bytes(frame, brightness))


def example_scene():
    """The position docs/display.md explains: red to play 6-3, the 3 already
    played (8/5*, hitting), a checker picked up from the 13 point (ten there:
    nine left while it is held) with its one landing point (7) shown; green
    owns the cube at 2, has two on the bar and three borne off."""
    from firmware.engine import position
    from firmware.handheld import render
    us = [0] * 25
    them = [0] * 25
    us[13 - 1] = 10     # ten: eight LEDs, two of them yellow (doubled)
    us[8 - 1] = 1
    us[6 - 1] = 1
    us[5 - 1] = 1       # and two borne off
    them[24 - 1] = 2    # green's 24 is red's 1
    them[6 - 1] = 4     # red's 19
    them[5 - 1] = 3     # red's 20
    them[4 - 1] = 1     # red's 21
    them[24] = 2        # on the bar
    s = render.Scene()
    s.board = position.make(us, them)
    s.mover = 0
    s.dice = (6, 3)
    s.left = (6,)
    s.cube = 2
    s.owner = 1
    s.holding = 13
    s.cursor = 7
    s.targets = (7,)
    return s


def example_frame(now_ms=0):
    from firmware.handheld import render
    frame = bytearray(512)
    render.draw_board(frame, example_scene(), now_ms)
    return frame


def main(argv):
    """python -m tools.sim.png [PATH]: writes the example board (default
    docs/board.png)."""
    import os
    path = argv[0] if argv else os.path.join(
        os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs", "board.png")
    write_png(path, example_frame())
    print("wrote", path)
    return 0


if __name__ == "__main__":
    import sys
    import tools  # noqa: F401  (puts the micropython stand-in on sys.path)
    sys.exit(main(sys.argv[1:]))
