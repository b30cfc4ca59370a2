"""Reading a saved match back: match(data, dice) unpacks Match.to_bytes()
and validate(m) holds the checks that refuse a damaged save rather than
play it. Only a start-up that finds a save needs it, so its caller
(firmware/handheld/resume.py) loads it for the call and lets it go
(firmware.forget). The format itself is game.py's (Match.write_to): this
module imports game, never the other way round.
"""
import struct

from micropython import const

from firmware.engine import position
from firmware.engine.clock import Clock
from firmware.engine.game import (CENTRED, DOUBLED, F_CLOCK_ON, F_CRAWFORD_DONE,
                                  F_CRAWFORD_GAME, F_JACOBY, F_SET_CLOCK, FORMAT, HEAD,
                                  HEAD_SIZE, MAX_CUBE, MOVE, OPENING, OVER, RESIGNING, ROLL,
                                  STATE_NAMES, Match)
from firmware.engine.matchrecord import (BORNE_OFF, END, GAME, MOVES, TIMED_OUT, MatchRecord,
                                         next_entry)

_FORMAT_1 = const(1)        # before the archive: the head ended at the record's length
_HEAD_SIZE_1 = const(54)


def match(data, dice):
    """The game.Match that Match.to_bytes() made the data of, playing on
    with `dice`; ValueError if the data is not a consistent match. The clock
    waits for the next tick or action to run again, so time with the power
    off is not charged."""
    if not data or data[0] not in (_FORMAT_1, FORMAT):
        raise ValueError("match data format %d, expected %d" % (data[0] if data else -1, FORMAT))
    # format 1: no archive, the head without its last three fields
    head, size = (HEAD, HEAD_SIZE) if data[0] == FORMAT else (HEAD[:-3], _HEAD_SIZE_1)
    if len(data) < size + 50:
        raise ValueError("match data too short: %d bytes" % len(data))
    fields = struct.unpack(head, data[:size])
    (_, length, s0, s1, flags, games, winner, state, turn, d1, d2, cube_log, owner,
     resign, gwinner, kind, points, how, opening, reserve_ms, delay_ms, r0, r1,
     cplayer, used, set_reserve, set_delay, record_len) = fields[:28]
    generation, archived_games, archived_length = fields[28:] if len(fields) > 28 else (0, 0, 0)
    if len(data) != size + 50 + record_len:
        raise ValueError("match data is %d bytes, expected %d"
                         % (len(data), size + 50 + record_len))
    if archived_games > games or (archived_games == 0) != (archived_length == 0):
        raise ValueError("%d games archived in %d bytes, of %d finished"
                         % (archived_games, archived_length, games))
    board = bytes(data[size:size + 50])
    m = Match(dice, length, bool(flags & F_CLOCK_ON), reserve_ms, delay_ms,
                    bool(flags & F_JACOBY))
    m.score = [s0, s1]
    m.crawford_done = bool(flags & F_CRAWFORD_DONE)
    m.games = games
    m.winner = winner
    Clock(set_reserve, set_delay)
    m.settings = (bool(flags & F_SET_CLOCK), set_reserve, set_delay)
    check_record(data[size + 50:])
    m.record = r = MatchRecord(data[size + 50:])
    r.generation = generation
    r.archived_games = archived_games
    r.archived_length = archived_length
    c = m.clock
    c.reserve[0] = r0
    c.reserve[1] = r1
    c.player = cplayer
    c.used = used
    g = m.game
    g.board = board
    g.state = state
    g.turn = turn
    g.dice = (d1, d2)
    g.cube = 1 << cube_log
    g.cube_owner = owner
    g.crawford = bool(flags & F_CRAWFORD_GAME)
    g.resign = resign
    g.winner = gwinner
    g.kind = kind
    g.points = points
    g.how = how
    g.opening = (opening >> 4, opening & 15)
    validate(m)
    if g.dice[0] and g.state in (MOVE, RESIGNING):
        g.rolled(g.dice[0], g.dice[1])     # the roll's plays due again, made when first read
    return m


def validate(m):
    """ValueError unless the match m's state hangs together."""
    g = m.game
    position.validate(g.board)
    if m.length and m.winner < 0 and max(m.score) >= m.length:
        raise ValueError("score %d-%d ends a %d-point match with no winner"
                         % (m.score[0], m.score[1], m.length))
    if m.winner not in (-1, 0, 1) or (m.winner >= 0 and g.state != OVER):
        raise ValueError("match winner %d with the game %s" % (m.winner, STATE_NAMES[g.state]))
    if not 0 <= g.state <= OVER or g.turn not in (0, 1):
        raise ValueError("game state %d, turn %d" % (g.state, g.turn))
    if g.cube > MAX_CUBE or g.cube_owner not in (CENTRED, 0, 1):
        raise ValueError("cube %d owned by %d" % (g.cube, g.cube_owner))
    if (g.cube == 1) != (g.cube_owner == CENTRED):
        raise ValueError("cube %d cannot be owned by %d" % (g.cube, g.cube_owner))
    if g.crawford and g.cube != 1:
        raise ValueError("the cube was turned in the Crawford game")
    d1, d2 = g.dice
    rolled = 1 <= d1 <= 6 and 1 <= d2 <= 6
    if not rolled and (d1 or d2):
        raise ValueError("dice %d-%d" % (d1, d2))
    # a resignation may come before or after the roll; the end keeps the dice
    if rolled != (g.state == MOVE) and g.state not in (RESIGNING, OVER):
        raise ValueError("dice %d-%d while %s" % (d1, d2, STATE_NAMES[g.state]))
    if (g.state == RESIGNING) != (1 <= g.resign <= 3) and g.state != OVER:
        raise ValueError("resignation %d while %s" % (g.resign, STATE_NAMES[g.state]))
    if g.state == OVER:
        if g.winner not in (0, 1) or not 1 <= g.kind <= 3 or g.points < 1 \
                or not BORNE_OFF <= g.how <= TIMED_OUT:
            raise ValueError("game over without a winner, kind and points")
    elif g.winner != -1:
        raise ValueError("game in play has winner %d" % g.winner)
    if g.state != OPENING:
        a, b = g.opening
        if not (1 <= a <= 6 and 1 <= b <= 6 and a != b):
            raise ValueError("opening roll %d-%d" % (a, b))
    c = m.clock
    if c.player not in (-1, 0, 1) or min(c.reserve) < 0 or c.used < 0:
        raise ValueError("clock player %d, reserves %r" % (c.player, c.reserve))
    if m.clock_on and (g.state in (ROLL, MOVE, DOUBLED, RESIGNING)) != (c.player == g.turn):
        raise ValueError("clock times player %d while %s" % (c.player, STATE_NAMES[g.state]))


def check_record(data):
    """ValueError unless data is a well-formed record: games that each start
    with a game entry, steps within the board, at most one end per game,
    and nothing after an end but the next game."""
    i = 0
    in_game = False
    ended = False
    while i < len(data):
        code = data[i]
        j = next_entry(data, i)
        if code >= GAME:
            if in_game and not ended:
                raise ValueError("game at %d starts before the last one ended" % i)
            in_game = True
            ended = False
        elif not in_game or ended:
            raise ValueError("record entry at %d is outside a game" % i)
        elif code < MOVES:
            for k in range(i + 1, j):
                f = data[k] >> 3
                d = data[k] & 7
                if not (1 <= f <= 25 and 1 <= d <= 6 and d <= f):
                    raise ValueError("record step byte %d at %d is no step" % (data[k], k))
        elif END <= code < END + 8:
            if not data[i + 1]:
                raise ValueError("game end at %d scores no points" % i)
            ended = True
        i = j
