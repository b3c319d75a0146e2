"""Tests for primes: every n in -5..45 (the whole interesting input range)."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

tests = [[n] for n in range(-5, 46)]
tests += [[100], [-100]]
write_tests(__file__, tests, ["primes: n"])
