#!/usr/bin/env bash
# bench.problems: a manifest whose subjects are broken in every way the bench must survive
# (missing file, no failing test, a golden program that fails, faulty lines that are not
# statements, a syntax error). Each is reported naming the subject, the good subjects still
# run, and summary.md lists the problems. The good subject's values are checked by hand.
set -uo pipefail
culprit=$1
root=$2
. "$(dirname "$0")/testlib.sh"
dir="$root/tests/bench/problems"

"$culprit" bench "$dir/manifest.json" --techniques ochiai,tarantula --jobs 2 --out "$tmp/out" \
  >"$tmp/bench.out" 2>"$tmp/bench.err" || fail "culprit bench: exit status $?"
err="$tmp/bench.err"
matches "$err" "^bench: subject 'missing-file' skipped: program file not found: .*nope\.c$"
matches "$err" "^bench: subject 'all-pass' skipped: no test fails \(6 tests, 6 pass\): nothing to localize$"
matches "$err" "^bench: subject 'golden-fails' skipped: golden program fails on 1 of 6 tests; first: test 4 \(5 1\): .*golden-fails\.c:8"
matches "$err" "^bench: subject 'not-executable': faulty line 1 is not executable \(.*max\.c:1: \`#include <stdio\.h>\`\)$"
matches "$err" "^bench: subject 'not-executable' skipped: no faulty line is an executable statement$"
matches "$err" "^bench: subject 'max-blank-line': faulty line 3 is not executable"
matches "$err" "^bench: subject 'max-blank-line': faulty line 40 is past the end of .*max\.c \(11 lines\)$"
matches "$err" "^bench: subject 'syntax-error' skipped: program does not load: .*bad\.c:2:12: error: expected ';'"
md="$tmp/out/summary.md"
has "$md" '## Problems'
matches "$md" "^- \`missing-file\` \(skipped\): program file not found"
matches "$md" "^- \`max-blank-line\` \(warning\): faulty line 40 is past the end"
matches "$md" '7 subjects \(5 skipped\)'
# max (fault on line 7, 7 executable lines; tests: 4 fail, 2 pass). Every line but 8 is
# covered by all 6 tests: Ochiai 4/sqrt(4*6) = 0.816 for those six, line 8 (f=2, p=0) 0.707:
# line 7 is tied at 1-6, rank 6, EXAM 6/7 = 85.7%. Tarantula: line 8 scores 1, the six others
# 0.5: line 7 is tied at 2-7, rank 7, EXAM 100%. max-blank-line is the same program with the
# non-statement lines dropped from its ground truth.
has "$md" '| max | 7 | 7 | 6 / 85.7% / ✗ | 7 / 100.0% / ✗ |'
has "$md" '| max-blank-line | 7 | 7,3,40 | 6 / 85.7% / ✗ | 7 / 100.0% / ✗ |'
has "$md" '| missing-file | – | 7 | skipped | skipped |'
# Average over ties: ochiai (1 + 6) / 2 = 3.5 of 7 = 50%; tarantula (2 + 7) / 2 = 4.5 = 64.3%.
matches "$tmp/bench.out" '^ochiai +2 +0\.0% +– +85\.7% +50\.0% +6\.0 '
matches "$tmp/bench.out" '^tarantula +2 +0\.0% +– +100\.0% +64\.3% +7\.0 '
[ "$(wc -l <"$tmp/out/runs.jsonl")" -eq 4 ] || fail "expected 4 runs (2 subjects x 2)"

# A malformed manifest: one line with file:line:col, exit status 2, nothing on stdout.
printf '{\n  "subjects": [\n    {"name": "a",, }\n  ]\n}\n' >"$tmp/bad.json"
"$culprit" bench "$tmp/bad.json" --out "$tmp/bad" >"$tmp/bad.out" 2>"$tmp/bad.err"
status=$?
[ "$status" -eq 2 ] || fail "malformed manifest: exit status $status, expected 2"
[ "$(wc -l <"$tmp/bad.err")" -eq 1 ] || fail "malformed manifest: expected one line on stderr"
matches "$tmp/bad.err" "^$tmp/bad\.json:3:18: error: malformed manifest: "
[ -s "$tmp/bad.out" ] && fail "malformed manifest: stdout is not empty"
[ -e "$tmp/bad" ] && fail "malformed manifest: an output directory was created"
finish
