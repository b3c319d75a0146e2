#!/usr/bin/env bash
# Renders SARIF for a formula technique over several failing tests, a ranking technique and
# SAT-TAR's partitions, validates each against the SARIF 2.1.0 schema (tests/data), and checks
# with jq that the results are the report's: one per diagnosis with its rank, angelic values as
# related locations, the options and completeness in the run's properties.
# usage: check_sarif.sh CULPRIT SOURCE_DIR WORK_DIR
set -uo pipefail
culprit=$1 src=$2 work=$3
mkdir -p "$work"
demo="$src/examples/demo"
fail() { echo "FAIL: $*"; exit 1; }
[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
  fail "needs /usr/bin/python3 with jsonschema (Debian package python3-jsonschema)"
"$culprit" localize "$demo/tritype.c" -t pf --tests "$demo/tests.txt" --golden "$demo/golden.c" \
  --test 82 93 --format sarif -o "$work/pf.sarif" || fail "pf --format sarif exited $?"
"$culprit" localize "$demo/tritype.c" -t pf --tests "$demo/tests.txt" --golden "$demo/golden.c" \
  --test 82 93 --format json --top 0 >"$work/pf.json" || fail "pf --format json exited $?"
"$culprit" localize "$demo/tritype.c" -t ochiai --tests "$demo/tests.txt" \
  --golden "$demo/golden.c" --format sarif --top 5 -o "$work/ochiai.sarif" || fail "ochiai exited $?"
two="$src/tests/regress/sattar-two-faults"
"$culprit" localize "$two/twofaults.c" -t sattar --tests "$two/tests.txt" --format sarif --top 2 \
  -o "$work/sattar.sarif" || fail "sattar exited $?"
/usr/bin/python3 "$src/tests/sarif/validate_sarif.py" "$src/tests/data/sarif-schema-2.1.0.json" \
  "$work/pf.sarif" "$work/ochiai.sarif" "$work/sattar.sarif" || fail "schema validation"
check() { [ "$(jq -e "$2" "$1" 2>&1)" = "true" ] || fail "$1: $2"; }
# pf: one result per diagnosis (20 shown at most per test), ranks and tests as in the JSON report
check "$work/pf.sarif" '.runs[0].tool.driver.rules[0].id == "pf" and .version == "2.1.0"'
want=$(jq -c '[.runs[] | .test.index as $t | .diagnoses[:20][] | [$t, .rank]]' "$work/pf.json")
got=$(jq -c '[.runs[0].results[] | [.properties.failingTest, .properties.rank]]' "$work/pf.sarif")
[ "$want" = "$got" ] || fail "pf results $got, expected $want"
check "$work/pf.sarif" '[.runs[0].results[] | select(.properties.failingTest == 82 and (.locations | length == 1) and .locations[0].physicalLocation.region.startLine == 53)][0] | .relatedLocations[0].message.text | test("lhs = [0-9-]+ \\(failing run: 41\\)")'
check "$work/pf.sarif" '.runs[0].results | all(.properties.feasibility == "feasible" and .level == "warning")'
check "$work/pf.sarif" '.runs[0].properties.options.unwind == "10" and (.runs[0].properties.complete | not)'
# every incomplete per-test result of the JSON report is a notification, and nothing else is
want=$(jq -c '[.runs[] | select(.complete | not) | .test.index]' "$work/pf.json")
got=$(jq -c '[.runs[0].invocations[0].toolExecutionNotifications[].message.text | capture("^INCOMPLETE: failing test (?<t>[0-9]+): ").t | tonumber]' "$work/pf.sarif")
[ "$want" = "$got" ] && [ "$want" != "[]" ] || fail "incomplete tests notified $got, expected $want"
check "$work/pf.sarif" '.runs[0].invocations[0].toolExecutionNotifications | all(.message.text | test("MCS size bound 3 reached"))'
# ochiai: the 5 best lines, the faulty line 57 among them, with scores
check "$work/ochiai.sarif" '.runs[0].results | length == 5'
check "$work/ochiai.sarif" '[.runs[0].results[].locations[0].physicalLocation.region.startLine] | index(57) != null'
check "$work/ochiai.sarif" '.runs[0].results | all(.properties.score > 0 and .properties.rank >= 1)'
# sattar: each partition's two best lines, named by their specification
check "$work/sattar.sarif" '[.runs[0].results[].properties.specification] | unique | length == 2'
echo "ok: 3 SARIF logs valid, results match the reports"
