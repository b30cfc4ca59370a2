"""Match.to_bytes and restore.match: everything needed to resume, and nothing
corrupt accepted."""
from firmware.engine import game, restore
from firmware.engine.dice import Dice, ManualDice, SeededSource


def advance(m, until):
    """Play the first legal play each turn, taking every double offered by
    `until` and stopping as soon as until(m) is true."""
    for _ in range(3000):
        if until(m):
            return m
        g = m.game
        if g.state in (game.OPENING, game.ROLL):
            m.roll(0)
        elif g.state == game.MOVE:
            m.play(g.plays[len(g.plays) // 2][0], 0)
        elif g.state == game.DOUBLED:
            m.take(0)
        elif g.state == game.RESIGNING:
            m.reject(0)
        else:
            m.next_game()
    assert False, "state never reached"


def states():
    """A match in each state the app can save."""
    out = []
    m = game.Match(Dice(SeededSource(3)), length=7, clock=True)
    out.append(restore.match(m.to_bytes(), m.dice))       # OPENING
    advance(m, lambda m: m.game.state == game.MOVE)
    out.append(restore.match(m.to_bytes(), m.dice))       # MOVE
    m.play(m.game.plays[0][0], 0)
    out.append(restore.match(m.to_bytes(), m.dice))       # ROLL
    m.double(0)
    out.append(restore.match(m.to_bytes(), m.dice))       # DOUBLED
    m.take(0)
    m.roll(0)
    m.resign(2, 0)
    out.append(restore.match(m.to_bytes(), m.dice))       # RESIGNING, rolled
    m.accept(0)
    out.append(restore.match(m.to_bytes(), m.dice))       # OVER
    m = game.Match(Dice(SeededSource(9)), length=0, jacoby=True)
    advance(m, lambda m: m.games == 2 and m.game.state == game.ROLL and m.game.turn == 1)
    out.append(m)
    return out


def test_round_trip_in_every_state():
    for m in states():
        data = m.to_bytes()
        back = restore.match(data, m.dice)
        assert back.to_bytes() == data
        g, h = m.game, back.game
        assert (h.board, h.turn, h.state, h.dice, h.cube, h.cube_owner, h.crawford) == \
            (g.board, g.turn, g.state, g.dice, g.cube, g.cube_owner, g.crawford)
        assert back.score == m.score and back.match_id() == m.match_id()
        assert back.record.data == m.record.data
        if g.plays is None:
            assert h.plays is None
        else:
            assert len(h.plays) == len(g.plays) and h.plays[0] == g.plays[0]


def test_a_restored_match_plays_on_exactly_like_the_original():
    m = game.Match(Dice(SeededSource(11)), length=5, clock=True)
    advance(m, lambda m: m.games == 1 and m.game.state == game.ROLL)
    back = restore.match(m.to_bytes(), Dice(SeededSource(0)))
    back.dice.source.state = m.dice.source.state
    for x in (m, back):
        advance(x, lambda x: x.games == 3)
    assert back.to_bytes() == m.to_bytes()


def test_every_truncation_is_refused():
    data = states()[3].to_bytes()
    for n in range(len(data)):
        try:
            restore.match(data[:n], ManualDice())
        except ValueError:
            continue
        assert False, "accepted %d of %d bytes" % (n, len(data))


def corrupt(data, offset, value):
    b = bytearray(data)
    b[offset] = value
    return bytes(b)


def test_inconsistent_states_are_refused():
    m = states()[2]                 # ROLL, cube centred, no dice
    data = m.to_bytes()
    head = 54
    cases = (
        (0, 9),                     # unknown format
        (11, 9),                    # state 9
        (12, 2),                    # turn 2
        (13, 3),                    # a die rolled while the player may still double
        (15, 2),                    # cube 4 while centred
        (16, 5),                    # cube owner 5
        (head + 5, 16),             # 16 more checkers on our 6 point
    )
    for offset, value in cases:
        try:
            restore.match(corrupt(data, offset, value), ManualDice())
        except ValueError:
            continue
        assert False, "accepted byte %d = %d" % (offset, value)


def test_random_damage_raises_only_value_error():
    data = states()[4].to_bytes()
    for offset in range(len(data)):
        for flip in (1, 0x80):
            try:
                restore.match(corrupt(data, offset, data[offset] ^ flip), ManualDice())
            except ValueError:
                pass
