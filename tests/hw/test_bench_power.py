"""tools/bench/power.py: the power model's arithmetic, and a short game on
the simulator measured with it."""
import tempfile

from tools.bench import power


class Module:
    def __init__(self, lit, dies, dimming, blink=0):
        self._lit, self._dies, self.dimming, self.blink = lit, dies, dimming, blink

    def lit(self):
        return self._lit

    def lit_leds(self):
        return self._dies


def test_a_die_draws_its_row_current_an_eighth_of_the_time_at_the_duty():
    five_v, dies, weighted = power.display_ma([Module(True, 16, 15)] + [Module(False, 0, 0)] * 7)
    assert dies == 16 and weighted == 16
    # 16 dies x 20 mA / 8 rows at 16/16, one controller running, seven in standby
    assert abs(five_v - (16 * 20 / 8 + 1.0 + 7 * 0.01)) < 1e-9
    five_v, _, weighted = power.display_ma([Module(True, 16, 3, blink=1)])
    assert weighted == 16 * 4 / 16 / 2


def test_the_cells_give_less_at_a_higher_drain():
    assert power.capacity_mah(0.5) == 2900
    assert power.capacity_mah(100) == 2700
    assert 2300 < power.capacity_mah(200) < 2700
    assert power.capacity_mah(1000) == 2000


def test_the_waiting_core_draws_less_than_a_busy_one_and_the_clock_matters():
    assert power.cpu_ma(125e6, 1.0) > power.cpu_ma(125e6, 0.0) > power.cpu_ma(48e6, 0.0)
    assert abs(power.cpu_ma(125e6, 1.0) - (3.2 + 0.162 * 125)) < 1e-9


def test_two_players_on_the_simulator():
    with tempfile.TemporaryDirectory() as tmp:
        meter = power.scenario("two players", 0.5, 1, None, tmp)
    assert 25000 < meter.ms < 120000    # a turn under way is finished
    ma = meter.average_ma()
    assert 40 < ma < 300
    assert meter.average_ma("LEDs") > meter.average_ma("CPU") > 0
    assert 20 < meter.dies / meter.ms < 200
