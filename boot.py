"""Runs at power-on before main.py, after MicroPython has mounted the flash.

Kept to what cannot fail: room for a traceback raised inside an interrupt.
The game, the watchdog and the resume from the saved game start in main.py.
"""
import micropython

# The rp2 port has it; the unix port, where the tests run this file, does not.
if hasattr(micropython, "alloc_emergency_exception_buf"):
    micropython.alloc_emergency_exception_buf(100)
