#!/usr/bin/env bash
# bench.small: `culprit bench bench/small.json` with the spectrum techniques, end to end:
# values of the summary, a resumed rerun that runs nothing, and three shards merged into the
# same summary. Runs in a few seconds.
set -uo pipefail
culprit=$1
root=$2
. "$(dirname "$0")/testlib.sh"
manifest="$root/bench/small.json"
techniques=ochiai,tarantula,dstar

"$culprit" bench "$manifest" --techniques $techniques --jobs 2 --out "$tmp/full" \
  >"$tmp/full.out" 2>"$tmp/full.err" || fail "culprit bench: exit status $?"
[ "$(wc -l <"$tmp/full/runs.jsonl")" -eq 24 ] || fail "runs.jsonl: expected 24 runs (8 x 3)"
[ "$(grep -c '"status":"ok"' "$tmp/full/runs.jsonl")" -eq 24 ] || fail "not every run is ok"
[ "$(wc -l <"$tmp/full/runs.csv")" -eq 25 ] || fail "runs.csv: expected a header and 24 rows"
for f in summary.md summary.json meta.json; do [ -s "$tmp/full/$f" ] || fail "no $f"; done
# tritype-v1 (fault on line 9, 18 executable lines): `culprit localize --technique ochiai`
# ranks line 9 alone at position 5 (score 0.25): EXAM 5/18 = 27.8%. Tarantula puts it 6th
# (33.3%), DStar 5th. No top group is the faulty line alone: no success.
has "$tmp/full/summary.md" '| tritype-v1 | 18 | 9 | 5 / 27.8% / ✗ | 6 / 33.3% / ✗ | 5 / 27.8% / ✗ |'
# twobranch-v1: line 19 alone on top for all three: rank 1 of 13 lines = 7.7%, success.
has "$tmp/full/summary.md" '| twobranch-v1 | 13 | 19 | 1 / 7.7% / ✓ | 1 / 7.7% / ✓ | 1 / 7.7% / ✓ |'
# Per version, tritype-v1's ochiai row: rank 5 is in the top 5 only; 5 lines examined.
has "$tmp/full/summary.md" '| tritype-v1 | ochiai | 1 | 0.0% | 5.0 | 0.0% | 0.0% | 100.0% | 27.8% | 5.0 |'
# One run per version: ochiai's by-version means equal its per-technique ones (ranks 1, 6, 5,
# 1, 11, 6, 5, 6: mean 5.1, two in the top 1 and top 3, four in the top 5).
has "$tmp/full/summary.md" '| ochiai | 8 | 25.0% | 5.1 | 25.0% | 25.0% | 50.0% | 37.3% | 5.1 |'
has "$tmp/full/summary.md" '## Problems'
has "$tmp/full/summary.md" 'None.'
matches "$tmp/full.out" '^technique +runs +fault loc\. +fix loc\. +EXAM'
matches "$tmp/full.out" '^ochiai +8 +25\.0% +– +37\.3% '
matches "$tmp/full.err" '^bench: \[24/24\] '

# Resuming: every run is recorded, nothing runs again, the summary is unchanged.
cp "$tmp/full/summary.md" "$tmp/summary-before.md"
"$culprit" bench "$manifest" --techniques $techniques --jobs 2 --out "$tmp/full" \
  >"$tmp/resume.out" 2>"$tmp/resume.err" || fail "resumed bench: exit status $?"
matches "$tmp/resume.err" '^bench: 0 runs done now, 24 recorded before'
[ "$(wc -l <"$tmp/full/runs.jsonl")" -eq 24 ] || fail "the resumed bench appended runs"
cmp -s "$tmp/summary-before.md" "$tmp/full/summary.md" || fail "resumed summary differs"

# Shards: 1/3, 2/3 and 3/3 split the 24 runs; merged, they give the same tables.
for i in 1 2 3; do
  "$culprit" bench "$manifest" --techniques $techniques --jobs 2 --shard $i/3 \
    --out "$tmp/shard$i" >"$tmp/shard$i.out" 2>"$tmp/shard$i.err" || fail "shard $i/3: exit $?"
done
total=$(cat "$tmp"/shard{1,2,3}/runs.jsonl | wc -l)
[ "$total" -eq 24 ] || fail "shards hold $total runs, expected 24"
"$culprit" bench merge "$tmp/shard1" "$tmp/shard2" "$tmp/shard3" --out "$tmp/merged" \
  >"$tmp/merge.out" 2>"$tmp/merge.err" || fail "bench merge: exit status $?"
same_summary "$tmp/full" "$tmp/merged"
jq -e '.per_technique[0].by_version.versions == 8 and .per_technique[0].top_5 == 4' \
  "$tmp/merged/summary.json" >/dev/null || fail "merged summary.json: by_version or top_5 wrong"
matches "$tmp/merged/summary.md" 'shards 1/3, 2/3, 3/3'
finish
