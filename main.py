"""Power-on: MicroPython runs this file after boot.py.

The start-up (startup.py) and the loop (mainloop.py) are in the image
compiled (tools/deploy.py): the chip loads their bytecode instead of
compiling 20 KB of source at every start, which would take a second and
leave the heap in pieces. The start-up's code is let go before the loop
runs.
"""
import startup

loop = startup.main()           # None in update mode: the REPL is left to tools/deploy.py
startup = None
from firmware import forget     # noqa: E402
forget("startup")
if loop is not None:
    from mainloop import run
    run(loop)
