#!/usr/bin/env bash
# `make bench-repair`: mutation repair on every version of the Siemens-style subject
# (bench/siemens) with each must-set mode — plain AllRepair (none), fl-AllRepair as published
# (every) and culprit's default (adaptive) — and a table of repairs, candidates validated,
# the share of the search space pruned by must sets, time and candidates per second. Every
# repair's patch is applied with `patch` and the patched program is run on the whole suite
# with `culprit test` against the golden program: the table counts the patches that pass.
# Output: bench/results/repair/<version>-<mode>.json and summary.md (gitignored).
# Environment: REPAIR_VERSIONS (e.g. "v01 v02"), REPAIR_MODES (default "none every adaptive"),
# REPAIR_ARGS (more options, e.g. "--level 2").
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
culprit="$root/$build/culprit"
[ -x "$culprit" ] || culprit="$build/culprit"
[ -x "$culprit" ] || { echo "bench-repair.sh: $culprit not found (run make build first)" >&2; exit 2; }
subject="$root/bench/siemens"
out="$root/bench/results/repair"
mkdir -p "$out"
versions=${REPAIR_VERSIONS:-$(cd "$subject" && ls v*.c | sed 's/\.c$//')}
modes=${REPAIR_MODES:-none every adaptive}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

summary="$out/summary.md"
{
  echo "| version | mode | repairs | patches passing | validated | pruned by must sets | time (s) | candidates/s |"
  echo "|---|---|---|---|---|---|---|---|"
} >"$summary"
for mode in $modes; do
  declare "total_$mode=0" "repaired_$mode=0" "repairs_$mode=0"
done
for v in $versions; do
  for mode in $modes; do
    json="$out/$v-$mode.json"
    start=$(date +%s.%N)
    # shellcheck disable=SC2086  # REPAIR_ARGS is a list of options
    (cd "$subject" && "$culprit" repair "$v.c" --tests tests.txt --golden golden.c --must "$mode" \
      --format json ${REPAIR_ARGS:-} >"$json") || true  # 4: no repair
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    n=$(jq '.repairs | length' "$json")
    passing=0
    for i in $(seq 0 $((n - 1))); do
      jq -r ".repairs[$i].diff" "$json" >"$work/p.diff"
      cp "$subject/$v.c" "$work/$v.c"
      (cd "$work" && patch -s "$v.c" <p.diff) &&
        (cd "$subject" && "$culprit" test "$work/$v.c" --tests tests.txt --golden golden.c \
          >/dev/null) && passing=$((passing + 1))
    done
    validated=$(jq '.stats.candidates' "$json")
    pruned=$(jq '.stats.pruned_by_must / .stats.space * 100 | floor' "$json")
    rate=$(awk -v n="$validated" -v s="$secs" 'BEGIN { printf "%.0f", n / s }')
    echo "| $v | $mode | $n | $passing | $validated | $pruned% | $secs | $rate |" >>"$summary"
    declare "total_$mode=$(awk -v a="$(eval echo \$total_$mode)" -v b="$secs" 'BEGIN { printf "%.2f", a + b }')"
    declare "repairs_$mode=$(($(eval echo \$repairs_$mode) + n))"
    [ "$n" -gt 0 ] && declare "repaired_$mode=$(($(eval echo \$repaired_$mode) + 1))"
  done
done
{
  echo
  echo "| mode | versions repaired | repairs | total time (s) | time per repaired version (s) |"
  echo "|---|---|---|---|---|"
  for mode in $modes; do
    t=$(eval echo \$total_$mode)
    r=$(eval echo \$repaired_$mode)
    per=$(awk -v t="$t" -v r="$r" 'BEGIN { if (r > 0) printf "%.2f", t / r; else print "-" }')
    echo "| $mode | $r | $(eval echo \$repairs_$mode) | $t | $per |"
  done
} >>"$summary"
cat "$summary"
