"""Drives the real hw/ drivers on the simulated board: lights a test pattern,
plays a melody and reports the battery state, as a player would see and hear it.

    python -m tools.hw_demo

Exits 1 if the LEDs do not show the frame or the buzzer is left sounding.
"""
import sys

import tools  # noqa: F401  (puts the simulated machine first on the import path)
import machine
import time

from hw import battery, board

STATE_NAMES = ("OK", "LOW", "CRITICAL")
# A rising arpeggio and a held top note: C5 E5 G5 C6, a rest, C6.
MELODY = bytes((72, 12, 76, 12, 79, 12, 84, 24, 0, 10, 84, 40))


def test_pattern():
    """Colour bars across the width, a yellow border and a red/green checker
    corner: every colour in every module, and the module seams visible."""
    frame = bytearray(512)
    for y in range(16):
        for x in range(32):
            colour = 1 + (x // 4 + y // 8) % 3
            if x in (0, 31) or y in (0, 15):
                colour = 3
            elif x < 8 and y < 8:
                colour = 1 + (x + y) % 2
            frame[y * 32 + x] = colour
    frame[7 * 32 + 15] = 0      # one dark pixel near the middle
    return frame


def main():
    sim = machine.sim
    hw = board.setup()
    frame = test_pattern()
    hw.matrix.show(frame)
    print(sim.display_text())
    shown = sim.display_grid() == frame
    print("display matches the frame: %s; brightness %s; I2C errors %d" % (
        shown, sim.brightness()[0], hw.matrix.errors))

    hw.buzzer.play(MELODY, time.ticks_ms())
    while hw.buzzer.update(time.ticks_ms()):
        sim.clock.advance(10)
    silent = not sim.buzzer_sounding()
    for start, length, hz in sim.notes():
        print("tone %5d Hz at %4d ms for %3d ms" % (hz, start, length))
    print("buzzer silent after the melody: %s" % silent)

    for _ in range(5):
        sim.clock.advance(1000)
        hw.battery.update(time.ticks_ms(), hw.matrix.load_ma())
    print("battery %s: %d mV at rest (pin reads %d mV under a %d mA display load), about %d%% left" % (
        STATE_NAMES[hw.battery.state], hw.battery.mv, sim.vsys_mv(), hw.matrix.load_ma(),
        hw.battery.percent))
    warning = bytearray(512)        # a nearly flat pack: a sparse red warning only
    for x in range(12, 20):
        warning[7 * 32 + x] = 1
    hw.matrix.show(warning)
    sim.battery.set_voltage(3300)
    for _ in range(30):
        sim.clock.advance(1000)
        hw.battery.update(time.ticks_ms(), hw.matrix.load_ma())
    print("with the pack at 3.30 V: %s, about %d%% left" % (
        STATE_NAMES[hw.battery.state], hw.battery.percent))
    return 0 if shown and silent and hw.battery.state == battery.LOW else 1


if __name__ == "__main__":
    sys.exit(main())
