"""The tutor's weighing, judge.Loss: judge.play_loss in slices, the same figure
on rolls the computer scores in full, under MicroPython's 200k heap too."""
from firmware.opponent import ai, judge
from firmware.engine import movegen
from firmware.engine.position import START, flip, winner_kind


def _weigh(board, d1, d2, played, plays=None):
    loss = judge.Loss(board, d1, d2, played, plays=plays)
    steps = 0
    while not loss.step():
        steps += 1
        assert steps < 2000
    return loss


def test_the_loss_is_play_loss_and_the_better_play_is_the_best():
    state = 11
    board = START
    for _ in range(12):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        d1 = 1 + (state >> 8) % 6
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        d2 = 1 + (state >> 8) % 6
        plays = movegen.plays(board, d1, d2)
        if len(plays) <= ai.NET_PLAYS:
            best = judge.hint(board, d1, d2, count=1)[0][1]
            for i in (0, len(plays) - 1, len(plays) // 2):
                played = plays.result(i)
                loss = _weigh(board, d1, d2, played, plays if i else None)
                assert loss.loss == judge.play_loss(board, d1, d2, played), (board, d1, d2, i)
                assert loss.result[0] == best
        result = plays.result((state >> 4) % len(plays))
        plays = None
        board = START if winner_kind(result) else flip(result)


def test_the_best_play_and_a_forced_one_lose_nothing():
    best = judge.hint(START, 3, 1, count=1)[0][1]
    assert _weigh(START, 3, 1, best).loss == 0
    # one checker left, on the 1 point: bearing it off is the only play
    board = bytearray(50)
    board[0] = 1
    board[25 + 5] = 15
    board = bytes(board)
    plays = movegen.plays(board, 6, 5)
    assert len(plays) == 1
    assert _weigh(board, 6, 5, plays.result(0), plays).loss == 0


def test_at_a_match_score_the_play_is_weighed_as_pro_plays_there():
    # the tutor's weighing at the score with the cube live: PRO's choice
    # there, and the loss the two plays' worth apart (the other side's
    # cubeful value after each, turned round, with the tie-break's share
    # of the dead cube's equity)
    from firmware.opponent import cubeful, evaluator
    w = cubeful.weights(1, 7, 5, 3)
    stake = cubeful.stake(1, -1, 7, 5, 3)
    plays = movegen.plays(START, 6, 4)
    chosen = ai.choose(START, 6, 4, ai.PRO, w, stake)[0]
    played = plays.result(0) if plays.result(0) != chosen else plays.result(1)
    loss = judge.Loss(START, 6, 4, played, plays=plays, weights=w, stake=stake)
    while not loss.step():
        pass
    assert loss.result[0] == chosen
    scorer = evaluator.Scorer()
    scorer.set_base(flip(START))
    their = stake.other()
    worth = []
    for r in (loss.result[0], played):
        q = scorer.score_after(r)
        worth.append(-their.value(q, r) + ai.mover_equity(q, w) // ai.TIE_SHARE)
    assert loss.loss == worth[0] - worth[1] > 0
