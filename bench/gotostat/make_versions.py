#!/usr/bin/env python3
"""Writes the faulty versions vN.c of golden.c (one seeded fault each, line numbers kept) and
suite.json, the bench manifest. Run from this directory: python3 make_versions.py"""
import json

# (old text, new text, fault description); the old text occurs once in golden.c
FAULTS = [
    ("if (whole > LIMIT / 100) goto bad;", "if (whole > LIMIT / 10) goto bad;",
     "wrong constant in the range check of the integer part (LIMIT / 10): numbers above "
     "10000 up to 100000 are accepted instead of rejected", "constant"),
    ("  if (n < 2) return 0;\n  for (i = 0; i < n; i++) {\n    d =",
     "  if (n <= 2) return 0;\n  for (i = 0; i < n; i++) {\n    d =",
     "variance guard n <= 2 instead of n < 2: two values get variance 0", "off-by-one"),
    ("return div_round((long)Sorted[n / 2 - 1] + Sorted[n / 2], 2);",
     "return (Sorted[n / 2 - 1] + Sorted[n / 2]) / 2;",
     "median of an even count truncated instead of rounded", "data"),
    ("int rank = (pct * n + 99) / 100;", "int rank = (pct * n) / 100;",
     "percentile rank rounded down instead of up", "off-by-one"),
    ("kept = n - 2 * cut;", "kept = n - cut;",
     "trimmed mean divides by n - cut instead of n - 2 * cut", "data"),
    ("    if (run > bestrun) {", "    if (run >= bestrun) {",
     "mode keeps the largest of equally frequent values (>= instead of >)", "condition"),
    ("  if (bins > 1 && hi - lo < bins * 10) {", "  if (bins > 1 && hi - lo <= bins * 10) {",
     "histogram retry (a goto loop) drops a bin when the bins are exactly 0.10 wide", "condition"),
    ("    if (Vals[i] > Vals[i - 1]) {", "    if (Vals[i] >= Vals[i - 1]) {",
     "longest run counts equal neighbours as increasing", "condition"),
]

golden = open("golden.c").read()
lines = golden.split("\n")
subjects = []
for k, (old, new, fault, kind) in enumerate(FAULTS, 1):
    assert golden.count(old) == 1, old
    at = golden[: golden.index(old)].count("\n") + 1
    with open("v%d.c" % k, "w") as f:
        f.write(golden.replace(old, new))
    subjects.append({"name": "numstat-v%d" % k, "family": "numstat", "program": "v%d.c" % k,
                     "golden": "golden.c", "tests": "tests.txt", "faulty_lines": [at],
                     "fault": fault, "kind": kind})
with open("suite.json", "w") as f:
    json.dump({"name": "gotostat", "subjects": subjects}, f, indent=2)
    f.write("\n")
print(len(subjects), "versions")
