"""Viper's pointers in plain Python, for the twins that tools/gen/twins.py
writes of the viper code: what ptr8, ptr16 and ptr32 read and write, and
Address, a buffer's address plus a byte offset (viper's int(ptr8(buf)) +
k). CPython runs the twins; under MicroPython they are imported only to
compare, so the device does not hold this.
"""


class Address:
    """A buffer and a byte offset into it: viper's int(ptr8(buf)) + k,
    which ptr8 and ptr16 then read from."""

    def __init__(self, buf, at=0):
        self.buf = buf
        self.at = at

    def __add__(self, k):
        return Address(self.buf, self.at + k)


def ptr8(buf):
    if isinstance(buf, Address):
        return memoryview(buf.buf)[buf.at:]
    return buf


def ptr32(buf):
    return buf      # only ever over array('i'): read signed, as on the RP2040


class _Words:
    """A buffer read and written as unsigned 16-bit words from a byte
    offset, as viper's ptr16 does, where memoryview has no cast (the twin
    under MicroPython, in tests): a byte buffer's little-endian pairs, or
    an int16 array's items."""

    def __init__(self, buf, at):
        self.buf = buf
        self.at = at
        self.pairs = isinstance(buf, (bytes, bytearray))

    def __getitem__(self, i):
        if self.pairs:
            i = self.at + 2 * i
            return self.buf[i] | self.buf[i + 1] << 8
        return self.buf[(self.at >> 1) + i] & 0xFFFF

    def __setitem__(self, i, value):
        if self.pairs:
            i = self.at + 2 * i
            self.buf[i] = value & 255
            self.buf[i + 1] = value >> 8
        else:
            self.buf[(self.at >> 1) + i] = ((value + 0x8000) & 0xFFFF) - 0x8000


def ptr16(buf):
    at = 0
    if isinstance(buf, Address):
        at = buf.at
        buf = buf.buf
    try:
        return memoryview(buf).cast("B")[at:].cast("H")
    except AttributeError:
        return _Words(buf, at)
