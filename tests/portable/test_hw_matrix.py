import machine
from hw import board
from hw.matrix import BLINK_1HZ, BLINK_OFF, Matrix

sim = machine.sim


def fresh():
    sim.reset()
    return Matrix(machine.I2C(0), board.MATRIX_ADDRESSES)


def ram_writes():
    return [module.ram_writes for module in sim.modules]


def test_init_clears_ram_before_the_display_goes_on():
    fresh()
    for module in sim.modules:
        assert module.oscillator and module.display_on
        assert module.blink == 0 and module.dimming == 15
        assert module.ram == bytearray(16)
        assert not module.garbage_shown
    assert sim.display_grid() == bytearray(512)


def test_power_on_ram_is_noise_until_the_driver_writes_it():
    sim.reset()
    assert any(module.ram != bytearray(16) for module in sim.modules)


def test_every_pixel_maps_to_its_own_led_in_every_colour():
    matrix = fresh()
    frame = bytearray(512)
    for p in range(512):
        colour = 1 + p % 3
        frame[p] = colour
        matrix.show(frame)
        grid = sim.display_grid()
        assert grid[p] == colour, "pixel %d" % p
        assert sum(grid) == colour, "pixel %d lit others" % p
        frame[p] = 0
    for colour in (1, 2, 3):
        for p in range(512):
            frame[p] = colour
        matrix.show(frame)
        assert sim.display_grid() == frame


def test_module_layout_is_row_major_four_by_two():
    matrix = fresh()
    frame = bytearray(512)
    frame[9 * 32 + 17] = 3      # x 17, y 9: module 6 (second row, third column)
    matrix.show(frame)
    module = sim.modules[6]
    assert module.address == 0x76
    assert module.ram[2 * 1] == 1 << 1          # green byte of row 1, column 1
    assert module.ram[2 * 1 + 1] == 1 << 1      # red byte


def test_only_changed_modules_are_written():
    matrix = fresh()
    frame = bytearray(512)
    matrix.show(frame)
    before = ram_writes()
    transactions = sim.bus.transactions
    matrix.show(frame)
    assert sim.bus.transactions == transactions
    frame[15 * 32 + 31] = 1     # bottom right: module 7 only
    matrix.show(frame)
    after = ram_writes()
    assert [a - b for a, b in zip(after, before)] == [0, 0, 0, 0, 0, 0, 0, 1]
    assert sim.display_grid() == frame


def test_a_failed_write_is_retried_and_counted():
    matrix = fresh()
    frame = bytearray(512)
    frame[3] = 2                # module 0
    sim.bus.fail(0x70, 1)
    matrix.show(frame)
    assert matrix.errors == 1
    assert sim.display_grid() == frame


def test_a_missing_module_never_stops_the_others_and_comes_back_set_up():
    matrix = fresh()
    sim.unplug(0x75)
    frame = bytearray(512)
    for p in range(512):
        frame[p] = 1 + (p & 1)
    matrix.show(frame)
    matrix.show(frame)
    assert matrix.errors >= 2
    assert matrix.ready() == 7
    grid = sim.display_grid()
    for y in range(16):
        for x in range(32):
            module = (y // 8) * 4 + x // 8
            want = 0 if module == 5 else frame[y * 32 + x]
            assert grid[y * 32 + x] == want
    sim.plug(0x75)              # comes back powered on: oscillator off, RAM noise
    matrix.show(frame)
    assert matrix.ready() == 8
    assert sim.display_grid() == frame
    assert not sim.modules[5].garbage_shown


def test_brightness_goes_to_every_module_and_is_checked():
    matrix = fresh()
    matrix.brightness(5)
    assert sim.brightness() == [5] * 8
    for bad in (0, 17):
        try:
            matrix.brightness(bad)
        except ValueError as exc:
            assert str(bad) in str(exc)
        else:
            assert False, "accepted brightness %d" % bad


def test_blink_standby_and_wake():
    matrix = fresh()
    frame = bytearray(512)
    frame[0] = 1
    matrix.show(frame)
    matrix.blink(BLINK_1HZ)
    assert sim.blink() == [2] * 8
    assert sim.display_grid(now_ms=100)[0] == 1
    assert sim.display_grid(now_ms=600)[0] == 0
    matrix.blink(BLINK_OFF)
    matrix.standby()
    assert all(not module.oscillator for module in sim.modules)
    assert sim.display_grid() == bytearray(512)
    matrix.wake()
    assert sim.display_grid() == frame


def test_a_module_that_fails_during_standby_is_set_up_asleep():
    matrix = fresh()
    sim.unplug(0x73)
    matrix.standby()
    sim.plug(0x73)
    matrix.flush()
    assert not sim.modules[3].lit()
    matrix.wake()
    assert all(module.lit() for module in sim.modules)


def test_load_follows_lit_leds_and_brightness():
    matrix = fresh()
    frame = bytearray(512)
    blank = matrix.load_ma()
    for p in range(256):
        frame[p] = 3
    matrix.show(frame)
    full = matrix.load_ma()
    matrix.brightness(4)
    quarter = matrix.load_ma()
    assert blank < quarter < full
    assert full - blank == 512 * 2500 // 1000     # 512 dies at 2.5 mA each


def test_load_follows_frames_that_change_in_part():
    # The lit count is kept row by row as frames change: it must always
    # equal a count of every LED in the frame shown.
    matrix = fresh()
    frame = bytearray(512)
    state = 12345
    for step in range(40):
        for _ in range(1 + step * 7 % 60):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            frame[state % 512] = state >> 16 & 3
        matrix.show(frame)
        dies = 0
        for p in frame:
            dies += (p & 1) + (p >> 1)
        assert matrix.load_ma() == (8 * 1000 + dies * 2500) // 1000, step
    matrix.show(bytearray(512))
    assert matrix.load_ma() == 8


def test_rejects_a_frame_of_the_wrong_size():
    matrix = fresh()
    try:
        matrix.show(bytearray(256))
    except ValueError as exc:
        assert "256" in str(exc)
    else:
        assert False, "accepted a 256-byte frame"


def test_the_viper_conversion_and_its_twin_agree():
    # Under the MicroPython unix port show() converts in viper; its plain
    # twin must give the same RAM, the same modules marked and the same
    # count of lit LEDs, frame after frame (under CPython both are the twin).
    import sys
    from hw import matrix
    if sys.implementation.name != "micropython":
        assert matrix._convert is matrix.convert_plain
        return
    assert matrix._convert is matrix.convert_viper
    seed = 12345
    rams = [bytearray(17 * 8), bytearray(17 * 8)]
    frame = bytearray(512)
    for n in range(300):
        for i in range(512):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            if n % 3 == 0 or seed >> 20 & 7 == 0:   # whole new frames and small changes
                frame[i] = seed >> 16 & 3
        marks = [bytearray(8), bytearray(8)]
        lit = [f(frame, rams[k], marks[k], matrix._BITS)
               for k, f in enumerate((matrix.convert_plain, matrix.convert_viper))]
        assert lit[0] == lit[1] and marks[0] == marks[1] and rams[0] == rams[1], n
