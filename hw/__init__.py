"""Drivers for the reference board: the only code that imports machine.

machine is imported here first so that on the host the simulated machine has
installed the MicroPython ticks functions into `time` before a driver imports
them. On the device it is the built-in module and costs nothing.
"""
import machine  # noqa: F401
