"""Talking to a board over USB: finding it, and the four things the deploy
tool asks of it (run code, copy files each way, restart).

A transport is any object with

    exec(code) -> str          run code on the board; what it printed
    get(pairs)                 [(board path, host path)]: files off the board
    put(pairs)                 [(host path, board path)]: files onto the board
    reset()                    restart the board (main.py runs)

raising NoAnswer when the board does not answer (unplugged, restarting, raw
REPL refused) and BoardError when the code raised on the board.
MpremoteTransport is the real one; the tests pass a simulated board.
"""
import subprocess

PICO_VID = 0x2E8A           # Raspberry Pi
MICROPYTHON_PID = 0x0005    # the rp2 port's MicroPython USB serial device
_BATCH = 16                 # files per mpremote run (one connection each)
_TIMEOUT_S = 120


class NoAnswer(Exception):
    """The board did not answer or went away during a command."""


class BoardError(Exception):
    """Code run on the board raised; the message holds its traceback."""


class PortError(Exception):
    """--port auto found no Pico, or more than one."""


def describe(port):
    serial = getattr(port, "serial_number", None)
    text = port.device
    if port.vid is not None and port.pid is not None:
        text += " (%04X:%04X" % (port.vid, port.pid)
        text += " serial %s)" % serial if serial else ")"
    description = getattr(port, "description", None)
    if description and description != "n/a":
        text += " " + description
    return text


def list_ports():
    """pyserial's serial ports, as mpremote sees them."""
    from serial.tools import list_ports as lp
    return list(lp.comports())


def find_port(port, ports=None):
    """The device to use: `port` itself unless it is "auto", then the one
    Pico running MicroPython (USB ID 2E8A:0005) among `ports`."""
    if port != "auto":
        return port
    if ports is None:
        ports = list_ports()
    picos = [p for p in ports if p.vid == PICO_VID and p.pid == MICROPYTHON_PID]
    if len(picos) == 1:
        return picos[0].device
    if not picos:
        others = ", ".join(describe(p) for p in ports) or "none"
        raise PortError(
            "no Pico running MicroPython found on USB (USB ID %04X:%04X); serial ports seen: %s.\n"
            "Check the cable (some carry only power). A Pico that shows up as the drive RPI-RP2 "
            "is in its bootloader: copy MicroPython's .uf2 onto it first (hw/README.md)."
            % (PICO_VID, MICROPYTHON_PID, others))
    raise PortError(
        "%d Picos running MicroPython are connected: %s.\nUnplug the others, or name one "
        "with --port DEVICE." % (len(picos), "; ".join(describe(p) for p in picos)))


class MpremoteTransport:
    """The board behind one serial device, through the mpremote command line
    (one connection per call; mpremote soft-resets into the raw REPL)."""

    def __init__(self, device, mpremote="mpremote", run=subprocess.run):
        self.device = device
        self.mpremote = mpremote
        self.run = run

    def _mpremote(self, args):
        command = [self.mpremote, "connect", self.device] + args
        try:
            result = self.run(command, capture_output=True, text=True, timeout=_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise NoAnswer("mpremote gave no answer within %d s" % _TIMEOUT_S)
        except OSError as exc:
            raise NoAnswer("could not run %s: %s" % (self.mpremote, exc))
        if result.returncode == 0:
            return result.stdout
        # A traceback from the board comes on stdout; mpremote's own errors
        # (no device, raw REPL refused, port gone) on stderr.
        if "Traceback (most recent call last)" in result.stdout:
            raise BoardError(result.stdout.strip())
        lines = (result.stderr.strip() or result.stdout.strip() or "no output").splitlines()
        raise NoAnswer("%s (mpremote exit %d)" % (lines[-1], result.returncode))

    def exec(self, code):
        return self._mpremote(["exec", code])

    def _copies(self, pairs):
        for start in range(0, len(pairs), _BATCH):
            args = []
            for source, target in pairs[start:start + _BATCH]:
                if args:
                    args.append("+")
                args += ["cp", source, target]
            self._mpremote(args)

    def get(self, pairs):
        self._copies([(":" + remote, local) for remote, local in pairs])

    def put(self, pairs):
        self._copies([(local, ":" + remote) for local, remote in pairs])

    def reset(self):
        self._mpremote(["reset"])
