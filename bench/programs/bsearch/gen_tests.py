"""Tests for bsearch: random strictly increasing arrays of length 1..10 with values in
-20..40; the key is an element (any position) in most tests; a few unsorted arrays."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(5)
tests = []
while len(tests) < 110:
    n = rng.randint(1, 10)
    vals = sorted(set(rng.randint(-20, 40) for _ in range(n)))
    if rng.chance(65):
        key = rng.choice(vals)
    else:
        key = rng.randint(-22, 42)
    tests.append([key] + vals)
tests += [[3, 1, 3, 2], [5, 5, 5], [0, 9, 8, 7, 6], [1, 1, 1, 2]]
write_tests(__file__, tests, ["bsearch: key v1 ... vn with 1 <= n <= 10"])
