"""Match IDs against IDs that GNU Backgammon 1.07 printed in real play."""
from firmware.engine import matchid

# (ID from gnubg, fields in matchid.FIELDS order, cube as its value).
# The last field is the Jacoby rule: gnubg's money sessions have it on.
REFERENCE = (
    # 7-point match, player 0 won the opening 5-2
    ("MIHqAAAAAAAE", (1, 3, 0, 0, 1, 0, 0, 0, 5, 2, 7, 0, 0, 0)),
    # player 0 has moved; player 1 to roll
    ("cAngAAAAAAAE", (1, 3, 1, 0, 1, 1, 0, 0, 0, 0, 7, 0, 0, 0)),
    # player 1 doubles: player 0 must take or drop
    ("cBHgAAAAAAAE", (1, 3, 1, 0, 1, 0, 1, 0, 0, 0, 7, 0, 0, 0)),
    # player 0 takes: the cube is his at 2
    ("QQngAAAAAAAE", (2, 0, 1, 0, 1, 1, 0, 0, 0, 0, 7, 0, 0, 0)),
    # player 1 rolls 6-4
    ("QQnzAAAAAAAE", (2, 0, 1, 0, 1, 1, 0, 0, 6, 4, 7, 0, 0, 0)),
    # player 0 offers to resign a gammon
    ("AUngAAAAAAAE", (2, 0, 0, 0, 1, 1, 0, 2, 0, 0, 7, 0, 0, 0)),
    # player 0 redoubles to 4
    ("ARngAAAAAAAE", (2, 0, 0, 0, 1, 1, 1, 0, 0, 0, 7, 0, 0, 0)),
    # the drop gave player 0 two points; game 2 opens 6-4
    ("MAHzACAAAAAE", (1, 3, 0, 0, 1, 0, 0, 0, 6, 4, 7, 2, 0, 0)),
    # 5-point match, 4-2, the Crawford game
    ("sAGvAEAAEAAE", (1, 3, 0, 1, 1, 0, 0, 0, 6, 3, 5, 4, 2, 0)),
    # the same with Crawford switched off
    ("MAGvAEAAEAAE", (1, 3, 0, 0, 1, 0, 0, 0, 6, 3, 5, 4, 2, 0)),
    # cube at 8, then at 64 owned by player 1, then 64 centred, then 1-1 rolled
    ("MwGvACAACAAE", (8, 3, 0, 0, 1, 0, 0, 0, 6, 3, 5, 2, 1, 0)),
    ("FgGvACAACAAE", (64, 1, 0, 0, 1, 0, 0, 0, 6, 3, 5, 2, 1, 0)),
    ("NgGvACAACAAE", (64, 3, 0, 0, 1, 0, 0, 0, 6, 3, 5, 2, 1, 0)),
    ("NoGkADAAGAAE", (64, 3, 0, 0, 1, 0, 0, 0, 1, 1, 5, 3, 3, 0)),
    # 3-point match at 2-2: player 0 offers a backgammon, player 1 accepts
    ("MOllACAAEAAE", (1, 3, 0, 0, 1, 1, 0, 3, 3, 1, 3, 2, 2, 0)),
    ("MOtlACAAKAAE", (1, 3, 0, 0, 3, 1, 0, 3, 3, 1, 3, 2, 5, 0)),
    # player 1 offers a single game
    ("cCFgACAAEAAE", (1, 3, 1, 0, 1, 0, 0, 1, 0, 0, 3, 2, 2, 0)),
    # money play at 3-5, dice 5-1
    ("MIEGADAAKAAA", (1, 3, 0, 0, 1, 0, 0, 0, 5, 1, 0, 3, 5, 1)),
    # 9-point match over: player 0 won a backgammon, 3-0
    ("cAogATAAAAAE", (1, 3, 1, 0, 2, 1, 0, 0, 0, 0, 9, 3, 0, 0)),
)


def test_encode_matches_gnubg():
    for text, fields in REFERENCE:
        assert matchid.encode(fields) == text, (text, matchid.encode(fields))


def test_decode_matches_gnubg():
    for text, fields in REFERENCE:
        assert matchid.decode(text) == fields, text


def test_decode_rejects_malformed_ids():
    bad = ("", "cAngAAAAAAA", "cAngAAAAAAAEA", "cAngAAAA*AAE",
           "cAngAAAAAAA8",    # bits set past bit 66
           "cAn/AAAAAAAE",    # a die of 7
           "sIEGADAAKAAA")    # a Crawford game in money play
    for text in bad:
        try:
            matchid.decode(text)
        except ValueError:
            pass
        else:
            assert False, "accepted %r" % text


def test_encode_rejects_impossible_fields():
    good = REFERENCE[0][1]
    for i, v in ((0, 3), (0, 1 << 16), (1, 2), (4, 5), (8, 7), (9, 0), (10, 1 << 15)):
        fields = list(good)
        fields[i] = v
        try:
            matchid.encode(tuple(fields))
        except ValueError:
            pass
        else:
            assert False, "accepted %r" % (fields,)
