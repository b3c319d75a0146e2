# Helpers of the bench checks: a scratch directory removed on exit, and assertions that print
# what went wrong and keep going (the script's status is 1 if any failed).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
# Each failure is printed when found and again after the dumps of finish, so that a log that
# keeps only its tail (CI's) still shows what failed.
fail() {
  echo "FAIL: $*"
  echo "FAIL: $*" >>"$tmp/failures.txt"
  failures=$((failures + 1))
}
# has FILE TEXT: some line of FILE is exactly TEXT.
has() { grep -Fxq -- "$2" "$1" || fail "$1 has no line: $2"; }
# matches FILE REGEX: some line of FILE matches REGEX (grep -E).
matches() { grep -Eq -- "$2" "$1" || fail "$1 has no line matching: $2"; }
finish() {
  if [ "$failures" -ne 0 ]; then
    for f in "$tmp"/*.out "$tmp"/*.err; do [ -f "$f" ] && { echo "--- $f"; head -n 40 "$f"; }; done
    echo "--- $failures failed checks:"
    cat "$tmp/failures.txt"
    exit 1
  fi
  echo ok
}
# Times differ between processes: blank the columns whose header ends in "ms" (the technique
# table's solver, total, p50 and p90 ms), found by name so that new columns do not shift them.
tables() {
  sed -n '/^## Per subject/,$p' "$1" | awk -F'|' -v OFS='|' '
    /^$/ { split("", ms) }
    /^\| technique / { split("", ms); for (i = 1; i <= NF; i++) if ($i ~ / ms $/) ms[i] = 1; print; next }
    { for (i in ms) $i = "" } 1'
}
# summary.json likewise, without times and the shards' names (top-N, lines examined and the
# by-version means included).
untimed='del(.shards) | walk(if type == "object" then with_entries(select(.key | test("_ms$") | not)) else . end)'
# same_summary DIR1 DIR2: the two bench directories hold the same runs with the same metrics
# (summary.md's tables, summary.json and every record of runs.jsonl, times aside).
same_summary() {
  diff <(tables "$1/summary.md") <(tables "$2/summary.md") >"$tmp/diff.out" ||
    fail "$2/summary.md differs from $1's (times aside): $(head -c 1000 "$tmp/diff.out")"
  diff <(jq -S "$untimed" "$1/summary.json") <(jq -S "$untimed" "$2/summary.json") \
    >"$tmp/diff-json.out" ||
    fail "$2/summary.json differs from $1's (times aside): $(head -c 1000 "$tmp/diff-json.out")"
  # The last record of each key counts (a retried run), as for culprit; cut lines do not.
  local records='[inputs | fromjson? // empty] | reduce .[] as $r ({};
    .[[$r.subject, $r.technique, $r.test] | tojson] = ($r | with_entries(select(.key | test("_ms$|_mb$") | not))))
    | .[] | tojson'
  diff <(jq -nrR "$records" "$1/runs.jsonl" | sort) <(jq -nrR "$records" "$2/runs.jsonl" | sort) \
    >"$tmp/diff-runs.out" ||
    fail "$2/runs.jsonl has other runs or metrics than $1's: $(head -c 2000 "$tmp/diff-runs.out")"
}
# small_manifest ROOT: bench/small.json without tritype-v1, whose pf run on test 27 ends
# complete or at the MCS size bound from one run to the next, and without arraymin-v1, whose pf
# diagnoses of test 64 differ from one run to the next (2 to 4 distinct results in 5 to 8 runs
# of the same binary; a nondeterminism of pf, not of the bench), with absolute paths, so that the manifest can live in the scratch directory and
# the test's processes are recognizable by its path.
small_manifest() {
  jq --arg d "$1/bench/" '.subjects |= map(select(.name != "tritype-v1" and .name != "arraymin-v1") | with_entries(
    if .key == "program" or .key == "golden" or .key == "tests" then .value = $d + .value else . end))' \
    "$1/bench/small.json"
}
