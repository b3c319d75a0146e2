"""Tests for absminus (scenario C): the grid i, j in -4..4 plus a few larger pairs."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import write_tests

tests = [[0, 1]]  # the paper's counterexample comes first
for i in range(-4, 5):
    for j in range(-4, 5):
        tests.append([i, j])
tests += [[100, -100], [-100, 100], [37, 37], [-50, 20], [20, -50]]
write_tests(__file__, tests, ["absminus: i j"])
