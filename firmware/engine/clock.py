"""The countdown clock: a reserve per player per game and a delay per turn.

Each turn starts with the delay (30 s); only when it has run out does the
player's reserve (5 minutes a game) start to fall. A player whose reserve
reaches zero has lost the game. Time comes in as now_ms; the clock keeps
only what was used, so it can be saved, and `pause` / `resume` let the
game stop it while it waits on the other player (a take, a resignation).

    c = Clock(300000, 30000)
    c.start(player, now_ms)   a new turn for player: the delay begins again
    c.resume(now_ms)          run again after pause (or after a restore)
    c.pause(now_ms)           stop, keeping the turn's used time
    c.stop(now_ms)            the turn is over: charge the reserve, stop
    c.expired(now_ms)         -1, or the running player whose time is up
    c.delay_left(now_ms), c.reserve_left(player, now_ms)  for the display
"""

from micropython import const

RESERVE_MS = const(300000)    # the seeds' five minutes per player per game
DELAY_MS = const(30000)       # and thirty seconds at the start of each turn
_NONE = const(-1)


class Clock:
    def __init__(self, reserve_ms=RESERVE_MS, delay_ms=DELAY_MS):
        if reserve_ms <= 0 or delay_ms < 0:
            raise ValueError("clock needs reserve > 0 and delay >= 0 ms, got %r, %r"
                             % (reserve_ms, delay_ms))
        self.reserve_ms = reserve_ms
        self.delay_ms = delay_ms
        self.reserve = [reserve_ms, reserve_ms]
        self.player = _NONE     # whose turn is being timed, -1 none
        self.used = 0           # ms used so far in this turn
        self.since = None       # now_ms of the last update while running

    def reset(self):
        """Full reserves and no turn: the start of a game."""
        self.reserve[0] = self.reserve_ms
        self.reserve[1] = self.reserve_ms
        self.player = _NONE
        self.used = 0
        self.since = None

    def _catch_up(self, now_ms):
        if self.since is not None:
            passed = now_ms - self.since
            if passed > 0:      # a clock that went backwards charges nothing
                self.used += passed
            self.since = now_ms

    def start(self, player, now_ms):
        self.player = player
        self.used = 0
        self.since = now_ms

    def resume(self, now_ms):
        if self.player != _NONE and self.since is None:
            self.since = now_ms

    def pause(self, now_ms):
        self._catch_up(now_ms)
        self.since = None

    def running(self):
        return self.since is not None

    def stop(self, now_ms):
        if self.player == _NONE:
            return
        self._catch_up(now_ms)
        over = self.used - self.delay_ms
        if over > 0:
            self.reserve[self.player] = max(0, self.reserve[self.player] - over)
        self.player = _NONE
        self.used = 0
        self.since = None

    def delay_left(self, now_ms):
        self._catch_up(now_ms)
        if self.player == _NONE:
            return 0
        return max(0, self.delay_ms - self.used)

    def reserve_left(self, player, now_ms):
        self._catch_up(now_ms)
        left = self.reserve[player]
        if player == self.player and self.used > self.delay_ms:
            left -= self.used - self.delay_ms
        return max(0, left)

    def expired(self, now_ms):
        """The running player if his reserve is gone, else -1."""
        if self.player == _NONE:
            return _NONE
        self._catch_up(now_ms)
        # A reserve already at zero still gets each turn's delay.
        if self.used >= self.delay_ms + self.reserve[self.player]:
            return self.player
        return _NONE
