"""End to end through the simulated buttons and LEDs: what a newcomer is told
at each step (docs/app.md): NO MOVE, the questions before a double, a
resignation or quitting, the prompt on a finished play, HINT before rolling."""
from firmware.handheld import sounds
from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import Player, hitter, is_text, runner, staller


class Done(Exception):
    """Raised from a hook once the test has seen what it came for."""


def new_player(tmp_path, seed):
    return Player(Sim(FolderFlash(str(tmp_path / "flash")), seed=seed))


def lines(p):
    """The two lines of the text screen now shown (no scrolling read)."""
    assert is_text(p.grid()), p.sim.text()
    return p.screen()


def to_menu_item(p, label):
    p.press("MENU")
    p.choose(label)


def test_a_pass_says_no_move_with_the_dice_until_a(tmp_path):
    p = new_player(tmp_path, seed=1)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: staller, 1: hitter})
    passes = [screen for screen in p.log if screen[0] == "NO MOVE"]
    assert passes, p.log
    for top, bottom in passes:
        name, dice, press, a = bottom.split()     # a human's pass says which key goes on
        assert (press, a) == ("PRESS", "A")
        a, b = dice.split("-")
        assert name in ("RED", "GREEN") and 1 <= int(a) <= 6 and 1 <= int(b) <= 6


def test_no_move_waits_for_the_player(tmp_path):
    p = new_player(tmp_path, seed=1)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: staller, 1: hitter}, stop=("NO MOVE",))
    assert top == "NO MOVE"
    assert p.heard(p.notes_count() - 12, sounds.NO_MOVE)     # among the last few notes
    p.sim.run_ms(20000)
    assert reader.line_text(p.grid(), 1) == "NO MOVE"
    before = p.notes_count()
    p.press("A")
    p.sim.run_ms(300)
    assert not is_text(p.grid()) and p.heard(before, sounds.CLICK)


def test_cube_asks_a_yes_b_no(tmp_path):
    p = new_player(tmp_path, seed=3)
    p.start("2 PLAYER")
    seen = []

    def cube(player, grid, mover):
        if seen:
            return
        player.press("CUBE")
        seen.append(lines(player))
        player.press("B")           # cancelled: the board, the cube still centred
        grid = player.grid()
        seen.append(is_text(grid))
        seen.append(reader.read_cube(grid))
        raise Done
    try:
        p.play_game({0: runner, 1: runner}, before_roll=cube)
    except Done:
        pass
    assert seen == [("DOUBLE TO 2?", "A YES B NO"), False, ("1", -1)]


def test_resign_asks_before_it_counts_and_starts_from_single(tmp_path):
    p = new_player(tmp_path, seed=3)
    p.start("2 PLAYER")
    seen = []

    def resign(player, grid, mover):
        if seen:
            return
        to_menu_item(player, "RESIGN")
        player.press("RIGHT")
        player.press("RIGHT")       # a backgammon
        player.press("A")
        seen.append(lines(player))
        player.press("B")           # not now: back in the menu, nothing counted
        seen.append(reader.line_text(player.grid(), 1))
        player.press("MENU")        # back to the board
        to_menu_item(player, "RESIGN")
        seen.append(reader.line_text(player.grid(), 9))     # the kind starts from single again
        player.press("A")
        player.press("A")           # yes: the other player is asked
        seen.append(lines(player))
        player.press("A")           # accepted
        seen.append(player.screen())
        raise Done
    try:
        p.play_game({0: runner, 1: runner}, before_roll=resign)
    except Done:
        pass
    assert seen[0] == ("RESIGN BACKGAMMON?", "LOSE 3 A YES B NO")
    assert seen[1] == "RESIGN"
    assert "SINGLE" in seen[2]
    assert seen[3] == ("ACCEPT SINGLE?", "A YES B NO")
    assert seen[4][1].startswith("RESIGN SINGLE +1 MONEY")


def test_hint_before_rolling_says_roll_first(tmp_path):
    p = new_player(tmp_path, seed=3)
    p.start("2 PLAYER")
    seen = []

    def hint(player, grid, mover):
        if seen:
            return
        to_menu_item(player, "HINT")
        player.press("A")
        seen.append(lines(player))
        player.sim.run_ms(2000)
        seen.append(is_text(player.grid()))
        raise Done
    try:
        p.play_game({0: runner, 1: runner}, before_roll=hint)
    except Done:
        pass
    assert seen == [("ROLL", "FIRST"), False]


def test_a_finished_play_prompts_a_ok_b_undo(tmp_path):
    p = new_player(tmp_path, seed=3)
    p.start("2 PLAYER")
    p.wait_until(lambda g: is_text(g) and reader.line_text(g, 1) == "OPENING", what="OPENING")
    p.press("A")
    grid = p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g), what="the dice")
    mover, (d1, d2), used = reader.read_dice(grid)
    p.sim.run_ms(1000)                      # the cursor comes with the roll's plays
    from firmware.engine import movegen
    from firmware.engine.position import START
    result, move = runner(START, movegen.plays(START, d1, d2))
    p.play_move(mover, move, confirm=False)
    p.sim.run_ms(500)
    assert not is_text(p.grid())            # the board first
    p.sim.run_ms(2000)
    assert lines(p) == ("A OK", "B UNDO")
    p.press("B")                            # undoes the last checker
    assert reader.marks(p.grid()) == 1


def _looks(p, n=4):
    """n looks 250 ms apart."""
    out = []
    for _ in range(n):
        out.append(bytes(p.grid()))
        p.sim.run_ms(250)
    return out


def _ring_lit(grid):
    return reader.read_die(grid, 9)[0] == 0 or reader.read_die(grid, 4)[0] == 0


def _one_move_apart(before, after, mover):
    """Whether some roll takes `before` to `after` for mover (Boards, red numbering)."""
    from firmware.engine import movegen
    start = before.mover_view(mover)
    goal = after.mover_view(mover)
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            plays = movegen.plays(start, d1, d2)
            for i in range(len(plays)):
                if plays.result(i) == goal:
                    return True
    return False


def test_the_computers_move_stays_marked_and_b_replays_it(tmp_path):
    p = new_player(tmp_path, seed=2)
    p.start("VS CPU", level="KID")
    seen = {}

    def look(player, grid, mover):
        if seen:
            return
        looks = _looks(player)
        lit = [g for g in looks if _ring_lit(g)]
        dark = [g for g in looks if not _ring_lit(g)]
        after = reader.read_board(lit[0])
        before = reader.read_board(dark[0])
        if after == before:
            return              # the opening: nothing was moved before this roll
        seen["after"], seen["before"] = after, before
        # B: the move again, from the position before it, with its dice in green
        player.press("B")
        replay = player.grid()
        seen["replay dice"] = reader.read_dice(replay)
        seen["replay start"] = reader.read_board(replay)
        player.sim.run_ms(6000)
        lit = [g for g in _looks(player) if _ring_lit(g)]
        seen["back"] = reader.read_board(lit[0])
        raise Done
    try:
        p.play_game({0: runner}, humans=(0,), before_roll=look)
    except Done:
        pass
    after, before = seen["after"], seen["before"]
    assert after.totals() == before.totals() == (15, 15)
    assert _one_move_apart(before, after, 1)        # green's (the computer's) move
    assert seen["replay dice"][0] == 1              # in green's half and colour
    assert seen["replay start"] == before
    assert seen["back"] == after
