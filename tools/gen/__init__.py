"""Generators of the checked-in tables under firmware/; tests regenerate and compare."""
