"""The .mat writer against GNU Backgammon's own export: a 5-point match that
gnubg 1.07 played against itself (`export match mat`), read into a
MatchRecord and written out again, must come back line for line."""
import re

from firmware.engine import matfile
from firmware.engine.matchrecord import BORNE_OFF, DROPPED, RESIGNED, MatchRecord

# gnubg's export, less its date comment line, trailing spaces stripped
GNUBG_EXPORT = """\
 5 point match

 Game 1
 gnubg : 0                      root : 0
  1)                             21: 13/11 24/23
  2) 52: 13/8 24/22              63: 8/5 11/5
  3) 53: 8/3 6/3                 62: 13/7 7/5
  4) 42: 8/4 6/4                 41: 13/9 9/8
  5) 31: 22/21 24/21             21: 5/3 6/5
  6) 43: 13/10 10/6              65: 23/18 24/18
  7) 52: 6/1 3/1                 33: 18/15 18/15 13/10 13/10
  8) 51: 6/5 8/3                 52: 3/1 6/1
  9) 65: 13/7 7/2                32: 5/3 6/3
 10) 63: 5/2 8/2                 62: 8/2 3/1
 11) 51: 2/1 21/16               42: 8/4* 4/2
 12) 66:                         22: 15/13 13/11 11/9* 3/1
 13) 54: 25/21                    Doubles => 2
 14)  Drops                       Wins 1 point

 Game 2
 gnubg : 0                      root : 1
  1)                             31: 8/5 6/5
  2) 43: 13/9 24/21              53: 24/21 21/16*
  3) 52: 25/23 13/8               Doubles => 2
  4)  Takes                      31: 16/13 6/5
  5) 32: 23/21 24/21             43: 13/10 10/6
  6) 63: 13/10 21/15             33: 24/21 21/18 18/15* 13/10*
  7) 32: 25/22 25/23             63: 13/7 10/7
  8) 65: 22/16 16/11             22: 15/13 13/11 11/9 9/7
  9) 41: 8/4 6/5                 21: 13/11 6/5
 10) 43: 8/5 8/4                 32: 11/8 8/6
 11) 42: 11/7 6/4                63: 5/2* 8/2
 12) 33: 25/22 13/10 13/10 10/7  53: 8/3* 6/3
 13) 63:                         65: 7/1 6/1
 14) 32:                         52: 13/8 8/6
 15) 43: 25/21 8/5               43: 13/10 10/6
 16) 44: 21/17 17/13 7/3 7/3     42: 7/3 7/5
 17) 33: 13/10 10/7 10/7 5/2     51: 1/0 5/0
 18) 31: 7/6 4/1                 55: 6/1 5/0 5/0 5/0
 19) 54: 21/17 17/12             55: 6/1 6/1 6/1 3/0
 20) 63: 12/6 21/18              65: 3/0 3/0
 21) 11: 18/17 17/16 16/15 7/6   42: 2/0 2/0
 22) 44: 15/11 11/7 7/3 6/2      62: 1/0 1/0
                                  Wins 2 points

 Game 3
 gnubg : 0                      root : 3
  1) 61: 13/7 8/7                63: 24/21 21/15
  2) 64: 13/7 24/20              43: 8/5* 15/11
  3) 66:                         41: 6/5 24/20
  4) 21: 25/23 6/5*              31: 25/22 6/5
  5) 55: 8/3* 8/3 7/2 7/2        33:
  6)  Doubles => 2                Drops
      Wins 1 point

 Game 4
 gnubg : 1                      root : 3
  1)                             51: 13/8 24/23
  2) 43: 13/10 24/20             32: 23/21 24/21
  3) 52: 13/11 10/5              61: 21/20* 20/14*
  4) 32: 25/22 25/23             43: 13/10 14/10
  5) 65: 23/18 24/18             53: 21/16 16/13
  6) 41: 13/9 6/5                53: 6/3* 8/3
  7) 53: 25/20 6/3               62: 10/4 10/8
  8) 65: 9/4 13/7                52: 13/8 3/1
  9) 62: 13/7 6/4                31: 3/2 6/3
 10) 63: 20/14 8/5               22: 8/6 8/6 6/4 3/1
 11) 32: 14/11 11/9              53: 13/8 6/3
 12) 65: 8/3 8/2                 51: 3/2 8/3
 13) 44: 20/16 9/5 7/3 5/1       31: 6/5 8/5
 14) 33: 16/13 13/10 7/4 4/1     53: 8/3 8/5
 15) 63: 10/7 7/1                54: 5/1 6/1
 16) 51: 6/1 3/2                 55: 13/8 13/8 8/3 8/3
 17) 54: 18/13 13/9               Doubles => 2
 18)  Drops                       Wins 1 point

 Game 5
 gnubg : 1                      root : 4
  1)                             21: 24/22 22/21
  2) 33: 24/21 24/21 13/10 13/10 63: 21/18 24/18
  3) 21: 6/5 6/4                 54: 6/2 13/8
  4) 43: 8/4 8/5                 54: 8/3 6/2
  5) 62: 10/4 10/8               51: 2/1 13/8
  6) 42: 8/6 13/9                43: 8/5 5/1
  7) 51: 4/3 8/3                 42: 8/6 6/2
  8) 43: 9/5 5/2                 21: 6/5 5/3
  9) 55: 21/16 21/16 13/8 13/8   63: 13/7 8/5
 10) 21: 6/5 6/4                 44: 18/14 18/14 14/10 14/10
 11) 54: 8/3 5/1                 63: 10/4 10/7
 12) 22: 16/14 16/14 8/6 6/4     42: 7/5 8/4
 13) 66: 14/8 14/8 8/2 8/2       64: 13/7 13/9
 14) 42: 2/0 4/0                 63: 7/4 9/3
 15) 65: 5/0 6/0                 64: 7/3 6/0
 16) 21: 2/0 1/0                 43: 4/0 3/0
 17) 65: 5/0 6/0                 43: 4/0 3/0
 18) 51: 3/2 4/0                 31: 1/0 3/0
 19) 32: 2/0 3/0                 54: 5/0 4/0
 20) 51: 2/1 4/0                 41: 1/0 6/2
 21) 63: 3/0 4/0
      Wins 1 point

 Game 6
 gnubg : 2                      root : 4
  1)                             41: 24/20 24/23
  2)  Doubles => 2                Takes
  3) 61: 6/5* 13/7               41: 25/24 24/20*
  4) 42: 25/21 7/5*              51: 25/20* 23/22
  5) 43: 25/21 8/5*              21: 25/24 22/20*
  6) 21: 25/23 6/5*              42: 25/23 24/20*
  7) 61: 25/24 13/7              66: 20/14 14/8 13/7 13/7
  8) 42: 7/5 24/20               11: 23/22 8/7 6/5* 6/5
  9) 53: 25/22 13/8              62: 22/16 13/11
 10) 31: 13/10 23/22             55: 16/11 13/8 13/8 11/6
 11) 63: 13/7 7/4                42: 11/7 7/5
 12) 66: 21/15 21/15 15/9 15/9   61: 5/4 8/2
 13) 32: 6/4 24/21*              42: 25/23 6/2
 14) 31: 8/7 24/21               65: 23/18* 18/12
 15) 21: 25/24 9/7               52: 12/7 7/5
 16) 51: 8/7 10/5                32: 8/5 8/6
 17) 53: 9/6 8/3                 42: 7/5 6/2
 18) 42: 7/3 7/5                 44: 6/2 5/1* 5/1 5/1
 19) 42: 25/21 5/3               55: 7/2 7/2 6/1 6/1
 20) 41: 3/2 6/2                 52: 8/6 6/1
 21) 33: 21/18 18/15 15/12 12/9  63: 8/5 5/0
 22) 62: 9/7 7/1                 62: 5/0 2/0
 23) 53: 21/16 16/13             51: 1/0 5/0
                                  Wins 6 points

"""


def read_mat(text):
    """A MatchRecord from a .mat file in gnubg's column layout."""
    rec = MatchRecord(limit=1 << 20)
    lines = text.splitlines()
    length = None
    i = 0
    while i < len(lines):
        found = re.match(r"\s*(\d+) point match", lines[i])
        if found:
            length = int(found.group(1))
        found = re.match(r"\s*Game \d+", lines[i])
        if found:
            score = [int(s) for s in re.findall(r":\s*(\d+)", lines[i + 1])]
            i += 2
            actions = []
            while i < len(lines) and lines[i].strip():
                for column, text in ((0, lines[i][5:33]), (1, lines[i][33:])):
                    if text.strip():
                        actions.append((column, text.strip()))
                i += 1
            rec.start_game(actions[0][0], score[0], score[1])
            last = None
            for column, text in actions:
                if text.startswith("Wins"):
                    how = {"drop": DROPPED, "move": BORNE_OFF}.get(last, RESIGNED)
                    rec.end(column, int(text.split()[1]), how)
                elif text.startswith("Doubles"):
                    rec.double()
                elif text == "Takes":
                    rec.take()
                elif text == "Drops":
                    rec.drop()
                    last = "drop"
                    continue
                else:
                    dice, _, steps = text.partition(":")
                    rec.move(int(dice[0]), int(dice[1]),
                             [tuple(int(p) for p in s.rstrip("*").split("/")) for s in steps.split()])
                    last = "move"
                    continue
                last = None
        i += 1
    return length, rec


def test_gnubgs_own_export_comes_back_line_for_line():
    length, rec = read_mat(GNUBG_EXPORT)
    assert length == 5 and rec.games() == 6
    out = matfile.record_lines(rec, length, ("gnubg", "root"))
    assert [line.rstrip() for line in out] == GNUBG_EXPORT.splitlines()


def test_the_record_is_a_few_bytes_a_turn():
    length, rec = read_mat(GNUBG_EXPORT)
    turns = len(re.findall(r"\d\d:", GNUBG_EXPORT))
    # a code byte and a byte per checker step: 667 bytes for 190 turns
    assert len(rec.data) < 4 * turns
