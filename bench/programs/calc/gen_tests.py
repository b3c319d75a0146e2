"""Tests for calc: random operands in -20..20 for every operator (with zero divisors),
plus invalid operators."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(3)
tests = []
for op in range(0, 6):
    tests.append([op, 7, 7])
    tests.append([op, -9, 4])
    tests.append([op, 5, 0])
    for _ in range(14):
        tests.append([op, rng.randint(-20, 20), rng.randint(-20, 20)])
tests += [[-1, 1, 2], [6, 1, 2], [9, 3, 3]]
write_tests(__file__, tests, ["calc: op a b"])
