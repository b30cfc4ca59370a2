"""A MAX move's search makes its buffers, which last the move, just after
a collection of the heap: the step before them ends early
(ai.Thinker.collect), and the play asks the loop for the collection and
steps on only once it is made (Play.think)."""
from firmware.engine.position import START
from firmware.handheld.play import Play
from firmware.opponent import ai


def test_the_search_ends_one_step_for_a_collection_and_goes_on():
    t = ai.Thinker(START, 1, 1, ai.LEVELS)
    asked = 0
    while True:
        done = t.step()
        if t.collect:
            asked += 1
            assert t.phase == ai.SEARCH and t.ranker is None    # its buffers not made yet
        if done:
            break
    assert asked == 1
    assert t.result[0] == ai.choose(START, 1, 1, ai.LEVELS)[0]


class _App:
    collect_requested = False


class _Play:
    app = _App()


def test_the_play_asks_the_loop_for_the_collection_and_waits_for_it():
    p = _Play()
    t = ai.Thinker(START, 1, 1, ai.LEVELS)
    while not t.collect:
        assert not Play.think(p, t)
    assert p.app.collect_requested
    units = t.units
    assert not Play.think(p, t) and t.units == units       # not collected yet: no step
    p.app.collect_requested = False                         # the loop's collection
    while not Play.think(p, t):
        pass
    assert t.result[0] == ai.choose(START, 1, 1, ai.LEVELS)[0]
