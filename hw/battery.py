"""The battery monitor: VSYS on ADC3, averaged, load-corrected and filtered,
with OK / LOW / CRITICAL states and a remaining-charge estimate.

VSYS = 3 x the pin voltage (the Pico's divider); cal_mv is the VSYS that a
full-scale reading stands for (3 x 3300 mV, trimmed per board). A reading taken
while the LEDs draw current sags by I x R, so update() is given the display's
load at that moment (Matrix.load_ma()) and adds the sag back: states and the
estimate follow the rest voltage, not the flicker of the picture.
"""
from micropython import const
from time import ticks_add, ticks_diff

OK = const(0)
LOW = const(1)
CRITICAL = const(2)

_LOW_MV = const(3450)           # about 1.15 V a cell: a quarter of the charge left
_CRITICAL_MV = const(3150)      # about 1.05 V a cell: save the game and stop
_HYSTERESIS_MV = const(100)     # a state eases only once this far back above its threshold

_SAMPLES = const(16)           # one burst; a power of two, averaged by a shift
_PERIOD_MS = const(1000)
# Internal resistance of the pack: about 0.15 ohm a cell fresh, 0.5 ohm near empty.
_FRESH_MOHM = const(450)
_EMPTY_MOHM = const(1500)
_BOARD_MA = const(25)          # RP2040 and the rest of the board at 125 MHz
_BOOST_PCT = const(85)         # 5 V display supply: battery mA = 5 V mA x 5 / (Vbat x 85 %)
_FILTER_SHIFT = const(3)       # exponential filter, 1/8 of each new reading

# Rest voltage of three alkaline AA cells at a light load -> percent left.
_CURVE = (
    (4740, 100), (4440, 95), (4260, 90), (4050, 80), (3930, 70), (3810, 60),
    (3690, 50), (3600, 40), (3480, 30), (3360, 20), (3180, 10), (3000, 0),
)


def next_state(state, mv):
    """The state after a filtered reading of mv, with hysteresis."""
    if mv < _CRITICAL_MV:
        return CRITICAL
    if mv < _LOW_MV:
        if state == CRITICAL and mv < _CRITICAL_MV + _HYSTERESIS_MV:
            return CRITICAL
        return LOW
    if state != OK and mv < _LOW_MV + _HYSTERESIS_MV:
        return LOW
    return OK


def percent(mv):
    """Charge left, 0..100, from the alkaline discharge curve."""
    if mv >= _CURVE[0][0]:
        return 100
    for i in range(1, len(_CURVE)):
        mv1, p1 = _CURVE[i]
        if mv >= mv1:
            mv0, p0 = _CURVE[i - 1]
            return p1 + (p0 - p1) * (mv - mv1) // (mv0 - mv1)
    return 0


class Battery:
    def __init__(self, adc, cal_mv=9900, period_ms=_PERIOD_MS):
        self.adc = adc
        self.cal_mv = cal_mv
        self.period_ms = period_ms
        self.state = OK
        self.mv = 0             # filtered rest voltage of the pack, 0 until measured
        self.percent = 100
        self._acc = 0           # mv << _FILTER_SHIFT
        self._due = 0

    def update(self, now_ms, led_load):
        """Samples once per period; led_load is the display current at 5 V in mA
        right now. Returns the state (OK, LOW or CRITICAL)."""
        if self.mv and ticks_diff(now_ms, self._due) < 0:
            return self.state
        self._due = ticks_add(now_ms, self.period_ms)
        mv = self.measure(led_load)
        if self.mv == 0:
            self._acc = mv << _FILTER_SHIFT
        else:
            self._acc += mv - (self._acc >> _FILTER_SHIFT)
        self.mv = self._acc >> _FILTER_SHIFT
        self.state = next_state(self.state, self.mv)
        self.percent = percent(self.mv)
        return self.state

    def measure(self, led_load):
        """One burst of samples: the estimated rest voltage of the pack in mV."""
        total = 0
        for _ in range(_SAMPLES):
            total += self.adc.read_u16()
        vsys = (total // _SAMPLES) * self.cal_mv >> 16
        if vsys <= 0:
            return 0
        load_ma = _BOARD_MA + led_load * 5000 * 100 // (vsys * _BOOST_PCT)
        mohm = _FRESH_MOHM + (_EMPTY_MOHM - _FRESH_MOHM) * (100 - self.percent) // 100
        return vsys + load_ma * mohm // 1000
