"""The shipped evaluator: its tables are what the tools make, and the host's
numpy twin (used by the benchmarks) computes exactly what the device does."""
import numpy as np
import pytest

import tools  # noqa: F401
from firmware.opponent import evaluator, met, weights
from firmware.engine import movegen
from firmware.engine.position import START, flip
from tests.portable.boards import board as make_board, edges, scattered
from tools.gen import met as gen_met, weights as gen_weights
from tools.train import netmath


def _positions(count, seed):
    """Positions from quick random games, each side moving at random."""
    rng = np.random.default_rng(seed)
    found = []
    board = START
    while len(found) < count:
        d1, d2 = (int(v) for v in rng.integers(1, 7, size=2))
        plays = movegen.plays(board, d1, d2)
        result = plays.result(int(rng.integers(len(plays))))
        found.append(result)
        if sum(result[:25]) == 0:
            board = START
        else:
            board = flip(result)
    return found


def test_weights_module_and_networks_file_are_generated_from_the_checkpoints():
    text, nets = gen_weights.generate()
    with open(gen_weights.OUT) as f:
        assert f.read() == text
    with open(gen_weights.NETS, "rb") as f:
        assert f.read() == nets


def test_the_two_escape_tables_add_up_to_the_escapes_of_every_mask():
    # as the kernels add them: near by the mask's low nine bits, far by its
    # top three and low six
    near, far = weights.ESCAPES_NEAR, weights.ESCAPES_FAR
    assert len(near) == len(far) == 512
    assert [near[m & 0x1FF] + far[(m >> 9) << 6 | m & 0x3F] for m in range(4096)] \
        == [int(v) for v in netmath.ESCAPES]


def test_match_table_is_generated_from_the_published_table():
    with open("firmware/opponent/met.py") as f:
        assert f.read() == gen_met.generate()


def _shipped_nets():
    return [netmath.IntNet(weights, net=k) for k in (netmath.CONTACT, netmath.RACE, netmath.LATE)]


def _twin_evaluate(boards):
    return netmath.evaluate_probs(_shipped_nets(), boards)


def test_twin_matches_device_evaluator():
    boards = _positions(400, 1)
    twin = _twin_evaluate(boards)
    for board, row in zip(boards, twin):
        assert evaluator.evaluate(board) == [int(v) for v in row]


def test_races_are_answered_by_the_race_network():
    from firmware.engine.position import is_race
    # races the bear-off database does not answer (a side not yet home)
    boards = [b for b in _positions(3000, 4) if is_race(b) and not netmath.both_home([b])[0]][:100]
    assert len(boards) >= 50
    contact = netmath.IntNet(weights).probs(boards)
    race = netmath.IntNet(weights, net=1).probs(boards)
    assert (contact != race).any(axis=1).mean() > 0.75
    for board, row in zip(boards, race):
        assert evaluator.evaluate(board) == [int(v) for v in row]


def test_twin_matches_device_evaluator_with_every_feature_row_set():
    # the shipped rows of the shape features are zero (added before
    # training): random rows for every feature, in the contact network's
    # place, put each one's change through the device's feature_change and
    # the twin alike (positions the contact network answers: the late one
    # would read its own rows from the file)
    from array import array
    from firmware.opponent import netfile
    rows = np.random.default_rng(9).integers(-300, 301, netmath.FEATURES * weights.HIDDEN)
    nets = _shipped_nets()
    nets[netmath.CONTACT].w1f = rows.reshape(netmath.FEATURES, weights.HIDDEN)
    boards = [b for b in _positions(600, 6) if evaluator.network(b) != netfile.LATE][:300]
    twin = netmath.evaluate_probs(nets, boards)
    netfile.select(netfile.CONTACT)
    shipped = bytes(netfile.W1F)
    netfile.W1F[:] = array("h", rows)
    try:
        for board, row in zip(boards, twin):
            assert evaluator.evaluate(board) == [int(v) for v in row]
        scorer = evaluator.Scorer()
        for board in boards[:20]:
            plays = movegen.plays(board, 5, 2)
            scorer.set_base(flip(board))
            for i in range(len(plays)):
                result = plays.result(i)
                assert list(scorer.score_after(result)) == _base_network_twin(nets, board, result)
    finally:
        netfile.W1F[:] = array("h", shipped)
    # the rows mattered
    assert (twin != _twin_evaluate(boards)).any()


def _base_network_twin(nets, board, result):
    """What a Scorer based on flip(board) gives for the play to result: the
    network of the base (a play from contact that leaves a race is still
    scored by the contact network)."""
    net = nets[int(netmath.networks([board])[0])]
    return [int(v) for v in net.probs([flip(result)])[0]]


def test_incremental_scoring_matches_full_evaluation():
    nets = _shipped_nets()
    scorer = evaluator.Scorer()
    for board in _positions(30, 2):
        for d1, d2 in ((3, 1), (6, 6), (2, 2), (5, 4)):
            plays = movegen.plays(board, d1, d2)
            scorer.set_base(flip(board))
            for i in range(len(plays)):
                result = plays.result(i)
                assert list(scorer.score_after(result)) == _base_network_twin(nets, board, result)
                if evaluator.network(result) == evaluator.network(board):
                    assert list(scorer.score_after(result)) == evaluator.evaluate(flip(result))


def test_late_contact_is_answered_by_the_late_network():
    # a side all home against contact, or crashed (GNU Backgammon's class)
    boards = [b for b in _positions(3000, 4) if evaluator.network(b) == netmath.LATE][:100]
    assert len(boards) >= 50
    contact = netmath.IntNet(weights).probs(boards)
    late = netmath.IntNet(weights, net=netmath.LATE).probs(boards)
    assert (contact != late).any(axis=1).mean() > 0.75
    for board, row in zip(boards, late):
        assert evaluator.evaluate(board) == [int(v) for v in row]


def test_the_network_choice_is_gnubgs_class_and_the_homes():
    import gnubg_nn
    from tools.train.data import to_gnubg
    from firmware.engine.position import is_race
    boards = _positions(4000, 12) + list(edges())
    chosen = netmath.networks(boards)
    for board, k in zip(boards, chosen):
        assert evaluator.network(board) == evaluator.network(flip(board)) == k
        if sum(board[:25]) and sum(board[25:]) and not is_race(board):
            home = netmath.homes([board])
            crashed = gnubg_nn.classify(to_gnubg(board)) == gnubg_nn.c_crashed
            assert (k == netmath.LATE) == bool(home[0][0] or home[1][0] or crashed), board
    assert set(chosen) == {netmath.CONTACT, netmath.RACE, netmath.LATE}


def test_a_scorer_keeps_its_network_when_another_selects_the_other():
    from firmware.opponent import netfile
    boards = _positions(2000, 8)
    chosen = netmath.networks(boards)
    race = next(b for b, k in zip(boards, chosen) if k == netmath.RACE and not netmath.both_home([b])[0])
    contact = next(b for b, k in zip(boards, chosen) if k == netmath.CONTACT)
    late = next(b for b, k in zip(boards, chosen) if k == netmath.LATE)
    scorers = []
    first = []
    for board, net in ((race, netfile.RACE), (late, netfile.LATE), (contact, netfile.CONTACT)):
        scorers.append(evaluator.Scorer())
        scorers[-1].set_base(flip(board))
        first.append([list(scorers[-1].score_after(r)) for r in _results(board)])
        assert netfile.NET[0] == net
    # each again, after the others: the late network's feature rows come
    # back after the contact network's
    for board, scorer, want, net in zip((race, late, contact), scorers, first,
                                        (netfile.RACE, netfile.LATE, netfile.CONTACT)):
        assert [list(scorer.score_after(r)) for r in _results(board)] == want
        assert netfile.NET[0] == net


def _results(board):
    plays = movegen.plays(board, 6, 3)
    return [plays.result(i) for i in range(len(plays))]


def test_quantised_net_stays_close_to_the_float_net():
    boards = _positions(300, 3)
    net = np.load(gen_weights.NET)
    f = netmath.float_probs(net, netmath.encode(boards))
    i = netmath.IntNet(weights).probs(boards) / netmath.ONE
    mask, _ = netmath.terminal_probs(boards)
    err = np.abs(netmath.equity(f[~mask], 1.0) - netmath.equity(i[~mask], 1.0))
    # A scale or layout slip gives errors of tenths of a point. The shipped
    # network is finished for its integer steps (the recipe's quantise
    # stage): 0.006 here, where the blend stage's tables were 0.023 from
    # their float network (docs/ai.md, Training).
    assert err.mean() < 0.01


def test_tables_fit_the_flash_budget():
    tables = gen_weights.quantise(np.load(gen_weights.NET))
    race = gen_weights.quantise(np.load(gen_weights.RACE_NET))
    late = gen_weights.quantise(np.load(gen_weights.LATE_NET))
    assert gen_weights.table_bytes(tables, race, late) + len(met.PRE) + len(met.POST) <= 128 * 1024


def test_device_features_match_the_twin():
    # every feature, on positions of random games, at the edges (a side on
    # the bar, one checker left, fifteen on a point, races, back games)
    # and on random boards; netmath holds the definitions
    boards = _positions(3000, 4) + list(edges()) + list(scattered(3000, 5))
    twin = netmath.features(boards)
    f = [0] * netmath.FEATURES
    for board, row in zip(boards, twin):
        assert evaluator._features(board, 0, 25, f) == [int(v) for v in row], board
        # the same position read from the mover's unflipped board
        assert evaluator._features(flip(board), 25, 0, f) == [int(v) for v in row], board


def test_encoding_in_parts_is_the_encoding_whole(monkeypatch):
    boards = np.frombuffer(b"".join(_positions(300, 6)), dtype=np.uint8).reshape(-1, 50)
    whole = netmath.encode(boards)
    monkeypatch.setattr(netmath, "_ENCODE_PART", 64)
    assert (netmath.encode(boards) == whole).all()
    assert (netmath.encode(list(boards)) == whole).all()


def test_features_of_known_positions():
    # each side's back checkers escape on 24 rolls (not landing on the 5,
    # 7 or 12 pips, nor 5-5); the best-contained point gets away on 22
    assert [int(v) for v in netmath.features([START])[0][:13]] == [0, 0, 1, 1, 0, 24, 24, 14, 14, 0, 0, 0, 0]
    b = bytearray(START)
    b[25 + 12] -= 1             # one of their checkers from their 13 point
    b[25 + 13] = 1              # to their 14, our 11: hit from our 13 (any 2, or 1-1)
    f = [0] * netmath.FEATURES
    assert evaluator._features(bytes(b), 0, 25, f)[:5] == [12, 0, 1, 1, 0]
    race = bytearray(50)
    race[0] = 15                # everything home on both sides: a race
    race[25] = 15
    assert evaluator._features(bytes(race), 0, 25, f)[:13] == [0, 0, 1, 1, 1, 36, 36, 0, 0, 0, 0, 0, 0]
    closed = bytearray(START)
    closed[24] = 1              # one of ours on the bar
    closed[23] -= 1
    for q in range(25, 31):     # against their closed board
        closed[q] = 2
    assert evaluator._features(bytes(closed), 0, 25, f)[9:11] == [36, 0]


def _shapes(board):
    """The shape features of board as {name: (us, them)}."""
    f = evaluator._features(board, 0, 25, [0] * netmath.FEATURES)
    assert [int(v) for v in netmath.features([board])[0]] == f
    return {name: (f[13 + 2 * k], f[14 + 2 * k]) for k, name in enumerate(netmath.SHAPES)}


def test_shape_features_of_known_positions():
    s = _shapes(START)
    assert s["back"] == s["anchor"] == (24, 24)
    assert s["forward"] == (1, 1)           # 25 less the lowest point made in 19..24
    assert s["freepip"] == (0, 0)           # nothing past the other's 24 point
    # a point weighs its index (one less than the point): the 13's five
    # keep two (3 x 12), the 8's three (3 x 7) and the 6's three spares
    # (3 x 5) go in, and the 5 to 2 points take back two each (8 + 6 + 4
    # + 2): 52, in quarters
    assert s["timing"] == ((36 + 21 + 15 - 20 + 2) >> 2,) * 2
    # mean point ceil(152 / 15) = 11 (indices: the 13 point is 12); beyond
    # it five at 1 and two at 12: ceil(293 / 7) = 42, in quarters
    assert s["moment"] == ((42 + 2) >> 2,) * 2
    # the 24 point's two over the 13 (gap 11: 2), the 13's five over the 8
    # (11), the 8's three over the 6 (11): 64 x (110 - 92) // 110
    assert s["backbone"] == (10, 10)
    assert s["backgame"] == (0, 0) and s["backgame1"] == (2, 2)
    assert s["acontain"] == (14, 14) and s["acontain2"] == ((14 * 14) >> 5,) * 2
    assert s["mobility"] == ((18 * 2 * 24 + 7 * 5 * 34 + 2 * 3 * 30 + 32) >> 6,) * 2
    # a back game: ours on their 5 and 3 points and the bar, ten on our 6;
    # theirs on their 1, 2, 4 and 6 points and seven on their 8
    b = make_board({25: 1, 20: 2, 22: 2, 6: 10}, {1: 2, 2: 2, 4: 2, 6: 2, 8: 7})
    s = _shapes(b)
    assert s["back"] == (25, 8) and s["anchor"] == (22, 8) and s["forward"] == (5, 12)
    assert s["freepip"] == ((60 + 2) >> 2, 0)  # our 6's ten are past their 8
    assert s["backgame"] == (2 + 2 + 1 - 3, 0) and s["backgame1"] == (0, 0)
    # the bar's 24 pips, the 6's eight spares (8 x 5) less two for each of
    # the 5 to 2 points (timing weighs a point by its index, one less)
    assert s["timing"][0] == (24 + 40 - 2 * (4 + 3 + 2 + 1) + 2) >> 2
    # we hold nothing in front of their rearmost checker; theirs hold ours
    # on the bar to 13 rolls (2-3, 3-4, 3-6, 2-5, 4-5, 5-6, 5-5)
    assert s["acontain"] == (0, 36 - 13) and s["acontain2"] == (0, (23 * 23) >> 5)


def test_pip_loss_counts_each_roll_at_its_costliest_hit():
    b = bytearray(50)
    b[12] = 2                   # ours: two on our 13, the rest on our 1
    b[0] = 13
    b[25] = 13                  # theirs: all but the blots on their 1
    b[25 + 13] = 1              # a blot on their 14 (11 pips to lose): any 2 and 1-1 hit it
    b[25 + 21] = 1              # one on their 22 (3 pips): 4-6, 6-4 and 5-5
    f = [0] * netmath.FEATURES
    assert evaluator._features(bytes(b), 0, 25, f)[0] == 15
    assert f[11:13] == [(11 * 12 + 3 * 3 + 2) >> 2, 0]
    b[25] = 12
    b[25 + 15] = 1              # and one on their 16 (9 pips): any 4, 1-3, 3-1, 2-2, 1-1;
    # 2-4, 4-2, 2-2 and 1-1 already hit the costlier blot, and 4-6, 6-4 now hit this one
    assert evaluator._features(bytes(b), 0, 25, f)[0] == 12 + 11 + 1
    assert f[11:13] == [(11 * 12 + 9 * 11 + 3 * 1 + 2) >> 2, 0]
    assert [int(v) for v in netmath.features([bytes(b)])[0]] == f


def test_a_networks_file_from_other_weights_is_refused(tmp_path):
    from firmware.opponent import netfile
    with open(gen_weights.NETS, "rb") as f:
        good = f.read()
    path = tmp_path / "nets.bin"
    for bad in (good[:10] + bytes(4) + good[14:],      # another stamp
                b"BLW1" + good[4:],                    # not this format
                good[:4] + b"\x01" + good[5:],         # an older version
                good[:8]):                             # cut short in the header
        path.write_bytes(bad)
        with pytest.raises(ValueError):
            netfile.open_networks(weights.HIDDEN, weights.NETS_STAMP, str(path))
    for bad in (good[:-1], good[:netfile.HEADER + netfile.section_bytes(weights.HIDDEN)]):
        path.write_bytes(bad)                          # cut short in the body
        with pytest.raises(OSError):
            netfile.open_networks(weights.HIDDEN, weights.NETS_STAMP, str(path))
    with pytest.raises(OSError):
        netfile.open_networks(weights.HIDDEN, weights.NETS_STAMP, str(tmp_path / "missing.bin"))
    path.write_bytes(good)
    with netfile.open_networks(weights.HIDDEN, weights.NETS_STAMP, str(path)) as f:
        f.seek(netfile.HEADER)
        assert f.read(1) == good[netfile.HEADER:netfile.HEADER + 1]


def test_the_linear_weights_take_the_finest_step_the_device_table_holds():
    from firmware.opponent import linear
    small = np.zeros(202)
    small[0] = 0.25
    assert gen_weights.linear_weights(small)[0] == 2500        # 1/ONE
    wide = np.zeros(202)
    wide[3] = 0.6               # a fourth unit's weight: twelve times it at fifteen checkers
    wide[7] = -0.6
    w = gen_weights.linear_weights(wide)
    assert w[3] == 1500 and w[7] == -1500                        # 4/ONE
    assert max(linear.table(w)) <= 0xFFFF


def test_the_linear_slot_sums_are_the_device_table_before_its_offset():
    from firmware.opponent import linear
    sums = netmath.linear_slot_sums(weights.LINEAR)
    assert (sums - sums.min()).reshape(-1).tolist() == list(linear.table(weights.LINEAR))
