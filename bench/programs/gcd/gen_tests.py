"""Tests for gcd: equal numbers, multiples, coprime pairs, consecutive Fibonacci numbers,
random pairs in 1..150, and non-positive inputs."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(10)
tests = [[12, 18], [18, 12], [7, 7], [1, 1], [1, 9], [9, 1], [6, 3], [3, 6], [13, 7],
         [89, 144], [144, 89], [100, 75], [17, 51], [35, 64], [2, 150]]
while len(tests) < 85:
    tests.append([rng.randint(1, 150), rng.randint(1, 150)])
tests += [[0, 5], [5, 0], [-4, 6], [6, -4]]
write_tests(__file__, tests, ["gcd: a b"])
