#!/usr/bin/env python3
"""Checks that culprit's failing tests equal gcc's on every version of numstat.

usage: check_gcc.py CULPRIT [--sanitize]
Compiles golden.c and each vN.c of suite.json with gcc (-std=gnu89 -O0; --sanitize adds
-fsanitize=address,undefined and requires the golden to run clean), runs every test of
tests.txt natively (stdin from its `< FILE`, else empty) and marks a test failing when stdout
or exit status differs from the golden's. Then runs `CULPRIT test vN.c --tests tests.txt
--golden golden.c --format json` and compares its failing tests with gcc's. Prints one line per
version; exits 1 when they differ, when a version fails no test, or when the golden shows
undefined behaviour under --sanitize.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def read_tests():
    tests = []
    for line in open(os.path.join(HERE, "tests.txt")):
        line = line.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        stdin = None
        if " < " in line or line.startswith("< "):  # the generator puts `< FILE` last
            line, _, stdin = line.rpartition("< ")
            stdin = stdin.strip()
        tests.append((shlex.split(line), stdin))
    return tests


def compile_c(src, out, sanitize):
    flags = ["-std=gnu89", "-O0", "-w"]
    if sanitize:
        flags += ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    subprocess.run(["gcc", *flags, "-o", out, src], check=True)


def run_all(binary, tests):
    results = []
    for args, stdin in tests:
        data = open(os.path.join(HERE, stdin), "rb").read() if stdin else b""
        p = subprocess.run([binary, *args], input=data, capture_output=True, timeout=10)
        results.append((p.stdout, p.returncode, p.stderr))
    return results


def culprit_failing(culprit, program):
    p = subprocess.run([culprit, "test", program, "--tests", "tests.txt", "--golden", "golden.c",
                        "--format", "json", "-j", "1"], cwd=HERE, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("culprit test %s: status %d\n%s" % (program, p.returncode, p.stderr))
    report = json.loads(p.stdout)
    return {t["index"] for t in report["tests"] if t["verdict"] != "pass"}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    culprit, sanitize = os.path.abspath(sys.argv[1]), "--sanitize" in sys.argv[2:]
    suite = json.load(open(os.path.join(HERE, "suite.json")))
    tests = read_tests()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        golden_bin = os.path.join(tmp, "golden")
        compile_c(os.path.join(HERE, "golden.c"), golden_bin, sanitize)
        golden = run_all(golden_bin, tests)
        bad = [i + 1 for i, r in enumerate(golden) if r[2] or r[1] < 0]
        if sanitize and bad:
            print("golden: undefined behaviour or crash in tests", bad[:10])
            ok = False
        print("golden: %d tests, statuses %s" % (len(tests), sorted({r[1] for r in golden})))
        for s in suite["subjects"]:
            binary = os.path.join(tmp, s["name"])
            compile_c(os.path.join(HERE, s["program"]), binary, sanitize)
            got = run_all(binary, tests)
            gcc = {i + 1 for i, (a, b) in enumerate(zip(golden, got)) if a[:2] != b[:2]}
            ours = culprit_failing(culprit, s["program"])
            same = gcc == ours
            print("%s: gcc %d / %d failing, culprit %d%s" % (
                s["name"], len(gcc), len(tests), len(ours),
                "" if same else " DIFFER: only gcc %s, only culprit %s" % (
                    sorted(gcc - ours)[:10], sorted(ours - gcc)[:10])))
            if not same or not gcc or len(gcc) > len(tests) // 2:
                ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
