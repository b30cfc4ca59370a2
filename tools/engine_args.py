"""Arguments of the engine commands (tools/engine.py, tools/engine_ai.py):
each parser returns the value or raises ValueError saying what was wrong."""
import tools  # noqa: F401  (puts the MicroPython stand-ins on sys.path)
from firmware.engine import posid


def parse_position(text):
    """The board a Position ID names."""
    return posid.from_position_id(text)


def parse_die(text):
    if not text.isdigit() or not 1 <= int(text) <= 6:
        raise ValueError("a die is 1..6, got %r" % text)
    return int(text)


def parse_level(text, names):
    """A computer level: 1..len(names), or its name as the handheld shows it
    (`names`, weakest first; any case)."""
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text)
    upper = text.upper()
    if upper in names:
        return names.index(upper) + 1
    raise ValueError("a level is 1..%d or one of %s, got %r" % (len(names), " ".join(names), text))
