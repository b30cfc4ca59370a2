"""Arguments of the engine commands (tools/engine.py, tools/engine_ai.py):
each parser returns the value or raises ValueError saying what was wrong."""
import tools  # noqa: F401  (puts the MicroPython stand-ins on sys.path)
from firmware.engine import posid


def parse_position(text):
    """The board a Position ID names, with a game still to play: a side
    with all fifteen checkers off has already won."""
    board = posid.from_position_id(text)
    for side, name in ((0, "the player on roll"), (25, "the other player")):
        if not any(board[side:side + 25]):
            raise ValueError("Position ID %r is a finished game: %s has borne off all 15"
                             % (text, name))
    return board


def _number(text):
    """A whole number written with the digits 0-9 alone (not a full-width
    or other script's digit, which str.isdigit() takes), else None."""
    if not text or len(text) > 9 or any(c not in "0123456789" for c in text):
        return None
    return int(text)


def parse_die(text):
    n = _number(text)
    if n is None or not 1 <= n <= 6:
        raise ValueError("a die is 1..6, got %r" % text)
    return n


def parse_level(text, names):
    """A computer level: 1..len(names), or its name as the handheld shows it
    (`names`, weakest first; any case)."""
    n = _number(text)
    if n is not None and 1 <= n <= len(names):
        return n
    upper = text.upper()
    if upper in names:
        return names.index(upper) + 1
    raise ValueError("a level is 1..%d or one of %s, got %r" % (len(names), " ".join(names), text))
