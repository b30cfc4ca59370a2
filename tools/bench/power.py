"""Battery life: the handheld's current from a model of its parts, over real
games on the simulator, and the hours of play (or months asleep) that three
alkaline AA cells give.

    python -m tools.bench.power [--minutes 10] [--seed 1] [--brightness N]

Scenarios: against the computer at the default settings (a player who
takes THINK_MS before each roll), two players, the demo, and idle at the
board (nobody presses: the display dims, then the handheld sleeps). While
each runs, every loop pass is sampled: each HT16K33's state (running or in
standby), its lit LED dies, its dimming and blink, the CPU's clock and
whether it sleeps, the computer thinking or not, the buzzer. The current
of each part follows from MODEL below, whose figures and sources are in
hw/README.md (Current and battery life). The CPU's share while it runs
is its busy share on the emulated chip (`python -m tools.bench.chip idle`
while the loop waits; thinking keeps it busy): the rest of the time the
core waits in WFE with its clocks running.

The report gives each scenario's average current part by part, the lit
dies and the duty, and the hours a fresh set of cells gives at that
current; and the current asleep with the months it gives.
"""
import argparse
import os
import sys
import tempfile

import tools  # noqa: F401  (the simulated machine on sys.path)

from simhw import board as simboard  # noqa: E402  (on sys.path through tools)

# Each figure's source is in hw/README.md, "Current and battery life"; those
# the simulated board also uses (its battery's drain) are its own constants.
MODEL = {
    "led_die_ma": simboard.LED_PEAK_UA / 1000.0,    # one LED die while its row is driven
    "scan_rows": simboard.LED_SCAN_ROWS,            # eight commons: a die is driven 1/8 of the time
    "controller_ma": simboard.CONTROLLER_UA / 1000.0,   # one HT16K33 running, LEDs aside
    "controller_standby_ma": simboard.STANDBY_UA / 1000.0,  # one HT16K33 in standby
    "display_v": 5.0,           # the boost's output
    "boost_efficiency": simboard.BOOST_EFFICIENCY_PCT / 100.0,
    "boost_quiescent_ma": 0.025,  # the boost switching with the display in standby
    "cpu_run_ma_base": 3.2,     # Pico board running flat out: base + per MHz, at VSYS 4 V
    "cpu_run_ma_per_mhz": 0.162,
    "cpu_wait_ma_base": 3.6,    # the core in WFE, clocks running: base + per MHz
    "cpu_wait_ma_per_mhz": 0.0257,
    "lightsleep_ma": simboard.SLEEP_UA / 1000.0,    # machine.lightsleep(ms), the Pico board
    "dormant_ma": simboard.DORMANT_UA / 1000.0,     # machine.lightsleep() (XOSC dormant), the Pico board
    "buzzer_ma": simboard.BUZZER_UA / 1000.0,       # the piezo while a note sounds
    "busy_waiting": 0.086,      # CPU busy share while the loop waits (emulated chip, the board)
    "pack_v": 4.0,              # three alkaline cells, mid-life under load
}
# Alkaline AA capacity (mAh) by the cell's current (mA), to its end point.
CAPACITY = ((1, 2900), (50, 2900), (100, 2700), (250, 2300), (500, 2000))
THINK_MS = 4000                 # the player's pause before each roll


def capacity_mah(ma):
    """A cell's capacity at a steady drain of `ma` (the three cells are in
    series: each carries the pack's current)."""
    if ma <= CAPACITY[0][0]:
        return CAPACITY[0][1]
    for (i0, c0), (i1, c1) in zip(CAPACITY, CAPACITY[1:]):
        if ma <= i1:
            return c0 + (c1 - c0) * (ma - i0) / (i1 - i0)
    return CAPACITY[-1][1]


def display_ma(modules, m=MODEL):
    """(5 V display current in mA, lit dies, duty-weighted dies) of the
    HT16K33 models' state now."""
    total = 0.0
    dies = 0
    weighted = 0.0
    for module in modules:
        if not module.lit():
            total += m["controller_standby_ma"]
            continue
        lit = module.lit_leds()
        duty = (module.dimming + 1) / 16.0
        if module.blink:
            duty /= 2           # blinking: off half the time
        dies += lit
        weighted += lit * duty
        total += m["controller_ma"] + lit * m["led_die_ma"] / m["scan_rows"] * duty
    return total, dies, weighted


def cpu_ma(freq_hz, busy, m=MODEL):
    mhz = freq_hz / 1e6
    run = m["cpu_run_ma_base"] + m["cpu_run_ma_per_mhz"] * mhz
    wait = m["cpu_wait_ma_base"] + m["cpu_wait_ma_per_mhz"] * mhz
    return busy * run + (1 - busy) * wait


class Meter:
    """Samples the simulated board at every loop pass and integrates each
    part's current over the time until the next."""

    PARTS = ("LEDs", "controllers", "boost loss", "CPU", "buzzer")

    def __init__(self, sim, m=MODEL):
        self.sim = sim
        self.m = m
        self.ms = 0.0
        self.charge = dict((p, 0.0) for p in self.PARTS)      # mA x ms
        self.dies = 0.0
        self.weighted = 0.0
        self.dimmed_ms = 0.0
        self.asleep_ms = 0.0
        self.thinking_ms = 0.0
        self.dormant_ms = 0.0
        self._last = None
        self._state = None
        self._slept = (0, 0)        # the board's dormant and lightsleep ms so far

    def sample(self):
        board = self.sim.board
        now = board.clock.us / 1000.0
        slept = (board.dormant_ms_total, board.sleep_ms_total)
        if self._last is not None and self._state is not None:
            dt = now - self._last
            self._add(dt, self._state, slept[0] - self._slept[0], slept[1] - self._slept[1])
        self._last = now
        self._slept = slept
        self._state = self._read()

    def _read(self):
        sim = self.sim
        board = sim.board
        m = self.m
        loop = sim.loop
        five_v, dies, weighted = display_ma(board.modules, m)
        leds = weighted * m["led_die_ma"] / m["scan_rows"]
        lit = [mod for mod in board.modules if mod.lit()]
        controllers = five_v - leds
        battery_display = five_v * m["display_v"] / (m["pack_v"] * m["boost_efficiency"])
        boost_loss = battery_display - five_v * m["display_v"] / m["pack_v"]
        scale = m["display_v"] / m["pack_v"]
        if not lit:
            boost_loss = m["boost_quiescent_ma"]
        asleep = getattr(loop, "asleep", False)
        play = getattr(loop.app, "play", None)
        thinking = play is not None and (play.thinker is not None or getattr(play, "hint", None) is not None)
        cpu = cpu_ma(board.freq_hz, 1.0 if thinking else m["busy_waiting"], m)
        buzzer = m["buzzer_ma"] if board.buzzer_sounding() else 0.0
        dimmed = bool(lit) and max(mod.dimming for mod in lit) + 1 < loop.hw.power.bright_level
        return (leds * scale, controllers * scale, boost_loss, cpu, buzzer, dies, weighted, dimmed,
                asleep, thinking)

    def _add(self, dt, state, dormant_ms, light_ms):
        """The interval's charge; the CPU's part in dormant and lightsleep
        (the board's own counts of each) at their currents."""
        if dt <= 0:
            return
        leds, controllers, boost_loss, cpu, buzzer, dies, weighted, dimmed, asleep, thinking = state
        awake = max(0.0, dt - dormant_ms - light_ms)
        cpu = (cpu * awake + self.m["dormant_ma"] * dormant_ms + self.m["lightsleep_ma"] * light_ms) / dt
        self.dormant_ms += dormant_ms
        self.ms += dt
        for part, ma in zip(self.PARTS, (leds, controllers, boost_loss, cpu, buzzer)):
            self.charge[part] += ma * dt
        self.dies += dies * dt
        self.weighted += weighted * dt
        self.dimmed_ms += dt if dimmed else 0
        self.asleep_ms += dt if asleep else 0
        self.thinking_ms += dt if thinking else 0

    def average_ma(self, part=None):
        if not self.ms:
            return 0.0
        if part is not None:
            return self.charge[part] / self.ms
        return sum(self.charge.values()) / self.ms


def attach(sim, meter):
    """Samples before every pass of the loop the simulator runs."""
    loop = sim.loop
    step = loop.step

    def sampled():
        meter.sample()
        step()
    loop.step = sampled


def new_sim(tmp, seed):
    from tools.sim.core import Sim
    from tools.sim.flash import FolderFlash
    from tools.sim.player import Player
    sim = Sim(FolderFlash(tempfile.mkdtemp(dir=tmp)), seed=seed)
    p = Player(sim)
    p.wait_until(lambda g: p.top_line() == "PLAY", what="the main menu")
    return sim, p


def scenario(name, minutes, seed, brightness, tmp):
    """Runs one scenario for `minutes` of simulated time; returns its Meter."""
    from tools.sim.player import Stuck, runner
    sim, p = new_sim(tmp, seed)
    meter = Meter(sim)
    end = sim.total_ms() + minutes * 60000

    def pause(player, grid, mover):
        sim.run_ms(THINK_MS)
        if sim.total_ms() >= end:
            raise Done()

    if name == "vs computer":
        p.start("VS CPU")
    elif name == "two players":
        p.start("2 PLAYER")
    elif name == "demo":
        p.start("DEMO")
    else:
        p.start("2 PLAYER")
        p.press("A")                    # the opening roll, then nobody presses
    if brightness is not None:
        sim.loop.app.brightness = brightness     # the in-play menu's BRIGHT
    attach(sim, meter)
    if name in ("demo", "idle at the board"):
        while sim.total_ms() < end:
            sim.run_ms(1000)
            if name == "demo":
                sim.loop.hw.power.activity(sim.ms())    # someone watching: no dimming, no sleep
        return meter
    humans = (0,) if name == "vs computer" else (0, 1)
    try:
        while sim.total_ms() < end:
            p.play_game({0: runner, 1: runner}, humans=humans, before_roll=pause, max_steps=20000)
            while sim.total_ms() < end and not p.top_line() in ("PLAY", "OPENING"):
                p.press("A")
    except (Done, Stuck):
        pass
    return meter


class Done(Exception):
    pass


def report(name, meter, out=print):
    ma = meter.average_ma()
    cell = capacity_mah(ma)
    out("%-18s %6.1f mA  %5.1f h   %s   dies lit %5.1f, at full duty %5.1f; dimmed %3.0f%%, asleep %3.0f%%,"
        " thinking %3.1f%%; %.1f minutes" % (name, ma, cell / ma if ma else 0,
                               "  ".join("%s %.1f" % (p, meter.average_ma(p)) for p in meter.PARTS),
                               meter.dies / meter.ms, meter.weighted / meter.ms,
                               100 * meter.dimmed_ms / meter.ms, 100 * meter.asleep_ms / meter.ms,
                               100 * meter.thinking_ms / meter.ms, meter.ms / 60000))
    return ma


def asleep_report(out=print, m=MODEL):
    """The current asleep, part by part, and the months it gives."""
    display = 8 * m["controller_standby_ma"] + m["boost_quiescent_ma"]
    rows = (("lightsleep slices", m["lightsleep_ma"] + display),
            ("dormant, as now", m["dormant_ma"] + display),
            ("dormant, the boost off", m["dormant_ma"]))
    for name, ma in rows:
        months = capacity_mah(ma) / ma / (24 * 30.4)
        out("asleep: %-24s %5.2f mA  %5.1f months" % (name, ma, months))
    out("  (the Pico board: %.2f mA dormant, %.2f mA in lightsleep; eight HT16K33s in standby %.3f mA;"
        " the boost %.3f mA)" % (m["dormant_ma"], m["lightsleep_ma"], 8 * m["controller_standby_ma"],
                                  m["boost_quiescent_ma"]))
    need = capacity_mah(0.2) / (12 * 30.4 * 24)
    out("  twelve months need %.3f mA at the most" % need)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.power", description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0, help="simulated minutes of each scenario")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--brightness", type=int, help="the in-play menu's BRIGHT, 1..16 (default: the firmware's)")
    ap.add_argument("--only", help="one scenario")
    ap.add_argument("--busy-waiting", type=float, default=MODEL["busy_waiting"],
                    help="the CPU's busy share while the loop waits (0.293 before 31aeef6)")
    args = ap.parse_args(argv)
    MODEL["busy_waiting"] = args.busy_waiting
    names = ("vs computer", "two players", "demo", "idle at the board")
    if args.only:
        names = (args.only,)
    print("%-18s %9s %7s" % ("scenario", "average", "hours"))
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            report(name, scenario(name, args.minutes, args.seed, args.brightness, tmp))
    asleep_report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
