"""The computer plays only legal moves, at every level, under MicroPython's
200k heap too: whole games of the levels against each other."""
from firmware.opponent import ai
from firmware.engine import movegen
from firmware.engine.position import START, flip, validate, winner_kind

# A fixed dice sequence (a small linear congruential generator) per game.


def _dice(state):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    d1 = state >> 16 & 7
    state2 = (state * 1103515245 + 12345) & 0x7FFFFFFF
    d2 = state2 >> 16 & 7
    return state2, d1, d2


def _roll(state):
    while True:
        state, d1, d2 = _dice(state)
        if 1 <= d1 <= 6 and 1 <= d2 <= 6:
            return state, d1, d2


def _replay(board, move):
    for f, t in move:
        board = movegen.apply_step(board, f, t)
    return board


def _game(levels, seed, max_turns):
    board = START
    state = seed
    for turn in range(max_turns):
        state, d1, d2 = _roll(state)
        level = levels[turn & 1]
        thinker = ai.Thinker(board, d1, d2, level)
        while True:
            units = thinker.units
            done = thinker.step()
            # a step's estimated work fits the slice, unless it is one unit
            assert thinker.spent <= ai.STEP_WORK or thinker.units == units + 1
            if done:
                break
        result, move = thinker.result
        plays = movegen.plays(board, d1, d2)
        found = False
        for i in range(len(plays)):
            if plays.result(i) == result:
                found = True
        assert found, "not a legal play"
        assert _replay(board, move) == result
        validate(result)
        if winner_kind(result):
            return turn
        board = flip(result)
    return max_turns


def test_strongest_against_weakest_plays_legally():
    _game((ai.LEVELS, 1), 7, 70)


def test_middle_levels_play_legally():
    _game((2, 4), 11, 50)
    _game((3, 3), 12, 40)
