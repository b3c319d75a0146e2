"""Tests for tritype: hand-picked triangles of every kind, their permutations, degenerate
and non-positive sides, then random sides in 0..9."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(1)
tests = []
for t in ([3, 3, 3], [1, 1, 1], [3, 4, 5], [2, 3, 4], [2, 2, 3], [5, 5, 8], [1, 2, 3],
          [2, 2, 4], [1, 1, 2], [0, 0, 0], [0, 3, 3], [-1, 2, 2], [5, 5, -5], [1, 2, 10]):
    a, b, c = t
    for p in ([a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]):
        tests.append(p)
while len(tests) < 120:
    tests.append([rng.randint(0, 9) for _ in range(3)])
write_tests(__file__, tests, ["tritype: a b c"])
