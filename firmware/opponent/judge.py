"""Judging a play against the computer's best: the plays ranked by 0-ply
(hint, play_loss) and the tutor's weighing in slices (Loss). Only the
tutor (firmware/handheld/tutor.py) and the tools need it, so a game
without the tutor does not hold this code; the handheld's HINT runs an
ai.Thinker at MAX instead.
"""
from micropython import const

from firmware.engine import movegen
from firmware.engine.position import flip
from firmware.opponent import evaluator
from firmware.opponent.ai import DONE, MONEY, PRO, Thinker, play_equity, score_cost

_PLAYED = const(6)      # Loss's phase after the Thinker's: the play judged, when the choice did not score it


def _ranked(board, d1, d2):
    """(plays, [(equity, index), ...] best first, ties in generator order)."""
    plays = movegen.plays(board, d1, d2)
    scorer = evaluator.Scorer()
    scorer.set_base(flip(bytes(board)))
    ranked = []
    for i in range(len(plays)):
        ranked.append((-play_equity(scorer, plays.result(i)), i))
    ranked.sort()
    return plays, ranked


def hint(board, d1, d2, count=3):
    """The best plays, best first: [(equity, result_board, move), ...]."""
    plays, ranked = _ranked(board, d1, d2)
    out = []
    for neg, i in ranked[:count]:
        out.append((-neg, plays.result(i), plays.move(i)))
    return out


def play_loss(board, d1, d2, result_board):
    """Equity (1/ONE points) the play reaching result_board gives away
    against the best play: 0 for the best, more for worse."""
    plays, ranked = _ranked(board, d1, d2)
    result_board = bytes(result_board)
    for neg, i in ranked:
        if plays.result(i) == result_board:
            return neg - ranked[0][0]
    raise ValueError("that position is not reachable with %d-%d" % (d1, d2))


class Loss(Thinker):
    """play_loss in slices, for the tutor: PRO's choice for board and dice
    and what the play reaching `played` gives away against it (1/ONE
    points, 0 for the best). When step() returns True, .loss is that and
    .result the better play, (result_board, move).

    The best is the best of the plays PRO scores (all of them up to
    NET_PLAYS, else the NET_PLAYS the prefilter ranks best), so on rolls
    with more plays than that the loss can be smaller than play_loss's.
    The played play's own score comes from the choice when it was among
    those scored, else from one more unit after it. weights and stake: as
    the Thinker's, so that in a match the play is weighed at the score and
    with the cube as PRO plays there."""

    def __init__(self, board, d1, d2, played, plays=None, weights=MONEY, stake=None):
        self.played = bytes(played)
        self.played_eq = None
        self.loss = None
        Thinker.__init__(self, board, d1, d2, PRO, plays, weights, stake)

    def _keep(self, e, i):
        if self.played_eq is None and self.plays.result(i) == self.played:
            self.played_eq = e
        Thinker._keep(self, e, i)

    def _finish(self, index):
        scorer = self.scorer
        Thinker._finish(self, index)
        if len(self.plays) == 1:
            self.loss = 0           # no choice, nothing given away
        elif self.played_eq is not None:
            self.loss = self.top_eq[0] - self.played_eq
        else:
            self.scorer = scorer    # its base is still the roll's position
            self.phase = _PLAYED

    def _cost(self):
        return score_cost(self.their_stake) if self.phase == _PLAYED else Thinker._cost(self)

    def _unit(self):
        if self.phase != _PLAYED:
            return Thinker._unit(self)
        self.played_eq = self.worth(self.scorer, self.played)
        self.scorer = None
        self.loss = self.top_eq[0] - self.played_eq
        if self.loss < 0:
            self.loss = 0           # the prefilter dropped a play the network likes more
        self.phase = DONE
