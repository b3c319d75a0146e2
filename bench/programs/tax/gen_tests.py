"""Tests for tax: incomes at and around the bracket limits (shifted by the child
allowance) and the surcharge limit, random incomes, 0..7 children, invalid inputs."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(8)
limits = [0, 10000, 40000, 100000, 200000]
tests = []
for lim in limits:
    for delta in (-1, 0, 1, 2000, 8000):
        kids = rng.randint(0, 6)
        tests.append([max(0, lim + delta), kids])
        tests.append([max(0, lim + delta + 2000 * min(kids, 4)), kids])
while len(tests) < 100:
    tests.append([rng.randint(0, 300000), rng.randint(0, 7)])
tests += [[200000, k] for k in range(0, 8)]
tests += [[-1, 0], [50000, -1], [1000000, 5]]
write_tests(__file__, tests, ["tax: income kids"])
