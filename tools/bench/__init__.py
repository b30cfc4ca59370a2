"""Benchmarks and long checks: speed on the device estimate, strength, button mashing, the gnubg cross-check."""
