"""Tests for isqrt (scenario E): val in -10..60 plus 99 and 100 (at most 10 loop iterations)."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import write_tests

tests = [[50]]  # the paper's value comes first
tests += [[v] for v in range(-10, 61)]
tests += [[99], [100], [-1000]]
write_tests(__file__, tests, ["isqrt: val"])
