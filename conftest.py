# Puts the repository root and tools/hostlib (CPython stand-ins for micropython
# and the simulated machine) first on sys.path for every test.
import tools  # noqa: F401  (its import sets up sys.path)
