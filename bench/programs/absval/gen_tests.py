"""Tests for absval (scenario B): every x in -30..30 plus a few large values."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import write_tests

tests = [[-1]]  # the paper's failing input comes first
tests += [[x] for x in range(-30, 31)]
tests += [[x] for x in (-1000, 1000, -12345, 12345, -2147483647, 2147483647)]
write_tests(__file__, tests, ["absval: x"])
