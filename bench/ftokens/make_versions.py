#!/usr/bin/env python3
"""Writes the faulty versions vNN.c of ftokens from golden.c: one seeded fault each, a
one-line change that keeps the line numbering. Prints each version's faulty line."""
import os

FAULTS = [
    ("missing ':' among the special characters", "         c == ':';", "         c == ';';"),
    ("'->' not recognised: the '>' case of '-' dropped",
     "    return d == '-' || d == '=' || d == '>';", "    return d == '-' || d == '=';"),
    ("tab not skipped as a blank", "  while (c == ' ' || c == '\\t' || c == '\\n' || c == '\\r')",
     "  while (c == ' ' || c == '\\n' || c == '\\r')"),
    ("a string may run across a newline", "    if (c == EOF || c == '\\n') {\n      t->kind = ERROR;\n      unread_char(c, fp);\n      return;\n    }\n    if (c == '\\\\')",
     "    if (c == EOF) {\n      t->kind = ERROR;\n      unread_char(c, fp);\n      return;\n    }\n    if (c == '\\\\')"),
    ("a pushed-back newline keeps its line count", "  if (c == '\\n')\n    line_no--;",
     "  if (c == '\\n')\n    line_no++;"),
    ("keyword table searched one short (\"do\" is an identifier)",
     "  for (i = 0; i < NKEYWORDS; i++)", "  for (i = 0; i < NKEYWORDS - 1; i++)"),
    ("exit status: one error gives status 0", "  return errors > 0 ? 1 + errors : 0;",
     "  return errors > 1 ? 1 + errors : 0;"),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    golden = open(os.path.join(here, "golden.c")).read()
    for i, (what, old, new) in enumerate(FAULTS, 1):
        assert golden.count(old) == 1, what
        text = golden.replace(old, new)
        start = golden.index(old)
        first = golden[:start].count("\n") + 1
        changed = [first + k for k, (a, b) in enumerate(zip(old.split("\n"), new.split("\n"))) if a != b]
        with open(os.path.join(here, "v%02d.c" % i), "w") as f:
            f.write(text)
        print("v%02d %s %s" % (i, changed, what))


if __name__ == "__main__":
    main()
