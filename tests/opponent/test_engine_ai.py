import tools  # noqa: F401
from firmware.engine import movegen, posid
from firmware.engine.position import START
from tools import engine, engine_ai

START_ID = "4HPwATDgc/ABMA"


def test_best_answers_a_legal_result_and_its_move():
    line = engine.answer("best %s 3 1" % START_ID)
    result_id, move = line.split(" ", 1)
    plays = movegen.plays(START, 3, 1)
    assert result_id in [posid.position_id(plays.result(i)) for i in range(len(plays))]
    assert move == "8/5 6/5"


def test_best_takes_a_level():
    assert engine.answer("best %s 6 6 1" % START_ID) != engine.answer("best %s 6 6 5" % START_ID)


def test_eval_answers_five_probabilities_and_the_equity():
    words = engine.answer("eval %s" % START_ID).split()
    assert words[0::2] == ["win", "wingammon", "winbg", "losegammon", "losebg", "equity"]
    values = [float(v) for v in words[1::2]]
    assert 0.4 < values[0] < 0.6
    assert abs(values[5] - (2 * values[0] - 1 + values[1] - values[3] + values[2] - values[4])) < 0.001


def test_bad_input_says_what_is_wrong():
    for line, words in (("best %s 3" % START_ID, "usage"), ("best %s 0 1" % START_ID, "die"),
                        ("best %s 3 1 6" % START_ID, "level"), ("best nonsense 3 1", "Position ID"),
                        ("eval", "usage")):
        answer = engine.answer(line)
        assert answer.startswith("error:") and words in answer, answer
    try:
        engine_ai.COMMANDS["best"](["x"])
    except ValueError:
        pass
    else:
        assert False
