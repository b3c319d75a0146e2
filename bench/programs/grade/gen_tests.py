"""Tests for grade: scores at and around the grade boundaries crossed with attendances
at and around 50 and 95, plus random and invalid inputs."""
import os, sys
sys.dont_write_bytecode = True  # no __pycache__ in the corpus
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from testgen import Rng, write_tests

rng = Rng(7)
scores = [0, 45, 58, 59, 60, 68, 69, 70, 78, 79, 80, 81, 88, 89, 90, 98, 100]
attendances = [0, 49, 50, 94, 95, 100]
tests = []
for s in scores:
    for a in attendances:
        if rng.chance(55) or s in (80, 88, 98):
            tests.append([s, a])
while len(tests) < 95:
    tests.append([rng.randint(0, 100), rng.randint(0, 100)])
tests += [[-1, 80], [101, 80], [150, 95], [-5, 96], [70, -1], [70, 101]]
write_tests(__file__, tests, ["grade: score attendance"])
