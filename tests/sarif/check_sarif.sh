#!/usr/bin/env bash
# Renders SARIF for a formula technique over several failing tests (one result per ranked
# location, and on request one per diagnosis), a ranking technique, SAT-TAR's partitions and
# `culprit repair` (with repairs, and without), validates each against the SARIF 2.1.0 schema
# (tests/data), and checks with jq and python that the logs say what the reports say:
#  - URIs relative to %SRCROOT%, which originalUriBaseIds resolves to the real files;
#  - kind `fail` with level warning / note (level `none` for any other kind), rule help as
#    text and markdown;
#  - pf: one result per line of the JSON report's ranking (rank order), its diagnoses as related
#    locations; --sarif-results diagnoses: one per diagnosis, as the JSON report lists them;
#  - partialFingerprints unique, and unchanged when lines are inserted above (shifted lines);
#  - repair: one result per repair whose fixes, applied to the source, give the same file as
#    the unified diff of the JSON report (applied with patch(1)).
# usage: check_sarif.sh CULPRIT SOURCE_DIR WORK_DIR
set -uo pipefail
culprit=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
demo="$src/examples/demo"
py=/usr/bin/python3
fail() { echo "FAIL: $*"; exit 1; }
[ -x $py ] && $py -c 'import jsonschema' 2>/dev/null ||
  fail "needs /usr/bin/python3 with jsonschema (Debian package python3-jsonschema)"
command -v patch >/dev/null || fail "needs patch"
pf=(localize "$demo/tritype.c" -t pf --tests "$demo/tests.txt" --golden "$demo/golden.c" --test 82 93)
"$culprit" "${pf[@]}" --format sarif -o "$work/pf.sarif" || fail "pf --format sarif exited $?"
"$culprit" "${pf[@]}" --format sarif --sarif-results diagnoses -o "$work/pfd.sarif" ||
  fail "pf --sarif-results diagnoses exited $?"
"$culprit" "${pf[@]}" --format json --top 0 >"$work/pf.json" || fail "pf --format json exited $?"
"$culprit" localize "$demo/tritype.c" -t ochiai --tests "$demo/tests.txt" \
  --golden "$demo/golden.c" --format sarif --top 5 -o "$work/ochiai.sarif" || fail "ochiai exited $?"
two="$src/tests/regress/sattar-two-faults"
"$culprit" localize "$two/twofaults.c" -t sattar --tests "$two/tests.txt" --format sarif --top 2 \
  -o "$work/sattar.sarif" || fail "sattar exited $?"
# A copy of the demo, and one with three comment lines on top (every line 3 further down), at
# the same relative path.
mkdir -p "$work/copy" "$work/shifted"
cp "$demo/tritype.c" "$work/copy/tritype.c"
{ printf '/* shifted\n   by three\n   lines */\n'; cat "$demo/tritype.c"; } >"$work/shifted/tritype.c"
for copy in copy shifted; do
  (cd "$work/$copy" && "$culprit" localize tritype.c -t ochiai --tests "$demo/tests.txt" \
    --golden "$demo/golden.c" --format sarif --top 5 -o "$work/ochiai-$copy.sarif") ||
    fail "ochiai on the $copy of the demo exited $?"
done
# repair: scenario B's three repairs (run from its directory: relative paths), and none.
b="$src/tests/regress/scenario-b-repair"
(cd "$b" && "$culprit" repair ../scenario-b-pf/absolute.c --tests tests.txt --format sarif) \
  >"$work/repair.sarif"
[ $? -eq 0 ] || fail "repair --format sarif exited with another status than 0"
(cd "$b" && "$culprit" repair ../scenario-b-pf/absolute.c --tests tests.txt --format json) \
  >"$work/repair.json" || fail "repair --format json exited $?"
none="$src/tests/regress/repair-none"
(cd "$none" && "$culprit" repair table.c --tests tests.txt --golden golden.c --no-synthesize \
  --format sarif) >"$work/norepair.sarif"
[ $? -eq 4 ] || fail "repair without a repair: exit status is not 4"

logs=(pf pfd ochiai ochiai-copy ochiai-shifted sattar repair norepair)
$py "$src/tests/sarif/validate_sarif.py" "$src/tests/data/sarif-schema-2.1.0.json" \
  $(printf "$work/%s.sarif " "${logs[@]}") || fail "schema validation"
check() { [ "$(jq -e "$2" "$1" 2>&1)" = "true" ] || fail "$1: $2"; }
# same WHAT JQ-WANT JSON-WANT JQ-GOT SARIF: the two jq projections agree (and are not empty)
same() {
  local want got
  want=$(jq -c "$2" "$3") && got=$(jq -c "$4" "$5") || fail "$1: jq"
  [ "$want" = "$got" ] && [ "$want" != "[]" ] || fail "$1: $got, expected $want"
}

# Every log: kind/level consistent, URIs under %SRCROOT% resolving to the files, rule help.
for log in "${logs[@]}"; do
  f="$work/$log.sarif"
  check "$f" '.runs[0].results | all(if .kind == "fail" then (.level == "warning" or .level == "note" or .level == "error") else .level == "none" end)'
  check "$f" '.runs[0].results | all(.kind == "fail")'
  check "$f" '.runs[0].tool.driver.rules | all((.help.text | length > 40) and (.help.markdown | length > 40))'
  check "$f" '[.. | objects | select(has("artifactLocation")) | .artifactLocation] | all(.uriBaseId == "%SRCROOT%" and (.uri | startswith("/") or startswith("file:") | not))'
  check "$f" '.runs[0].artifacts | all(.location.uriBaseId == "%SRCROOT%")'
  check "$f" '.runs[0].originalUriBaseIds["%SRCROOT%"].uri | test("^file:///.*/$")'
  check "$f" '[.runs[0].results[].partialFingerprints | to_entries[0].value] | (length == (unique | length)) and all(test("^[0-9a-f]{16}$"))'
  $py - "$f" <<'EOF' || fail "$f: a URI does not resolve to an existing file under %SRCROOT%"
import json, os, sys, urllib.parse
run = json.load(open(sys.argv[1]))["runs"][0]
base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
for a in run["artifacts"]:
    path = urllib.parse.unquote(urllib.parse.urlparse(urllib.parse.urljoin(base, a["location"]["uri"])).path)
    if not os.path.isfile(path):
        sys.exit(f"{a['location']['uri']} -> {path}")
EOF
done
root=$(jq -r '.runs[0].originalUriBaseIds["%SRCROOT%"].uri' "$work/pf.sarif")
[ "$root" = "file://$(cd "$src" && pwd -P)/" ] || [ "$root" = "file://$(cd "$src" && pwd)/" ] ||
  fail "pf: %SRCROOT% is $root, expected the source tree (the deepest directory holding the working directory and the program)"
check "$work/pf.sarif" '.runs[0].artifacts[0].location.uri == "examples/demo/tritype.c"'

# pf, one result per ranked location: the JSON ranking's first 20 lines in rank order; level
# warning exactly for rank 1; each line's diagnoses as related locations, per failing test.
same "pf results (line, rank) against the JSON ranking" '[.ranking[:20][] | [.line, .rank]]' \
  "$work/pf.json" '[.runs[0].results[] | [.locations[0].physicalLocation.region.startLine, .properties.rank]]' \
  "$work/pf.sarif"
check "$work/pf.sarif" '.runs[0].properties.results == "locations" and .runs[0].tool.driver.rules[0].id == "pf" and .version == "2.1.0"'
check "$work/pf.sarif" '.runs[0].results | all((.level == "warning") == (.properties.rank == 1))'
check "$work/pf.sarif" '.runs[0].results | all((.relatedLocations | length) >= 1)'
check "$work/pf.sarif" '[.runs[0].results[] | select(.locations[0].physicalLocation.region.startLine == 53)][0] | .relatedLocations | any(.message.text | test("^failing test 82, diagnosis #[0-9]+ \\(feasible, line 53\\): angelic value \\(execution 1\\): lhs = [0-9-]+ \\(failing run: 41\\)$"))'
check "$work/pf.sarif" '.runs[0].results | all(.properties.failingTests - [82, 93] == [])'
# --sarif-results diagnoses: one result per diagnosis, ranks and tests as in the JSON report
same "pf per-diagnosis results (test, rank)" '[.runs[] | .test.index as $t | .diagnoses[:20][] | [$t, .rank]]' \
  "$work/pf.json" '[.runs[0].results[] | [.properties.failingTest, .properties.rank]]' "$work/pfd.sarif"
check "$work/pfd.sarif" '[.runs[0].results[] | select(.properties.failingTest == 82 and (.locations | length == 1) and .locations[0].physicalLocation.region.startLine == 53)][0] | .relatedLocations[0].message.text | test("lhs = [0-9-]+ \\(failing run: 41\\)")'
check "$work/pfd.sarif" '.runs[0].results | all(.properties.feasibility == "feasible" and (.level == "warning") == (.properties.rank == 1))'
check "$work/pf.sarif" '.runs[0].properties.options.unwind == "10" and (.runs[0].properties.complete | not)'
# every incomplete per-test result of the JSON report is a notification, and nothing else is;
# a bound the user chose (--max-size) is a note, not a warning
same "incomplete tests notified" '[.runs[] | select(.complete | not) | .test.index]' "$work/pf.json" \
  '[.runs[0].invocations[0].toolExecutionNotifications[].message.text | capture("^INCOMPLETE: failing test (?<t>[0-9]+): ").t | tonumber]' \
  "$work/pf.sarif"
check "$work/pf.sarif" '.runs[0].invocations[0].toolExecutionNotifications | all((.message.text | test("MCS size bound 3 reached")) and .level == "note")'

# ochiai: the 5 best lines, the faulty line 57 among them, with scores; fingerprints unchanged
# on the shifted copy, whose lines are 3 further down.
check "$work/ochiai.sarif" '(.runs[0].results | length == 5) and .runs[0].properties.results == "lines"'
check "$work/ochiai.sarif" '[.runs[0].results[].locations[0].physicalLocation.region.startLine] | index(57) != null'
check "$work/ochiai.sarif" '.runs[0].results | all(.properties.score > 0 and .properties.rank >= 1)'
a=$(jq -c '[.runs[0].results[] | [.locations[0].physicalLocation.region.startLine + 3, .partialFingerprints["culpritLine/v1"]]] | sort' "$work/ochiai-copy.sarif")
b=$(jq -c '[.runs[0].results[] | [.locations[0].physicalLocation.region.startLine, .partialFingerprints["culpritLine/v1"]]] | sort' "$work/ochiai-shifted.sarif")
[ "$a" = "$b" ] && [ "$a" != "[]" ] || fail "fingerprints move with the lines: $a vs $b"
# sattar: each partition's two best lines, named by their specification
check "$work/sattar.sarif" '[.runs[0].results[].properties.specification] | unique | length == 2'

# repair: one result per repair of the JSON report, each fix applied gives the diff's file
check "$work/repair.sarif" '(.runs[0].results | length) == 3 and all(.runs[0].results[]; .level == "warning" and (.fixes | length) == 1)'
check "$work/repair.sarif" '.runs[0].tool.driver.rules[0].id == "repair" and .runs[0].properties.complete'
check "$work/repair.sarif" '[.runs[0].results[].fixes[0].artifactChanges[].replacements[] | .insertedContent.text] | sort == ["0", "1", "<="]'
check "$work/repair.sarif" '[.runs[0].results[].fixes[0].artifactChanges[].replacements[].deletedRegion | .startLine == 11 and .startColumn >= 1 and .endColumn > .startColumn] | all'
n=$(jq '.repairs | length' "$work/repair.json")
for ((i = 0; i < n; i++)); do
  cp "$src/tests/regress/scenario-b-pf/absolute.c" "$work/by-diff.c"
  jq -r ".repairs[$i].diff" "$work/repair.json" | patch -s "$work/by-diff.c" ||
    fail "repair $i: the JSON diff does not apply"
  k=$(jq -n --slurpfile j "$work/repair.json" --slurpfile s "$work/repair.sarif" --argjson i $i \
    '[$s[0].runs[0].results[].properties.diff] | index($j[0].repairs[$i].diff)')
  [ "$k" != null ] || fail "repair $i of the JSON report is not a SARIF result"
  $py - "$work/repair.sarif" "$k" "$src/tests/regress/scenario-b-pf/absolute.c" "$work/by-fix.c" <<'EOF' ||
import json, sys
log, k, source, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
lines = open(source).read().split("\n")
offsets = [0]
for l in lines:
    offsets.append(offsets[-1] + len(l) + 1)
text = "\n".join(lines)
changes = json.load(open(log))["runs"][0]["results"][k]["fixes"][0]["artifactChanges"]
assert len(changes) == 1 and changes[0]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
edits = []
for r in changes[0]["replacements"]:
    d = r["deletedRegion"]
    start = offsets[d["startLine"] - 1] + d["startColumn"] - 1
    end = offsets[d.get("endLine", d["startLine"]) - 1] + d["endColumn"] - 1
    edits.append((start, end, r["insertedContent"]["text"]))
for start, end, new in sorted(edits, reverse=True):  # regions refer to the original file
    text = text[:start] + new + text[end:]
open(out, "w").write(text)
EOF
    fail "repair $i: the fix cannot be applied"
  cmp -s "$work/by-diff.c" "$work/by-fix.c" || fail "repair $i: the SARIF fix and the diff disagree"
done
check "$work/norepair.sarif" '(.runs[0].results | length) == 0'
check "$work/norepair.sarif" '.runs[0].invocations[0].toolExecutionNotifications | any(.level == "note" and (.message.text | test("^no repair within the search space; tried: .*To try next: ")))'
echo "ok: ${#logs[@]} SARIF logs valid, results match the reports, fixes match the diffs"
