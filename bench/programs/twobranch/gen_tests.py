"""Tests for twobranch (scenario A): the grid x in -4..4, y in {-1, 0, 2, 4, 5, 6, 9}."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import write_tests

tests = [[0, 0]]  # the paper's failing input comes first
for x in range(-4, 5):
    for y in (-1, 0, 2, 4, 5, 6, 9):
        tests.append([x, y])
write_tests(__file__, tests, ["twobranch: x y"])
