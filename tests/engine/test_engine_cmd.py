"""The engine command: one answer line per command line, errors included."""
import subprocess
import sys

from tools import engine
from tools.bench.crosscheck_gnubg import gnubg_results
from firmware.engine import posid

START = "4HPwATDgc/ABMA"


def run(lines):
    result = subprocess.run([sys.executable, "-m", "tools.engine"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_moves_lists_every_result_as_gnubg_does():
    ids = engine.answer("moves %s 3 1" % START).split()
    assert len(ids) == 16 == len(set(ids))
    board = posid.from_position_id(START)
    assert set(posid.from_position_id(i) for i in ids) == gnubg_results(board, 3, 1)
    assert "4HPwATCwZ/ABMA" in ids          # 8/5 6/5, as the mover sees it


def test_no_move_answers_the_unchanged_id():
    # our checker on the bar against a closed board
    closed = posid.position_id(bytes([0] * 12 + [14] + [0] * 11 + [1]) + bytes([2] * 6 + [0] * 6 + [3] + [0] * 12))
    assert engine.answer("moves %s 6 5" % closed) == closed


def test_bad_input_answers_an_error_and_the_session_goes_on():
    out = run([
        "moves %s 3 1" % START,
        "moves %s 7 1" % START,
        "moves 4HPwATDgc/AB!A 3 1",
        "moves AAAAAAAAAAAAAA 3 1",
        "moves %s 3" % START,
        "fly away",
        "",
        "moves %s 1 3" % START,
    ])
    assert len(out) == 7
    assert len(out[0].split()) == 16
    for line in out[1:6]:
        assert line.startswith("error: "), line
    assert "1..6" in out[1]
    assert "'!'" in out[2]
    assert "unknown command" in out[5]
    assert sorted(out[6].split()) == sorted(out[0].split())


def test_commands_table_is_open_for_more():
    assert "moves" in engine.COMMANDS
    engine.COMMANDS["echo"] = lambda args: " ".join(args)
    try:
        assert engine.answer("echo a b") == "a b"
    finally:
        del engine.COMMANDS["echo"]


def test_best_takes_the_level_names_the_handheld_shows():
    from firmware.opponent import ai
    for number, name in enumerate(ai.LEVEL_NAMES, 1):
        by_number = engine.answer("best %s 3 1 %d" % (START, number))
        assert engine.answer("best %s 3 1 %s" % (START, name)) == by_number
        assert engine.answer("best %s 3 1 %s" % (START, name.lower())) == by_number
    assert engine.answer("best %s 3 1" % START) == engine.answer("best %s 3 1 MAX" % START)
    for bad in ("0", "6", "GOD", "-1"):
        answer = engine.answer("best %s 3 1 %s" % (START, bad))
        assert answer.startswith("error: a level is 1..5 or one of KID EASY CLUB PRO MAX")
        assert repr(bad) in answer


def test_help_describes_every_command_and_unknown_options_fail():
    result = subprocess.run([sys.executable, "-m", "tools.engine", "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    for word in ("usage: python -m tools.engine", "moves POSID D1 D2", "best POSID D1 D2 [LEVEL]",
                 "KID, EASY, CLUB, PRO, MAX", "eval POSID", "any case", "error: "):
        assert word in result.stdout
    # a player's help, not the module's notes to its developers
    for word in ("ValueError", "COMMANDS", "tools/engine_ai.py", "raises"):
        assert word not in result.stdout, word
    result = subprocess.run([sys.executable, "-m", "tools.engine", "--level"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--help" in result.stderr


def test_command_names_take_any_case():
    assert engine.answer("MOVES %s 3 1" % START) == engine.answer("moves %s 3 1" % START)
    assert engine.answer("Best %s 3 1 club" % START) == engine.answer("best %s 3 1 CLUB" % START)
    assert engine.answer("EVAL %s" % START) == engine.answer("eval %s" % START)


def test_only_the_digits_0_to_9_are_numbers():
    for die in ("\uff13", "\u0663", "\u00b3", "+3", " 3"[1:] + "\u200b"):
        answer = engine.answer("moves %s %s 1" % (START, die))
        assert answer.startswith("error: a die is 1..6"), (die, answer)
    assert engine.answer("best %s 3 1 \uff13" % START).startswith("error: a level is 1..5")


def test_a_finished_game_is_an_error_not_no_move():
    for finished in ("gAAAAAAAAAAAAA", posid.position_id(bytes(25) + bytes([2] * 6 + [0] * 6 + [3] + [0] * 12))):
        for line in ("moves %s 3 1" % finished, "best %s 3 1" % finished, "eval %s" % finished):
            answer = engine.answer(line)
            assert answer.startswith("error: ") and "finished game" in answer, (line, answer)
