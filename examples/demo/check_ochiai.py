#!/usr/bin/env python3
"""Independent Ochiai check for the tritype demo (no culprit involved).

Compiles the faulty program with gcc --coverage and the golden program plainly, runs
every test of the tests file on both, decides pass/fail by comparing stdout and exit
status, collects per-test line coverage with gcov, and ranks lines by Ochiai
    score = f / sqrt(F * (f + p))
(f/p: failing/passing tests covering the line, F: all failing tests). A line is covered
by a test if gcov counts it as executed; lines holding no statement (braces, a bare
`else`, function headers) are left out, matching culprit's statement granularity.
Rank = worst-case position among ties.  Exits 1 if the fault line is not within --top.

usage: check_ochiai.py [--program tritype.c] [--golden golden.c] [--tests tests.txt]
                       [--fault-line 57] [--top 3] [--show 12]
"""
import argparse
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def read_tests(path):
    """Test lines of a DESIGN.md tests file as (argv words, stdin path or None)."""
    tests = []
    base = os.path.dirname(os.path.abspath(path))
    with open(path) as f:
        for line in f:
            line = line.rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            words, stdin, it = [], None, iter(shlex.split(line))
            for w in it:
                if w == "<":
                    stdin = os.path.join(base, next(it))
                elif w.startswith("<"):
                    stdin = os.path.join(base, w[1:])
                else:
                    words.append(w)
            tests.append((line, words, stdin))
    return tests


def run(binary, words, stdin, cwd):
    with open(stdin or os.devnull, "rb") as inp:
        r = subprocess.run([binary] + words, stdin=inp, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, cwd=cwd, timeout=20)
    return r.stdout, r.returncode


def statement_lines(src_lines, gcov_file):
    """Line numbers gcov reports as executable, minus lines with no statement."""
    headers = {fn["start_line"] for fn in gcov_file["functions"]}
    keep = set()
    for ln in gcov_file["lines"]:
        n = ln["line_number"]
        text = src_lines[n - 1].strip()
        if n in headers or re.fullmatch(r"[{}]*|}?\s*else\s*{?", text):
            continue
        keep.add(n)
    return keep


def coverage(work, binary, src, words, stdin):
    """Executed statement lines of one run of the instrumented binary."""
    for f in os.listdir(work):
        if f.endswith(".gcda"):
            os.remove(os.path.join(work, f))
    out = run(binary, words, stdin, work)
    g = subprocess.run(["gcov", "--json-format", "--stdout", "-o", work, src],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=work,
                       check=True)
    data = json.loads(g.stdout.decode().splitlines()[0])
    (gfile,) = [f for f in data["files"] if os.path.basename(f["file"]) == os.path.basename(src)]
    with open(src) as f:
        src_lines = f.read().splitlines()
    stmts = statement_lines(src_lines, gfile)
    executed = {ln["line_number"] for ln in gfile["lines"] if ln["count"] > 0}
    return out, stmts, executed & stmts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--program", default=os.path.join(HERE, "tritype.c"))
    ap.add_argument("--golden", default=os.path.join(HERE, "golden.c"))
    ap.add_argument("--tests", default=os.path.join(HERE, "tests.txt"))
    ap.add_argument("--fault-line", type=int, default=57)
    ap.add_argument("--top", type=int, default=3)
    ap.add_argument("--show", type=int, default=12)
    args = ap.parse_args()

    tests = read_tests(args.tests)
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, os.path.basename(args.program))
        with open(args.program) as f, open(src, "w") as g:
            g.write(f.read())
        prog_bin, gold_bin = os.path.join(work, "prog"), os.path.join(work, "golden")
        obj = os.path.splitext(src)[0] + ".o"
        subprocess.run(["gcc", "-std=gnu11", "-w", "-O0", "--coverage", "-c", src, "-o", obj],
                       check=True, cwd=work)
        subprocess.run(["gcc", "--coverage", obj, "-o", prog_bin], check=True, cwd=work)
        subprocess.run(["gcc", "-std=gnu11", "-w", "-O0", args.golden, "-o", gold_bin],
                       check=True)
        verdicts, covered, all_lines = [], [], set()
        for line, words, stdin in tests:
            out, stmts, cov = coverage(work, prog_bin, src, words, stdin)
            expected = run(gold_bin, words, stdin, work)
            verdicts.append(out == expected)
            covered.append(cov)
            all_lines |= stmts
        with open(args.program) as f:
            src_lines = f.read().splitlines()

    F = verdicts.count(False)
    P = len(verdicts) - F
    print(f"{len(tests)} tests: {P} pass, {F} fail; {len(all_lines)} statement lines")
    for (line, _, _), ok in zip(tests, verdicts):
        if not ok:
            print(f"  failing: {line}")
    if F == 0:
        print("no failing test: nothing to rank")
        return 1
    score = {}
    for n in sorted(all_lines):
        f = sum(1 for c, ok in zip(covered, verdicts) if not ok and n in c)
        p = sum(1 for c, ok in zip(covered, verdicts) if ok and n in c)
        score[n] = (f / math.sqrt(F * (f + p)) if f else 0.0, f, p)
    rank = {n: sum(1 for m in score if score[m][0] >= s[0]) for n, s in score.items()}
    print(f"{'rank':>4} {'line':>4} {'ochiai':>7} {'f':>3} {'p':>3}  source")
    for n in sorted(score, key=lambda n: (rank[n], n))[: args.show]:
        s, f, p = score[n]
        mark = "  <== fault" if n == args.fault_line else ""
        print(f"{rank[n]:>4} {n:>4} {s:7.4f} {f:>3} {p:>3}  {src_lines[n - 1].strip()}{mark}")
    if args.fault_line not in score:
        print(f"fault line {args.fault_line} holds no executed statement")
        return 1
    s, f, p = score[args.fault_line]
    print(f"fault line {args.fault_line}: rank {rank[args.fault_line]} of {len(score)}, "
          f"Ochiai {s:.4f} (f={f}, p={p}, F={F})")
    return 0 if rank[args.fault_line] <= args.top else 1


if __name__ == "__main__":
    sys.exit(main())
