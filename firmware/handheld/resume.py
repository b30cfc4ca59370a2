"""Reading the app's saved payload back at start-up (App.snapshot writes
it): the settings, all time's dice counts and the match in play. Only a
start-up that finds a save needs it, so the app loads it for the call and
lets it go (firmware.forget), and it lets the match's reader go the same way.

It reads the app through the App it is given (its menu's choices, its
dice), never by importing app.py, which imports it.
"""
from micropython import const

from firmware import forget

# The layout App.snapshot writes (app.VERSION, app.DICE_BYTES: a test holds
# them equal) and the two before it.
VERSION = const(4)
_SETTINGS = const(11)       # bytes of settings in the payload
_SETTINGS_3 = const(10)     # VERSION 3: without SPEED
_OLD_SETTINGS = const(8)    # VERSION 1 and 2: without DICE and TUTOR
DICE_BYTES = const(32)      # then all time's dice counts (VERSION 2 on): dicestats.BYTES
RECORD_BYTES = const(20)    # then the record of wins and losses by level (VERSION 4)
_NORMAL_SPEED = const(1)    # an older payload's SPEED
_CHOICES = ("PLAY", "POINTS", "DICE", "TUTOR", "SPEED")   # settings checked against the menu


def parse(app, data):
    """(mode, level, length, clock, mute, bright, knockout round, dice by
    hand, tutor, speed, match or None) from the payload; the dice counts go
    to app.tally, the record of wins and losses to app.record. ValueError
    if the payload does not hold together."""
    version = data[0] if data else -1
    if version not in (1, 2, 3, VERSION):
        raise ValueError("save version %d" % version)
    start = _SETTINGS if version == VERSION else _SETTINGS_3 if version == 3 else _OLD_SETTINGS
    if len(data) < start:
        raise ValueError("settings cut short: %d bytes" % len(data))
    mode, level, length, clock, mute, bright, ko = data[1:_OLD_SETTINGS]
    hand = tutor = 0        # an older payload: dice AUTO, tutor OFF
    speed = _NORMAL_SPEED
    if version >= 3:
        hand, tutor = data[_OLD_SETTINGS:_SETTINGS_3]
    if version == VERSION:
        speed = data[_SETTINGS_3]
    if not 1 <= bright <= 16 or not all(
            index < len(app.main.choices(label))
            for label, index in zip(_CHOICES, (mode, length, hand, tutor, speed))):
        raise ValueError("settings %r" % (bytes(data[1:start]),))
    if version > 1:
        if len(data) < start + DICE_BYTES:
            raise ValueError("dice counts cut short: %d bytes" % len(data))
        if app.tally is not None:
            app.tally.load(bytes(data[start:start + DICE_BYTES]))
        start += DICE_BYTES
    if version == VERSION:
        if len(data) < start + RECORD_BYTES:
            raise ValueError("record cut short: %d bytes" % len(data))
        record = app.record
        for i in range(len(record)):
            record[i] = data[start + 2 * i] | data[start + 2 * i + 1] << 8
        start += RECORD_BYTES
    match = None
    if len(data) > start:
        from firmware.engine import restore
        try:
            match = restore.match(bytes(data[start:]), app.match_dice(mode, hand))
        finally:
            forget("firmware.engine.restore")
    return (mode, min(level, len(app.levels) - 1), length, clock, mute, bright, ko,
            hand, tutor, speed, match)
