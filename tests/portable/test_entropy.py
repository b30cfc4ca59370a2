"""The dice's entropy: the power-on health tests (SP 800-90B's repetition
count and adaptive proportion tests) catch a stuck or biased source and
pass a good one; the pool conditions what it is given; every re-roll loop
is bounded and a broken source is reported, never hangs the game."""
from firmware.engine import dice as dice_module
from firmware.engine import entropy, game
from firmware.engine.dice import Dice, SeededSource
from firmware.engine.entropy import Health, Pool


class Noise:
    """A noise source for the tests: raw samples from a function of the
    sample's index, and fixed extra bytes."""

    def __init__(self, sample, extra=b"\x00" * 32):
        self.sample = sample
        self.at = 0
        self.extra_bytes = extra

    def raw(self, buf):
        for i in range(len(buf)):
            buf[i] = self.sample(self.at) & 255
            self.at += 1

    def extra(self):
        return self.extra_bytes


def good_noise(seed=5):
    source = SeededSource(seed)
    return Noise(lambda i: source.byte())


def test_a_good_source_passes_at_power_on_and_after():
    pool = Pool(good_noise())
    assert pool.fault == entropy.NOT_STARTED
    assert pool.start()
    assert pool.fault is None and pool.health.samples == entropy.STARTUP_SAMPLES
    for _ in range(3000):
        pool.byte()
    assert pool.fault is None
    assert pool.health.samples > entropy.STARTUP_SAMPLES + 90 * entropy.RESEED_SAMPLES


def test_a_stuck_source_fails_the_repetition_count_test():
    for value in (0, 255, 0x5A):
        pool = Pool(Noise(lambda i: value))
        assert not pool.start()
        assert pool.fault == entropy.STUCK


def test_the_repetition_cutoff_is_exact():
    health = Health()
    run = bytes([7] * (entropy.RCT_CUTOFF - 1))
    assert health.check(bytes([1, 2]) + run + bytes([8]) + run)      # 20 in a row: fine
    assert not Health().check(bytes([7] * entropy.RCT_CUTOFF))      # 21: stuck


def test_a_biased_source_fails_the_adaptive_proportion_test():
    # value 9 in two samples of three: no long runs, but two thirds of a
    # window is more than a source of one bit per sample gives by chance
    pool = Pool(Noise(lambda i: 9 if i % 3 else (i * 37) & 255 | 16))
    assert not pool.start()
    assert pool.fault == entropy.BIASED


def window_with(count):
    """An adaptive-proportion window whose first value (3) appears `count`
    times, four in a row at most; the other samples all differ from it."""
    window = bytearray(entropy.APT_WINDOW)
    placed = 0
    for i in range(entropy.APT_WINDOW):
        if placed < count and i % 5 != 4:
            window[i] = 3
            placed += 1
        else:
            window[i] = 16 + i % 200
    assert placed == count
    return window


def test_the_proportion_cutoff_is_exact():
    assert Health().check(window_with(entropy.APT_CUTOFF - 1))
    health = Health()
    assert not health.check(window_with(entropy.APT_CUTOFF))
    assert health.fault == entropy.BIASED
    # the count starts again with each window
    health = Health()
    assert health.check(window_with(entropy.APT_CUTOFF - 1) + window_with(entropy.APT_CUTOFF - 1))


def test_a_failure_stays_until_power_on():
    health = Health()
    assert not health.check(bytes(entropy.RCT_CUTOFF))
    assert not health.check(bytes(range(200)))
    assert health.fault == entropy.STUCK


def test_a_source_that_fails_later_is_caught_at_a_reseed():
    stuck_after = entropy.STARTUP_SAMPLES + 5 * entropy.RESEED_SAMPLES
    source = SeededSource(11)
    pool = Pool(Noise(lambda i: source.byte() if i < stuck_after else 0))
    assert pool.start()
    dice = Dice(pool)
    for _ in range(400):
        dice.roll()
    assert dice.fault == entropy.STUCK


def test_conditioning_whitens_a_poor_source():
    # a source whose samples take four values: the pool's bytes are all 256
    noise = Noise(lambda i: (i * 7919 >> 3) & 3 | 0x40)
    pool = Pool(noise)
    pool.start()
    seen = [0] * 256
    for _ in range(25600):
        seen[pool.byte()] += 1
    assert min(seen) > 50 and max(seen) < 160, (min(seen), max(seen))


def test_the_pool_depends_on_every_input():
    def first_bytes(noise, stir=None):
        pool = Pool(noise)
        pool.start()
        if stir is not None:
            pool.stir(stir)
        return bytes(pool.byte() for _ in range(16))
    base = first_bytes(good_noise(5))
    assert first_bytes(good_noise(5)) == base                # the same inputs, the same bytes
    assert first_bytes(good_noise(6)) != base                # raw samples
    other = good_noise(5)
    other.extra_bytes = b"\x01" + b"\x00" * 31
    assert first_bytes(other) != base                        # os.urandom's bytes
    assert first_bytes(good_noise(5), stir=123456) != base   # a press's timing
    assert first_bytes(good_noise(5), stir=123457) != first_bytes(good_noise(5), stir=123456)


def test_a_stuck_source_still_gives_varied_dice_but_says_it_is_broken():
    pool = Pool(Noise(lambda i: 0))
    pool.start()
    dice = Dice(pool)
    faces = set(dice.one() for _ in range(200))
    assert faces == {1, 2, 3, 4, 5, 6}
    assert dice.fault == entropy.STUCK


class Constant:
    def __init__(self, value):
        self.value = value
        self.calls = 0

    def byte(self):
        self.calls += 1
        return self.value


def test_a_die_draws_a_bounded_number_of_bytes():
    source = Constant(255)              # every byte rejected
    dice = Dice(source)
    face = dice.one()
    assert 1 <= face <= 6
    assert source.calls == dice_module.DRAWS
    assert dice.fault == dice_module.STUCK


def test_the_opening_roll_rerolls_ties_a_bounded_number_of_times():
    source = Constant(17)               # every die the same face: always a tie
    dice = Dice(source)
    m = game.Match(dice)
    m.roll(0)
    assert m.game.state == game.OPENING                 # no opening made up
    assert source.calls == 2 * game.OPENING_TRIES
    assert dice.fault == game.OPENING_TIES
    assert dice.tally.session[-1] == game.OPENING_TRIES   # every tie was a roll


def test_ties_then_an_opening():
    class Faces:
        def __init__(self, faces):
            self.faces = list(faces)

        def byte(self):
            return self.faces.pop(0) - 1
    dice = Dice(Faces([3, 3, 5, 5, 6, 2]))
    m = game.Match(dice)
    m.roll(0)
    assert m.game.state == game.MOVE and m.game.opening == (6, 2) and dice.fault is None


def test_manual_dice_have_no_fault_and_no_tally():
    manual = dice_module.ManualDice((4, 2))
    assert manual.fault is None and manual.tally is None
    manual.stir(5)
    m = game.Match(manual)
    m.roll(0)
    assert m.game.opening == (4, 2)
