#!/usr/bin/env python3
"""Writes the faulty versions vN.c of pmatch from golden.c (one seeded fault each, a one-line
change that keeps the line numbering) and the manifest suite.json. Prints each version's
faulty line."""
import json
import os

# (fault, kind, golden text, faulty text): the golden text occurs once in golden.c
FAULTS = [
    ("class ranges exclude their upper end (`c < range_hi[k]`)", "off-by-one",
     "    if (c >= range_lo[k] && c <= range_hi[k])\n      return 1;",
     "    if (c >= range_lo[k] && c < range_hi[k])\n      return 1;"),
    ("'^' is an anchor anywhere in the pattern (the `i == 0` clause dropped)", "missing clause",
     "    if (c == '^' && i == 0) {", "    if (c == '^') {"),
    ("'&' copies one character past the match (`j <= to`)", "off-by-one",
     "      for (j = from; j < to; j++)", "      for (j = from; j <= to; j++)"),
    ("a closure never gives back its last character (`n > least`)", "condition",
     "  for (n = most; n >= least; n--) {", "  for (n = most; n > least; n--) {"),
    ("'x?' repeats like 'x*' (stops on R_ONE instead of R_OPT)", "wrong constant",
     "    if (t->repeat == R_OPT)\n      break;", "    if (t->repeat == R_ONE)\n      break;"),
    ("under -g an empty match right after a match is replaced too", "missing clause",
     "    if (end >= 0 && !(end == pos && pos == last)) {", "    if (end >= 0 && !(end == pos)) {"),
    ("-i: a class compares only the lower-case form of a letter", "missing case",
     "      lc = islower(c) ? toupper(c) : tolower(c);", "      lc = tolower(c);"),
    ("an empty match at the start of a line is taken as following a match (`last = 0`)",
     "wrong constant", "  int pos = 0, end, count = 0, last = -1;",
     "  int pos = 0, end, count = 0, last = 0;"),
    ("'$' matches one character before the end of the line too (`pos >= len - 1`)",
     "anchor", "    return pos == len ? match_here(ti + 1, line, pos, len) : -1;",
     "    return pos >= len - 1 ? match_here(ti + 1, line, pos, len) : -1;"),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    golden = open(os.path.join(here, "golden.c")).read()
    subjects = []
    for i, (what, kind, old, new) in enumerate(FAULTS, 1):
        assert golden.count(old) == 1, what
        assert old.count("\n") == new.count("\n"), what
        text = golden.replace(old, new)
        first = golden[:golden.index(old)].count("\n") + 1
        changed = [first + k for k, (a, b) in enumerate(zip(old.split("\n"), new.split("\n")))
                   if a != b]
        with open(os.path.join(here, "v%d.c" % i), "w") as f:
            f.write(text)
        subjects.append({"name": "pmatch-v%d" % i, "program": "v%d.c" % i, "golden": "golden.c",
                         "tests": "tests.txt", "faulty_lines": changed, "fault": what,
                         "kind": kind})
        print("v%d %s %s" % (i, changed, what))
    with open(os.path.join(here, "suite.json"), "w") as f:
        json.dump({"name": "pmatch", "subjects": subjects}, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
