"""Tests for kadane: random arrays of length 1..8 with values in -9..9, plus all-negative,
all-positive and mixed hand-picked arrays."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(11)
tests = [[5], [-5], [-3, -1, -2], [-8, -9], [1, 2, 3], [2, -1, 2], [-2, 1, -3, 4, -1, 2, 1, -5],
         [4, -10, 3], [0, 0], [-1, 5]]
while len(tests) < 85:
    n = rng.randint(1, 8)
    tests.append([rng.randint(-9, 9) for _ in range(n)])
write_tests(__file__, tests, ["kadane: v1 ... vn with 1 <= n <= 8"])
