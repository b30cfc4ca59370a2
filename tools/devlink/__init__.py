"""Talking to a Pico over USB for tools/deploy.py: the transport, the scripts run
on the board, and the update and pull procedures."""
