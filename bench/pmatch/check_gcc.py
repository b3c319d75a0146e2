#!/usr/bin/env python3
"""Checks the pmatch subject against gcc.

usage: check_gcc.py [CULPRIT]
1. golden.c runs every test of tests.txt cleanly under gcc's ASan+UBSan (-std=gnu89 -O0), and
   gcc -O2 and clang (when installed) agree with it on every test (stdout and exit status);
2. each vN.c of suite.json (gcc -O0, UBSan on) fails at least 3 tests and at most 40% of them,
   a test failing when its stdout or exit status differs from the golden's;
3. with CULPRIT given, `CULPRIT test vN.c --tests tests.txt --golden golden.c` fails exactly
   the tests gcc fails, on every version (and passes every test of the golden itself).
Prints one line per version with its failing count; exits 1 when a check fails.
"""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAN = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]


def read_tests():
    tests = []
    for line in open(os.path.join(HERE, "tests.txt")):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        words = shlex.split(line)
        stdin = None
        if "<" in words:  # the generator puts `< FILE` last
            stdin = words[words.index("<") + 1]
            words = words[:words.index("<")]
        tests.append((words, stdin))
    return tests


def build(cc, flags, src, out):
    subprocess.run([cc, "-std=gnu89", "-w", *flags, "-o", out, os.path.join(HERE, src)],
                   check=True)
    return out


def run_all(binary, tests):
    results = []
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    for args, stdin in tests:
        data = open(os.path.join(HERE, stdin), "rb").read() if stdin else b""
        p = subprocess.run([binary, *args], input=data, capture_output=True, timeout=10,
                           cwd=HERE, env=env)
        results.append((p.stdout, p.returncode, p.stderr))
    return results


def differing(golden, got):
    return {i + 1 for i, (a, b) in enumerate(zip(golden, got)) if a[:2] != b[:2]}


def culprit_failing(culprit, program):
    p = subprocess.run([culprit, "test", program, "--tests", "tests.txt", "--golden", "golden.c",
                        "--format", "json", "-j", "1"], cwd=HERE, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("culprit test %s: status %d\n%s" % (program, p.returncode, p.stderr))
    return {t["index"] for t in json.loads(p.stdout)["tests"] if t["verdict"] != "pass"}


def main():
    culprit = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
    suite = json.load(open(os.path.join(HERE, "suite.json")))
    tests = read_tests()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        golden = run_all(build("gcc", ["-O0", *SAN], "golden.c", tmp + "/golden"), tests)
        bad = [i + 1 for i, r in enumerate(golden) if r[1] < 0 or b"runtime error" in r[2]
               or b"AddressSanitizer" in r[2]]
        if bad:
            print("golden: sanitizer report or crash in tests", bad[:10])
            ok = False
        others = [("gcc -O2", "gcc", ["-O2"])]
        if shutil.which("clang"):
            others.append(("clang -O1", "clang", ["-O1"]))
        for label, cc, flags in others:
            diff = differing(golden, run_all(build(cc, flags, "golden.c", tmp + "/g2"), tests))
            if diff:
                print("golden: %s differs from gcc -O0 in tests %s" % (label, sorted(diff)[:10]))
                ok = False
        print("golden: %d tests, exit statuses %s" % (
            len(tests), sorted({r[1] for r in golden})))
        if culprit and culprit_failing(culprit, "golden.c"):
            print("golden: culprit fails tests of the golden itself")
            ok = False
        for s in suite["subjects"]:
            got = run_all(build("gcc", ["-O0", "-fsanitize=undefined"], s["program"],
                                tmp + "/" + s["name"]), tests)
            gcc = differing(golden, got)
            line = "%s (line %s): %d / %d failing" % (
                s["name"], ",".join(map(str, s["faulty_lines"])), len(gcc), len(tests))
            if any(b"runtime error" in r[2] for r in got):
                line += ", UBSan report"
                ok = False
            if not 3 <= len(gcc) <= 0.4 * len(tests):
                line += ", outside 3..40%"
                ok = False
            if culprit:
                ours = culprit_failing(culprit, s["program"])
                if ours == gcc:
                    line += ", culprit agrees"
                else:
                    line += ", culprit DIFFERS: only gcc %s, only culprit %s" % (
                        sorted(gcc - ours)[:10], sorted(ours - gcc)[:10])
                    ok = False
            print(line)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
