import pytest

import tools  # noqa: F401
from firmware.opponent import ai, cube, judge
from firmware.engine import movegen
from firmware.engine.position import START, flip


def test_levels_and_names():
    assert ai.LEVELS >= 5
    assert len(ai.LEVEL_NAMES) == ai.LEVELS
    assert all(len(n) <= 5 for n in ai.LEVEL_NAMES)
    assert len(set(ai.LEVEL_NAMES)) == ai.LEVELS


def test_strongest_level_opens_with_the_book_plays():
    # The standard opening plays for these rolls.
    expected = {(3, 1): "8/5 6/5", (4, 2): "8/4 6/4", (6, 1): "13/7 8/7", (5, 3): "8/3 6/3"}
    from firmware.engine import notation
    for (d1, d2), text in expected.items():
        result, move = ai.choose(START, d1, d2, ai.LEVELS)
        assert notation.move_text(START, move) == text


def test_hint_is_sorted_and_the_best_play_loses_nothing():
    hints = judge.hint(START, 6, 4, count=5)
    assert len(hints) == 5
    equities = [h[0] for h in hints]
    assert equities == sorted(equities, reverse=True)
    assert judge.play_loss(START, 6, 4, hints[0][1]) == 0
    assert judge.play_loss(START, 6, 4, hints[4][1]) == equities[0] - equities[4] > 0


def _zero_ply_level():
    """The strongest level that chooses by 0-ply alone, without noise."""
    level = max(k + 1 for k in range(ai.LEVELS) if not ai.LEVEL_PLY[k])
    assert ai.LEVEL_NOISE[level - 1] == 0
    return level


def test_best_zero_ply_choice_is_the_first_hint():
    board = START
    level = _zero_ply_level()
    for d1, d2 in ((5, 2), (6, 6), (1, 1), (4, 3)):
        assert ai.choose(board, d1, d2, level)[0] == judge.hint(board, d1, d2, 1)[0][1]


def _one_ply_sum(result):
    """Straightforward 1-ply of the mover's result: over the 21 rolls, the
    opponent's best reply by 0-ply among the REPLIES its linear prefilter
    ranks best, our 0-ply equity after it, weighted 2 or 1 of 36."""
    from firmware.opponent import evaluator
    scorer = evaluator.Scorer()
    scorer.set_base(result)
    total = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            replies = movegen.plays(flip(result), d1, d2)
            ranked = sorted(range(len(replies)),
                            key=lambda i: (scorer.linear_after(replies.result(i)), i))
            if len(replies) > ai.REPLIES:
                ranked = ranked[:ai.REPLIES]
            low = min(evaluator.equity(evaluator.evaluate(flip(replies.result(i))))
                      for i in ranked)
            total += low * (1 if d1 == d2 else 2)
    return total


def test_strongest_level_searches_the_best_candidates_one_ply_deeper(monkeypatch):
    assert ai.LEVEL_PLY[ai.LEVELS - 1] == 1
    monkeypatch.setattr(ai, "SEARCH_WORK", 0)       # every candidate (the cap: below)
    board = START
    changed = 0
    for d1, d2 in ((1, 1), (6, 4), (2, 3)):
        hints = judge.hint(board, d1, d2, ai.CANDIDATES)
        candidates = [h for h in hints if h[0] >= hints[0][0] - ai.MARGIN]
        sums = [_one_ply_sum(h[1]) for h in candidates]
        expected = candidates[sums.index(max(sums))][1] if len(sums) > 1 else hints[0][1]
        chosen = ai.choose(board, d1, d2, ai.LEVELS)[0]
        assert chosen == expected
        changed += chosen != hints[0][1]
    # 2-3 at the start: the 0-ply favourite is not the 1-ply choice
    assert changed >= 1


def test_play_loss_rejects_an_unreachable_position():
    try:
        judge.play_loss(START, 3, 1, START)
    except ValueError as exc:
        assert "3-1" in str(exc)
    else:
        assert False


def test_bad_level_is_refused():
    for level in (0, ai.LEVELS + 1):
        try:
            ai.Thinker(START, 3, 1, level)
        except ValueError as exc:
            assert str(level) in str(exc)
        else:
            assert False


def test_weakest_level_errs_and_is_repeatable():
    differs = 0
    board = START
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            weak = ai.choose(board, d1, d2, 1)
            assert weak == ai.choose(board, d1, d2, 1)
            if weak[0] != ai.choose(board, d1, d2, _zero_ply_level())[0]:
                differs += 1
    assert differs >= 10


def test_noise_is_centred_with_about_the_asked_spread():
    seed = ai.salt(START, 3, 1)
    values = []
    b = bytearray(START)
    for i in range(2000):
        b[i % 24] = i % 7
        b[30 + i % 13] = (i // 7) % 5
        values.append(ai.noise(seed, bytes(b), 1000))
    mean = sum(values) / len(values)
    sd = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
    assert abs(mean) < 80
    assert 800 < sd < 1200


def test_thinker_works_in_slices():
    board = START
    t = ai.Thinker(board, 1, 1, ai.LEVELS)
    steps = 0
    while True:
        units = t.units
        done = t.step()
        steps += 1
        assert t.spent <= ai.STEP_WORK or t.units == units + 1
        if done:
            break
    # the generation, the 0-ply scores of 15 plays and the search
    assert steps > 15 * ai.COST_NET // ai.STEP_WORK
    assert t.result[0] == ai.choose(board, 1, 1, ai.LEVELS)[0]


def test_cube_api_at_the_start_and_in_a_crushing_position():
    assert not cube.cube_offer(START, ai.LEVELS, 1, True, 0, 0, 0, False)
    assert cube.cube_take(START, ai.LEVELS, 1, 0, 0, 0)
    # We are far ahead in a race: three checkers left against fifteen in
    # their outfield that have not yet reached home.
    b = bytearray(50)
    b[0] = 1
    b[1] = 1
    b[2] = 1
    b[25 + 8] = 15
    assert not cube.cube_take(flip(bytes(b)), ai.LEVELS, 1, 0, 0, 0)
    assert not cube.cube_offer(START, ai.LEVELS, 1, False, 0, 0, 0, False)


def test_benchmark_twin_chooses_what_the_device_chooses():
    # The strength benchmark plays through tools.bench.ai.level_policy; it
    # must make firmware.opponent.ai's choices, prefilter (a 584-play roll) included.
    from tools.bench import ai as bench_ai
    from tools.train import netmath
    from firmware.opponent import weights
    net = netmath.IntNet(weights)
    crowded = bytes.fromhex("00020102000201020000000000000001010000000100000200000002"
                            "00000000000000000000000000000000000000000000")
    cases = [(crowded, 1, 1), (crowded, 2, 2)]
    board = START
    for d1, d2 in ((3, 1), (6, 6), (5, 2), (4, 4), (2, 1), (6, 5)):
        cases.append((board, d1, d2))
        board = flip(ai.choose(board, d1, d2, ai.LEVELS)[0])
    assert len(movegen.plays(crowded, 1, 1)) > ai.NET_PLAYS
    for level in (1, 3, ai.LEVELS):
        policy = bench_ai.level_policy(net, level)
        for b, d1, d2 in cases:
            assert policy(b, d1, d2) == ai.choose(b, d1, d2, level)[0]


def _max_game():
    """(board, d1, d2) of eight turns of MAX against itself from the start."""
    cases = []
    board = START
    for d1, d2 in ((3, 1), (6, 6), (5, 2), (4, 4), (2, 1), (6, 5), (4, 1), (3, 3)):
        cases.append((board, d1, d2))
        board = flip(ai.choose(board, d1, d2, ai.LEVELS)[0])
    return cases


def test_benchmark_twin_plays_for_the_score_as_the_device_does():
    # At a match score each result is worth its match winning chance
    # (cubeful.weights); the twin must choose as the device does there too.
    from tools.bench import ai as bench_ai
    from tools.train import netmath
    from firmware.opponent import cubeful, weights
    net = netmath.IntNet(weights)
    scores = [cubeful.weights(1, 7, 1, 1), cubeful.weights(1, 7, 2, 2), cubeful.weights(2, 7, 4, 2),
              cubeful.weights(1, 7, 1, 3)]
    cases = _max_game()
    policy = bench_ai.level_policy(net, ai.LEVELS)
    for w in scores:
        for b, d1, d2 in cases:
            assert policy(b, d1, d2, w) == ai.choose(b, d1, d2, ai.LEVELS, w)[0]


def test_benchmark_twin_plays_for_the_cube_as_the_device_does():
    # Where the cube is live, MAX's look-ahead ends each roll in our
    # cubeful value after the opponent's best reply (cubeful.Stake); the
    # twin must choose as the device does, and the stake's cost at each
    # roll's end counts in the work cap.
    from tools.bench import ai as bench_ai
    from tools.train import netmath
    from firmware.opponent import cubeful, weights
    net = netmath.IntNet(weights)
    contexts = [(1, -1, 7, 5, 3), (2, 0, 7, 5, 4), (2, 1, 7, 4, 5), (1, -1, 0, 0, 0), (2, 1, 0, 0, 0)]
    cases = _max_game()
    policy = bench_ai.level_policy(net, ai.LEVELS)
    differ = 0
    for cube, owner, length, a, b in contexts:
        w = cubeful.weights(cube, length, a, b)
        stake = cubeful.stake(cube, owner, length, a, b)
        for bd, d1, d2 in cases:
            chosen = ai.choose(bd, d1, d2, ai.LEVELS, w, stake)[0]
            assert policy(bd, d1, d2, w, stake) == chosen
            differ += chosen != ai.choose(bd, d1, d2, ai.LEVELS, w)[0]
    assert differ       # the cube changes some play
    assert ai.roll_work(9, 4, ai.leaf_work(cubeful.stake(1, -1, 7, 5, 3))) > ai.roll_work(9, 4)


def test_a_level_without_look_ahead_plays_by_the_other_sides_cubeful_value():
    # PRO (and the noisy levels) weigh each play by the other side's
    # cubeful value on roll after it, turned round, ties broken by the
    # dead cube's equity: gnubg's 0-ply cubeful play; the twin chooses as
    # the device does
    from tools.bench import ai as bench_ai
    from tools.train import netmath
    from firmware.opponent import cubeful, evaluator, weights
    net = netmath.IntNet(weights)
    contexts = [(1, -1, 7, 5, 3), (2, 0, 7, 5, 4), (2, 1, 7, 4, 5), (1, -1, 0, 0, 0), (2, 1, 0, 0, 0),
                (4, 0, 0, 0, 0)]
    cases = _max_game()
    differ = 0
    for level in (ai.PRO, ai.PRO - 1):
        policy = bench_ai.level_policy(net, level)
        for cube, owner, length, a, b in contexts:
            w = cubeful.weights(cube, length, a, b)
            stake = cubeful.stake(cube, owner, length, a, b)
            their = stake.other()
            for bd, d1, d2 in cases:
                chosen = ai.choose(bd, d1, d2, level, w, stake)[0]
                assert policy(bd, d1, d2, w, stake) == chosen
                differ += chosen != ai.choose(bd, d1, d2, level, w)[0]
                if level == ai.PRO:
                    scorer = evaluator.Scorer()
                    scorer.set_base(flip(bd))

                    def worth(r):
                        q = scorer.score_after(r)
                        return -their.value(q, r) + ai.mover_equity(q, w) // ai.TIE_SHARE
                    assert worth(chosen) == max(worth(r) for r, _ in movegen.plays(bd, d1, d2))
    assert differ       # the cube changes some play


def test_the_other_sides_stake_is_this_sides_turned_round():
    from firmware.opponent import cubeful
    s = cubeful.stake(2, 0, 7, 5, 3)
    o = s.other()
    assert (o.cube, o.length, o.away_us, o.away_them) == (2, 7, 3, 5)
    assert o.owner == 2 and s.other().other().owner == s.owner      # ours is theirs to the other side
    assert cubeful.stake(1, -1, 0, 0, 0).other().owner == 0
    o = cubeful.stake(4, 1, 7, 2, 6).other()
    assert (o.owner, o.win, o.span) == (1, cubeful.stake(4, 0, 7, 6, 2).win, cubeful.stake(4, 0, 7, 6, 2).span)


def test_at_double_match_point_the_play_is_the_likeliest_win():
    # Gammons count for nothing when one point wins the match: PRO's play
    # is the one with the best chance to win, whatever it risks in gammons.
    from firmware.opponent import cubeful, evaluator
    dmp = cubeful.weights(1, 5, 1, 1)
    board = START
    for d1, d2 in ((3, 1), (6, 6), (5, 2), (4, 4), (2, 1), (6, 5), (4, 1), (3, 3)):
        plays = movegen.plays(board, d1, d2)
        wins = [10000 - evaluator.evaluate(flip(plays.result(i)))[0] for i in range(len(plays))]
        result = ai.choose(board, d1, d2, ai.PRO, dmp)[0]
        assert wins[[plays.result(i) for i in range(len(plays))].index(result)] == max(wins)
        board = flip(ai.choose(board, d1, d2, ai.LEVELS)[0])


def test_work_cap_limits_the_search_and_the_benchmark_twin_follows(monkeypatch):
    # The cap counts modelled work (ai.roll_work), not time, so the host's
    # policy searches exactly the candidates the device does.
    from tools.bench import ai as bench_ai
    from tools.train import netmath
    from firmware.opponent import weights
    net = netmath.IntNet(weights)
    cases = []
    board = START
    for d1, d2 in ((1, 1), (6, 4), (5, 2), (4, 3), (2, 2), (6, 1), (5, 3), (3, 1)):
        cases.append((board, d1, d2))
        board = flip(ai.choose(board, d1, d2, ai.LEVELS)[0])

    def searched(b, d1, d2):
        t = ai.Thinker(b, d1, d2, ai.LEVELS)
        while not t.step():
            pass
        return t.result[0], getattr(t, "candidates", 0)     # 0: no search

    monkeypatch.setattr(ai, "SEARCH_WORK", 0)       # no cap
    free = [searched(*c) for c in cases]
    assert max(n for r, n in free) > 1
    one = sum(ai.roll_work(1) for _ in range(21))    # a candidate's least work
    cut = False
    for cap in (1, 8 * one, 12 * one, 16 * one, 40 * one):
        monkeypatch.setattr(ai, "SEARCH_WORK", cap)
        policy = bench_ai.level_policy(net, ai.LEVELS, record=True)
        capped = [searched(*c) for c in cases]
        for (b, d1, d2), (result, n), (_, free_n) in zip(cases, capped, free):
            assert policy(b, d1, d2) == result
            assert n <= free_n
            cut |= 1 < n < free_n
            if cap == 1:
                # one candidate searched: the 0-ply favourite
                assert result == judge.hint(b, d1, d2, 1)[0][1]
        assert [n for _, n in capped if n] == [w[1] for w in policy.work]
        if cap == 1:
            assert all(n <= 1 for _, n in capped)
    assert cut          # some search stopped after more than one candidate


def test_thinker_takes_the_plays_it_is_given():
    board = START
    plays = movegen.plays(board, 6, 5)
    given = ai.Thinker(board, 6, 5, ai.LEVELS, plays=plays)
    assert given.plays is plays
    own = ai.Thinker(board, 6, 5, ai.LEVELS)
    assert own.plays is None        # generated by the first step(), not the constructor
    while not given.step():
        pass
    while not own.step():
        pass
    assert given.result == own.result


def test_benchmark_blas_network_equals_the_integer_twin():
    from tools.bench import ai as bench_ai
    from tools.train import netmath
    from firmware.opponent import weights
    boards = []
    board = START
    for d1, d2 in ((3, 1), (6, 6), (5, 2), (4, 4), (2, 1), (6, 5), (1, 1)):
        plays = movegen.plays(board, d1, d2)
        boards.extend(flip(plays.result(i)) for i in range(len(plays)))
        board = flip(plays.result(0))
    # a bear-off the database answers
    home = bytearray(50)
    home[0:6] = bytes((3, 2, 2, 1, 1, 0))
    home[25:31] = bytes((2, 2, 2, 2, 1, 1))
    for d1, d2 in ((6, 5), (2, 1), (3, 3)):
        plays = movegen.plays(bytes(home), d1, d2)
        boards.extend(flip(plays.result(i)) for i in range(len(plays)))
    fast = bench_ai.BlasNet(weights).probs(boards)
    assert (fast == netmath.IntNet(weights).probs(boards)).all()


def test_paired_strength_difference_is_taken_game_pair_by_game_pair():
    import numpy as np
    from tools.bench import ai as bench
    a = np.array([[1, 1], [2, -1], [-1, 1]])
    b = np.array([[1, -1], [1, -1], [-1, -1]])
    res = bench.paired(a, b)
    # pair differences 1, 0.5, 1
    assert res["pairs"] == 3 and abs(res["difference"] - 2.5 / 3) < 1e-12
    assert abs(res["se"] - np.std([1, 0.5, 1], ddof=1) / np.sqrt(3)) < 1e-12
    with pytest.raises(ValueError):
        bench.paired(a, b[:2])


def test_judge_scores_each_setting_against_the_best_choice():
    from tools.bench import ai as bench
    res = bench.judge(40, 3, [(3, 800, 4), (3, 800, 4, 50), "gnubg"], ply=0)
    names = {"0-ply", "3 within 800, 4 replies", "3 within 800, 4 replies, 50% 0-ply", "gnubg 0-ply"}
    assert names <= set(res) and res["judge_ply"] == 0 and res["decisions"] > 10
    assert res["0-ply"]["gain"] == 0
    # judged by its own 0-ply, gnubg's choice is the best of them all
    assert res["gnubg 0-ply"]["loss"] == 0
    assert all(res[k]["loss"] >= 0 for k in names)
    # the second setting against the first, decision by decision
    other = res["3 within 800, 4 replies, 50% 0-ply"]
    first = res["3 within 800, 4 replies"]
    assert abs(other["gain_over_first"] - (first["loss"] - other["loss"])) < 0.0002
    assert other["se_over_first"] >= 0 and "gain_over_first" not in first
    assert first["searches"] > 0 and first["search_ms_max"] >= first["search_ms_mean"] > 0
    # the split by class is the same mean in two parts
    n, r = res["decisions"], res["race decisions"]
    for k in names:
        whole = ((n - r) * res[k]["contact"] + r * (res[k]["race"] or 0)) / n
        assert abs(whole - res[k]["loss"]) < 0.0002
        # and by gnubg's class: every decision in one
        for split in (res[k]["by class"], res[k]["by phase"]):
            assert sum(c for _, c in split.values()) == n
            assert abs(sum(m * c for m, c in split.values()) / n - res[k]["loss"]) < 0.0002
        assert res[k]["by phase"]["race"][1] == r


def test_judge_phases():
    import numpy as np
    from tools.bench import ai as bench
    from firmware.engine.position import START
    home = bytes([3, 3, 3, 2, 2, 2] + [0] * 19) + START[25:]
    boards = [START, home, home[25:] + home[:25], home]
    assert list(bench.phases(boards, np.array([False, False, False, True]))) == [
        "other contact", "bearing off in contact", "holding against a bear-off", "race"]


def test_gnubg_net_is_gnubgs_zero_ply_behind_the_twins_interface():
    import gnubg_nn
    from firmware.engine import movegen
    from firmware.engine.position import START, flip
    from tools.bench import ai as bench
    g = bench.GnubgNet()
    p = g.probs([START])[0]
    q = gnubg_nn.probabilities([list(START[25:]), list(START[:25])], 0)
    assert [int(v) for v in p] == [round(v * 10000) for v in q]
    # the level's 0-ply over it chooses what gnubg's own 0-ply chooses
    zero = bench.level_policy(g, 4)
    board = flip(movegen.plays(START, 6, 2).result(0))
    for d1, d2 in ((3, 1), (6, 5), (4, 4), (5, 2)):
        assert zero(board, d1, d2) == bench.gnubg_policy(board, d1, d2)
    # judged by gnubg's 0-ply, the search over gnubg's network is reported beside the rest
    res = bench.judge(20, 5, [(3, 800, 4), "gnubg-search"], ply=0)
    assert "gnubg's network, 3 within 800, 4 replies" in res
    assert res["gnubg's network, 3 within 800, 4 replies"]["loss"] >= 0


def test_the_level_answers_races_with_the_race_network():
    from firmware.engine.position import START, is_race
    from firmware.opponent import weights
    from tools.bench import ai as bench
    from tools.train import netmath
    race_board = bytes([0] * 5 + [3, 3, 3, 3, 3] + [0] * 15) + bytes([0] * 4 + [5, 5, 5] + [0] * 18)
    assert is_race(race_board) and not is_race(START)
    contact = bench.BlasNet(weights)
    race = bench.shipped(netmath.RACE)
    assert (race.probs([race_board]) != contact.probs([race_board])).any()
    for level in (4, 5):
        shipped = bench.level_policy(contact, level)
        race_only = bench.level_policy(race, level, race=False)
        contact_only = bench.level_policy(contact, level, race=False)
        # from a race every score is the race network's; from contact, the contact network's
        for d1, d2 in ((6, 5), (4, 1), (3, 3), (2, 1)):
            assert shipped(race_board, d1, d2) == race_only(race_board, d1, d2)
            assert shipped(START, d1, d2) == contact_only(START, d1, d2)
    # the device makes the same choices (the twin's network chosen by the base)
    for d1, d2 in ((6, 5), (4, 1), (3, 3), (2, 1)):
        assert bench.level_policy(contact, 5)(race_board, d1, d2) == ai.choose(race_board, d1, d2, 5)[0]
    # the judge puts the level without its race network beside the shipped one
    res = bench.judge(30, 5, [(3, 800, 4)], ply=0, race=False)
    assert res["other net, 0-ply"]["contact"] == res["0-ply"]["contact"]


def test_the_level_answers_the_games_end_with_the_late_network():
    from firmware.engine.position import START
    from firmware.opponent import evaluator, netfile, weights
    from tools.bench import ai as bench
    from tools.train import netmath
    # every checker of ours home, theirs holding an anchor on our 5 point
    us = [3, 3, 3, 3, 0, 3] + [0] * 19
    them = [0, 0, 0, 5, 4, 4] + [0] * 13 + [2] + [0] * 5
    board = bytes(us + them)
    assert evaluator.network(board) == netfile.LATE and evaluator.network(START) == netfile.CONTACT
    contact = bench.BlasNet(weights)
    late = bench.shipped(netmath.LATE)
    assert (late.probs([board]) != contact.probs([board])).any()
    for level in (4, 5):
        shipped = bench.level_policy(contact, level)
        late_only = bench.level_policy(late, level, race=False, late=False)
        for d1, d2 in ((6, 5), (4, 1), (3, 3), (2, 1)):
            assert shipped(board, d1, d2) == late_only(board, d1, d2)
    for d1, d2 in ((6, 5), (4, 1), (3, 3), (2, 1)):
        assert bench.level_policy(contact, 5)(board, d1, d2) == ai.choose(board, d1, d2, 5)[0]


def test_average_of_checkpoints(tmp_path):
    import numpy as np
    import pytest
    from tools.train import average
    a = {"W1": np.ones((2, 3), np.float32), "b1": np.zeros(3, np.float32)}
    b = {"W1": 3 * np.ones((2, 3), np.float32), "b1": np.ones(3, np.float32)}
    np.savez(tmp_path / "a.npz", **a)
    np.savez(tmp_path / "b.npz", **b)
    m = average.average([tmp_path / "a.npz", tmp_path / "b.npz"])
    assert (m["W1"] == 2).all() and (m["b1"] == 0.5).all() and m["W1"].dtype == np.float32
    np.savez(tmp_path / "c.npz", W1=np.ones((3, 3), np.float32), b1=np.zeros(3, np.float32))
    with pytest.raises(ValueError):
        average.average([tmp_path / "a.npz", tmp_path / "c.npz"])


def test_race_data_holds_only_races():
    import numpy as np
    from firmware.engine.position import is_race
    from tools.train import data
    rows = []
    data.play_game(np.random.default_rng(3), rows, 0, candidates=1.0, race=True)
    assert rows and all(is_race(board) for board, _ in rows)


def test_late_contact_data_holds_only_what_the_late_network_answers():
    import numpy as np
    from firmware.opponent import evaluator, netfile
    from tools.train import data
    rows = []
    for seed in (3, 4):
        data.play_game(np.random.default_rng(seed), rows, 0, late_contact=True)
    assert rows and all(evaluator.network(board) == netfile.LATE for board, _ in rows)


def test_contact_data_holds_only_what_the_contact_network_answers():
    import numpy as np
    from firmware.opponent import evaluator, netfile
    from tools.train import data
    rows = []
    data.play_game(np.random.default_rng(3), rows, 0, contact=True)
    assert rows and all(evaluator.network(board) == netfile.CONTACT for board, _ in rows)


def test_judge_puts_another_network_beside_the_shipped_one():
    from firmware.opponent import weights
    from tools.bench import ai as bench
    res = bench.judge(30, 5, [(3, 800, 4)], ply=0, other=weights)
    # the shipped tables as the other network: the same choices
    assert res["other net, 0-ply"] == res["0-ply"]
    other = dict(res["other net, 3 within 800, 4 replies"])
    # the same choices as the first setting: nothing gained over it
    assert other.pop("gain_over_first") == 0 and other.pop("se_over_first") == 0
    assert other == res["3 within 800, 4 replies"]
