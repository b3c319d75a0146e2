"""Tests for rect: nested, edge-sharing, overlapping and disjoint rectangles, random ones
on a 0..10 grid, and rectangles with non-positive width or height."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(12)
tests = [[0, 0, 10, 10, 2, 2, 3, 3], [0, 0, 10, 10, 5, 5, 5, 5], [0, 0, 10, 10, 0, 0, 10, 10],
         [0, 0, 4, 4, 4, 0, 4, 4], [0, 0, 4, 4, 2, 2, 4, 4], [2, 2, 3, 3, 0, 0, 10, 10],
         [0, 0, 2, 2, 5, 5, 2, 2], [1, 1, 5, 2, 3, 0, 1, 6]]
for w in (4, 6, 9):  # second rectangle flush with the first one's right edge
    tests.append([0, 0, 10, 10, 10 - w, 1, w, 3])
    tests.append([2, 3, 8, 8, 10 - w, 4, w, 2])
while len(tests) < 95:
    r = [rng.randint(0, 10), rng.randint(0, 10), rng.randint(1, 8), rng.randint(1, 8),
         rng.randint(0, 10), rng.randint(0, 10), rng.randint(1, 8), rng.randint(1, 8)]
    tests.append(r)
tests += [[0, 0, 0, 5, 1, 1, 2, 2], [0, 0, 5, -1, 1, 1, 2, 2], [0, 0, 5, 5, 1, 1, 0, 2],
          [0, 0, 5, 5, 1, 1, 2, -3], [0, 0, 5, 5, 1, 1, -2, -2], [0, 0, 5, 5, 1, 1, 3, 0],
          [0, 0, 5, 5, 6, 6, 0, 4], [0, 0, 5, 5, 2, 2, -1, 1], [3, 3, 4, 4, 0, 0, 9, -9]]
write_tests(__file__, tests, ["rect: x1 y1 w1 h1 x2 y2 w2 h2"])
