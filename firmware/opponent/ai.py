"""The computer opponent's checker play, by level (its cube decisions:
firmware/opponent/cube.py; the hints' and tutor's judging:
firmware/opponent/judge.py).

Thinker(board, d1, d2, level, plays=None) chooses a play in slices (plays:
the roll's movegen.plays when the caller has them): each step() does whole
units of work (a generation, one network score, a few linear ranks) while
their estimated device time fits STEP_WORK, so the app's loop stays
responsive; when step() returns True, .result is one of
movegen.plays(board, d1, d2) as (result_board, move).

Every legal play is scored by the evaluator (0-ply): the equity of the
position after it, from the mover's view. A roll with more than NET_PLAYS
distinct plays first ranks them all with the linear prefilter
(firmware/opponent/linear.py) and scores the NET_PLAYS best with the
network. Levels with LEVEL_PLY 1 then search the best CANDIDATES plays
within MARGIN of the best one ply deeper, as GNU Backgammon's 1-ply: for
each of the 21 rolls the opponent's best reply by 0-ply (among the REPLIES
the prefilter ranks best), our equity after it (where the cube is live,
our cubeful value there, our own double taken: cubeful.Stake), averaged;
the next candidate is searched only while the work counted so far leaves
room for it under SEARCH_WORK, which bounds the longest move. Weaker levels add
noise to each play's equity, as GNU Backgammon's beginner levels do; the
noise is a deterministic hash of the position, dice and play, so a game
replays the same way and tests can pin it. Equities are ints in
1/evaluator.ONE points. docs/ai.md has the figures.
"""
from array import array

from micropython import const

from firmware.opponent import evaluator, linear
from firmware.opponent.cubeful import MONEY
from firmware.engine import movegen
from firmware.engine.position import flip, winner_kind

ONE = evaluator.ONE
LEVELS = const(5)
PRO = const(4)               # the strongest level without noise or look-ahead: 0-ply
LEVEL_NAMES = ("KID", "EASY", "CLUB", "PRO", "MAX")
# Noise (about one standard deviation, in 1/ONE points) added to each
# play's equity, by level: level 1 first.
LEVEL_NOISE = (4000, 1500, 500, 0, 0)
# Look-ahead depth by level: 1 searches the best 0-ply candidates one ply deeper.
LEVEL_PLY = (0, 0, 0, 0, 1)
CANDIDATES = const(4)        # at most this many plays searched one ply deeper
MARGIN = const(1200)         # ... of those within this much (1/ONE) of the best 0-ply play
REPLIES = const(4)           # replies per roll the network scores, the linear prefilter's best
# The search's work cap: roll_work summed over the rolls searched, in
# units of its own (made as estimates of device microseconds before the
# chip measured them: a unit is about 0.36 us of the chip's time, so the
# cap is about 1.26 s of it, and the longest move found 1.5 s with its
# 0-ply scores, inside the brief's 3 s at worst; docs/chip.md). The next
# candidate is searched only while the work so far and a searched
# candidate's mean fit. A count, not a clock, so the host's benchmarks
# make the device's choices. Four replies a roll leave room for more
# candidates under the cap, which is worth more than more replies to
# fewer candidates (docs/ai.md).
SEARCH_WORK = const(3500000)    # 0: every candidate
_WORK_ROLL = const(3600)        # one roll's replies generated
_WORK_LINEAR = const(140)       # one reply ranked by the linear prefilter
_WORK_NET = const(7500)         # one reply scored by the network
# the cube's value at a roll's end (cubeful.Stake), a match's live cube
# solved level by level (chip: 2.2 to 2.4 ms with the cube centred, 0.9
# to 1.1 ms owned), money's Janowski (0.2 to 0.3 ms, more where a
# bear-off's efficiency reads the database)
_WORK_LEAF_MATCH = const(8000)
_WORK_LEAF_MONEY = const(2000)
TIE_SHARE = const(32)        # a 0-ply cubeful value's tie-break: 1/32 of the dead cube's equity (Thinker.worth)
NET_PLAYS = const(48)        # beyond this many plays a linear prefilter picks which
_BEST = const(1000000)      # above any equity
# The 21 rolls, the 15 non-doubles (2 of 36 each) first, then the doubles.
_ROLL_DICE = tuple([(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
                   + [(a, a) for a in range(1, 7)])

# Slicing: each step() does whole units of work while their device time
# (microseconds on the RP2040, measured on the chip by python -m
# tools.bench.chip moves: each unit's mean there with a margin) fits in
# STEP_WORK; a unit never waits for the next step when it is the first.
# The app runs one step a loop pass, so a step's length also sets how
# much of a pass goes to thinking.
STEP_WORK = const(12000)
_COST_GENERATE = const(2000)    # the least slice a generation is given
_GEN_US = const(12000)          # device time of movegen.STEP_WORK walk steps
COST_BASE = const(8000)         # the evaluator's base position set (chip: 6.4 to 7.1 ms, 8.5 at most)
COST_NET = const(2600)          # one position scored by the network (chip: 2.4 ms)
_COST_LEAF_MATCH = const(5000)  # a cubeful.Stake's value at a roll's end, a match's (chip: 2.4 ms at most found)
_COST_LEAF_MONEY = const(1500)  # ... money's
# a store chunk of replies ranked by the linear prefilter: the call, and
# each of its replies (chip: 0.37 ms and 0.059 ms each; a chunk of 32, a
# double's as a non-double's, 2.26 ms on average and 2.79 ms at the most)
_COST_RANK = const(450)
_COST_RANK_PLAY = const(72)
_COST_PREFILTER = const(3200)   # a store chunk of the roll's plays ranked, NET_PLAYS kept (2.8 ms)


def roll_work(count, replies=REPLIES, leaf=0):
    """The cap's model of one roll of a candidate's search with `count`
    replies: the generation, the linear ranking when there are more than
    `replies`, the network's scores, and `leaf` at the roll's end (the
    cube's value of the best reply: leaf_work)."""
    if count > replies:
        return _WORK_ROLL + count * _WORK_LINEAR + replies * _WORK_NET + leaf
    return _WORK_ROLL + count * _WORK_NET + leaf


def score_cost(stake):
    """A network score's device time, with stake's value after it (None:
    none): a 0-ply score with the cube live, or a roll's last reply."""
    if stake is None:
        return COST_NET
    return COST_NET + (_COST_LEAF_MATCH if stake.length else _COST_LEAF_MONEY)


def leaf_work(stake):
    """What roll_work adds to each roll for a stake (None: nothing)."""
    if stake is None:
        return 0
    return _WORK_LEAF_MATCH if stake.length else _WORK_LEAF_MONEY


def check_level(level):
    if not 1 <= level <= LEVELS:
        raise ValueError("level must be 1..%d, got %r" % (LEVELS, level))


def _mix(h):
    # 24-bit state, so every product stays a small int on MicroPython.
    h ^= h >> 12
    h = (h * 37 + 0x5A5A5) & 0xFFFFFF
    h ^= h >> 9
    return (h * 29 + 0x3C3C3) & 0xFFFFFF


def salt(board, d1, d2):
    """A 24-bit hash of the position and dice, the seed of a turn's noise."""
    h = d1 * 7 + d2
    for i in range(50):
        h = (h * 33 + board[i]) & 0xFFFFFF
    return _mix(h)


def noise(seed, result, sigma):
    """Deterministic noise for one play: roughly normal, mean 0, about sigma."""
    if not sigma:
        return 0
    h = seed
    for i in range(50):
        h = (h * 33 + result[i]) & 0xFFFFFF
    h = _mix(h)
    u = (h & 255) + (h >> 8 & 255) + (h >> 16)
    h = _mix(h ^ 0x9E3779)
    u += (h & 255) + (h >> 8 & 255) + (h >> 16)
    # six bytes: mean 765, standard deviation about 181
    return (u - 765) * sigma // 181


# What a game's results are worth to a side, as weights of its five
# probabilities: equity = w[0] + w[1] p[0] + ... + w[5] p[4] (each w and p
# in 1/ONE). MONEY is cubeless money equity; at a match score
# cubeful.weights gives each result's match winning chance, in points of
# the same size (a single game +1 or -1), so that the same margins and
# noise apply.


def weighted(p, w):
    """The side's equity from its probabilities p, by weights w."""
    return (w[0] + w[1] * p[0] // ONE + w[2] * p[1] // ONE + w[3] * p[2] // ONE
            + w[4] * p[3] // ONE + w[5] * p[4] // ONE)


def win_value(kind, w):
    """A game won (kind 1 single, 2 gammon, 3 backgammon), by weights w."""
    return w[0] + w[1] + (w[2] if kind >= 2 else 0) + (w[3] if kind >= 3 else 0)


def mover_equity(q, w):
    """The mover's equity by weights w, from q: the other side's
    probabilities on roll after the play."""
    # the mover's probabilities are the other side's turned round
    return (w[0] + w[1] * (ONE - q[0]) // ONE + w[2] * q[3] // ONE + w[3] * q[4] // ONE
            + w[4] * q[1] // ONE + w[5] * q[2] // ONE)


def play_equity(scorer, result, w=MONEY):
    """Mover's cubeless equity after the play that gave result (mover's
    view), by weights w (MONEY unless a match's).

    The scorer's base must be flip(board before the play)."""
    return mover_equity(scorer.score_after(result), w)

# Thinker phases
_GENERATE = const(0)
_BASE = const(1)
_PREFILTER = const(2)
_SCORE = const(3)
SEARCH = const(4)
DONE = const(5)         # (a subclass's own phases follow: firmware/opponent/judge.py)
# Phases of one candidate's search (Thinker.sub)
S_BASE = const(0)      # set the scorer's base to the candidate's result
S_REPLIES = const(1)   # generate the opponent's plays for the roll
_S_RANK = const(2)      # linear ranking of many replies, keep the REPLIES best
S_NET = const(3)       # the network scores the kept replies
_S_SETUP = const(4)     # the search's buffers made, the heap collected just before


class Thinker:
    """Chooses the level's play for board and dice, a slice per step()."""

    kept_replies = REPLIES      # the replies to a roll the network scores
    stake = None                # the cube, live: cubeful.Stake (a subclass's search has none)
    their_stake = None          # the other side's, where a level without look-ahead weighs each play by it

    def __init__(self, board, d1, d2, level, plays=None, weights=MONEY, stake=None):
        check_level(level)
        self.board = bytes(board)
        self.weights = weights      # what each result is worth: MONEY, or a match's
        # the cube, live (a cubeful.Stake): the search's rolls end in its
        # cubeful values; None: the weights' equities
        self.stake = stake
        self.dice = (d1, d2)
        # movegen.plays(board, d1, d2) when the caller has them; else the
        # first step() generates them, so that creating a Thinker is cheap
        self.plays = plays
        self.sigma = LEVEL_NOISE[level - 1]
        self.deep = LEVEL_PLY[level - 1]
        if stake is not None and not self.deep:
            # without a look-ahead, each play is worth the other side's
            # cubeful value on roll after it, turned round (gnubg's 0-ply
            # cubeful play)
            self.their_stake = stake.other()
        self.seed = salt(board, d1, d2)
        self.scorer = None
        self.ranker = None
        self.gen = None         # the movegen.Generation under way
        self.reply_gen = None   # the search's, used again for every roll of replies
        self.order = None       # indices the network scores; None: all
        self.ranking = None     # the prefilter's kept scores while it runs
        self.next = 0
        # the best plays so far, best first (ties: generator order): one
        # kept, or CANDIDATES when the level looks ahead
        self.top = CANDIDATES if self.deep else 1
        self.result_buf = bytearray(50)     # each play's result in turn, as it is scored
        self.top_eq = array("i", bytes(4 * self.top))
        self.top_index = array("H", bytes(2 * self.top))
        self.kept_top = 0
        self.phase = _GENERATE
        self.result = None
        self.units = 0          # units of work done, for the benchmarks
        # True when a step ended early for a collection of the heap before
        # the next (the caller may ask the loop for one): the search's
        # buffers, which last the move, made after it take the heap's
        # lowest holes. The next step goes on either way.
        self.collect = False
        if plays is not None:
            self.phase = _BASE
            if len(plays) == 1:
                self._finish(0)

    def step(self):
        """One slice of work (about STEP_WORK microseconds on the device);
        True when .result is ready."""
        self.collect = False
        spent = 0
        while self.phase != DONE and not self.collect:
            cost = self._cost()
            if spent and spent + cost > STEP_WORK:
                break
            phase = self.phase
            # network scores, as many as fit, in one run: a unit each,
            # without a dispatch apiece (on the chip the dispatch and the
            # attributes cost a tenth of a score); 1 at least: no unit
            # costs more than a step
            if phase == SEARCH and self.sub == S_NET:
                n = self._reply_run(1 + (STEP_WORK - spent - cost) // COST_NET)
                self.units += n
                spent += cost + (n - 1) * COST_NET
                continue
            if phase == _SCORE:
                # a 0-ply score with the cube's value costs its whole unit each
                n = self._score_run(1 + (STEP_WORK - spent - cost) // cost)
                self.units += n
                spent += n * cost
                continue
            self.left = STEP_WORK - spent
            done = self._unit()
            self.units += 1
            # a generation slice reports the time its walk took
            spent += cost if done is None else done
        self.spent = spent
        return self.phase == DONE

    def _cost(self):
        """The estimated device time of the next unit of work."""
        phase = self.phase
        if phase == _SCORE:
            return score_cost(self.their_stake)
        if phase == SEARCH:
            sub = self.sub
            if sub == S_NET:
                if self.next == self.kept - 1:
                    # the roll's last reply, and the cube's value at its end
                    return score_cost(self.stake)
                return COST_NET
            if sub == _S_RANK:
                n = len(self.replies) - self.next * movegen.CHUNK_PLAYS
                return _COST_RANK + _COST_RANK_PLAY * (n if n < movegen.CHUNK_PLAYS else movegen.CHUNK_PLAYS)
            return COST_BASE if sub == S_BASE or sub == _S_SETUP else _COST_GENERATE
        if phase == _PREFILTER:
            return _COST_PREFILTER
        return COST_BASE if phase == _BASE else _COST_GENERATE

    def _unit(self):
        """One unit of work other than the network's scores, which step()
        runs (_score_run, _reply_run)."""
        phase = self.phase
        if phase == SEARCH:
            sub = self.sub
            if sub == _S_RANK:
                self._rank_replies()
            elif sub == S_REPLIES:
                return self._replies()
            elif sub == _S_SETUP:
                # the search's buffers, made once the heap is collected
                n = self.candidates
                self.ranker = linear.Ranker()
                self.sums = array("i", bytes(4 * n))
                self.keep_index = array("H", bytes(2 * self.kept_replies))
                self.keep_score = array("i", bytes(4 * self.kept_replies))
                self.reply = bytearray(50)      # each kept reply's result, in turn
                if self.stake is not None:
                    self.best = array("i", bytes(4 * 5))    # the roll's best reply: our probabilities after it
                self.cand = 0
                self.work = 0
                self.sub = S_BASE
            else:
                self._candidate_base()
        elif phase == _PREFILTER:
            self._prefilter()
        elif phase == _GENERATE:
            # a slice of the roll's generation
            if self.gen is None:
                self.gen = movegen.Generation(self.board, self.dice[0], self.dice[1])
            complete, us = self._generate()
            if complete:
                self.plays = self.gen.plays
                self.gen = None
                if len(self.plays) == 1:
                    self._finish(0)
                else:
                    self.phase = _BASE
            return us
        else:
            self.scorer = evaluator.Scorer()
            self.scorer.set_base(flip(self.board))
            if len(self.plays) > NET_PLAYS:
                self.ranker = linear.Ranker()
                self.ranker.set_base(flip(self.board))
                self.ranking = array("i", bytes(4 * NET_PLAYS))
                self.order = array("H", bytes(2 * NET_PLAYS))
                self.phase = _PREFILTER
            else:
                self.phase = _SCORE

    def _generate(self):
        """Walks self.gen on for the time left in this step; True once its
        plays are complete. Returns (done, estimated microseconds)."""
        gen = self.gen
        before = gen.work
        budget = (self.left - _COST_GENERATE // 4) * movegen.STEP_WORK // _GEN_US
        complete = gen.step(budget if budget > 1 else 1)
        return complete, (gen.work - before) * _GEN_US // movegen.STEP_WORK + _COST_GENERATE // 4

    def _finish(self, index):
        self.result = self.plays[index]
        self.scorer = None
        self.ranker = None
        self.order = None
        self.replies = None
        self.reply = None
        self.reply_gen = None
        self.phase = DONE

    def _score_run(self, limit):
        """The network scores up to `limit` plays (0-ply), the best kept;
        returns how many. After the last, the choice, or the search when
        more than one play is close to the best."""
        plays = self.plays
        order = self.order
        scorer = self.scorer
        buf = self.result_buf
        seed = self.seed
        sigma = self.sigma
        k = self.next
        end = len(plays) if order is None else len(order)
        stop = k + limit if k + limit < end else end
        while k < stop:
            i = k if order is None else order[k]
            result = plays.result_into(i, buf)
            self._keep(self.worth(scorer, result) + noise(seed, result, sigma), i)
            k += 1
        done = k - self.next
        self.next = k
        if k < end:
            return done
        top_eq = self.top_eq
        n = 1
        while n < self.kept_top and top_eq[n] >= top_eq[0] - MARGIN:
            n += 1
        best = self.top_index[0]
        # a clear best play, or one that ends the game, needs no search
        if n == 1 or not self.deep or winner_kind(plays.result(best)):
            self._finish(best)
        else:
            # the search, its buffers made once the heap is collected
            self.candidates = n
            self.phase = SEARCH
            self.sub = _S_SETUP
            self.collect = True
        return done

    def worth(self, scorer, result):
        """0-ply: the play that gave result, by the weights, or with the cube
        live the other side's cubeful value on roll after it, turned round.
        The scorer's base must be flip(board before the play)."""
        q = scorer.score_after(result)
        e = mover_equity(q, self.weights)
        their = self.their_stake
        if their is None:
            return e
        # plays the cube values alike (most often the other side's double,
        # which we pass, after each) told apart by the weights, as gnubg
        # breaks its ties by the cubeless equity
        return -their.value(q, result) + e // TIE_SHARE

    def _prefilter(self):
        """Ranks one store chunk of the plays by the linear estimate
        (linear.Ranker.rank), keeping the NET_PLAYS most promising (lowest
        scores, ties by index); once all are ranked, the network scores
        those in generator order."""
        if self._rank_chunk(self.plays, NET_PLAYS, self.ranking, self.order):
            # generator order, as when every play is scored (a sort at C
            # speed, one list of NET_PLAYS small ints)
            order = self.order
            k = 0
            for i in sorted(order):
                order[k] = i
                k += 1
            self.ranking = None
            self.phase = _SCORE

    def _rank_chunk(self, plays, limit, scores, index):
        """Ranks the next store chunk of plays (self.next counts them),
        keeping the `limit` lowest scores; True, with the count back at 0,
        once every chunk is ranked."""
        c = self.next
        if c == 0:
            self.ranker.start_rank(limit)
        self.kept = self.ranker.rank(plays, c, scores, index)
        c += 1
        if c * movegen.CHUNK_PLAYS < len(plays):
            self.next = c
            return False
        self.next = 0
        return True

    def _keep(self, e, i):
        """Insert play i with equity e among the best kept (strictly better
        plays go first, so ties keep generator order)."""
        top_eq = self.top_eq
        top_index = self.top_index
        k = self.kept_top
        if k == self.top:
            if e <= top_eq[k - 1]:
                return
            k -= 1
        else:
            self.kept_top = k + 1
        while k > 0 and e > top_eq[k - 1]:
            top_eq[k] = top_eq[k - 1]
            top_index[k] = top_index[k - 1]
            k -= 1
        top_eq[k] = e
        top_index[k] = i

    # 1-ply: for each candidate and each of the 21 rolls, the opponent's
    # best reply by 0-ply (among the REPLIES its linear prefilter ranks
    # best), our 0-ply equity after it, summed with the rolls' weights.

    def _candidate_base(self):
        result = self.plays.result(self.top_index[self.cand])
        kind = winner_kind(result)
        if kind:
            # the game is over: its exact value, as if on every roll
            self.sums[self.cand] = 36 * win_value(kind, self.weights)
            self._next_candidate()
            return
        # score_after wants the flipped board before the opponent's play:
        # the candidate's result as it is
        self.scorer.set_base(result)
        self.ranker.set_base(result)
        self.reply_from = flip(result)
        self.roll = 0
        self.sub = S_REPLIES

    def _replies(self):
        """A slice of the opponent's plays for the roll; once complete, the
        ranking or the network's turn."""
        if self.gen is None:
            d1, d2 = _ROLL_DICE[self.roll]
            gen = self.reply_gen
            if gen is None:
                gen = self.reply_gen = movegen.Generation(self.reply_from, d1, d2, reuse=True)
            else:
                gen.again(self.reply_from, d1, d2)
            self.gen = gen
        complete, us = self._generate()
        if not complete:
            return us
        self.replies = replies = self.gen.plays
        self.gen = None
        keep = self.kept_replies
        self.work += roll_work(len(replies), keep, leaf_work(self.stake))
        self.kept = 0
        self.next = 0
        self.roll_min = _BEST
        if len(replies) > keep:
            self.sub = _S_RANK
        else:
            for i in range(len(replies)):
                self.keep_index[i] = i
            self.kept = len(replies)
            self.sub = S_NET
        return us

    def _rank_replies(self):
        """Linear scores of one store chunk of replies (linear.Ranker.rank);
        keeps the REPLIES lowest (best for the opponent), ties by generator
        order."""
        if self._rank_chunk(self.replies, self.kept_replies, self.keep_score, self.keep_index):
            self.sub = S_NET

    def _reply_run(self, limit):
        """The network scores up to `limit` of the roll's kept replies (the
        opponent's best is our lowest equity); returns how many. After the
        roll's last, its value is summed and the next roll is generated.
        With a stake, the roll's value is our cubeful value after the
        opponent's best reply, and its last reply is a run of its own (a
        step's cost counts the values at its end)."""
        replies = self.replies
        keep_index = self.keep_index
        buf = self.reply
        scorer = self.scorer
        w = self.weights
        stake = self.stake
        low = self.roll_min
        k = self.next
        kept = self.kept
        stop = k + limit if k + limit < kept else kept
        if stake is not None and stop == kept and stop - k > 1:
            stop -= 1
        while k < stop:
            p = scorer.score_after(replies.result_into(keep_index[k], buf))
            e = weighted(p, w)
            if e < low:
                low = e
                if stake is not None:
                    self.best_k = k
                    best = self.best
                    for i in range(5):
                        best[i] = p[i]
            k += 1
        done = k - self.next
        self.next = k
        self.roll_min = low
        if k < kept:
            return done
        if stake is not None:
            low = stake.value(self.best, replies.result_into(keep_index[self.best_k], buf))
        self.sums[self.cand] += low * (1 if self.roll >= 15 else 2)
        self.replies = None
        self.roll += 1
        self.sub = S_REPLIES
        if self.roll == 21:
            self._next_candidate()
        return done

    def _next_candidate(self):
        """The next candidate's search, or the choice when all are done."""
        cand = self.cand + 1
        self.cand = cand
        self.sub = S_BASE
        if cand < self.candidates:
            if not SEARCH_WORK or self.work + self.work // cand <= SEARCH_WORK:
                # a collection between candidates: a whole move's garbage
                # (up to 22 KB, replies' plays and scores) would fill the
                # heap in play, and its collection fall inside a step
                self.collect = True
                return
            self.candidates = cand
        sums = self.sums
        pick = 0
        for k in range(1, self.candidates):
            if sums[k] > sums[pick]:
                pick = k
        self._finish(self.top_index[pick])


def choose(board, d1, d2, level, weights=MONEY, stake=None):
    """The level's play, (result_board, move), all at once."""
    t = Thinker(board, d1, d2, level, weights=weights, stake=stake)
    while not t.step():
        pass
    return t.result
