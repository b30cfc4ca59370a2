"""The host simulator: the board in a window, a terminal or a PNG, driven by keys or a script."""
