"""The health tests' cutoffs in firmware/engine/entropy.py follow from
NIST SP 800-90B section 4.4's formulas for the assumed entropy per sample
(1 bit) and false alarm rate (2**-20); and the chi-square thresholds of
firmware/engine/fairness.py are the chi-square distribution's (5 degrees
of freedom)."""
import math
from fractions import Fraction

from firmware.engine import entropy, fairness

H = 1           # bits of min-entropy assumed per raw sample
ALPHA_LOG2 = 20


def critbinom(n, p, q):
    """The smallest k with P(Binomial(n, p) <= k) >= q, exactly."""
    total = Fraction(0)
    for k in range(n + 1):
        total += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if total >= q:
            return k
    return n


def test_repetition_count_cutoff():
    assert entropy.RCT_CUTOFF == 1 + math.ceil(ALPHA_LOG2 / H)


def test_adaptive_proportion_cutoff():
    p = Fraction(1, 2 ** H)
    q = 1 - Fraction(1, 2 ** ALPHA_LOG2)
    assert entropy.APT_WINDOW == 512            # SP 800-90B's window for non-binary samples
    assert entropy.APT_CUTOFF == 1 + critbinom(entropy.APT_WINDOW, p, q)


def chi2_survival_5df(x):
    """P(chi-square with 5 degrees of freedom > x), in closed form."""
    t = x / 2
    tail = math.erfc(math.sqrt(t))
    return tail + math.exp(-t) * (2 * math.sqrt(t / math.pi) * (1 + 2 * t / 3))


def test_chi_square_thresholds():
    assert abs(chi2_survival_5df(fairness.FAIR_X100 / 100) - 0.05) < 0.0005
    assert abs(chi2_survival_5df(fairness.ODD_X100 / 100) - 0.001) < 0.00005


def test_chi_square_matches_the_textbook_formula():
    counts = [12, 9, 11, 8, 10, 10, 9, 30]
    n = 60
    exact = sum((c - n / 6) ** 2 / (n / 6) for c in counts[:6])
    assert fairness.chi_square_x100(counts) == round(exact * 100)
