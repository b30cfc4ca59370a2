"""Three AA alkaline cells in series feeding VSYS.

The rest voltage follows an alkaline discharge curve from the charge used; under
load the pack sags by I x R, and R grows as the cells empty. Charge is drawn
whenever the model is brought up to date with the load of the moment.
Figures are typical of AA alkaline cells at 100-500 mA (about 2000 mAh to 1.0 V
per cell at these drains, 0.15 ohm per cell fresh, about 0.5 ohm near empty).
"""

CELLS = 3
CAPACITY_MAH = 2000
# (fraction used in thousandths, rest voltage of one cell in mV)
CELL_CURVE = (
    (0, 1580), (50, 1480), (100, 1420), (200, 1350), (300, 1310), (400, 1270),
    (500, 1230), (600, 1200), (700, 1160), (800, 1120), (900, 1060), (1000, 1000),
)
R_FRESH_MOHM = 150
R_EMPTY_MOHM = 500


def interpolate(table, x):
    if x <= table[0][0]:
        return table[0][1]
    for i in range(1, len(table)):
        x1, y1 = table[i]
        if x <= x1:
            x0, y0 = table[i - 1]
            return y0 + (y1 - y0) * (x - x0) // (x1 - x0)
    return table[-1][1]


def used_for_cell_mv(mv):
    """The charge used (thousandths) at which one cell rests at mv."""
    for i in range(1, len(CELL_CURVE)):
        used1, mv1 = CELL_CURVE[i]
        if mv >= mv1:
            used0, mv0 = CELL_CURVE[i - 1]
            return max(0, used0 + (used1 - used0) * (mv0 - mv) // (mv0 - mv1))
    return 1000


class BatteryModel:
    def __init__(self, clock):
        self.clock = clock
        self.reset()

    def reset(self):
        self.used_uas = 0           # charge drawn, in microamp-seconds
        self.fixed_mv = None        # rest voltage held by set_voltage()
        self.load_ma = 0
        self.last_us = self.clock.us

    def set_voltage(self, mv):
        """Holds the pack's rest voltage at mv (sag under load still applies);
        None lets it follow the discharge curve again."""
        self.fixed_mv = mv

    def set_used(self, fraction_thousandths):
        self.used_uas = CAPACITY_MAH * 3600 * fraction_thousandths

    def used_thousandths(self):
        return min(1000, self.used_uas // (CAPACITY_MAH * 3600))

    def catch_up(self, load_ma):
        """Draws the charge used at the previous load since the last call."""
        now = self.clock.us
        elapsed = now - self.last_us
        if elapsed > 0:
            self.used_uas += self.load_ma * elapsed // 1000
        self.last_us = now
        self.load_ma = load_ma

    def rest_mv(self):
        if self.fixed_mv is not None:
            return self.fixed_mv
        return CELLS * interpolate(CELL_CURVE, self.used_thousandths())

    def resistance_mohm(self):
        used = self.used_thousandths()
        if self.fixed_mv is not None:
            used = used_for_cell_mv(self.fixed_mv // CELLS)
        return CELLS * (R_FRESH_MOHM + (R_EMPTY_MOHM - R_FRESH_MOHM) * used // 1000)

    def vsys_mv(self):
        return self.rest_mv() - self.load_ma * self.resistance_mohm() // 1000
