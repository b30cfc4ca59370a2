"""Power-on: MicroPython runs this file after boot.py.

The loop is mainloop.py, which the image holds compiled (tools/deploy.py):
the chip then loads its bytecode instead of compiling 20 KB of source at
every start, which would take a second and leave the heap in pieces.
"""
from mainloop import main

main()
