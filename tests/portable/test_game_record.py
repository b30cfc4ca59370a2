"""The match record: compact entries, trimming, checks and the .mat text."""

from firmware.engine import game, matfile
from firmware.engine.dice import Dice, ManualDice, SeededSource
from firmware.engine.matchrecord import DROPPED, RESIGNED, MatchRecord
from firmware.engine.restore import check_record


def lines(rec, length=3):
    text = "".join(line + "\n" for line in matfile.record_lines(rec, length, ("Ann", "Bob")))
    return [line.rstrip() for line in text.split("\n")]


def test_a_short_game_in_gnubgs_layout():
    rec = MatchRecord()
    rec.start_game(1, 0, 0)
    rec.move(3, 1, ((8, 5), (6, 5)))
    rec.move(6, 4, ((24, 18), (13, 9)))
    rec.double()
    rec.drop()
    rec.end(1, 1, DROPPED)
    assert len(rec.data) == 5 + 3 + 3 + 1 + 1 + 2
    assert lines(rec) == [
        " 3 point match",
        "",
        " Game 1",
        " Ann : 0                        Bob : 0",
        "  1)                             31: 8/5 6/5",
        "  2) 64: 24/18 13/9               Doubles => 2",
        "  3)  Drops                       Wins 1 point",
        "",
        "",
    ]


def test_a_roll_not_played_before_resigning_keeps_its_dice():
    m = game.Match(ManualDice((6, 1, 4, 4)), length=1)
    m.roll(0)
    m.play(m.game.plays[0][0], 0)      # 13/7 8/7 from the first play found
    m.roll(0)
    m.resign(3, 0)
    m.accept(0)
    text = lines(m.record, 1)
    assert text[4].startswith("  1) 61: ") and text[4].endswith(" 44:")
    assert text[5] == "      Wins 3 points"


def test_a_finished_session_is_trimmed_from_the_oldest_game():
    m = game.Match(Dice(SeededSource(4)), length=0, record_limit=300)
    while m.games < 6:
        g = m.game
        if g.state == game.OVER:
            m.next_game()
        elif g.state in (game.OPENING, game.ROLL):
            m.roll(0)
        else:
            m.play(g.plays[0][0], 0)
    kept = m.record.games()
    assert 1 <= kept < 6
    assert len(m.record.data) <= 300 + 200
    text = lines(m.record, 0)
    assert text[2] == " Game 1"
    # the first game kept starts from the score it really had
    scores = [int(w) for w in text[3].split() if w.isdigit()]
    assert len(scores) == 2 and sum(scores) > 0


def test_malformed_records_are_refused():
    good = MatchRecord()
    good.start_game(0, 0, 0)
    good.move(2, 1, ((13, 11), (6, 5)))
    good.end(0, 1, RESIGNED)
    check_record(good.data)
    for bad in (
        bytes((100,)),                      # a move outside any game
        bytes(good.data[:-1]),              # cut short
        bytes(good.data) + bytes((201,)),   # a take after the end
        bytes((0xF0, 0, 0, 0, 0, 36, 0)),   # a step from point 0
        bytes((0xF0, 0, 0, 0, 0, 230)),     # no such code
        bytes((0xF0, 0, 0, 0, 0, 210, 0)),  # a game won for no points
    ):
        try:
            check_record(bad)
        except ValueError:
            continue
        assert False, "accepted %r" % (bad,)


def test_bad_entries_are_refused_when_written():
    rec = MatchRecord()
    for call, args in ((rec.start_game, (2, 0, 0)), (rec.move, (7, 1, ())),
                       (rec.move, (6, 1, ((13, 5),))), (rec.end, (0, 0, 0))):
        try:
            call(*args)
        except ValueError:
            continue
        assert False, "accepted %r" % (args,)
