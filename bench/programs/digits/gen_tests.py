"""Tests for digits: 0..12, palindromes, numbers with a leading 1, random numbers up to
99999 and negative numbers."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(9)
tests = [[n] for n in range(0, 13)]
tests += [[n] for n in (121, 1221, 12321, 77, 909, 45654, 100, 1000, 10001, 19, 1999)]
while len(tests) < 75:
    digits = rng.randint(1, 5)
    tests.append([rng.randint(10 ** (digits - 1), 10 ** digits - 1)])
tests += [[-7], [-121], [-4321], [-10], [-99999], [99999]]
tests += [['00'], ['-0'], ['000'], ['+0']]  # zero spelt differently
write_tests(__file__, tests, ["digits: n with |n| <= 99999"])
