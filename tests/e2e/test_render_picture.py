import os
import zlib

from tools.sim import png as frame_png

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _png_rows(data):
    """The raw RGB rows of a PNG written by frame_png (filter byte dropped)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at = 8
    idat = b""
    width = 0
    while at < len(data):
        n = int.from_bytes(data[at:at + 4], "big")
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + n]
        if kind == b"IHDR":
            width = int.from_bytes(body[:4], "big")
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    raw = zlib.decompress(idat)
    stride = 1 + 3 * width
    return [raw[i + 1:i + stride] for i in range(0, len(raw), stride)]


def test_docs_board_png_is_the_current_example_frame():
    with open(os.path.join(ROOT, "docs", "board.png"), "rb") as f:
        stored = _png_rows(f.read())
    current = [bytes(r) for r in frame_png.pixels(frame_png.example_frame())]
    assert stored == current, "docs/board.png is stale: run python -m tools.sim.png"


def test_png_has_one_round_led_per_cell():
    frame = bytearray(512)
    frame[0] = 1
    rows = frame_png.pixels(frame)
    c = frame_png.CELL
    b = frame_png.BORDER
    centre = rows[b + c // 2][3 * (b + c // 2):3 * (b + c // 2) + 3]
    corner = rows[b][3 * b:3 * b + 3]
    assert centre[0] > 200 and centre[1] < 80       # red in the middle
    assert tuple(corner) != tuple(centre)           # round: the corner is not lit
