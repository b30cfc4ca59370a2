"""CPython stand-in for MicroPython's `micropython` module (host only, never deployed).

Under the MicroPython unix port the real built-in module is found first.
Loading it also gives CPython's `sys` MicroPython's print_exception.
"""
import sys


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func


def mem_info(*args):
    pass


def alloc_emergency_exception_buf(size):
    pass


def schedule(func, arg):
    func(arg)


def _print_exception(exc, file=None):
    """MicroPython's sys.print_exception, through CPython's traceback."""
    import traceback
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=file)


if not hasattr(sys, "print_exception"):
    sys.print_exception = _print_exception
