"""The melodies: bytes of (MIDI note, length in 10 ms units) pairs, 0 = rest.

Kept short, so that a sound never outlasts the action it marks; the buzzer
plays them without blocking (docs/architecture.md).
"""

# A dry rattle: two quick high clicks.
DICE = bytes((96, 3, 0, 2, 93, 3, 0, 2, 98, 3))
# A checker put down.
MOVE = bytes((84, 4))
# A checker hit: a lower knock after the move's click.
HIT = bytes((84, 3, 0, 2, 72, 8))
# A press that does nothing here: low and blunt.
ILLEGAL = bytes((45, 12))
# A double offered: a rising call for attention.
DOUBLE = bytes((76, 8, 0, 3, 81, 8, 0, 3, 88, 14))
# A game won: a major arpeggio.
GAME_WON = bytes((72, 10, 76, 10, 79, 10, 84, 24))
# A game lost: a falling minor line.
GAME_LOST = bytes((72, 12, 70, 12, 67, 12, 63, 30))
# A match won: a longer fanfare.
MATCH_WON = bytes((67, 10, 72, 10, 76, 10, 79, 16, 0, 6, 76, 10, 79, 10, 84, 40))
# Low battery: two short beeps, kept brief because it repeats.
LOW_BATTERY = bytes((88, 6, 0, 6, 88, 6))
# No legal move: a falling pair, the turn passes.
NO_MOVE = bytes((64, 10, 0, 4, 57, 18))
# A menu step, quieter in character than a move.
CLICK = bytes((100, 2))

ALL = (DICE, MOVE, HIT, ILLEGAL, DOUBLE, GAME_WON, GAME_LOST, MATCH_WON, LOW_BATTERY, CLICK, NO_MOVE)


def duration_ms(melody):
    """How long a melody plays, in ms."""
    total = 0
    for i in range(1, len(melody), 2):
        total += melody[i]
    return total * 10
