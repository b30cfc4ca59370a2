"""The training recipe runs end to end in one command and resumes."""
import os

import pytest

import tools  # noqa: F401
from tools.train import recipe

pytest.importorskip("gnubg_nn")


def test_recipe_runs_every_stage_then_resumes(tmp_path):
    work = str(tmp_path)
    names = [n for n, _ in recipe.stages(work)]
    said = []
    # a scaled-down recipe: 10 games for each 10,000, one epoch a stage
    assert recipe.run(work, games=10, epochs=1, say=said.append) == names
    space = {}
    with open(os.path.join(work, "weights.py")) as f:
        exec(compile(f.read(), "weights.py", "exec"), space)
    assert space["HIDDEN"] == 128 and len(space["W1"]) == 202 * 128 and len(space["W1F"]) == 13 * 128
    # everything done: nothing runs again; --from reruns that stage on
    assert recipe.run(work, games=10, epochs=1, say=said.append) == []
    assert recipe.run(work, start="candidates", games=10, epochs=1, say=said.append) == [
        "candidates", "contact", "oneply", "piploss", "install", "weights"]
    with pytest.raises(ValueError):
        recipe.run(work, start="nonsense", games=10, epochs=1)


def test_the_recipe_starts_from_a_committed_checkpoint():
    assert os.path.exists(recipe.START) and os.path.exists(recipe.CHECKPOINT)
