"""CPython stand-in for MicroPython's `micropython` module (host only, never deployed).

Under the MicroPython unix port the real built-in module is found first.
"""


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
