"""Models of the reference board's parts, behind the simulated `machine`.

Host only, never deployed. Runs under CPython and the MicroPython unix port.
"""
