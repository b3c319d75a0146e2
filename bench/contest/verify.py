#!/usr/bin/env python3
"""Checks the contest subjects with gcc and the sanitizers (run it through verify.sh).

For every subject of the manifest (default: bench/contest.json) it
  - checks the manifest entry (fields, existing files, faulty lines inside the program);
  - checks the program text: golden 25..90 lines, no floating point, goto or unions, and
    only the allowed library calls (see ALLOWED_CALLS);
  - checks line alignment: the faulty version has as many lines as its golden and the lines
    that differ are exactly `faulty_lines` (omissions too: a "missing" clause is a changed line);
  - compiles golden and faulty version with CFLAGS (warnings count as violations);
  - runs every test of the tests file (`< FILE` is stdin, relative to the tests file; other
    words are argv) on both; a test passes iff stdout and exit status agree;
  - requires no sanitizer report and no timeout on any run, and at least one failing and one
    passing test per faulty version;
  - reruns gen_tests.py into a scratch folder and requires identical inputs and tests files
    (skip with --no-gen).
It prints one line per subject with its failing count and exits 1 on any violation.
Only the Python standard library is used.
"""
import argparse
import concurrent.futures as cf
import filecmp
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
CFLAGS = ["-std=c11", "-O1", "-g", "-fno-omit-frame-pointer", "-Wall", "-Wextra",
          "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
           UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
SANITIZER = re.compile(r"runtime error:|AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer")
ALLOWED_CALLS = {
    "strlen", "strcpy", "strncpy", "strcmp", "strncmp", "strcat", "memset", "memcpy", "strchr",
    "isdigit", "isalpha", "isspace", "isupper", "islower", "toupper", "tolower",
    "malloc", "calloc", "free", "qsort", "bsearch",
    "printf", "puts", "putchar", "scanf", "getchar", "fgets", "sscanf", "atoi", "exit", "abs",
}
KEYWORDS = {"if", "while", "for", "switch", "return", "sizeof", "do"}
FORBIDDEN = re.compile(r"\b(float|double|goto|union|realloc|gets|fopen)\b")
KINDS = {"data", "condition", "missing", "constant", "off-by-one", "multi"}
FIELDS = ("name", "family", "program", "golden", "tests", "faulty_lines", "fault", "kind")
TIMEOUT = 10


def strip_comments_and_strings(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\\n])*'", "' '", text)


def check_text(path, problems, where):
    raw = open(path).read()
    code = strip_comments_and_strings(raw)
    if FORBIDDEN.search(code):
        problems.append("%s: %s uses a forbidden construct (%s)"
                        % (where, path, FORBIDDEN.search(code).group(1)))
    defined = set(re.findall(r"^[A-Za-z_][\w \*]*?\b(\w+)\s*\([^;]*$", code, flags=re.M))
    for name in sorted(set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", code))):
        if name in KEYWORDS or name in defined or name in ALLOWED_CALLS:
            continue
        problems.append("%s: %s calls %s(), not an allowed library function" % (where, path, name))


def read_lines(path):
    lines = open(path).read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def parse_tests(path):
    tests = []
    folder = os.path.dirname(path)
    for lineno, line in enumerate(open(path), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        words = shlex.split(s)
        args, stdin = [], None
        i = 0
        while i < len(words):
            w = words[i]
            if w == "<":
                stdin = os.path.join(folder, words[i + 1])
                i += 2
                continue
            if w.startswith("<"):
                stdin = os.path.join(folder, w[1:])
            else:
                args.append(w)
            i += 1
        tests.append((lineno, args, stdin))
    return tests


def compile_c(src, out):
    r = subprocess.run(["gcc"] + CFLAGS + ["-o", out, src], capture_output=True, text=True)
    return r.returncode, r.stderr.strip()


def run(exe, args, stdin):
    f = open(stdin, "rb") if stdin else subprocess.DEVNULL
    try:
        r = subprocess.run([exe] + args, stdin=f, capture_output=True, timeout=TIMEOUT, env=ENV)
        return r.returncode, r.stdout, r.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, b"", "timeout"
    finally:
        if stdin:
            f.close()


def check_gen(problems):
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.executable, os.path.join(HERE, "gen_tests.py"), "--outdir", tmp],
                           capture_output=True, text=True)
        if r.returncode != 0:
            problems.append("gen_tests.py failed: %s" % r.stderr.strip())
            return
        for fam in sorted(os.listdir(tmp)):
            for rel in ["tests.txt"] + ["inputs/" + n for n in os.listdir(os.path.join(tmp, fam, "inputs"))]:
                a, b = os.path.join(tmp, fam, rel), os.path.join(HERE, fam, rel)
                if not os.path.isfile(b) or not filecmp.cmp(a, b, shallow=False):
                    problems.append("%s/%s differs from what gen_tests.py writes" % (fam, rel))
            extra = set(os.listdir(os.path.join(HERE, fam, "inputs"))) - set(os.listdir(os.path.join(tmp, fam, "inputs")))
            for n in sorted(extra):
                problems.append("%s/inputs/%s is not written by gen_tests.py" % (fam, n))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("manifest", nargs="?", default=os.path.join(BENCH, "contest.json"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-gen", action="store_true", help="skip the gen_tests.py comparison")
    opt = ap.parse_args()

    problems = []
    doc = json.load(open(opt.manifest))
    base = os.path.dirname(os.path.abspath(opt.manifest))
    subjects = doc.get("subjects", [])
    if not subjects:
        problems.append("%s has no subjects" % opt.manifest)
    names = set()
    for s in subjects:
        where = s.get("name", "?")
        if where in names:
            problems.append("%s: duplicate subject name" % where)
        names.add(where)
        for key in FIELDS:
            if key not in s:
                problems.append("%s: missing field '%s'" % (where, key))
        if s.get("kind") not in KINDS:
            problems.append("%s: kind %r not one of %s" % (where, s.get("kind"), sorted(KINDS)))
        if "unwind" in s and not (isinstance(s["unwind"], int) and s["unwind"] > 0):
            problems.append("%s: unwind must be a positive integer" % where)
        for key in ("program", "golden", "tests"):
            if key in s:
                s["_" + key] = os.path.normpath(os.path.join(base, s[key]))
                if not os.path.isfile(s["_" + key]):
                    problems.append("%s: %s file %s does not exist" % (where, key, s[key]))
    subjects = [s for s in subjects if all(os.path.isfile(s.get("_" + k, "")) for k in ("program", "golden", "tests"))]

    # Program text, alignment and faulty lines.
    for s in subjects:
        where = s["name"]
        prog, gold = read_lines(s["_program"]), read_lines(s["_golden"])
        if not 25 <= len(gold) <= 90:
            problems.append("%s: golden has %d lines (25..90 expected)" % (where, len(gold)))
        fl = s.get("faulty_lines", [])
        if not fl or not all(isinstance(n, int) and 1 <= n <= len(prog) for n in fl):
            problems.append("%s: faulty_lines %s outside 1..%d" % (where, fl, len(prog)))
        if len(prog) != len(gold):
            problems.append("%s: %d lines, golden has %d (not line-aligned)" % (where, len(prog), len(gold)))
        else:
            diff = [i + 1 for i, (a, b) in enumerate(zip(prog, gold)) if a != b]
            if diff != sorted(fl):
                problems.append("%s: lines differing from golden %s != faulty_lines %s" % (where, diff, fl))
            if not diff:
                problems.append("%s: identical to its golden" % where)
        for path in sorted({s["_program"], s["_golden"]}):
            check_text(path, problems, where)

    # Compile every distinct source once.
    sources = sorted({s[k] for s in subjects for k in ("_program", "_golden")})
    tmp = tempfile.mkdtemp(prefix="contest-verify-")
    exes = {}
    with cf.ThreadPoolExecutor(opt.jobs) as pool:
        outs = {src: os.path.join(tmp, "%d.exe" % i) for i, src in enumerate(sources)}
        for src, (rc, err) in zip(sources, pool.map(lambda s: compile_c(s, outs[s]), sources)):
            rel = os.path.relpath(src, BENCH)
            if rc != 0:
                problems.append("%s: does not compile:\n%s" % (rel, err))
            else:
                if err:
                    problems.append("%s: compiler warnings:\n%s" % (rel, err))
                exes[src] = outs[src]

    # Run every (source, test) pair once.
    jobs = {}
    for s in subjects:
        if s["_program"] not in exes or s["_golden"] not in exes:
            continue
        for lineno, args, stdin in parse_tests(s["_tests"]):
            if stdin and not os.path.isfile(stdin):
                problems.append("%s: %s line %d: stdin file %s missing" % (s["name"], s["tests"], lineno, stdin))
                continue
            for src in (s["_program"], s["_golden"]):
                jobs.setdefault((src, tuple(args), stdin), None)
    with cf.ThreadPoolExecutor(opt.jobs) as pool:
        keys = list(jobs)
        for key, res in zip(keys, pool.map(lambda k: run(exes[k[0]], list(k[1]), k[2]), keys)):
            jobs[key] = res
    for (src, args, stdin), (rc, out, err) in sorted(jobs.items(), key=lambda kv: (kv[0][0], str(kv[0][2]))):
        what = "%s on %s" % (os.path.relpath(src, BENCH), os.path.relpath(stdin, BENCH) if stdin else args)
        if rc is None:
            problems.append("%s: timeout" % what)
        elif SANITIZER.search(err):
            problems.append("%s: sanitizer report:\n%s" % (what, err.strip()[:1500]))
        elif err.strip():
            problems.append("%s: unexpected stderr: %s" % (what, err.strip()[:300]))

    print("%-24s %5s %7s %7s" % ("subject", "tests", "failing", "passing"))
    for s in subjects:
        if s["_program"] not in exes or s["_golden"] not in exes:
            continue
        total = failing = 0
        for lineno, args, stdin in parse_tests(s["_tests"]):
            a = jobs.get((s["_program"], tuple(args), stdin))
            b = jobs.get((s["_golden"], tuple(args), stdin))
            if a is None or b is None:
                continue
            total += 1
            if a[0] != b[0] or a[1] != b[1]:
                failing += 1
        print("%-24s %5d %7d %7d" % (s["name"], total, failing, total - failing))
        if failing == 0:
            problems.append("%s: no failing test" % s["name"])
        if failing == total:
            problems.append("%s: no passing test" % s["name"])
        if not 15 <= total <= 40:
            problems.append("%s: %d tests (15..40 expected)" % (s["name"], total))

    if not opt.no_gen:
        check_gen(problems)

    for p in problems:
        print("VIOLATION: " + p)
    print("%d subjects, %d violations" % (len(subjects), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
