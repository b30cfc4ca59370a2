"""The engine command: one command per line on standard input, one line back
(HELP below is what --help prints).

COMMANDS maps a command's name (lower case; any case is taken) to a
function taking the words after it and returning the answer line, or
raising ValueError with what was wrong; tools/engine_ai.py, when present,
adds its own COMMANDS (best, eval) and HELP. Both parse their arguments
with tools/engine_args.py.
"""
import sys

import tools  # noqa: F401  (puts the MicroPython stand-ins on sys.path)
from firmware.engine import movegen, posid
from tools.engine_args import parse_die, parse_position


def moves(args):
    if len(args) != 3:
        raise ValueError("usage: moves POSID D1 D2")
    board = parse_position(args[0])
    d1, d2 = parse_die(args[1]), parse_die(args[2])
    return " ".join(posid.position_id(result) for result, move in movegen.plays(board, d1, d2))


COMMANDS = {"moves": moves}

HELP = """\
usage: python -m tools.engine [--help]

Reads one command a line on standard input and answers each with one line.
Positions are GNU Backgammon Position IDs (14 characters), seen by the
player on roll; dice are 1 to 6. Command names take any case.

  moves POSID D1 D2
      every legal result of the roll, as Position IDs separated by spaces,
      each seen by the player who just moved (not swapped); when nothing
      can move, the unchanged ID alone.
      example: moves 4HPwATDgc/ABMA 3 1"""

FOOTER = """\
A line that cannot be answered gets "error: " and what was wrong, and the
next line is read as before. End the input (Ctrl-D) to stop."""


def answer(line):
    """The one-line answer to one command line."""
    words = line.split()
    if not words:
        return "error: empty command"
    command = COMMANDS.get(words[0].lower())
    if command is None:
        return "error: unknown command %r (known: %s)" % (words[0], " ".join(sorted(COMMANDS)))
    try:
        return command(words[1:])
    except ValueError as exc:
        return "error: %s" % exc
    except Exception as exc:  # a fault in one command must not end the session
        return "error: %s: %s" % (type(exc).__name__, exc)


def usage():
    """What --help prints: how to run it and every command's use."""
    parts = [HELP]
    ai_module = sys.modules.get("tools.engine_ai")
    if ai_module is not None:
        parts.append(ai_module.HELP)
    parts.append(FOOTER)
    return "\n\n".join(parts) + "\n"


def main(stdin=sys.stdin, stdout=sys.stdout, argv=()):
    for arg in argv:
        if arg in ("-h", "--help"):
            stdout.write(usage())
            return 0
        sys.stderr.write("engine: no option %r; it reads commands on stdin (--help)\n" % arg)
        return 2
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(answer(line) + "\n")
        stdout.flush()
    return 0


def _add_ai_commands():
    # The rules commands must keep working when the AI's module is missing or
    # broken; a broken one is reported on standard error, not hidden.
    try:
        import tools.engine_ai
    except ModuleNotFoundError as exc:
        if exc.name != "tools.engine_ai":
            sys.stderr.write("engine: AI commands unavailable: %r\n" % exc)
        return
    except Exception as exc:
        sys.stderr.write("engine: AI commands unavailable: %r\n" % exc)
        return
    COMMANDS.update(tools.engine_ai.COMMANDS)


_add_ai_commands()

if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]))
