"""Blot's firmware: the game (engine), the computer (opponent) and the
handheld's screens (handheld). Nothing here touches the hardware."""
import sys
from array import array


def zeros(typecode, n):
    """An array of n zeros in one allocation of its own size.

    array(typecode, bytes(k)) first makes the k zero bytes and then a
    copy of them: twice the memory for a moment, and a hole as large
    left behind. A range has a length and no buffer, so the array is
    made at its size at once, and then cleared."""
    a = array(typecode, range(n))
    for i in range(n):
        a[i] = 0
    return a


def forget(*names):
    """Lets modules loaded for a moment go (the save's reader at start-up,
    the IDs' encoders while shown): out of sys.modules and their package, so
    that nothing holds their code and the next collection frees it."""
    for name in names:
        sys.modules.pop(name, None)
        cut = name.rfind(".")
        package = sys.modules.get(name[:cut]) if cut > 0 else None
        if package is not None and hasattr(package, name[cut + 1:]):
            delattr(package, name[cut + 1:])
