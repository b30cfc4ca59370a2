"""The evaluator's training recipe in one command: data to firmware/opponent/weights.py.

    python -m tools.train.recipe                  # every stage not yet done
    python -m tools.train.recipe --from weights   # from the committed checkpoint
    python -m tools.train.recipe --list           # the stages and their state

Stages, in order (docs/ai.md, Training):
  data1, data2   10,000 games each of gnubg's 0-ply network against itself,
                 every position labelled with its five probabilities
  data3          4,000 more games, a quarter of the turns with every
                 candidate play's result labelled too
  data1p1, data2p1, data3p1
                 the same games as data1 to data3, every position labelled
                 by gnubg's 1-ply instead (about 1 ms a position)
  features       trains from tools/data/net202.npz (the committed 202-input
                 network, rows at zero for the first five features) on data1
                 and data2, 207 inputs
  candidates     trains on from there with data3 added
  contact        trains on from there on the same data with six more
                 features (escapes, containment, dance), their rows at zero
                 (213 inputs)
  oneply         trains on from the contact network on the 1-ply labels
                 (data1p1 to data3p1)
  piploss        trains on from there on the same labels with two more
                 features (the pips each side's shots cost), their rows at zero
                 (215 inputs, BEFORE_SHAPE)
  blend          trains on from there with each label the average of the
                 position's 1-ply and 0-ply labels (215 inputs)
  distil         trains on from there, 30 epochs at lr 0.001, on the 0-ply
                 labels alone (data1 to data3) with the 24 shape features
                 added, their rows at zero (all 239 inputs): closer to
                 gnubg's own 0-ply
  quantise       the distil network's raw first-layer rows rounded to the
                 device's int8 steps and held there, the rest trained to
                 answer as the distil network does on data1 to data3
  contact-data   6 x 3,000 games of gnubg's 0-ply against itself (seeds
                 200 to 205), only the positions the contact network
                 answers kept, every play's result too, labelled by its 0-ply
  contact-more   the contact network: trained on from the quantise stage's
                 network on those positions and data1 to data3, 10 epochs at
                 lr 0.001
  contact-quantise
                 finished for its integer steps as the quantise stage does
  cube-data      6 x 1,500 games of gnubg's 0-ply against itself (seeds
                 300 to 305): the positions a cube decision's look-ahead
                 scores, from the roots in the doubling window
                 (tools.train.cubedata), labelled by its 0-ply
  cube-more      the contact network: trained on from contact-quantise's on
                 those positions and contact-more's, EPOCHS_CUBE epochs at
                 lr LR_CUBE
  cube-quantise  finished for its integer steps as the quantise stage does,
                 on data1 to data3 and the cube's positions
  race1 .. race4 3,000 games each of gnubg's 0-ply against itself, only
                 the race positions kept (the sides past each other), every
                 play's result too, labelled by gnubg's 1-ply
  race-more      32 x 3,000 games more (seeds 60 to 75 and 100 to 115), the
                 same positions labelled by gnubg's 0-ply (in races within
                 0.003 points of its 1-ply, and ten times quicker)
  race           the race network: 128 hidden units on the board's 202
                 inputs alone, trained from scratch on all of those, 16
                 epochs at lr 0.002
  late-data      8 x 3,000 games of gnubg's 0-ply against itself (seeds 81
                 to 88), only the positions the late network answers kept
                 (contact with a side all home or crashed), every play's
                 result too, labelled by gnubg's 0-ply
  late           the late network: trained on from the quantise stage's
                 network on those positions, 30 epochs at lr 0.001
  late-quantise  finished for its integer steps as the quantise stage does
  install        the results become tools/data/evaluator_net.npz,
                 tools/data/race_net.npz and tools/data/late_net.npz
  weights        tools.gen.weights: the integer tables, firmware/opponent/weights.py
                 and the three networks' board columns, output layers and
                 feature rows beside it, nets.bin

Resumable: a finished stage leaves WORK/STAGE.done and is skipped next time;
a training stage interrupted mid-way continues from its last epoch (the
checkpoint and optimiser state it saves every epoch). --from STAGE reruns
that stage and every later one, the earlier outputs taken as they are:
--from weights only regenerates the tables from the committed checkpoint.
Everything is seeded: the data is the same for a given gnubg_nn; the
training is the same for the same numpy and BLAS (a different thread count
can change the last bits of float sums, and with them the trained weights).
"""
import argparse
import os
import shutil
import sys

START = "tools/data/net202.npz"
CHECKPOINT = "tools/data/evaluator_net.npz"
RACE_CHECKPOINT = "tools/data/race_net.npz"
RACE_SETS = ("race1", "race2", "race3", "race4")   # race positions, seeds 51 to 54
RACE_SEEDS = tuple(range(60, 76)) + tuple(range(100, 116))   # more of them, at 0-ply
LATE_CHECKPOINT = "tools/data/late_net.npz"
LATE_SEEDS = tuple(range(81, 89))                   # the late network's positions
CONTACT_SEEDS = tuple(range(200, 206))              # the contact network's own positions
CUBE_SEEDS = tuple(range(300, 306))                 # the positions a cube decision scores
EPOCHS_CUBE = 2
LR_CUBE = "0.0005"
WEIGHTS = "firmware/opponent/weights.py"
ZERO_PLY = ("data1", "data2", "data3")          # the data sets labelled by gnubg's 0-ply
BEFORE_SHAPE = 215      # the inputs before the 24 shape features, which the distil stage adds
ONE_PLY = ("data1p1", "data2p1", "data3p1")     # and by its 1-ply


def stages(work, games=None, epochs=None):
    """[(name, run)]: run() does the stage. games and epochs scale the
    recipe down (tests); None keeps the recipe's own figures."""
    from tools.gen import weights as gen_weights
    from tools.train import cubedata, data, net

    def g(n):
        return str(n if games is None else max(1, n * games // 10000))

    def e(n):
        return str(n if epochs is None else epochs)

    def path(name):
        return os.path.join(work, name)

    def install():
        shutil.copyfile(path("cube-quantise.npz"), final)
        shutil.copyfile(path("race.npz"), race_final)
        shutil.copyfile(path("late-quantise.npz"), late_final)

    def seeded(seeds, name):
        """{seed: the data file of that seed's games}"""
        return {seed: path(name % seed) for seed in seeds}

    def data_sets(files, only):
        """A stage making 3,000 games' data for each seed of files, every
        play's result labelled too, only the positions `only` (a
        tools.train.data option) keeps, at gnubg's 0-ply."""
        def run():
            for seed, out in files.items():
                data.main(["--games", g(3000), "--seed", str(seed), "--candidates", "1.0", only, "--out", out])
        return run

    contact_files = seeded(CONTACT_SEEDS, "contact%d.npz")
    contact_sets = list(contact_files.values()) + [path(d + ".npz") for d in ZERO_PLY]
    cube_files = seeded(CUBE_SEEDS, "cube%d.npz")
    cube_sets = contact_sets + list(cube_files.values())
    cube_finish = [path(d + ".npz") for d in ZERO_PLY] + list(cube_files.values())

    def cube_data():
        for seed, out in cube_files.items():
            cubedata.main(["--games", g(1500), "--seed", str(seed), "--out", out])

    late_files = seeded(LATE_SEEDS, "late%d.npz")
    late_sets = list(late_files.values())

    def race_data(k):
        return lambda: data.main(["--games", g(3000), "--seed", str(50 + k), "--ply", "1", "--candidates", "1.0",
                                  "--race", "--out", path("race%d.npz" % k)])

    race_files = seeded(RACE_SEEDS, "race-%d.npz")
    race_sets = [path(d + ".npz") for d in RACE_SETS] + list(race_files.values())

    def train_files(files, start, name, epochs, lr, more=()):
        """`epochs` epochs at `lr` on the data files, from the start
        stage's network; `more`: further tools.train.net arguments."""
        net.main(["--data"] + files + ["--epochs", e(epochs), "--lr", lr, "--init", path(start + ".npz")]
                 + list(more) + ["--resume", "--out", path(name + ".npz")])

    def train_on(sets, start, name, inputs=None, blend=(), epochs=6, lr="0.0005"):
        """`epochs` epochs (6) at `lr` (0.0005) on the data sets (stage
        names), from the start stage's network, at 128 hidden units; the
        first `inputs` inputs only, or all of them; with blend, each label
        the average of the set's and the blended set's."""
        more = ["--hidden", "128"] + (["--inputs", str(inputs)] if inputs else [])
        if blend:
            more += ["--blend"] + [path(d + ".npz") for d in blend]
        train_files([path(d + ".npz") for d in sets], start, name, epochs, lr, more)

    def finish(files, start, name):
        """The start stage's network finished for its integer steps: its raw
        first-layer rows rounded and held, the rest trained 3 epochs to
        answer as it does."""
        train_files(files, start, name, 3, "0.0002", ("--teacher", path(start + ".npz"), "--fixed-raw"))

    work_is_default = games is None and epochs is None
    final = CHECKPOINT if work_is_default else path("evaluator_net.npz")
    race_final = RACE_CHECKPOINT if work_is_default else path("race_net.npz")
    late_final = LATE_CHECKPOINT if work_is_default else path("late_net.npz")
    out = WEIGHTS if work_is_default else path("weights.py")
    return [
        ("data1", lambda: data.main(["--games", g(10000), "--seed", "1", "--out", path("data1.npz")])),
        ("data2", lambda: data.main(["--games", g(10000), "--seed", "2", "--out", path("data2.npz")])),
        ("data3", lambda: data.main(["--games", g(4000), "--seed", "3", "--candidates", "0.25",
                                     "--out", path("data3.npz")])),
        ("data1p1", lambda: data.main(["--games", g(10000), "--seed", "1", "--ply", "1",
                                       "--out", path("data1p1.npz")])),
        ("data2p1", lambda: data.main(["--games", g(10000), "--seed", "2", "--ply", "1",
                                       "--out", path("data2p1.npz")])),
        ("data3p1", lambda: data.main(["--games", g(4000), "--seed", "3", "--candidates", "0.25", "--ply", "1",
                                       "--out", path("data3p1.npz")])),
        ("features", lambda: net.main(["--data", path("data1.npz"), path("data2.npz"), "--hidden", "128",
                                       "--epochs", e(10), "--lr", "0.001", "--init", START, "--inputs", "207",
                                       "--resume", "--out", path("features.npz")])),
        ("candidates", lambda: train_on(ZERO_PLY, "features", "candidates", 207)),
        ("contact", lambda: train_on(ZERO_PLY, "candidates", "contact", 213)),
        ("oneply", lambda: train_on(ONE_PLY, "contact", "oneply", 213)),
        ("piploss", lambda: train_on(ONE_PLY, "oneply", "piploss", BEFORE_SHAPE)),
        ("blend", lambda: train_on(ONE_PLY, "piploss", "blend", BEFORE_SHAPE, blend=ZERO_PLY)),
        ("distil", lambda: train_on(ZERO_PLY, "blend", "distil", epochs=30, lr="0.001")),
        ("quantise", lambda: finish([path(d + ".npz") for d in ZERO_PLY], "distil", "quantise")),
        ("contact-data", data_sets(contact_files, "--contact")),
        ("contact-more", lambda: train_files(contact_sets, "quantise", "contact-more", 10, "0.001")),
        ("contact-quantise", lambda: finish(contact_sets, "contact-more", "contact-quantise")),
        ("cube-data", cube_data),
        ("cube-more", lambda: train_files(cube_sets, "contact-quantise", "cube-more", EPOCHS_CUBE, LR_CUBE)),
        ("cube-quantise", lambda: finish(cube_finish, "cube-more", "cube-quantise")),
    ] + [("race%d" % k, race_data(k)) for k in range(1, 5)] + [
        ("race-more", data_sets(race_files, "--race")),
        ("race", lambda: net.main(["--data"] + race_sets
                                  + ["--hidden", "128", "--inputs", "202", "--epochs", e(16), "--lr", "0.002",
                                     "--resume", "--out", path("race.npz")])),
        ("late-data", data_sets(late_files, "--late-contact")),
        ("late", lambda: train_files(late_sets, "quantise", "late", 30, "0.001")),
        ("late-quantise", lambda: finish(late_sets, "late", "late-quantise")),
        ("install", install),
        ("weights", lambda: gen_weights.main(["--net", final, "--race-net", race_final, "--late-net", late_final,
                                              "--out", out])),
    ]


def run(work, start=None, games=None, epochs=None, say=print):
    """Runs the stages not yet done (all from `start` on); returns the
    names of the stages it ran."""
    plan = stages(work, games, epochs)
    names = [n for n, _ in plan]
    if start is not None and start not in names:
        raise ValueError("no stage %r; the stages are %s" % (start, ", ".join(names)))
    os.makedirs(work, exist_ok=True)
    ran = []
    for i, (name, stage) in enumerate(plan):
        marker = os.path.join(work, name + ".done")
        again = start is not None and i >= names.index(start)
        if again:
            # a rerun starts the stage afresh: no marker, no training state
            for stale in (marker, os.path.join(work, name + ".npz.state.npz")):
                if os.path.exists(stale):
                    os.remove(stale)
        if os.path.exists(marker) or (start is not None and not again):
            say("%-16s done" % name)
            continue
        say("%-16s running" % name)
        stage()
        with open(marker, "w") as f:
            f.write("done\n")
        ran.append(name)
    return ran


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", default="build/train", help="folder for the data and the checkpoints")
    ap.add_argument("--from", dest="start", help="rerun this stage and every later one")
    ap.add_argument("--list", action="store_true", help="list the stages and whether each is done")
    args = ap.parse_args(argv)
    if args.list:
        for name, _ in stages(args.work):
            done = os.path.exists(os.path.join(args.work, name + ".done"))
            print("%-16s %s" % (name, "done" if done else "to do"))
        return 0
    run(args.work, args.start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
