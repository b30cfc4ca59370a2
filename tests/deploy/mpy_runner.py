"""Runs portable test modules under the MicroPython unix port.

    micropython -X heapsize=200k tests/deploy/mpy_runner.py tests/portable/test_x.py ...

A portable test module holds plain `test_*` functions that use only `assert`,
so pytest collects the same file under CPython. Prints one line per failure
and a closing "N passed, N failed"; exits 1 if any test failed.
"""
import gc
import sys

sys.path.insert(0, "tools/hostlib")  # the simulated machine; micropython's own built-ins win
sys.path.insert(0, "")


def module_name(path):
    name = path[:-3] if path.endswith(".py") else path
    return name.replace("/", ".")


def run(paths):
    passed = 0
    failed = 0
    for path in paths:
        name = module_name(path)
        __import__(name)
        module = sys.modules[name]
        for attr in sorted(dir(module)):
            if not attr.startswith("test_"):
                continue
            func = getattr(module, attr)
            if not callable(func):
                continue
            gc.collect()  # each test starts on a collected heap, as each move does on the device
            try:
                func()
                passed += 1
            except Exception as exc:  # report every failure, keep going
                failed += 1
                print("FAIL %s.%s" % (name, attr))
                sys.print_exception(exc)
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
