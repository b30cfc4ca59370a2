"""A MicroPython board on a pseudo-terminal, for running the real mpremote
against: the raw REPL protocol (enter, soft reset, exec with output and
error, no raw-paste) served by a thread, and the code executed by the
MicroPython unix port in the board's folder, one process per soft reset.
machine.reset() restarts the process, as a hard reset would (no main.py is
run: there is no hardware to run the game on).

    with PicoEmulator(folder) as board:
        subprocess.run(["mpremote", "connect", board.device, "ls"])
"""
import os
import pty
import subprocess
import threading
import tty

END = b"\x1eEND\x1e"
RESET = b"\x1eRESET\x1e"

_DRIVER = r"""
import sys
sys.path.insert(0, %r)
g = {"__name__": "__main__"}
inp = sys.stdin.buffer
while True:
    line = inp.readline()
    if not line:
        break
    code = inp.read(int(line))
    err = ""
    try:
        exec(code, g)
    except BaseException as e:
        if type(e).__name__ == "HardReset":
            sys.stdout.write("\x1eRESET\x1e")
            break
        import io
        s = io.StringIO()
        sys.print_exception(e, s)
        err = s.getvalue()
    sys.stdout.write("\x1eEND\x1e" + err + "\x1eEND\x1e")
"""

_MACHINE = '''
class HardReset(BaseException):
    pass


def reset():
    raise HardReset()
'''


class PicoEmulator:
    def __init__(self, folder, micropython):
        self.folder = folder
        self.micropython = micropython
        self.lib = os.path.join(folder + ".lib")
        os.makedirs(self.lib, exist_ok=True)
        with open(os.path.join(self.lib, "machine.py"), "w") as f:
            f.write(_MACHINE)
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.device = os.ttyname(self.slave)
        self.proc = None
        self.resets = 0
        self.soft_resets = 0
        self.execs = []
        self._stop = False
        self._start()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self._stop = True
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
        os.close(self.slave)

    def wait_resets(self, n, seconds=5):
        """The hard resets so far, once there are n or the time is up
        (mpremote's reset does not wait for the board)."""
        import time
        end = time.time() + seconds
        while self.resets < n and time.time() < end:
            time.sleep(0.05)
        return self.resets

    def _start(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
        self.proc = subprocess.Popen(
            [self.micropython, "-X", "heapsize=200k", "-c", _DRIVER % self.lib],
            cwd=self.folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def _run(self, code):
        """(output, error) of code run on the board; None when it reset."""
        self.execs.append(code)
        self.proc.stdin.write(b"%d\n" % len(code) + code)
        self.proc.stdin.flush()
        data = b""
        while data.count(END) < 2:
            chunk = self.proc.stdout.read1(4096)
            if not chunk:
                return None
            data += chunk
            if RESET in data:
                return None
        out, err, _ = data.split(END)
        return out, err

    def _write(self, data):
        os.write(self.master, data)

    def _serve(self):
        raw = False
        code = b""
        swallow = 0
        while not self._stop:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            for byte in data:
                b = bytes([byte])
                if swallow:
                    swallow -= 1
                    continue
                if not raw:
                    if b == b"\x01":
                        raw = True
                        code = b""
                        self._write(b"\r\nraw REPL; CTRL-B to exit\r\n>")
                    continue
                if b == b"\x01":
                    code = b""
                    self._write(b"\r\nraw REPL; CTRL-B to exit\r\n>")
                elif b == b"\x02":
                    raw = False
                    self._write(b"\r\nMicroPython (emulated)\r\n>>> ")
                elif b == b"\x03":
                    code = b""
                elif b == b"\x05":
                    swallow = 2                 # "A\x01": raw-paste is not offered
                    self._write(b"R\x00")
                elif b == b"\x04":
                    if not code:
                        self.soft_resets += 1
                        self._start()
                        self._write(b"OK\r\nMPY: soft reboot\r\nraw REPL; CTRL-B to exit\r\n>")
                        continue
                    self._write(b"OK")
                    result = self._run(code)
                    code = b""
                    if result is None:          # machine.reset(): the board starts again
                        self.resets += 1
                        self._start()
                        raw = False
                        continue
                    out, err = result
                    self._write(out.replace(b"\n", b"\r\n") + b"\x04"
                                + err.replace(b"\n", b"\r\n") + b"\x04>")
                else:
                    code += b
