#!/usr/bin/env bash
# bench.parallel: the script of `culprit bench --emit parallel --shards 4`, run for real by GNU
# Parallel (Debian package parallel), merges into the same runs and metrics as a one-machine
# bench; a shard killed mid-way (SIGKILL, or SIGTERM to its process group) and run again does
# only its missing runs (and, with --retry-failed, its failed ones); every record and summary validates against the JSON
# Schemas in bench/schema and runs.csv has a row per run. Spectrum and formula techniques
# (pf runs go through subject servers) on bench/small.json, at most 3 failing tests each.
set -uo pipefail
culprit=$1
root=$2
. "$(dirname "$0")/testlib.sh"
command -v parallel >/dev/null || { echo "FAIL: GNU Parallel not installed (scripts/install-deps.sh)"; exit 1; }
small_manifest "$root" >"$tmp/manifest.json"
bench=("$culprit" bench "$tmp/manifest.json" --techniques ochiai,pf --max-failing 3)

"${bench[@]}" --jobs 2 --out "$tmp/full" >"$tmp/full.out" 2>"$tmp/full.err" ||
  fail "one-machine bench: exit status $?"
total=$(wc -l <"$tmp/full/runs.jsonl")
[ "$(jq -r .technique "$tmp/full/runs.jsonl" | grep -c '^pf$')" -ge 12 ] ||
  fail "fewer than 12 pf runs: the subject servers are not exercised"
# Isolated runs carry their process's CPU time and peak memory: per-failing-test ones (pf)
# and whole-suite ones (ochiai) alike.
jq -e -s 'map(select(.technique == "pf")) | all((.cpu_ms // 0) > 0 and (.peak_rss_mb // 0) > 0)' \
  "$tmp/full/runs.jsonl" >/dev/null || fail "a pf run without cpu_ms or peak_rss_mb"
jq -e -s 'map(select(.technique == "ochiai")) | length > 0 and all((.cpu_ms // 0) > 0)' \
  "$tmp/full/runs.jsonl" >/dev/null || fail "an ochiai run without cpu_ms (not isolated)"

"${bench[@]}" --emit parallel --shards 4 --out "$tmp/par" >"$tmp/par.sh" 2>"$tmp/emit.err" ||
  fail "--emit parallel: exit status $?"
matches "$tmp/par.sh" "^parallel --joblog $tmp/par/shards/parallel.log -q "
matches "$tmp/par.sh" "--jobs 1 --shard \{\}/4 --out '$tmp/par/shards/\{\}'"
matches "$tmp/par.sh" "bench merge $tmp/par/shards/1 $tmp/par/shards/2 $tmp/par/shards/3 $tmp/par/shards/4 --out $tmp/par\$"
bash "$tmp/par.sh" >"$tmp/par.out" 2>"$tmp/par.err" || fail "the parallel script: exit status $?"
# The job log: a header and 4 shards, each exited 0.
[ "$(awk -F'\t' 'NR > 1 && $7 == 0' "$tmp/par/shards/parallel.log" | wc -l)" -eq 4 ] ||
  fail "parallel.log does not show 4 shards exiting 0"
sum=0
for i in 1 2 3 4; do
  n=$(wc -l <"$tmp/par/shards/$i/runs.jsonl")
  [ "$n" -gt 0 ] || fail "shard $i ran nothing"
  sum=$((sum + n))
done
[ "$sum" -eq "$total" ] || fail "the shards hold $sum runs, the one-machine bench $total"
same_summary "$tmp/full" "$tmp/par"
matches "$tmp/par/summary.md" 'shards 1/4, 2/4, 3/4, 4/4'

# Kill shard 2 once it has recorded two runs, then run it again.
shard=("${bench[@]}" --jobs 1 --shard 2/4 --out "$tmp/killed")
"${shard[@]}" >"$tmp/killed1.out" 2>"$tmp/killed1.err" &
pid=$!
for _ in $(seq 600); do
  [ "$(cat "$tmp/killed/runs.jsonl" 2>/dev/null | wc -l)" -ge 2 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill -9 "$pid" 2>/dev/null || fail "shard 2 finished before it could be killed"
wait "$pid" 2>/dev/null
want=$(wc -l <"$tmp/par/shards/2/runs.jsonl")
done1=$(wc -l <"$tmp/killed/runs.jsonl")
[ "$done1" -lt "$want" ] || fail "the killed shard recorded all its $want runs"
# Its subject servers and their children die with it.
for _ in $(seq 50); do pgrep -f -- "$tmp/manifest.json" >/dev/null || break; sleep 0.1; done
pgrep -af -- "$tmp/manifest.json" >"$tmp/orphans.out" && fail "processes outlive the killed shard"
"${shard[@]}" >"$tmp/killed2.out" 2>"$tmp/killed2.err" || fail "re-run shard: exit status $?"
matches "$tmp/killed2.err" "^bench: $((want - done1)) runs done now, $done1 recorded before"
same_summary "$tmp/par/shards/2" "$tmp/killed"

# Ctrl-C and scancel signal the whole process group: the bench dies, its subject servers and
# their runs ignore the signal and stop once the bench is gone, so no run is recorded failed.
term=("${bench[@]}" --jobs 1 --shard 3/4 --out "$tmp/term")
want3=$(wc -l <"$tmp/par/shards/3/runs.jsonl")
# sigterm_shard DELAY: start shard 3, signal its servers once it recorded a run, its process group
# DELAY seconds later; fails (status 1) when the shard finished first: on a fast idle machine
# its runs take less than the delay, and a shorter one is tried.
sigterm_shard() {
  rm -rf "$tmp/term"
  setsid "${term[@]}" >"$tmp/term1.out" 2>"$tmp/term1.err" &
  pid=$!
  for _ in $(seq 600); do
    [ "$(cat "$tmp/term/runs.jsonl" 2>/dev/null | wc -l)" -ge 1 ] && break
    sleep 0.1
  done
  for p in $(pgrep -f -- "$tmp/manifest.json"); do [ "$p" != "$pid" ] && kill -TERM "$p"; done
  sleep "$1"
  kill -TERM -- "-$pid" 2>/dev/null
  local signalled=$?
  wait "$pid" 2>/dev/null
  [ "$signalled" -eq 0 ] && [ "$(wc -l <"$tmp/term/runs.jsonl")" -lt "$want3" ]
}
signalled=no
for delay in 0.5 0.2 0.05; do
  sigterm_shard "$delay" && { signalled=yes; break; }
done
[ "$signalled" = yes ] || fail "shard 3 finished all its $want3 runs before SIGTERM, even 0.05 s after its first"
for _ in $(seq 50); do pgrep -f -- "$tmp/manifest.json" >/dev/null || break; sleep 0.1; done
pgrep -af -- "$tmp/manifest.json" >"$tmp/orphans.out" && fail "processes outlive shard 3"
grep -E '"status":"(error|timeout)"' "$tmp/term/runs.jsonl" >"$tmp/term-failed.out" &&
  fail "runs recorded as failed when the shard was signalled: $(cat "$tmp/term-failed.out")"
"${term[@]}" >"$tmp/term2.out" 2>"$tmp/term2.err" || fail "re-run shard 3: exit status $?"
same_summary "$tmp/par/shards/3" "$tmp/term"

# A failed run (an error record appended after the ok one replaces it) and a missing one:
# --retry-failed runs exactly those two.
grep '"test":[0-9]' "$tmp/killed/runs.jsonl" | head -n 2 >"$tmp/two.jsonl"
[ "$(wc -l <"$tmp/two.jsonl")" -eq 2 ] || fail "shard 2 has fewer than 2 pf runs"
head -n 1 "$tmp/two.jsonl" | jq -c '.status = "error" | .message = "child process killed by signal 9"' \
  >>"$tmp/killed/runs.jsonl"
missing=$(tail -n 1 "$tmp/two.jsonl")
grep -vxF -- "$missing" "$tmp/killed/runs.jsonl" >"$tmp/kept.jsonl"
cp "$tmp/kept.jsonl" "$tmp/killed/runs.jsonl"
"${shard[@]}" --retry-failed >"$tmp/retry.out" 2>"$tmp/retry.err" || fail "retry: exit status $?"
matches "$tmp/retry.err" "^bench: 2 runs done now, $((want - 2)) recorded before"
same_summary "$tmp/par/shards/2" "$tmp/killed"

/usr/bin/python3 "$root/tests/bench/validate_records.py" "$root/bench/schema" "$tmp/full" \
  "$tmp/par" >"$tmp/schema.out" 2>&1 || fail "schema validation: $(head -n 5 "$tmp/schema.out")"
finish
