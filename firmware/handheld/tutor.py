"""The tutor: a human's confirmed play weighed against the best one, in
slices, and a warning when it gives away more than the TUTOR setting's
limit (A keeps the play, B takes it back). Functions of the Play, as in
playview.py; imported only when the tutor is on, so a game without it
does not hold this code. docs/app.md has the screens.
"""
from firmware.handheld import keys, sounds
from firmware.handheld.playview import BOARD, TUTOR


def start(play, now):
    """A on a complete play: the weighing starts (firmware/opponent/judge.py
    Loss, a PRO Thinker keeping the play's own score), at the score and
    with the cube as PRO plays there."""
    from firmware.opponent import judge
    g = play.match.game
    t = play.turn_input
    play.tutor = judge.Loss(t.start, t.d1, t.d2, t.board, plays=g.plays, weights=play._weights(g.turn),
                            stake=play._stake(g.turn))
    play.app.collect_requested = True
    play.warning = None
    play.mode = TUTOR
    play.since = now


def press(play, button, now):
    if play.warning is None:
        if button == keys.B:        # still weighing it: back to the play
            play.mode = BOARD
            play.tutor = None
            play.done_at = now
            play._beep(sounds.CLICK)
        return
    if button == keys.A:            # kept
        play._beep(sounds.CLICK)
        play._commit(now)
    elif button == keys.B:          # taken back: the turn from its start
        t = play.turn_input
        while t.done:
            t.undo()
        play.mode = BOARD
        play.tutor = None
        play.warning = None
        play.scene.moved_at = now
        play._beep(sounds.CLICK)


def step(play, now):
    """One slice of the weighing; a play within the limit is made in the
    pass after the last slice. True when the screen changed."""
    if play.warning is not None:
        return False
    loss = play.tutor
    if loss.loss is None:
        if loss.step() and loss.loss > play.app.tutor_limit():
            play.warning = (loss.loss, loss.result[0])
            play.since = now
            play._beep(sounds.ILLEGAL)
            return True
        return False
    play._commit(now)
    return True
