"""End to end: the real main loop, drivers and app on the simulated machine,
driven only through the simulated buttons, battery and power, and checked
only through the simulated LEDs, buzzer and flash (tools/sim/player.py reads
the LEDs the way a player does)."""
from firmware.handheld import sounds
from tools.sim import reader
from tools.sim.core import Sim
from tools.sim.flash import FolderFlash
from tools.sim.player import Player, game_kind, hitter, parse_over, runner, staller

KINDS = {1: "SINGLE", 2: "GAMMON", 3: "BACKGAMMON"}


def new_sim(tmp_path, seed):
    return Sim(FolderFlash(str(tmp_path / "flash")), seed=seed)


def winner_of(top):
    return 0 if top.split()[0] in ("RED", "YOU") else 1


def check_scoring(top, bottom, known, cube=1):
    """The game-over screen agrees with the board the player last saw."""
    winner = winner_of(top)
    loser = 1 - winner
    loser_counts = known.red if loser == 0 else known.green
    kind = game_kind(loser_counts, loser)
    how, points, score, rest = parse_over(bottom)
    assert how == KINDS[kind], (top, bottom, known)
    assert points == kind * cube
    return winner, points, score


def test_two_player_game_to_the_end_with_correct_scoring(tmp_path):
    sim = new_sim(tmp_path, seed=5)
    p = Player(sim)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: runner, 1: runner})
    winner, points, score = check_scoring(top, bottom, known)
    assert score == ((points, 0) if winner == 0 else (0, points))
    assert p.heard(0, sounds.GAME_WON)
    assert not sim.crashes
    # the match file a player copies off names the winner's points
    mat = open(sim.flash.path("blot.mat")).read()
    assert "Wins %d point" % points in mat


def test_gammon(tmp_path):
    sim = new_sim(tmp_path, seed=3)
    p = Player(sim)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: runner, 1: hitter})
    check_scoring(top, bottom, known)
    assert parse_over(bottom)[:2] == ("GAMMON", 2)


def test_backgammon(tmp_path):
    sim = new_sim(tmp_path, seed=1)
    p = Player(sim)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: hitter, 1: staller})
    check_scoring(top, bottom, known)
    assert parse_over(bottom)[:2] == ("BACKGAMMON", 3)
    assert top == "RED WINS"


def test_game_against_the_computer(tmp_path):
    sim = new_sim(tmp_path, seed=2)
    p = Player(sim)
    p.start("VS CPU", level="KID")
    top, bottom, known = p.play_game({0: runner}, humans=(0,))
    assert top in ("YOU WINS", "CPU WINS")
    check_scoring(top, bottom, known, p.cube)
    # the computer moved: its checkers were shown leaving their start
    assert any(c for c in known.green[1:19]) or known.green[0] or top == "CPU WINS"
    assert not sim.crashes


def test_dropped_double(tmp_path):
    sim = new_sim(tmp_path, seed=3)
    p = Player(sim)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: runner, 1: runner}, double_at=(-1, 1), take=False)
    assert ("DOUBLE TO 2", "A TAKE B DROP") in p.log
    how, points, score, rest = parse_over(bottom)
    assert (how, points) == ("DROP", 1)
    assert rest.startswith("MONEY")


def test_taken_double_moves_the_cube_to_the_taker(tmp_path):
    sim = new_sim(tmp_path, seed=3)
    p = Player(sim)
    p.start("2 PLAYER")
    top, bottom, known = p.play_game({0: runner, 1: runner}, double_at=(-1, 1), take=True)
    assert ("DOUBLE TO 2", "A TAKE B DROP") in p.log
    assert p.cubes[0] == (1, -1)                # centred before the double
    taken = [c for c in p.cubes if c[0] == 2]
    assert taken and len(set(taken)) == 1       # owned by the taker from then on
    winner, points, score = check_scoring(top, bottom, known, cube=2)


def p_is_text(grid):
    from tools.sim.player import is_text
    return is_text(grid)


def test_match_with_the_crawford_game(tmp_path):
    sim = new_sim(tmp_path, seed=3)
    p = Player(sim)
    p.start("2 PLAYER", points="3")
    # game 1: green wins a gammon, 0-2 in a 3-point match: Crawford next
    top, bottom, known = p.play_game({0: runner, 1: hitter})
    how, points, score, rest = parse_over(bottom)
    assert (how, score) == ("GAMMON", (0, 2))
    assert rest == "0-2 OF 3 NEXT CRAWFORD", bottom
    p.press("A")
    # the Crawford game: the cube shows CR and cannot be turned
    seen = []

    def crawford_cube(player, grid, mover):
        if not seen:
            seen.append(reader.read_cube(grid)[0])
            before = player.notes_count()
            player.press("CUBE")
            seen.append(player.heard(before, sounds.ILLEGAL))
            seen.append(player.heard(before, sounds.DOUBLE))
    top, bottom, known = p.play_game({0: runner, 1: hitter}, before_roll=crawford_cube)
    assert seen == ["CR", True, False]
    how, points, score2, rest = parse_over(bottom)
    assert "OF 3" in rest
    while "MATCH WON" not in rest:
        p.press("A")
        top, bottom, known = p.play_game({0: hitter, 1: runner})
        how, points, score2, rest = parse_over(bottom)
    assert max(score2) >= 3
    assert p.heard(0, sounds.MATCH_WON)


def test_the_clock_running_out_loses_the_game(tmp_path):
    sim = new_sim(tmp_path, seed=6)
    p = Player(sim)
    p.start("2 PLAYER", clock="ON")
    p.wait_until(lambda g: p_is_text(g) and reader.line_text(g, 1) == "OPENING", what="OPENING")
    p.press("A")
    grid = p.wait_until(lambda g: reader.read_dice(g) is not None and reader.marks(g), what="the dice")
    mover = reader.read_dice(grid)[0]
    # the player on roll thinks, moving the cursor now and then, past 5:00 + 0:30
    for _ in range(40):
        p.press("LEFT")
        sim.run_ms(10000)
        if p_is_text(p.grid()):
            break
    top, bottom = p.screen()
    assert winner_of(top) == 1 - mover, top
    how, points, score, rest = parse_over(bottom)
    assert (how, points) == ("TIME", 1)
    assert sim.total_ms() > 330000
