"""The computer opponent: the evaluator, its tables and files, the levels."""


def beside(name):
    """The path of a data file that lies beside the opponent's modules
    (bearoff.bin, nets.bin), wherever the package was loaded from."""
    path = globals().get("__file__", "")
    cut = path.rfind("/")
    return (path[:cut + 1] if cut >= 0 else "") + name
