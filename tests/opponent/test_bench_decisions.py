"""tools/bench/decisions.py: every decision has a choice, and no choice
gives away a negative amount against gnubg's best."""
import numpy as np

import tools  # noqa: F401
from tools.bench import decisions
from tools.gen import weights as gen_weights


def test_losses_are_against_the_best_play():
    groups, boards, values = decisions.decisions(3)
    assert groups and all(n >= 2 for _, n in groups)
    assert len(boards) == len(values) == sum(n for _, n in groups)
    loss = decisions.losses(gen_weights.NET, groups, boards, values)
    assert len(loss) == len(groups)
    assert np.all(loss >= 0)
    assert loss.mean() < 0.05
