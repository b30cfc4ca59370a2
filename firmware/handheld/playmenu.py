"""The in-play menu (MENU during a game: hint, replay, pips, score, gnubg's
IDs, clock, battery, sound, brightness, resign, new game, update, dice):
opening it, its presses, its items' texts and drawing it. Functions of the
Play, as in playview.py, whose modes and texts it uses (playview never
imports it). Loaded with the play screen and kept: on the chip an import
takes 25 ms, which the press that opens the menu cannot spare.
"""
from firmware import forget
from firmware.handheld import menu, playview
from firmware.handheld.playview import BOARD, MENU, TEXT_TICK_MS
from firmware.engine.position import pips


def open_menu(play, now):
    """The menu over the board, at its first item; SOUND, BRIGHT and RESIGN
    as they stand."""
    play.mode = MENU
    play.menu.at = 0
    play.menu.since = now
    play.menu.set("SOUND", 0 if play.app.sound_on else 1)
    play.menu.set("BRIGHT", play.app.brightness - 1)
    play.menu.set("RESIGN", 0)      # a dangerous choice starts from the mildest


def press(play, button, now):
    """A button while the menu shows: B back to the board, UP and DOWN
    through the items, LEFT and RIGHT through a setting's choices, A picks."""
    result, melody = play.menu.press(button, now)
    play._beep(melody)
    label = play.menu.label()
    if result == menu.BACK:
        play.mode = BOARD           # a roll being entered comes back with the board
    elif result == menu.CHANGED:
        if label == "SOUND":
            play.app.set_sound(play.menu.value("SOUND") == 0)
            play.app.request_save()
        elif label == "BRIGHT":
            play.app.brightness = play.menu.value("BRIGHT") + 1
            play.app.request_save()
    elif result == menu.PICK:
        if label == "HINT":
            play._start_hint(now)
        elif label == "REPLAY":
            play._start_replay(now)
        elif label == "RESIGN":
            play._resign(now)
        elif label == "NEW GAME":
            play._ask("QUIT MATCH?", "A YES  B NO", play._new_game, 0, now)
        elif label == "UPDATE":
            # asks first; the match resumes from its last save afterwards
            play._ask("UPDATE?", "A YES  B NO", play._update, 0, now)
        elif label == "DICE":
            play.app.show_dice()


def draw(play, frame, now):
    """The menu over the board; returns how often it moves by itself (ms)."""
    play.menu.draw(frame, now, text(play, now))
    return TEXT_TICK_MS


def text(play, now):
    """The bottom line of the in-play menu's item, or None for its own."""
    m = play.match
    g = m.game
    label = play.menu.label()
    if label == "PIPS":
        a, b = pips(g.board)
        red, green = (a, b) if g.turn == 0 else (b, a)
        return "%s %d %s %d" % (play.names[0], red, play.names[1], green)
    if label == "SCORE":
        return playview.score_text(play)
    if label == "IDS":
        return _ids_text(play)
    if label == "CLOCK":
        return _clock_text(play, now)
    if label == "BATTERY":
        state = ("OK", "LOW", "EMPTY")[play.app.battery_state]
        return "%s %d%%" % (state, play.app.battery_percent)
    return None


def _clock_text(play, now):
    m = play.match
    if not m.clock_on:
        return "OFF"
    out = []
    for p in (0, 1):
        left = m.clock.reserve_left(p, now) // 1000
        out.append("%d:%02d" % (left // 60, left % 60))
    return out[0] + " " + out[1]


def _ids_text(play):
    """gnubg's Position and Match IDs of the match as it stands, worked out
    once while they show. Their modules are loaded for that moment only
    (a player seldom asks), so the heap has them back at once."""
    m = play.match
    g = m.game
    key = (g.state, len(m.record.data), m.games, g.dice)
    if play.ids is None or play.ids[0] != key:
        from firmware.engine import posid
        text = "POS %s  MATCH %s" % (posid.position_id(g.board), m.match_id())
        forget("firmware.engine.posid", "firmware.engine.matchid")
        play.ids = (key, text)
    return play.ids[1]
