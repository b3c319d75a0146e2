#!/usr/bin/env python3
"""Checks the benchmark corpus with gcc (run it through verify.sh).

For every subject of the manifests (default: bench/corpus.json and bench/small.json) it
  - checks the manifest entry (fields, paths, faulty lines inside the program, unwind for
    programs with loops) and the program text (15..80 lines, integer-only subset, allowed
    headers and library calls; for faulty versions aligned with their golden, the changed
    lines must be exactly the faulty lines unless the fault is an omission);
  - compiles the program and its golden with -fsanitize=undefined,address
    -fno-sanitize-recover=all (uninitialised reads are compile errors);
  - runs every test on both and applies the DESIGN.md oracle: with a golden, a test passes
    iff stdout and exit status agree; without one, iff no assertion fails;
  - requires at least one failing and one passing test, no sanitizer report, no timeout, and
    no failure of the golden itself;
  - for multi-fault versions aligned with their golden, builds one single-fault version per
    faulty line (the golden with only that line changed) and requires each to fail a test,
    so every listed fault is observable on its own;
  - reruns every family's gen_tests.py into a scratch folder and requires identical files.
It prints one line per subject with its failing count and exits 1 on any violation.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
CFLAGS = ["-std=c11", "-O1", "-g", "-fno-omit-frame-pointer", "-Wall", "-Wextra",
          "-Wno-unused-parameter", "-Werror=uninitialized", "-Werror=maybe-uninitialized",
          "-fsanitize=undefined,address", "-fno-sanitize-recover=all", "-static-libasan"]
PROBE_CFLAGS = ["-std=c11", "-O1", "-w"]  # single-fault probes are not corpus programs
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",
           UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
SANITIZER = re.compile(r"runtime error:|AddressSanitizer|UndefinedBehaviorSanitizer")
ASSERTION = re.compile(r"Assertion .* failed")
ALLOWED_HEADERS = {"stdio.h", "stdlib.h", "assert.h"}
ALLOWED_CALLS = {"printf", "atoi", "exit", "assert"}
KEYWORDS = {"if", "while", "for", "switch", "return", "sizeof", "main"}
FORBIDDEN = re.compile(r"\b(float|double|struct|union|malloc|calloc|realloc|free|goto|long|"
                       r"unsigned|short|scanf|typedef|enum|static|extern)\b")
LOOP = re.compile(r"\b(for|while|do)\b")
KINDS = {"data", "condition", "missing", "constant", "off-by-one", "multi"}
TIMEOUT = 10


class Problems:
    def __init__(self):
        self.items = []

    def add(self, where, what):
        self.items.append("%s: %s" % (where, what))


def load_subjects(manifest, follow_includes, problems, seen_manifests):
    path = os.path.abspath(manifest)
    if path in seen_manifests:
        return []
    seen_manifests.add(path)
    try:
        doc = json.load(open(path))
    except (OSError, ValueError) as e:
        problems.add(manifest, "cannot read manifest: %s" % e)
        return []
    base = os.path.dirname(path)
    subjects = []
    for inc in doc.get("include", []):
        inc_path = os.path.join(base, inc)
        if not follow_includes:
            continue
        if not os.path.exists(inc_path):
            print("note: included manifest %s does not exist (yet); skipped" % inc)
            continue
        for s in load_subjects(inc_path, True, problems, seen_manifests):
            s["_included"] = True
            subjects.append(s)
    for entry in doc.get("subjects", []):
        s = dict(entry)
        s["_manifest"] = os.path.relpath(path, BENCH)
        for key in ("program", "golden", "tests"):
            if key in s:
                s["_" + key] = os.path.normpath(os.path.join(base, s[key]))
        subjects.append(s)
    return subjects


def check_entry(s, problems, own):
    where = "%s (%s)" % (s.get("name", "?"), s["_manifest"])
    for key in ("name", "program", "tests", "faulty_lines", "fault"):
        if key not in s:
            problems.add(where, "missing field '%s'" % key)
    if own:
        for key in ("family", "kind"):
            if key not in s:
                problems.add(where, "missing field '%s'" % key)
        if s.get("kind") not in KINDS:
            problems.add(where, "kind must be one of %s" % sorted(KINDS))
    for key in ("program", "golden", "tests"):
        if "_" + key in s and not os.path.isfile(s["_" + key]):
            problems.add(where, "%s file %s does not exist" % (key, s[key]))
            return False
    if "_program" not in s or "_tests" not in s:
        return False
    text = open(s["_program"]).read().split("\n")
    if text and text[-1] == "":
        text.pop()
    lines = s.get("faulty_lines", [])
    if not lines or not all(isinstance(n, int) and 1 <= n <= len(text) for n in lines):
        problems.add(where, "faulty_lines %s outside 1..%d" % (lines, len(text)))
    elif any(not text[n - 1].strip() for n in lines):
        problems.add(where, "a faulty line is blank")
    if not own:
        return True
    if not 15 <= len(text) <= 80:
        problems.add(where, "program has %d lines (15..80 expected)" % len(text))
    code = re.sub(r"/\*.*?\*/", "", "\n".join(text), flags=re.S)
    code = re.sub(r'"([^"\\]|\\.)*"', '""', code)
    if LOOP.search(code) and "unwind" not in s:
        problems.add(where, "program has a loop but no unwind")
    if FORBIDDEN.search(code):
        problems.add(where, "construct outside the subset: %s" % FORBIDDEN.search(code).group(0))
    for h in re.findall(r"#include\s*<([^>]+)>", code):
        if h not in ALLOWED_HEADERS:
            problems.add(where, "header <%s> not allowed" % h)
    defined = set(re.findall(r"^\w+\s+(\w+)\s*\(", code, flags=re.M))
    for call in set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", code)):
        if call not in KEYWORDS and call not in defined and call not in ALLOWED_CALLS and \
                not re.match(r"^(int|void|char)$", call):
            problems.add(where, "call to '%s' outside the subset" % call)
    if "_golden" in s and s.get("kind") != "missing":
        gold = open(s["_golden"]).read().split("\n")
        if gold and gold[-1] == "":
            gold.pop()
        if len(gold) != len(text):
            problems.add(where, "not line-aligned with its golden (and kind is not 'missing')")
        else:
            changed = sorted(i + 1 for i, (a, b) in enumerate(zip(gold, text)) if a != b)
            if changed != sorted(lines):
                problems.add(where, "lines changed w.r.t. golden %s != faulty_lines %s" % (changed, sorted(lines)))
    return True


def single_fault_versions(s, work):
    """(line, source) for each faulty line of an aligned multi-fault version."""
    if len(s.get("faulty_lines", [])) < 2 or "_golden" not in s or s.get("kind") == "missing":
        return []
    gold = open(s["_golden"]).read().split("\n")
    text = open(s["_program"]).read().split("\n")
    if len(gold) != len(text):
        return []
    out = []
    for line in s["faulty_lines"]:
        variant = list(gold)
        variant[line - 1] = text[line - 1]
        src = os.path.join(work, "%s-line%d.c" % (s["name"], line))
        with open(src, "w") as f:
            f.write("\n".join(variant))
        out.append((line, src))
    return out


def read_tests(path, problems):
    tests = []
    for number, raw in enumerate(open(path), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError as e:
            problems.add(path, "line %d: %s" % (number, e))
            continue
        args, stdin = [], None
        i = 0
        while i < len(words):
            w = words[i]
            if w == "<" and i + 1 < len(words):
                stdin = os.path.join(os.path.dirname(path), words[i + 1])
                i += 2
                continue
            if w.startswith("<") and len(w) > 1:
                stdin = os.path.join(os.path.dirname(path), w[1:])
            elif w.startswith("@nondet="):
                return None  # nondet values need culprit; gcc cannot replay them
            else:
                args.append(w)
            i += 1
        tests.append((args, stdin))
    return tests


def compile_one(src, out, flags):
    r = subprocess.run(["gcc"] + flags + ["-o", out, src], capture_output=True, text=True)
    return r.returncode, r.stderr


def run_one(binary, test):
    args, stdin = test
    try:
        fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
        r = subprocess.run([binary] + args, stdin=fin, capture_output=True, timeout=TIMEOUT, env=ENV)
    except subprocess.TimeoutExpired:
        return ("timeout", b"", -999, "")
    err = r.stderr.decode(errors="replace")
    if SANITIZER.search(err):
        return ("ub", r.stdout, r.returncode, err)
    if ASSERTION.search(err) or r.returncode < 0:
        return ("assert" if ASSERTION.search(err) else "signal", r.stdout, r.returncode, err)
    return ("ok", r.stdout, r.returncode, err)


def check_generators(problems):
    for family in sorted(os.listdir(HERE)):
        script = os.path.join(HERE, family, "gen_tests.py")
        if not os.path.isfile(script):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([sys.executable, script, "--outdir", tmp], capture_output=True, text=True)
            if r.returncode != 0:
                problems.add(script, "failed: %s" % r.stderr.strip())
                continue
            for name in sorted(os.listdir(tmp)):
                stored = os.path.join(HERE, family, name)
                if not os.path.isfile(stored) or open(stored).read() != open(os.path.join(tmp, name)).read():
                    problems.add(os.path.join(family, name), "differs from what gen_tests.py generates")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("manifests", nargs="*", default=[os.path.join(BENCH, "corpus.json"),
                                                      os.path.join(BENCH, "small.json")])
    ap.add_argument("--include", action="store_true", help="also check subjects of included manifests")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-gen", action="store_true", help="skip the gen_tests.py reproducibility check")
    opts = ap.parse_args()

    problems = Problems()
    subjects, seen = [], set()
    for m in opts.manifests:
        subjects += load_subjects(m, opts.include, problems, seen)
    names = {}
    for s in subjects:
        key = (s.get("_manifest"), s.get("name"))
        if key in names:
            problems.add(s.get("name", "?"), "duplicate name in %s" % s["_manifest"])
        names[key] = s
    subjects = [s for s in subjects if check_entry(s, problems, not s.get("_included"))]
    if not opts.no_gen:
        check_generators(problems)

    work = tempfile.mkdtemp(prefix="culprit-verify-")
    try:
        for s in subjects:
            s["_singles"] = single_fault_versions(s, work)
        probes = {src for s in subjects for _, src in s["_singles"]}
        sources = sorted({s[k] for s in subjects for k in ("_program", "_golden") if k in s} | probes)
        binaries = {}
        with cf.ThreadPoolExecutor(opts.jobs) as pool:
            futs = {}
            for i, src in enumerate(sources):
                out = os.path.join(work, "b%d" % i)
                flags = PROBE_CFLAGS if src in probes else CFLAGS
                futs[pool.submit(compile_one, src, out, flags)] = (src, out)
            for f in cf.as_completed(futs):
                src, out = futs[f]
                rc, err = f.result()
                rel = os.path.relpath(src, BENCH)
                if rc != 0:
                    problems.add(rel if rel.startswith("programs") or rel.startswith("siemens") else src,
                             "does not compile:\n" + err)
                else:
                    binaries[src] = out
                    for w in re.findall(r"warning: (.*)", err):
                        print("warning: %s: %s" % (rel, w))

        tests_of = {}
        runnable = []
        for s in subjects:
            if s["_tests"] not in tests_of:
                tests_of[s["_tests"]] = read_tests(s["_tests"], problems)
            if tests_of[s["_tests"]] is None or "entry" in s:
                print("note: %s uses nondet values or a harness entry; not run with gcc" % s["name"])
                continue
            if s["_program"] in binaries and ("_golden" not in s or s["_golden"] in binaries):
                runnable.append(s)

        jobs = sorted({(s[k], s["_tests"]) for s in runnable for k in ("_program", "_golden") if k in s} |
                      {(src, s["_tests"]) for s in runnable for _, src in s["_singles"]})
        results = {}
        with cf.ThreadPoolExecutor(2 * opts.jobs) as pool:
            futs = {}
            for src, tests in jobs:
                for i, t in enumerate(tests_of[tests]):
                    futs[pool.submit(run_one, binaries[src], t)] = (src, tests, i)
            for f in cf.as_completed(futs):
                results[futs[f]] = f.result()

        bad_runs = set()
        for (src, tests, i), (status, _, _, err) in sorted(results.items()):
            if status in ("ub", "timeout") and (src, tests) not in bad_runs:
                bad_runs.add((src, tests))
                problems.add(os.path.relpath(src, BENCH), "%s on test %d of %s\n%s" % (
                    "undefined behaviour" if status == "ub" else "timeout", i + 1,
                    os.path.relpath(tests, BENCH), err[:2000]))

        manifest = None
        for s in runnable:
            if s["_manifest"] != manifest:
                manifest = s["_manifest"]
                print("\n%s\n%-22s %6s %6s %6s" % (manifest, "subject", "tests", "fail", "pass"))
            n = len(tests_of[s["_tests"]])
            failing = 0
            for i in range(n):
                status, out, rc, _ = results[(s["_program"], s["_tests"], i)]
                if "_golden" in s:
                    gs, gout, grc, _ = results[(s["_golden"], s["_tests"], i)]
                    if gs != "ok":
                        problems.add(s["name"], "golden fails test %d (%s)" % (i + 1, gs))
                    ok = status == "ok" and gs == "ok" and out == gout and rc == grc
                else:
                    ok = status == "ok"
                failing += not ok
            for line, src in s["_singles"]:
                if all(results[(src, s["_tests"], i)][1:3] == results[(s["_golden"], s["_tests"], i)][1:3]
                       for i in range(n)):
                    problems.add(s["name"], "the fault on line %d alone fails no test" % line)
            verdict = ""
            if failing == 0:
                verdict = "  VIOLATION: no failing test"
                problems.add(s["name"], "no failing test")
            elif failing == n:
                verdict = "  VIOLATION: no passing test"
                problems.add(s["name"], "no passing test")
            elif n < 50 and not s.get("_included"):
                verdict = "  (fewer than 50 tests)"
            print("%-22s %6d %6d %6d%s" % (s["name"], n, failing, n - failing, verdict))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if problems.items:
        print("\n%d problem(s):" % len(problems.items))
        for p in problems.items:
            print("  " + p)
        return 1
    print("\nall %d subjects ok" % len(runnable))
    return 0


if __name__ == "__main__":
    sys.exit(main())
