"""The drivers' hot paths allocate nothing: run under the MicroPython unix port
with the heap locked (micropython.heap_lock), where any allocation raises
MemoryError. The peripherals are plain stand-ins, so only driver code runs."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")

SCRIPT = r"""
import sys
sys.path.insert(0, "tools/hostlib")     # the simulated machine, for Power's defaults
sys.path.insert(0, "")
import micropython
from hw.battery import Battery
from hw.buttons import Buttons
from hw.buzzer import Buzzer
from hw.matrix import Matrix
from hw.power import Power


class Bus:
    def writeto(self, addr, buf):
        return len(buf)


class Level:
    def __init__(self):
        self.v = 1

    def value(self):
        return self.v


class Pwm:
    def freq(self, hz):
        pass

    def duty_u16(self, duty):
        pass


class Adc:
    def read_u16(self):
        return 24000


class Dog:
    def feed(self):
        pass


matrix = Matrix(Bus(), (0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77))
pins = tuple(Level() for _ in range(8))
buttons = Buttons(pins)
buzzer = Buzzer(Pwm())
battery = Battery(Adc())
power = Power(matrix, buttons, buzzer, Dog(), None, dim_after_ms=1000,
              sleep_after_ms=5000, clock=lambda: 0)
frames = (bytearray(512), bytearray(512))
for p in range(512):
    frames[1][p] = 1 + p % 3
tune = bytes((69, 2, 0, 1, 72, 2, 76, 3))
counts = bytearray(1)


def show(t):
    matrix.show(frames[t & 1])
    matrix.show(frames[t & 1])


def poll(t):
    pins[t % 8].v = t // 8 % 2
    counts[0] += buttons.poll(t * 10)


def play(t):
    if t % 20 == 0:
        buzzer.play(tune, t * 10)
    buzzer.update(t * 10)


def sample(t):
    battery.update(t * 500, matrix.load_ma())


def idle(t):
    if t % 30 == 0:
        power.activity(t * 100)
    power.update(t * 100)


for name, step in (("show", show), ("poll", poll), ("play", play),
                   ("battery", sample), ("power", idle)):
    step(0)
    failed = None
    micropython.heap_lock()
    try:
        for t in range(1, 200):
            step(t)
    except MemoryError as exc:
        failed = exc
    micropython.heap_unlock()
    print(name, "allocates" if failed else "ok")
print("events", counts[0], "dimmed", power.state, "battery", battery.mv)
"""


def test_hot_paths_do_not_allocate():
    result = subprocess.run([MICROPYTHON, "-X", "heapsize=200k", "-c", SCRIPT], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout + result.stderr
    assert lines[:5] == ["show ok", "poll ok", "play ok", "battery ok", "power ok"], result.stdout
    events, dimmed, mv = lines[5].split()[1::2]
    assert int(events) > 50 and int(mv) > 3000     # the loops really did their work
