"""Reading the app's saved payload back at start-up (App.snapshot writes
it): the settings, all time's dice counts and the match in play. Only a
start-up that finds a save needs it, so the app loads it for the call and
lets it go (firmware.forget).
"""
from firmware.engine import game
from firmware.handheld.app import (DICE_BYTES, DICE_NAMES, LENGTHS, MODE_NAMES, OLD_SETTINGS,
                                   SETTINGS, TUTOR_NAMES, VERSION)


def parse(app, data):
    """(mode, level, length, clock, mute, bright, knockout round, dice by
    hand, tutor, match or None) from the payload; the dice counts go to
    app.tally. ValueError if the payload does not hold together."""
    version = data[0] if data else -1
    if version not in (1, 2, VERSION):
        raise ValueError("save version %d" % version)
    start = SETTINGS if version == VERSION else OLD_SETTINGS
    if len(data) < start:
        raise ValueError("settings cut short: %d bytes" % len(data))
    mode, level, length, clock, mute, bright, ko = data[1:OLD_SETTINGS]
    hand = tutor = 0        # an older payload: dice AUTO, tutor OFF
    if version == VERSION:
        hand, tutor = data[OLD_SETTINGS:SETTINGS]
    if mode >= len(MODE_NAMES) or length >= len(LENGTHS) or not 1 <= bright <= 16 \
            or hand >= len(DICE_NAMES) or tutor >= len(TUTOR_NAMES):
        raise ValueError("settings %r" % (bytes(data[1:start]),))
    if version > 1:
        if len(data) < start + DICE_BYTES:
            raise ValueError("dice counts cut short: %d bytes" % len(data))
        if app.tally is not None:
            app.tally.load(bytes(data[start:start + DICE_BYTES]))
        start += DICE_BYTES
    match = None
    if len(data) > start:
        match = game.Match.from_bytes(bytes(data[start:]), app.match_dice(mode, hand))
    return (mode, min(level, len(app.levels) - 1), length, clock, mute, bright, ko,
            hand, tutor, match)
