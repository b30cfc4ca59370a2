"""A MAX move's search makes its buffers, which last the move, just after
a collection of the heap: the step before them ends early
(ai.Thinker.collect), and the play asks the loop for the collection and
steps on only once it is made (Play.think). It asks again between
candidates, and a cube decision half-way through its rolls, so that
their garbage never fills the heap inside a step."""
import gc

from firmware.engine.position import START
from firmware.opponent import ai


def _chosen():
    """The play a whole search picks, its collections made as the loop makes
    them, and before the search under test: two searches' buffers at once
    would not fit the Pico-sized heap."""
    t = ai.Thinker(START, 1, 1, ai.LEVELS)
    while not t.step():
        if t.collect:
            gc.collect()
    gc.collect()
    return t.result[0]


def test_the_search_ends_one_step_for_a_collection_and_goes_on():
    chosen = _chosen()
    t = ai.Thinker(START, 1, 1, ai.LEVELS)
    asked = 0
    while True:
        done = t.step()
        if t.collect:
            gc.collect()                        # as the loop does
            asked += 1
            assert t.phase == ai.SEARCH
            if asked == 1:
                assert t.ranker is None         # its buffers not made yet
            else:
                assert t.sub == ai.S_BASE and t.cand == asked - 1      # the next candidate not begun
        if done:
            break
    assert asked == t.candidates > 1
    assert t.result[0] == chosen


def test_a_cube_decision_asks_for_a_collection_half_way():
    from firmware.opponent import cube
    t = cube.CubeThinker(START, ai.LEVELS, 1, False, 7, 3, 5, window=None)
    rolls = []
    while not t.step():
        if t.collect:
            gc.collect()
            rolls.append(t.roll)
    # once, part-way (cube._HALF_ROLLS: a const, which MicroPython folds away)
    assert len(rolls) == 1 and 0 < rolls[0] < 21


class _App:
    collect_requested = False


class _Play:
    app = _App()


def test_the_play_asks_the_loop_for_the_collection_and_waits_for_it():
    # imported here, so the other tests run without the screen's module
    # (about a third of the unix port's 200 KB heap)
    from firmware.handheld.play import Play
    chosen = _chosen()
    p = _Play()
    t = ai.Thinker(START, 1, 1, ai.LEVELS)
    while not t.collect:
        assert not Play.think(p, t)
    assert p.app.collect_requested
    units = t.units
    assert not Play.think(p, t) and t.units == units       # not collected yet: no step
    p.app.collect_requested = False                         # the loop's collection
    gc.collect()
    asked = 1
    while not Play.think(p, t):
        if p.app.collect_requested:                         # between candidates
            asked += 1
            p.app.collect_requested = False
            gc.collect()
    assert asked == t.candidates
    assert t.result[0] == chosen
