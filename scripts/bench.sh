#!/usr/bin/env bash
# `make bench`: runs every registered technique over the whole corpus (bench/corpus.json) and
# writes the results under bench/results/corpus/ (gitignored): runs.jsonl, runs.csv,
# summary.json, summary.md and scaling-*.svg. The per-technique table is printed at the end.
# Rerunning resumes: runs already in runs.jsonl are skipped (delete the directory to start
# over). Environment: BENCH_MANIFEST, BENCH_OUT, BENCH_TECHNIQUES (default all),
# BENCH_TIMEOUT (seconds per run, default 60), BENCH_JOBS (default: all cores), BENCH_ARGS
# (more options, e.g. "--max-failing 5" or "--shard 1/4").
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
culprit="$build/culprit"
[ -x "$culprit" ] || { echo "bench.sh: $culprit not found (run make build first)" >&2; exit 2; }
manifest=${BENCH_MANIFEST:-$root/bench/corpus.json}
out=${BENCH_OUT:-$root/bench/results/$(basename "$manifest" .json)}
# shellcheck disable=SC2086  # BENCH_ARGS is a list of options
exec "$culprit" bench "$manifest" \
  --techniques "${BENCH_TECHNIQUES:-all}" \
  --timeout "${BENCH_TIMEOUT:-60}" \
  --jobs "${BENCH_JOBS:-$(nproc)}" \
  --out "$out" ${BENCH_ARGS:-}
