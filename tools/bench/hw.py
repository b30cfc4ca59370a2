"""Times the drivers' hot paths under the MicroPython unix port and converts
them to RP2040 estimates with tools/bench/devicetime.py (the drivers are
bytecode, but for Matrix.show's frame conversion in viper: timed apart and
converted with the viper ratio).

    .venv/bin/micropython tools/bench/hw.py

The peripherals are stand-ins that do nothing, so the figures are the drivers'
own bytecode; bus time on the device comes on top (hw/README.md).
"""
import sys

sys.path.insert(0, "")
sys.path.append("tools/bench")        # after "": tools/bench/hw.py is not hw/
import devicetime  # noqa: E402
from time import ticks_diff, ticks_us  # noqa: E402  (the real clock, not the simulated one)

from hw.battery import Battery  # noqa: E402
from hw.buttons import Buttons  # noqa: E402
from hw.buzzer import Buzzer  # noqa: E402
from hw import matrix as matrix_module  # noqa: E402
from hw.matrix import Matrix  # noqa: E402


class NullBus:
    def writeto(self, addr, buf):
        return len(buf)


class NullPin:
    def value(self):
        return 1


class NullPwm:
    def freq(self, hz):
        pass

    def duty_u16(self, duty):
        pass


class FixedAdc:
    def read_u16(self):
        return 24000


def timed(fn, repeat=1, rounds=7):
    """Microseconds per call: the best of several rounds, as the machine is shared."""
    best = None
    for _ in range(rounds):
        start = ticks_us()
        for _ in range(repeat):
            fn()
        took = ticks_diff(ticks_us(), start) / repeat
        if best is None or took < best:
            best = took
    return best


def main():
    ref = devicetime.measure()
    rows = []

    matrix = Matrix(NullBus(), tuple(range(0x70, 0x78)))
    frames = [bytearray(512), bytearray(512)]
    for p in range(512):
        frames[1][p] = 1 + p % 3
    state = [0]

    def show_changed():
        state[0] ^= 1
        matrix.show(frames[state[0]])

    def show_same():
        matrix.show(frames[0])

    buttons = Buttons(tuple(NullPin() for _ in range(8)))
    now = [0]

    def poll():
        now[0] += 10
        buttons.poll(now[0])

    buzzer = Buzzer(NullPwm())

    def update():
        buzzer.update(5)

    buzzer.play(bytes((69, 100)), 0)
    battery = Battery(FixedAdc())

    def measure():
        battery.measure(200)

    ram = bytearray(17 * 8)
    marks = bytearray(8)

    def convert():
        state[0] ^= 1
        matrix_module._convert(frames[state[0]], ram, marks, matrix_module._BITS)

    for name, fn, repeat in (
            ("Matrix.show, every module changed", show_changed, 200),
            ("Matrix.show, nothing changed", show_same, 200),
            ("Matrix.load_ma", matrix.load_ma, 200),
            ("Buttons.poll, 8 buttons idle", poll, 2000),
            ("Buzzer.update, mid-note", update, 5000),
            ("Battery.measure, 16 samples", measure, 2000)):
        rows.append((name, timed(fn, repeat)))
    inner = timed(convert, 200)         # the viper part of a changed show
    ratios = devicetime.Ratios(devicetime.measure(ref))
    print(ratios.describe())
    for name, host in rows:
        viper = inner if name.startswith("Matrix.show, every") and matrix_module.convert_viper else 0
        print("%-36s host %7.1f us  device about %6.2f ms" % (name, host, ratios.split_ms(host, viper)))


main()
