"""Game and match flow: a pure state machine. Time comes in as now_ms; it
never sleeps, touches hardware or reads a clock. docs/rules-match.md gives
the rules it follows and why.

    m = Match(dice, length=7, clock=True)    length 0 = money play
    m.roll(now)            OPENING: the opening roll; ROLL: roll the dice
    m.double(now)          ROLL: offer the cube (m.may_double() says if allowed)
    m.take(now)            DOUBLED: the other player takes ...
    m.drop(now)            ... or drops: the doubler wins the cube's value
    m.play(result, now)    MOVE: one of the results in m.game.plays
    m.resign(kind, now)    ROLL or MOVE: the player on roll offers 1/2/3 ...
    m.accept(now)          RESIGNING: the other player accepts ...
    m.reject(now)          ... or rejects, and the turn goes on
    m.tick(now)            runs the clock; True when it has just ended the game
    m.next_game(now)       OVER and the match not over: the next game
    m.match_id(), m.to_bytes() (m.write_to(bytearray) appends the same),
    m.write_mat(f)

firmware/engine/restore.py reads to_bytes() back (restore.match(data, dice))
and checks a match's state (restore.validate(m)); firmware/engine/matfile.py
writes the match file. Both import this module, never the other way round.

Every action that the state does not allow raises ValueError saying why,
and changes nothing. An action taken after the player's time ran out ends
the game on time and raises ValueError.

The state of the game in play is `m.game` (a Game):
    board       50 bytes (firmware.engine.position) seen by `turn`, the player on
                roll; while DOUBLED or RESIGNING still his view
    turn        0 or 1: the player on roll (the doubler while DOUBLED, the
                one resigning while RESIGNING; the winner once OVER)
    state       OPENING, ROLL, DOUBLED, MOVE, RESIGNING or OVER
    dice        (d1, d2) once rolled this turn, else (0, 0)
    plays       MOVE: the movegen.Plays of the roll (a sequence of
                (result, move)), else None. A roll with no legal move has
                one play, the unchanged board: play it to pass (the app
                shows the dice first). Generated on first use, not by the
                roll, so the dice can be shown in the pass that rolled them;
                g.ensure_plays() generates a bounded slice of them if still
                due (a large double takes a few passes), g.plays_ready()
                says whether they are complete; reading g.plays finishes
                them at once.
    cube, cube_owner   1..64, and -1 centred or the owning player
    crawford    True in the Crawford game (no doubling)
    resign      the level offered while RESIGNING (1 single, 2 gammon,
                3 backgammon), the level accepted once OVER by resignation
    winner, kind, points, how   once OVER: the winning player, 1/2/3 for
                single/gammon/backgammon, the points scored (kind times the
                cube; a drop scores the cube), and how it ended
                (matchrecord.BORNE_OFF, DROPPED, RESIGNED, TIMED_OUT)
    opening     (die of player 0, die of player 1) of the opening roll

The match: `length`, `score` [p0, p1], `crawford_done` (the Crawford game
has been played), `jacoby`, `winner` (-1 until the match is won), `games`
(games finished), `record` (firmware.engine.matchrecord), and the clock: `clock`
(firmware.engine.clock.Clock), `clock_on` for this game, `settings` for the next.
The clock runs only in ROLL and MOVE, for the player on roll; it stands
still in OPENING, DOUBLED, RESIGNING and OVER.
"""

import struct

from micropython import const

from firmware.engine import movegen, position
from firmware.engine.clock import DELAY_MS, RESERVE_MS, Clock
from firmware.engine.matchrecord import (BORNE_OFF, DROPPED, LIMIT, RESIGNED,
                                  TIMED_OUT, MatchRecord)

OPENING = const(0)
ROLL = const(1)
DOUBLED = const(2)
MOVE = const(3)
RESIGNING = const(4)
OVER = const(5)
STATE_NAMES = ("opening", "roll", "doubled", "move", "resigning", "over")

CENTRED = const(-1)
MAX_CUBE = const(64)
SINGLE = const(1)
GAMMON = const(2)
BACKGAMMON = const(3)

FORMAT = const(2)         # first byte of to_bytes(); restore.py reads 1 too
# Opening ties rolled again at most this often (docs/dice.md), then the
# dice's note says so and the game stays at the opening.
OPENING_TRIES = const(16)
OPENING_TIES = "OPENING TIES"
# version, length, score0, score1, flags, games, match winner,
# state, turn, d1, d2, cube, owner, resign, winner, kind, points, how, opening,
# clock: reserve_ms, delay_ms, reserve0, reserve1, player, used,
# settings: reserve_ms, delay_ms; the record's length; then the archive's
# generation, the games and bytes of its frames that are this match's
# (firmware/engine/archive.py); then the 50-byte board and the record
# (firmware/engine/restore.py reads it back; format 1 had no archive)
HEAD = "<BHHHBHbBBBBBbBbBBBBIIIIbIIIHHHI"
HEAD_SIZE = const(62)
F_CRAWFORD_DONE = const(1)
F_JACOBY = const(2)
F_CLOCK_ON = const(4)
F_CRAWFORD_GAME = const(8)
F_SET_CLOCK = const(16)


class Game:
    def __init__(self, crawford=False):
        self.board = position.START
        self.turn = 0
        self.state = OPENING
        self.dice = (0, 0)
        self._plays = None
        self._plays_due = False     # rolled, plays not generated yet
        self._generation = None     # a movegen.Generation under way
        self.cube = 1
        self.cube_owner = CENTRED
        self.crawford = crawford
        self.resign = 0
        self.winner = -1
        self.kind = 0
        self.points = 0
        self.how = 0
        self.opening = (0, 0)

    @property
    def plays(self):
        if self._plays_due:
            self.ensure_plays(-1)
        return self._plays

    @plays.setter
    def plays(self, value):
        self._plays = value
        self._plays_due = False
        self._generation = None

    def plays_ready(self):
        """False while the roll's plays are due: the next read generates them."""
        return not self._plays_due

    def ensure_plays(self, budget=movegen.STEP_WORK):
        """Generates a slice of the roll's plays (at most about `budget`
        candidate steps; -1: all of them) if they are still due; True when
        it did work. plays_ready() says when they are complete."""
        if not self._plays_due:
            return False
        gen = self._generation
        if gen is None:
            gen = self._generation = movegen.Generation(self.board, self.dice[0], self.dice[1])
        if gen.finish() if budget < 0 else gen.step(budget):
            self.plays = gen.plays
        return True

    def rolled(self, d1, d2):
        """The dice d1-d2 on the board: their plays are due, made on first use."""
        self.dice = (d1, d2)
        self._plays = None
        self._plays_due = True
        self._generation = None


class Match:
    def __init__(self, dice, length=0, clock=False, reserve_ms=RESERVE_MS,
                 delay_ms=DELAY_MS, jacoby=False, record_limit=LIMIT):
        if not 0 <= length <= 0x7FFF:
            raise ValueError("match length %r is not 0..32767" % (length,))
        self.dice = dice
        self.length = length
        self.score = [0, 0]
        self.crawford_done = False
        self.jacoby = bool(jacoby) and length == 0
        self.winner = -1
        self.games = 0
        self.record = MatchRecord(limit=record_limit)
        self.clock = Clock(reserve_ms, delay_ms)
        self.clock_on = bool(clock)
        self.settings = (self.clock_on, reserve_ms, delay_ms)
        self.game = Game()

    # -- what may happen now --------------------------------------------

    def to_act(self):
        """The player who must act now: the one on roll, or the one answering
        a double or a resignation; -1 once the game is over."""
        g = self.game
        if g.state == OVER:
            return -1
        if g.state in (DOUBLED, RESIGNING):
            return 1 - g.turn
        return g.turn

    def may_double(self):
        g = self.game
        return (g.state == ROLL and not g.crawford and g.cube < MAX_CUBE
                and g.cube_owner in (CENTRED, g.turn))

    def set_clock(self, on, reserve_ms=RESERVE_MS, delay_ms=DELAY_MS):
        """Clock settings: from the next game on, or now if no game is under way."""
        Clock(reserve_ms, delay_ms)     # validates
        self.settings = (bool(on), reserve_ms, delay_ms)
        if self.game.state == OPENING:
            self._apply_settings()

    # -- actions --------------------------------------------------------

    def roll(self, now_ms):
        g = self.game
        if g.state == OPENING:
            self._opening_roll(now_ms)
            return
        self._expect(ROLL, "roll", now_ms)
        d1, d2 = self.dice.roll()
        g.rolled(d1, d2)
        g.state = MOVE

    def double(self, now_ms):
        g = self.game
        self._expect(ROLL, "double", now_ms)
        if g.crawford:
            raise ValueError("no doubling in the Crawford game")
        if g.cube >= MAX_CUBE:
            raise ValueError("the cube is at %d: no more doubles" % g.cube)
        if g.cube_owner not in (CENTRED, g.turn):
            raise ValueError("player %d owns the cube" % g.cube_owner)
        self.clock.pause(now_ms)
        self.record.double()
        g.state = DOUBLED

    def take(self, now_ms):
        g = self.game
        self._expect(DOUBLED, "take", now_ms)
        self.record.take()
        g.cube *= 2
        g.cube_owner = 1 - g.turn
        g.state = ROLL
        if self.clock_on:
            self.clock.resume(now_ms)

    def drop(self, now_ms):
        g = self.game
        self._expect(DOUBLED, "drop", now_ms)
        self.record.drop()
        self._end(g.turn, SINGLE, g.cube, DROPPED, now_ms)

    def play(self, result, now_ms):
        g = self.game
        self._expect(MOVE, "play", now_ms)
        i = _find(g.plays, result)
        if i < 0:
            raise ValueError("that position is not a legal play of %d-%d" % g.dice)
        move = g.plays.move(i)
        self.record.move(g.dice[0], g.dice[1], move)
        kind = position.winner_kind(result)
        if kind:
            g.board = bytes(result)
            g.plays = None
            g.dice = (0, 0)
            self._end(g.turn, kind, self._value(kind), BORNE_OFF, now_ms)
            return
        self.clock.stop(now_ms)
        g.board = position.flip(result)
        g.turn = 1 - g.turn
        g.dice = (0, 0)
        g.plays = None
        g.state = ROLL
        if self.clock_on:
            self.clock.start(g.turn, now_ms)

    def resign(self, kind, now_ms):
        g = self.game
        if g.state not in (ROLL, MOVE):
            raise ValueError("cannot resign while %s: only on one's own turn"
                             % STATE_NAMES[g.state])
        if kind not in (SINGLE, GAMMON, BACKGAMMON):
            raise ValueError("resign 1, 2 or 3 (single, gammon, backgammon), not %r" % (kind,))
        self._expect(g.state, "resign", now_ms)
        self.clock.pause(now_ms)
        g.resign = kind
        g.state = RESIGNING

    def accept(self, now_ms):
        g = self.game
        self._expect(RESIGNING, "accept", now_ms)
        self._end(1 - g.turn, g.resign, self._value(g.resign), RESIGNED, now_ms)

    def reject(self, now_ms):
        g = self.game
        self._expect(RESIGNING, "reject", now_ms)
        g.resign = 0
        g.state = MOVE if g.dice[0] else ROLL
        if self.clock_on:
            self.clock.resume(now_ms)

    def tick(self, now_ms):
        """Run the clock; True when the player on roll has just run out of
        time, which ends the game: his opponent wins a single game times
        the cube."""
        g = self.game
        if not self.clock_on or g.state not in (ROLL, MOVE):
            return False
        self.clock.resume(now_ms)       # after a restore it waits to be anchored
        loser = self.clock.expired(now_ms)
        if loser < 0:
            return False
        self._end(1 - loser, SINGLE, g.cube, TIMED_OUT, now_ms)
        return True

    def next_game(self, now_ms=0):
        if self.game.state != OVER:
            raise ValueError("the game is still in play")
        if self.winner >= 0:
            raise ValueError("the match is over: player %d won" % self.winner)
        crawford = False
        if self.length and not self.crawford_done:
            # exactly one player one point away, as gnubg decides it
            crawford = (self.score[0] == self.length - 1) != (self.score[1] == self.length - 1)
            self.crawford_done = crawford
        self.game = Game(crawford)
        self._apply_settings()

    # -- helpers --------------------------------------------------------

    def _expect(self, state, action, now_ms):
        g = self.game
        if self.tick(now_ms):
            raise ValueError("player %d ran out of time" % (1 - g.winner))
        if g.state != state:
            raise ValueError("cannot %s while %s" % (action, STATE_NAMES[g.state]))

    def _opening_roll(self, now_ms):
        g = self.game
        for _ in range(OPENING_TRIES):
            a, b = self.dice.roll()
            if a != b:
                break
        else:
            # dice that only tie are broken: say so, and stay at the opening
            self.dice.note = OPENING_TIES
            return
        g.opening = (a, b)
        g.turn = 0 if a > b else 1
        g.board = position.START
        if a > b:
            g.rolled(a, b)
        else:
            g.rolled(b, a)
        self.record.start_game(g.turn, self.score[0], self.score[1])
        g.state = MOVE
        self.clock.reset()
        if self.clock_on:
            self.clock.start(g.turn, now_ms)

    def _value(self, kind):
        # Jacoby: in money play gammons count only once the cube has been turned
        if self.jacoby and self.game.cube == 1:
            return self.game.cube
        return kind * self.game.cube

    def _end(self, winner, kind, points, how, now_ms):
        g = self.game
        self.clock.stop(now_ms)
        g.state = OVER
        g.winner = winner
        g.kind = kind
        g.points = points
        g.how = how
        if how != RESIGNED:
            g.resign = 0
        if how in (RESIGNED, TIMED_OUT) and g.dice[0] and not _forced(g.plays):
            # The roll was never played: keep its dice in the record all the
            # same. gnubg reads such a roll as the dice alone, but plays a
            # forced move itself, which could change who won: that one is left out.
            self.record.move(g.dice[0], g.dice[1], ())
        self.record.end(winner, points, how)
        self.score[winner] += points
        self.games += 1
        if self.length and self.score[winner] >= self.length:
            self.winner = winner

    def _apply_settings(self):
        on, reserve_ms, delay_ms = self.settings
        self.clock_on = on
        self.clock = Clock(reserve_ms, delay_ms)

    # -- gnubg's IDs and match file ---------------------------------------

    def match_id(self):
        """gnubg's Match ID of the match as it stands."""
        from firmware.engine import matchid     # loaded when asked: seldom needed in play
        g = self.game
        state = matchid.PLAYING
        on_roll = g.turn
        turn = self.to_act()
        d1, d2 = g.dice
        resign = g.resign
        if g.state == OPENING:
            on_roll = turn = 0
        elif g.state == OVER:
            if g.how == BORNE_OFF:
                # gnubg passes the turn to the loser after the last checker is off
                state = matchid.OVER
                on_roll = turn = 1 - g.winner
            elif g.how == DROPPED:
                state = matchid.DROPPED
                turn = 1 - g.turn
            else:
                state = matchid.RESIGNED
                turn = g.winner
                resign = g.resign or SINGLE
                on_roll = 1 - g.winner
        owner = matchid.CENTRED if g.cube_owner == CENTRED else g.cube_owner
        return matchid.encode((
            g.cube, owner, on_roll, int(g.crawford), state, turn,
            int(g.state == DOUBLED), resign, d1, d2, self.length,
            min(self.score[0], 0x7FFF), min(self.score[1], 0x7FFF), int(self.jacoby)))

    def write_mat(self, stream, names=("Player 1", "Player 2")):
        """The match so far as a .mat file gnubg imports."""
        for line in self.mat_lines(names):
            stream.write(line)
            stream.write("\n")

    def mat_lines(self, names=("Player 1", "Player 2"), skip=0):
        """The same text, a line at a time (a generator), by the writer
        (firmware/engine/matfile.py), after the first `skip` games if asked.
        On the device the flash writer keeps the writer loaded: an import
        takes 25 ms or more on the chip, more than the quiet pass that
        makes the file's next lines can spare."""
        from firmware.engine import matfile
        return matfile.record_lines(self.record, self.length, names, skip)

    # -- save and restore -------------------------------------------------

    def to_bytes(self):
        """The match as bytes, for restore.match()."""
        return bytes(self.write_to(bytearray()))

    def write_to(self, out):
        """Appends to_bytes() to the bytearray out (a save's payload is
        built in one piece: the record can be 8 KB) and returns out."""
        g = self.game
        c = self.clock
        flags = ((F_CRAWFORD_DONE if self.crawford_done else 0)
                 | (F_JACOBY if self.jacoby else 0)
                 | (F_CLOCK_ON if self.clock_on else 0)
                 | (F_CRAWFORD_GAME if g.crawford else 0)
                 | (F_SET_CLOCK if self.settings[0] else 0))
        head = struct.pack(
            HEAD, FORMAT, self.length, self.score[0], self.score[1], flags,
            self.games, self.winner,
            g.state, g.turn, g.dice[0], g.dice[1], _log2(g.cube), g.cube_owner,
            g.resign, g.winner, g.kind, g.points, g.how, g.opening[0] << 4 | g.opening[1],
            c.reserve_ms, c.delay_ms, c.reserve[0], c.reserve[1], c.player, c.used,
            self.settings[1], self.settings[2], len(self.record.data),
            self.record.generation, self.record.archived_games, self.record.archived_length)
        out.extend(head)
        out.extend(g.board)
        out.extend(self.record.data)
        return out


def _find(plays, result):
    """Index of result among the plays, -1 if absent: through the plays' own
    lookup where movegen offers one, else by comparing each in turn."""
    find = getattr(plays, "find", None)
    if find is not None:
        return find(result)
    for i in range(len(plays)):
        if plays.result(i) == result:
            return i
    return -1


def _forced(plays):
    """True when the roll has exactly one play that moves a checker."""
    return len(plays) == 1 and len(plays.move(0)) > 0


def _log2(value):
    n = 0
    while value > 1:
        value >>= 1
        n += 1
    return n
