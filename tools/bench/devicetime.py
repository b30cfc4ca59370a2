"""Device time from the MicroPython unix port: DESIGN.md's reference loops and
the one policy every benchmark uses to turn host microseconds into RP2040 ms.

The policy:

- Work is timed under the unix port, and DESIGN.md's reference loops are
  timed in the same process, in the same run (before and after the work,
  the least of each kept), so the host's speed and load at that moment
  cancel out.
- Each kind of code has its own ratio (RP2040 time / unix-port time):
  bytecode, @micropython.native and @micropython.viper code scale very
  differently. Within a kind the ratio is the largest of its reference
  loops' ratios, against DESIGN's upper figure where it gives a range:
  preemption on a shared host only slows a reference loop (a lower ratio),
  and the largest ratio is the cautious estimate.

      bytecode  x += 1 loop 475 ms; 100,000 calls 1,080 ms; 100,000 calls
                of an empty viper function from bytecode 506 ms
      native    x += 1 loop 234 ms
      viper     x += 1 loop 26 ms; 1,000 x 128 int8 accumulations 78 ms

- Code of one kind is converted with that kind's ratio. Bytecode calling
  viper kernels is split: the kernels' own time (timed apart, the same
  calls) with the viper ratio, the rest with the bytecode ratio
  (Ratios.split_ms). Where a benchmark cannot split, it converts the
  mixed time with the largest ratio of the kinds it contains: an upper
  bound (Ratios.ms(us, MIXED)). Split (MicroPython side) times the
  kernels apart: it wraps the viper and native functions of the loaded
  firmware modules for a run of the same work.

Usage, MicroPython side (this file imports nothing CPython-only: import it
as `devicetime` with tools/bench on sys.path, or paste source() into a
script run elsewhere):

    ref = devicetime.measure()          # before the work
    ...timed work...
    ref = devicetime.measure(ref)       # after: the least of each loop kept
    print(devicetime.line(ref))         # "DEVICETIME ..." for the host
    r = devicetime.Ratios(ref)          # or convert here: r.ms(us, VIPER)

Host side: `r = devicetime.parse(output)` reads the DEVICETIME lines of a
run; `r.ms(us)`, `r.ms(us, devicetime.VIPER)`, `r.split_ms(total_us,
viper_us)`, `r.describe()`. docs/chip.md's "Host estimates" states the
same policy.
"""
import sys

MICROPYTHON = sys.implementation.name == "micropython"

BYTECODE = "bytecode"
NATIVE = "native"
VIPER = "viper"
MIXED = "mixed"

# DESIGN.md's reference loops on a 125 MHz RP2040 (MicroPython 1.27), in ms,
# the upper figure where DESIGN gives a range: (name, kind, device ms).
REFERENCE = (
    ("loop", BYTECODE, 475.0),          # for i in range(100000): x += 1
    ("calls", BYTECODE, 1080.0),        # 100,000 calls of a one-line function
    ("viper_calls", BYTECODE, 506.0),   # 100,000 calls of an empty viper function
    ("native_loop", NATIVE, 234.0),     # the x += 1 loop, @micropython.native
    ("viper_loop", VIPER, 26.0),        # the x += 1 loop, @micropython.viper
    ("viper_acc", VIPER, 78.0),         # 1,000 x 128 a[h] += w[base + h] - 128
)
NAMES = tuple(r[0] for r in REFERENCE)
TAG = "DEVICETIME"
# Each loop is timed in slices short enough (about 0.1-1 ms here) to run
# between the OS's preemptions on a busy host: a 10 ms loop on a shared
# machine is nearly always interrupted, a slice seldom. The least of ROUNDS
# slices, scaled to the whole loop, is the loop's own time.
ROUNDS = 25
_SLICE = 10000                  # iterations of a bytecode or native slice (of 100,000)
_VIPER_SLICE = 200000           # the viper loop: about 0.1 ms for 100,000 here
_ACC_SLICE = 250                # rows of the accumulation (of 1,000)
_ACC_ROWS = 32                  # distinct rows of w, cycled


def _ref_loop(n):
    x = 0
    for i in range(n):
        x += 1
    return x


def _one(a):
    return a


def _ref_calls(n):
    f = _one
    for i in range(n):
        f(i)


if MICROPYTHON:
    import array
    import time

    import micropython

    @micropython.native
    def _native_loop(n):
        x = 0
        for i in range(n):
            x += 1
        return x

    @micropython.viper
    def _viper_loop(n: int) -> int:
        x = 0
        for i in range(n):
            x += 1
        return x

    @micropython.viper
    def _viper_acc(a, w, rows: int):
        ap = ptr32(a)  # noqa: F821  (viper built-in)
        wp = ptr8(w)  # noqa: F821
        base = 0
        for r in range(rows):
            base = (r & 31) << 7       # _ACC_ROWS rows
            for h in range(128):
                ap[h] += wp[base + h] - 128

    @micropython.viper
    def _viper_empty():
        pass

    @micropython.viper
    def _viper_empty3(a, b, c):
        pass

    def _viper_calls(n):
        f = _viper_empty
        for i in range(n):
            f()

    def _best(fn, *args):
        """Least microseconds of ROUNDS calls of fn(*args)."""
        best = None
        for _ in range(ROUNDS):
            t = time.ticks_us()
            fn(*args)
            d = time.ticks_diff(time.ticks_us(), t)
            if best is None or d < best:
                best = d
        return best

    def measure(previous=None):
        """Unix-port microseconds of each whole reference loop (a list in
        NAMES' order), from the least of ROUNDS slices, and the least of
        `previous` if given."""
        a = array.array("i", bytes(4 * 128))
        w = bytearray(_ACC_ROWS * 128)
        for i in range(len(w)):
            w[i] = i * 7 & 255
        whole = 100000 / _SLICE
        got = [
            _best(_ref_loop, _SLICE) * whole,
            _best(_ref_calls, _SLICE) * whole,
            _best(_viper_calls, _SLICE) * whole,
            _best(_native_loop, _SLICE) * whole,
            _best(_viper_loop, _VIPER_SLICE) * 100000 / _VIPER_SLICE,
            _best(_viper_acc, a, w, _ACC_SLICE) * 1000 / _ACC_SLICE,
        ]
        if previous is not None:
            for i in range(len(got)):
                if previous[i] < got[i]:
                    got[i] = previous[i]
        return got

    _NATIVE_TYPE = type(_native_loop)
    _VIPER_TYPE = type(_viper_empty)

    class Split:
        """Times the viper and native functions apart from the bytecode that
        calls them, so that mixed code is converted kind by kind.

        wrap(module) puts a timing wrapper over each viper or native
        function among a module's attributes (wrap_loaded() over every
        loaded firmware module); off() and on() take the wrappers away and
        put them back. Only the outermost wrapped call is timed; take()
        returns (viper_us, native_us) since the last take, less the
        wrapper's own share inside the timed call (measured here, on an
        empty 3-argument viper function).

        The wrappers cost time and allocate an argument tuple per call, so
        a benchmark times the total in runs without them (off()) and the
        viper share in a run of the same work with them (on()), then
        converts with Ratios.split_ms(total_us, viper_us, native_us)."""

        def __init__(self):
            self.us = [0, 0]            # viper, native
            self.calls = 0
            self.depth = 0
            self.wrapped = []           # (module, name, function, wrapper)
            f = self._wrapper(_viper_empty3, 0)
            n = 500
            best = None
            for _ in range(3 * ROUNDS):
                self.us[0] = 0
                for i in range(n):
                    f(i, i, i)
                if best is None or self.us[0] < best:
                    best = self.us[0]
            # an empty viper function's call from bytecode stays bytecode
            # time (DESIGN's viper_calls loop): all of this is overhead
            self.inside = best / n
            self.us[0] = 0
            self.calls = 0

        def _wrapper(self, f, slot):
            us = self.us
            split = self

            def timed(*args):
                if split.depth:
                    return f(*args)
                split.depth = 1
                t = time.ticks_us()
                r = f(*args)
                us[slot] += time.ticks_diff(time.ticks_us(), t)
                split.depth = 0
                split.calls += 1
                return r
            return timed

        def wrap(self, module):
            """Wraps module's viper and native functions; returns how many."""
            n = 0
            for name in dir(module):
                f = getattr(module, name)
                t = type(f)
                if t is _VIPER_TYPE:
                    slot = 0
                elif t is _NATIVE_TYPE:
                    slot = 1
                else:
                    continue
                w = self._wrapper(f, slot)
                setattr(module, name, w)
                self.wrapped.append((module, name, f, w))
                n += 1
            return n

        def wrap_loaded(self, prefix="firmware"):
            """Wraps the viper and native functions of every loaded module
            whose name starts with prefix; returns how many."""
            n = 0
            for name in list(sys.modules):
                if name.startswith(prefix):
                    n += self.wrap(sys.modules[name])
            return n

        def off(self):
            for module, name, f, w in self.wrapped:
                setattr(module, name, f)

        def on(self):
            for module, name, f, w in self.wrapped:
                setattr(module, name, w)

        def so_far(self):
            """Viper and native us since the last take, the wrappers' cost
            out: a running figure, so two readings give what ran between."""
            return self.us[0] + self.us[1] - self.calls * self.inside

        def again(self, work, holder):
            """Runs work() once more with the loaded firmware's viper and
            native functions wrapped and this Split in holder[0] (where the
            timed passes look for it), then takes the wrappers away.
            Returns how many functions it wrapped."""
            n = self.wrap_loaded()
            if n:
                holder[0] = self
                work()
                self.off()
                holder[0] = None
            return n

        def take(self):
            """(viper_us, native_us) since the last take, wrapper cost out."""
            cost = self.calls * self.inside
            inner = self.us[0] + self.us[1]
            got = []
            for us in self.us:
                v = us - (cost * us / inner if inner else 0)
                got.append(v if v > 0 else 0)
            self.us[0] = 0
            self.us[1] = 0
            self.calls = 0
            return got[0], got[1]


def line(ref):
    """The measurement as one line for the host to parse()."""
    return TAG + " " + " ".join("%s=%.1f" % (NAMES[i], ref[i]) for i in range(len(NAMES)))


class Ratios:
    """Device/unix-port ratios from one run's reference loop times (us)."""

    def __init__(self, ref):
        if len(ref) != len(NAMES):
            raise ValueError("expected %d reference times (%s), got %d"
                             % (len(NAMES), ", ".join(NAMES), len(ref)))
        self.ref = list(ref)
        self.each = {}
        self.kinds = {}
        for (name, kind, device_ms), us in zip(REFERENCE, self.ref):
            if us <= 0:
                raise ValueError("reference loop %s took %r us" % (name, us))
            r = device_ms * 1000.0 / us
            self.each[name] = r
            if r > self.kinds.get(kind, 0.0):
                self.kinds[kind] = r
        self.kinds[MIXED] = max(self.kinds.values())

    def ratio(self, kind=BYTECODE):
        if kind not in self.kinds:
            raise ValueError("unknown kind of code %r (bytecode, native, viper, mixed)" % (kind,))
        return self.kinds[kind]

    def ms(self, us, kind=BYTECODE):
        """RP2040 milliseconds for `us` unix-port microseconds of one kind of code."""
        return us * self.ratio(kind) / 1000.0

    def split_ms(self, total_us, viper_us, native_us=0):
        """RP2040 ms for bytecode that spent viper_us (and native_us) of its
        total_us inside viper (native) functions."""
        rest = total_us - viper_us - native_us
        if rest < 0:
            rest = 0
        return (rest * self.kinds[BYTECODE] + viper_us * self.kinds[VIPER]
                + native_us * self.kinds[NATIVE]) / 1000.0

    def describe(self):
        """One line: each reference loop's unix-port time and ratio, and the
        ratio used for each kind."""
        parts = ["%s %.1f us (x%.0f)" % (n, self.ref[i], self.each[n]) for i, n in enumerate(NAMES)]
        return ("reference loops, unix port: " + ", ".join(parts)
                + "; ratios used: bytecode x%.0f, native x%.0f, viper x%.0f"
                % (self.kinds[BYTECODE], self.kinds[NATIVE], self.kinds[VIPER]))


def parse(text):
    """Ratios from the DEVICETIME lines in a run's output (the least time of
    each loop over all the lines). Raises ValueError if there is none."""
    best = None
    for row in text.split("\n"):
        parts = row.split()
        if not parts or parts[0] != TAG:
            continue
        got = {}
        for p in parts[1:]:
            name, _, value = p.partition("=")
            got[name] = float(value)
        ref = [got[n] for n in NAMES]
        best = ref if best is None else [min(a, b) for a, b in zip(best, ref)]
    if best is None:
        raise ValueError("no %s line in the output: %r" % (TAG, text[-500:]))
    return Ratios(best)


def source():
    """This module's source, to paste into a script run where it cannot be
    imported (host only)."""
    with open(__file__) as f:
        return f.read()
