"""Host-only tools. Importing this package puts tools/hostlib (CPython stand-ins
for MicroPython's built-in modules and the simulated `machine`) on sys.path."""
import os
import sys

HOSTLIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostlib")
if HOSTLIB not in sys.path:
    sys.path.insert(0, HOSTLIB)
