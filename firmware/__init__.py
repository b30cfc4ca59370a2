"""Blot's firmware: the game (engine), the computer (opponent) and the
handheld's screens (handheld). Nothing here touches the hardware."""
import sys


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
