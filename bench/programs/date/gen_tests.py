"""Tests for date: valid dates in leap, non-leap and century years (month ends, February
29th), then invalid days, months and years."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(2)
years = [1600, 1700, 1800, 1900, 1996, 1999, 2000, 2001, 2004, 2023, 2024, 2100, 2101]
ends = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
tests = [[29, 2, 2000], [29, 2, 1900], [29, 2, 2024], [29, 2, 2023], [31, 12, 2024],
         [1, 1, 2023], [30, 9, 2023], [31, 9, 2023], [1, 10, 2023], [31, 12, 1900]]
while len(tests) < 100:
    y = rng.choice(years)
    m = rng.randint(1, 12)
    d = ends[m - 1] if rng.chance(30) else rng.randint(1, 28)
    tests.append([d, m, y])
for t in ([0, 5, 2023], [32, 1, 2023], [31, 4, 2023], [1, 0, 2023], [1, 13, 2023],
          [15, 6, 0], [15, 6, -4], [30, 2, 2024], [-3, 3, 2023]):
    tests.append(t)
write_tests(__file__, tests, ["date: d m y"])
