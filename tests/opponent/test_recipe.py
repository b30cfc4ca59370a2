"""The training recipe runs end to end in one command and resumes."""
import os

import numpy as np
import pytest

import tools  # noqa: F401
from tools.train import netmath, recipe

pytest.importorskip("gnubg_nn")


def test_recipe_runs_every_stage_then_resumes(tmp_path):
    work = str(tmp_path)
    names = [n for n, _ in recipe.stages(work)]
    said = []
    # a scaled-down recipe: 10 games for each 10,000, one epoch a stage
    assert recipe.run(work, games=10, epochs=1, say=said.append) == names
    # the stages to blend train the inputs before the shape features; distil adds them
    blend = np.load(os.path.join(work, "blend.npz"))
    net = np.load(os.path.join(work, "evaluator_net.npz"))
    assert len(blend["W1"]) == recipe.BEFORE_SHAPE and len(net["W1"]) == netmath.INPUTS
    assert net["W1"][recipe.BEFORE_SHAPE:].any()
    space = {}
    with open(os.path.join(work, "weights.py")) as f:
        exec(compile(f.read(), "weights.py", "exec"), space)
    assert space["HIDDEN"] == 128 and "W1F" not in space
    race = np.load(os.path.join(work, "race_net.npz"))
    assert race["W1"].shape == (202, 128)
    # the late network: trained on from the contact network, all its inputs
    late = np.load(os.path.join(work, "late_net.npz"))
    assert late["W1"].shape == (netmath.INPUTS, 128) and (late["W1"] != net["W1"]).any()
    # the contact network: the quantise stage's trained on over its own
    # positions, then over the cube's
    assert (np.load(os.path.join(work, "cube-quantise.npz"))["W1"] == net["W1"]).all()
    assert (np.load(os.path.join(work, "contact-quantise.npz"))["W1"] != net["W1"]).any()
    with open(os.path.join(work, "nets.bin"), "rb") as f:
        nets = f.read()
    # the three networks' board columns, output layers and feature rows,
    # beside it, with its stamp
    from firmware.opponent import netfile
    assert len(nets) == 16 + 3 * netfile.section_bytes(128) + 2 * netfile.feature_bytes(128)
    assert nets[4:6] == bytes((netfile.VERSION, 3))
    assert int.from_bytes(nets[10:14], "little") == space["NETS_STAMP"]
    # everything done: nothing runs again; --from reruns that stage on
    assert recipe.run(work, games=10, epochs=1, say=said.append) == []
    assert recipe.run(work, start="candidates", games=10, epochs=1, say=said.append) == [
        "candidates", "contact", "oneply", "piploss", "blend", "distil", "quantise",
        "contact-data", "contact-more", "contact-quantise", "cube-data", "cube-more", "cube-quantise",
        "race1", "race2", "race3", "race4", "race-more", "race", "late-data", "late", "late-quantise", "install", "weights"]
    with pytest.raises(ValueError):
        recipe.run(work, start="nonsense", games=10, epochs=1)


def test_widening_keeps_the_network_and_adds_small_units():
    from tools.train import net
    old = np.load(recipe.START)
    wide = net.widen(old, netmath.INPUTS, 144)
    assert wide["W1"].shape == (netmath.INPUTS, 144) and wide["W2"].shape == (144, 5) and wide["b1"].shape == (144,)
    n = old["W1"].shape
    assert (wide["W1"][:n[0], :n[1]] == old["W1"]).all() and (wide["W1"][n[0]:, :n[1]] == 0).all()
    assert (wide["W2"][:n[1]] == old["W2"]).all() and np.abs(wide["W2"][n[1]:]).max() < 0.05
    # seeded: widening again gives the same units
    assert (net.widen(old, netmath.INPUTS, 144)["W1"] == wide["W1"]).all()
    with pytest.raises(ValueError):
        net.widen(old, netmath.INPUTS, 64)


def test_blended_labels_are_the_average_of_the_same_positions(tmp_path):
    from tools.train import net
    boards = np.array([[1] + [0] * 49, [2] + [0] * 49, [1] + [0] * 49], dtype=np.uint8)
    p1 = np.array([[0.6, 0.2, 0.0, 0.1, 0.0], [0.4, 0.1, 0.0, 0.2, 0.0], [0.6, 0.2, 0.0, 0.1, 0.0]])
    p0 = p1 + 0.1
    np.savez(tmp_path / "one.npz", boards=boards, probs=p1)
    np.savez(tmp_path / "zero.npz", boards=boards, probs=p0)
    b, p = net.load([str(tmp_path / "one.npz")], [str(tmp_path / "zero.npz")], 0.5)
    assert len(b) == 2          # one of each position
    assert np.allclose(p, p1[:2] + 0.05)
    np.savez(tmp_path / "other.npz", boards=boards[[1, 0, 2]], probs=p0)
    with pytest.raises(ValueError):
        net.load([str(tmp_path / "one.npz")], [str(tmp_path / "other.npz")])


def test_the_quantised_finish_holds_the_raw_rows_on_the_device_steps(tmp_path):
    import numpy as np
    from tools.gen import weights as gen_weights
    from tools.train import net, netmath
    rng = np.random.default_rng(5)
    teacher = net.init_net(rng, 8)
    np.savez(tmp_path / "teacher.npz", **teacher)
    boards = rng.integers(0, 3, size=(400, 50)).astype(np.uint8)
    np.savez(tmp_path / "data.npz", boards=boards, probs=np.zeros((400, 5), dtype=np.float32))
    out = str(tmp_path / "rounded.npz")
    net.main(["--data", str(tmp_path / "data.npz"), "--init", str(tmp_path / "teacher.npz"),
              "--teacher", str(tmp_path / "teacher.npz"), "--fixed-raw", "--epochs", "2",
              "--lr", "0.01", "--out", out])
    got = np.load(out)
    steps = got["W1"][:netmath.RAW_INPUTS] * (1 << gen_weights.Q1_BITS)
    assert np.allclose(steps, np.rint(steps), atol=1e-4)
    # the rest trained on (towards the teacher's answers, not the zero labels)
    assert not np.allclose(got["W1"][netmath.RAW_INPUTS:], teacher["W1"][netmath.RAW_INPUTS:])
    x = netmath.encode(boards)
    assert np.abs(netmath.float_probs(dict(got), x) - netmath.float_probs(teacher, x)).mean() < 0.02


def test_the_recipe_starts_from_a_committed_checkpoint():
    assert os.path.exists(recipe.START) and os.path.exists(recipe.CHECKPOINT)


def test_error_report_scores_float_and_integer_networks(tmp_path, capsys):
    import json
    import numpy as np
    from tools.train import data, error, netmath
    # a data file from the data tool, relabelled by the network itself: its
    # float error is then nil and its integer error is the rounding alone
    path = str(tmp_path / "d.npz")
    data.main(["--games", "2", "--seed", "9", "--out", path])
    boards = np.load(path)["boards"]
    net = dict(np.load(recipe.CHECKPOINT))
    np.savez(path, boards=boards, probs=netmath.float_probs(net, netmath.encode(boards)))
    capsys.readouterr()
    error.main(["--data", path, "--net", recipe.CHECKPOINT])
    got = json.loads(capsys.readouterr().out)[recipe.CHECKPOINT]
    assert got["float"] < 1e-4
    assert 0 < got["integer"] == got["integer from float"] < 0.03


def test_own_play_games_label_the_networks_best_plays(monkeypatch):
    from tools.train import data
    net = {k: v for k, v in np.load(recipe.CHECKPOINT).items()}
    ranked = []

    def spy(net, results):
        eq = real(net, results)
        ranked.append((results, eq))
        return eq

    real = data.net_equities
    monkeypatch.setattr(data, "net_equities", spy)
    rows = []
    data.play_game(np.random.default_rng(5), rows, 0, candidates=1.0, net=net, top=2)
    labelled = {bytes(b) for b, _ in rows}
    assert ranked
    for results, eq in ranked:
        # each turn with a choice labels the network's two favourites
        for i in np.argsort(-eq, kind="stable")[:2]:
            assert sum(results[i][0:25]) == 0 or data.flip(results[i]) in labelled
    again = []
    data.play_game(np.random.default_rng(5), again, 0, candidates=1.0, net=net, top=2)
    assert [bytes(b) for b, _ in again] == [bytes(b) for b, _ in rows]


def test_error_by_gnubg_class():
    from tools.train import data, error
    rng = np.random.default_rng(3)
    out = []
    for _ in range(4):
        data.play_game(rng, out, 0)
    boards = [b for b, _ in out]
    labels = netmath.equity(np.array([p for _, p in out], dtype=np.float64), 1.0)
    classes = error.gnubg_classes(boards)
    assert classes[0] == "contact" and set(classes) <= {"contact", "crashed", "race", "bear-off", "over"}
    got = error.errors("tools/data/evaluator_net.npz", boards, labels, classes)
    split = got["by class"]
    assert abs(sum(c["positions"] for c in split.values()) - 1) < 0.01
    assert abs(sum(c["share of the error"] for c in split.values()) - 1) < 0.01
    assert 0 < got["integer"] < 0.2 and split["contact"]["integer"] > 0


def test_late_positions_are_the_phases_the_look_ahead_does_not_mend():
    from tools.train.data import is_late
    from firmware.engine.position import START
    home = bytes([3, 3, 3, 2, 2, 2] + [0] * 19)
    assert not is_late(START)
    assert is_late(home + START[25:])                  # bearing off against contact
    assert is_late(START[:25] + home)                  # holding against it
    assert not is_late(home + home)                    # the bear-off database's
    outside = bytes([3, 3, 3, 2, 2, 1, 1] + [0] * 18)  # a race, one checker still out
    assert is_late(home + outside) and is_late(outside + home)
