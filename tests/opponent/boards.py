"""Boards for the computer's tests, written as a player sets them up."""


def race(us, them):
    """A board from {point: checkers} for each side, each on its own
    points (1..24, 25 the bar), the side on roll first."""
    b = bytearray(50)
    for point, n in us.items():
        b[point - 1] = n
    for point, n in them.items():
        b[25 + point - 1] = n
    return bytes(b)
