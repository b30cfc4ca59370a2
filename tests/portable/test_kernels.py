"""The evaluator's viper kernels and their plain-Python twins give identical
results, per play and per position (test_kernels_thinker.py: the Thinker's
choices at every level).

Under CPython there are no emitters (kernels.VIPER is None) and these tests
have nothing to compare; tests/deploy/test_under_micropython.py runs them
under the MicroPython unix port, where both paths run in one process.
"""
from array import array

# the opponent first: compiled from source, its weights need 25 KB in one
# piece of a 200 KB heap that later imports fragment
from firmware.opponent import evaluator, netfile, kernels, kernels_plain, weights
from firmware.engine import movegen
from firmware.engine.position import START, flip, winner_kind
from tests.portable.boards import edges, scattered

VIPER = kernels.VIPER is not None


def _next(state):
    return (state * 1103515245 + 12345) & 0x7FFFFFFF


def _positions(count, seed):
    """(board, d1, d2) from seeded random games, each side moving at random
    (generated one at a time: a list of thousands would not fit the heap)."""
    state = seed
    board = START
    for _ in range(count):
        state = _next(state)
        d1 = 1 + (state >> 8) % 6
        state = _next(state)
        d2 = 1 + (state >> 8) % 6
        yield board, d1, d2
        plays = movegen.plays(board, d1, d2)
        state = _next(state)
        result = plays.result((state >> 4) % len(plays))
        plays = None
        board = START if winner_kind(result) else flip(result)


def _scorers():
    return evaluator.Scorer(), evaluator.Scorer()


def _plays_agree(positions):
    """Every play of each (board, d1, d2) scored through both paths: the
    base position's accumulators and features, and each play's five
    probabilities, features and features' accumulator. Returns the plays
    compared."""
    plain, viper = _scorers()
    plays_seen = 0
    try:
        for board, d1, d2 in positions:
            base = flip(board)
            evaluator.use_viper(False)
            plain.set_base(base)
            evaluator.use_viper(True)
            viper.set_base(base)
            assert list(plain.base_acc) == list(viper.base_acc), (base, d1, d2)
            assert list(plain.base_facc) == list(viper.base_facc), (base, d1, d2)
            assert list(plain.base_feat) == list(viper.base_feat), (base, d1, d2)
            assert (plain.base_corr, plain.base_off0, plain.base_off1) == \
                (viper.base_corr, viper.base_off0, viper.base_off1)
            plays = movegen.plays(board, d1, d2)
            for i in range(len(plays)):
                result = plays.result(i)
                evaluator.use_viper(False)
                p = list(plain.score_after(result))
                evaluator.use_viper(True)
                q = list(viper.score_after(result))
                assert p == q, (result, p, q)
                assert list(plain.feat) == list(viper.feat), result
                assert list(plain.facc) == list(viper.facc), result
                plays_seen += 1
    finally:
        evaluator.use_viper(True)
    return plays_seen


def test_every_play_scores_the_same_through_both_paths():
    if not VIPER:
        return
    plays_seen = _plays_agree(_positions(300, 11))
    assert plays_seen > 3000, plays_seen


def _answered_by(net, positions, count):
    """The first `count` of the positions that network answers."""
    for board, d1, d2 in positions:
        if not count:
            return
        if evaluator.network(board) == net:
            count -= 1
            yield board, d1, d2


def test_races_score_the_same_through_both_paths_on_the_race_network():
    # a race base selects the race network: its columns from its own part
    # of nets.bin (the kernels' seek), its biases and output layer, no features
    if not VIPER:
        return
    plays_seen = _plays_agree(_answered_by(netfile.RACE, _positions(4000, 5), 40))
    assert netfile.NET[0] == netfile.RACE
    assert plays_seen > 200, plays_seen
    # and back to the contact network for the next game
    assert _plays_agree(_positions(5, 3)) and netfile.NET[0] == netfile.CONTACT


def test_late_contact_scores_the_same_through_both_paths_on_the_late_network():
    # a base at the game's end selects the late network: its columns, its
    # biases and output layer, and its own feature rows in the contact
    # network's place
    if not VIPER:
        return
    plays_seen = _plays_agree(_answered_by(netfile.LATE, _positions(3000, 9), 30))
    assert netfile.NET[0] == netfile.LATE and netfile.ROWS_OF[0] == netfile.LATE
    assert plays_seen > 150, plays_seen
    assert _plays_agree(_positions(5, 3)) and netfile.NET[0] == netfile.CONTACT
    assert netfile.ROWS_OF[0] == netfile.CONTACT


def _features_agree(boards):
    """The plain and viper features of each board (an iterable: the boards
    are not all held at once), read from both sides."""
    f = array("i", bytes(4 * evaluator.FEATURES))
    g = array("i", bytes(4 * evaluator.FEATURES))
    viper_features = kernels.VIPER[kernels_plain.PLAIN.index(kernels_plain.features)]
    for board in boards:
        for us, them, b in ((0, 25, board), (25, 0, flip(board))):
            assert list(kernels_plain.features(b, us, them, f)) == list(viper_features(b, us, them, g)), b


def _evaluations_agree(positions):
    """Each board's evaluation by the plain twins and by the viper kernels;
    yields the board."""
    try:
        for board, d1, d2 in positions:
            evaluator.use_viper(False)
            p = evaluator.evaluate(board)
            evaluator.use_viper(True)
            q = evaluator.evaluate(board)
            assert p == q, (board, p, q)
            yield board
    finally:
        evaluator.use_viper(True)


def test_full_evaluations_and_features_agree():
    if not VIPER:
        return
    _features_agree(_evaluations_agree(_positions(2000, 12)))


def test_features_agree_at_the_edges_and_on_random_boards():
    # a side on the bar, one checker left, fifteen on a point, races, back
    # games (tests/portable/boards.py), and random boards, from both sides
    if not VIPER:
        return
    _features_agree(edges())
    _features_agree(scattered(3000, 13))


def test_census_agrees_and_says_who_is_home():
    # each side's checkers on the board and whether one is outside its
    # home board, through both paths, against a count by hand
    if not VIPER:
        return
    census = kernels.VIPER[kernels_plain.PLAIN.index(kernels_plain.census)]
    for boards in (edges(), scattered(1500, 19)):
        for board in boards:
            for start in (0, 25):
                count = sum(board[start:start + 25])
                outside = sum(board[start + 6:start + 25]) > 0
                want = count + (kernels.OUTSIDE if outside else 0)
                assert kernels_plain.census(board, start) == census(board, start) == want, (board, start)


def test_every_feature_row_goes_in_alike():
    # with a row of small random weights for every feature, whatever the
    # shipped rows hold, both paths score the plays of 60 rolls the same
    if not VIPER:
        return
    rows = array("h", bytes(2 * evaluator.FEATURES * weights.HIDDEN))
    state = 5
    for i in range(len(rows)):
        state = _next(state)
        rows[i] = (state >> 8) % 601 - 300
    shipped = kernels.W1F, kernels_plain.W1F
    kernels.W1F = kernels_plain.W1F = rows
    try:
        assert _plays_agree(_positions(60, 14)) > 0
    finally:
        kernels.W1F, kernels_plain.W1F = shipped


def test_kernels_agree_on_extreme_counts():
    # fifteen on one point, most borne off, the bar full, sides just past
    # each other: the beyond-three input, the checkers-off columns at their
    # largest, the race flag's edge
    if not VIPER:
        return
    boards = []
    for p in range(25):
        b = bytearray(50)
        b[p] = 15
        b[25 + (24 - p)] = 15
        boards.append(bytes(b))
        b = bytearray(50)
        b[p] = 1
        b[49 - p] = 2
        boards.append(bytes(b))
        if p < 24:
            # the last checkers just past each other: a race, by one pip
            b = bytearray(50)
            b[p] = 14
            b[25 + 23 - p] = 13
            boards.append(bytes(b))
    plain, viper = _scorers()
    try:
        for base in boards:
            evaluator.use_viper(False)
            plain.set_base(base)
            evaluator.use_viper(True)
            viper.set_base(base)
            for result in boards:
                evaluator.use_viper(False)
                p = list(plain.score_after(result))
                evaluator.use_viper(True)
                assert p == list(viper.score_after(result)), (base, result)
    finally:
        evaluator.use_viper(True)


def test_changed_inputs_and_the_cache_agree():
    # the first layer's slots over pairs of boards (either side's view,
    # from an empty board and between random ones) through both paths: the
    # same changed inputs, accumulators and corrections, and the column
    # cache (its hits, misses and evictions) left the same
    if not VIPER:
        return
    plain_slots, viper_slots = kernels_plain.slots, kernels.VIPER[kernels_plain.PLAIN.index(kernels_plain.slots)]
    n = weights.HIDDEN
    start = array("i", range(7, 7 + n))
    for boards in (edges(), scattered(1500, 17)):
        previous = bytes(50)
        for board in boards:
            for shift in (0, 25):
                a = array("i", bytes(4 * n))
                b = array("i", bytes(4 * n))
                state = (bytes(netfile.TAGS), bytes(netfile.OWNER), bytes(netfile.REFS),
                         bytes(netfile.CACHE))
                corr = plain_slots(a, start, previous, board, shift)
                after = (bytes(netfile.TAGS), bytes(netfile.OWNER), bytes(netfile.REFS))
                changed = list(kernels.CHANGES)
                netfile.TAGS[:] = state[0]
                netfile.OWNER[:] = array("h", state[1])
                netfile.REFS[:] = state[2]
                netfile.CACHE[:] = state[3]
                assert viper_slots(b, start, previous, board, shift) == corr
                assert list(a) == list(b), (previous, board, shift)
                assert list(kernels.CHANGES) == changed
                assert (bytes(netfile.TAGS), bytes(netfile.OWNER), bytes(netfile.REFS)) == after
            previous = board


def test_nothing_changed_leaves_the_start():
    # a position scored against itself: both paths copy the start's
    # accumulators, with no column or row added
    if not VIPER:
        return
    n = weights.HIDDEN
    start = array("i", range(-60, n - 60))
    f = array("i", range(evaluator.FEATURES))
    pairs = ((kernels_plain.slots, kernels_plain.feature_change),
             (kernels.VIPER[kernels_plain.PLAIN.index(kernels_plain.slots)],
              kernels.VIPER[kernels_plain.PLAIN.index(kernels_plain.feature_change)]))
    for slots, feature_change in pairs:
        for board in edges():
            acc = array("i", bytes(4 * n))
            assert slots(acc, start, board, board, 0) == 0
            assert list(acc) == list(start)
        facc = array("i", bytes(4 * n))
        feature_change(facc, start, f, f)
        assert list(facc) == list(start)


def test_the_cache_holds_what_it_says():
    # after the slots of many pairs of boards, each row holds its input's
    # column as the file has it, and each held input's tag names its row
    n = weights.HIDDEN
    acc = array("i", bytes(4 * n))
    start = array("i", bytes(4 * n))
    previous = bytes(50)
    for board in scattered(200, 5):
        kernels_plain.slots(acc, start, previous, board, 0)
        previous = board
    col = bytearray(weights.HIDDEN)
    for r in range(netfile.ROWS):
        k = netfile.OWNER[r]
        if k < 0:
            continue
        assert netfile.TAGS[k] == r + 1
        netfile.read(k, col)
        assert netfile.CACHE[r * weights.HIDDEN:(r + 1) * weights.HIDDEN] == col
    assert sum(1 for t in netfile.TAGS if t) == sum(1 for k in netfile.OWNER if k >= 0)
