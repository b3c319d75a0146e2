"""Tests for arraymin (scenario D): random arrays of length 1..8 with values in -5..9."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(4)
tests = [[3, 2, 1, 0]]  # the paper's counterexample comes first
tests += [[7], [-3], [1, 2], [2, 1], [5, 5, 5], [0, 1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1, 0]]
while len(tests) < 70:
    n = rng.randint(1, 8)
    tests.append([rng.randint(-5, 9) for _ in range(n)])
write_tests(__file__, tests, ["arraymin: v1 ... vn with 1 <= n <= 8"])
