"""Tests for sort: random arrays of length 1..8 with values in -9..9, plus sorted,
reversed and constant arrays."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(6)
tests = [[4], [1, 2], [2, 1], [3, 3, 3, 3], [1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1],
         [3, 2, 1], [-1, -2, -3, -4], [0, 0, 1, 1]]
while len(tests) < 90:
    n = rng.randint(1, 8)
    tests.append([rng.randint(-9, 9) for _ in range(n)])
write_tests(__file__, tests, ["sort: v1 ... vn with 1 <= n <= 8"])
