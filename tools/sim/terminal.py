"""The simulator in a terminal: the LEDs as coloured blocks, the same keys as
the window (a terminal reports no key releases, so each key is a 100 ms press).

    arrows UP DOWN LEFT RIGHT   z/Space/Enter A   x/Backspace B   c CUBE
    m/Tab MENU   [ ] battery -/+ 0.1 V   0 fresh battery   p power cut   q quit
"""
import os
import select
import sys
import time

ANSI = {0: "\033[38;5;236m", 1: "\033[91m", 2: "\033[92m", 3: "\033[93m"}
RESET = "\033[0m"
CLEAR_EOL = "\033[K"
KEYS = {
    "\033[A": "UP", "\033[B": "DOWN", "\033[D": "LEFT", "\033[C": "RIGHT",
    "z": "A", " ": "A", "\r": "A", "\n": "A",
    "x": "B", "\x7f": "B", "\x08": "B",
    "c": "CUBE", "m": "MENU", "\t": "MENU",
}
HOLD_MS = 100
STEP_MS = 20


def render(sim):
    grid = sim.grid()
    lines = []
    for y in range(16):
        row = []
        for x in range(32):
            v = grid[y * 32 + x]
            row.append(ANSI[v] + ("\u25cf " if v else "\u00b7 "))
        lines.append("".join(row) + RESET)
    hz = sim.tone_hz()
    lines.append("battery %.2f V   buzzer %-9s  %s   saves %d   restarts %d" % (
        sim.board.vsys_mv() / 1000, ("%d Hz" % hz) if hz else "silent",
        "asleep" if sim.loop.asleep else "awake ", sim.loop.flash.saves, len(sim.restarts)))
    lines.append(__doc__.strip().split("\n")[-2].strip())
    lines.append(__doc__.strip().split("\n")[-1].strip())
    # each line is cleared to its end: a status line that gets shorter (the
    # save count starting again at 0 after a power cut) must not leave the
    # old line's last characters behind it, where "restarts 1" read as "10"
    return "\033[H" + "".join(line + CLEAR_EOL + "\n" for line in lines) + "\033[J"


def read_keys():
    """Whatever keys arrived, split into single keys and arrow sequences."""
    keys = []
    while select.select([sys.stdin], [], [], 0)[0]:
        data = os.read(sys.stdin.fileno(), 32).decode("latin-1")
        i = 0
        while i < len(data):
            if data[i] == "\033" and data[i + 1:i + 2] == "[" and i + 2 < len(data):
                keys.append(data[i:i + 3])
                i += 3
            else:
                keys.append(data[i])
                i += 1
    return keys


def run_terminal(sim, args):
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    sys.stdout.write("\033[2J\033[?25l")
    from tools.sim.keyfeed import KeyFeed
    keys = KeyFeed(sim)
    try:
        start_wall = time.monotonic()
        start_sim = sim.total_ms()
        while True:
            for key in read_keys():
                if key in ("q", "\033"):
                    return 0
                if key in KEYS:
                    keys.tap(KEYS[key], HOLD_MS)
                elif key == "p":
                    sim.cut_power()
                elif key in "[]":
                    mv = sim.board.battery.rest_mv() + (100 if key == "]" else -100)
                    sim.set_battery_mv(max(2700, min(4800, mv)))
                elif key == "0":
                    sim.fresh_batteries()
            keys.feed()
            due = start_sim + int((time.monotonic() - start_wall) * 1000 * args.speed)
            behind = due - sim.total_ms()
            if behind > 200:
                start_sim += behind - 200
                behind = 200
            if behind > 0:
                sim.run_ms(behind)
            sys.stdout.write(render(sim))
            sys.stdout.flush()
            time.sleep(STEP_MS / 1000)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write(RESET + "\033[?25h\n")
