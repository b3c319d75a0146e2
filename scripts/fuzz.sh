#!/usr/bin/env bash
# Builds culprit's libFuzzer target (tests/fuzz: frontend, lowering, one interpreter run, one
# trace formula) with clang-14, AddressSanitizer and UndefinedBehaviorSanitizer in its own
# build directory, and runs it seeded with every C program of the repository (regression
# cases, differential tests, examples). Crashing inputs are written to BUILD/fuzz-crashes/ and
# printed (text and base64), so that a crash in a CI log can be reproduced from the log:
#   base64 -d > crash.c   (paste the base64 lines)   BUILD/tests/fuzz/culprit_fuzz crash.c
# Exit status 0 when the run found nothing.
#   scripts/fuzz.sh [MINUTES] [BUILD]   MINUTES (default 10) of fuzzing with a random seed; the
#                                       corpus grows in BUILD/fuzz-corpus/ from run to run
#   scripts/fuzz.sh --seconds N [BUILD] the same for N seconds
#   scripts/fuzz.sh --smoke [BUILD]     CI's smoke run: a fixed seed, a fixed number of inputs
#                                       (FUZZ_SMOKE_RUNS, default 2000: about a minute) and a
#                                       fresh corpus, so a commit always gives the same result
# BUILD defaults to build-fuzz; FUZZ_SEED sets the seed of a timed run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600
smoke=false
if [ "${1:-}" = "--seconds" ]; then
  seconds=$2
  shift 2
elif [ "${1:-}" = "--smoke" ]; then
  smoke=true
  shift
elif [ $# -ge 1 ]; then
  seconds=$(($1 * 60))
  shift
fi
build=${1:-build-fuzz}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCULPRIT_FUZZ=ON "${launcher[@]}" >/dev/null
cmake --build "$build" --target culprit_fuzz -j "$(nproc)" | grep -E 'error|warning' || true
seeds="$build/fuzz-seeds"
rm -rf "$seeds"
mkdir -p "$seeds" "$build/fuzz-crashes"
n=0
while IFS= read -r f; do
  n=$((n + 1))
  cp "$f" "$seeds/$n.c"
done < <(find tests examples -name '*.c' -size -16k | LC_ALL=C sort)
if $smoke; then
  corpus="$build/fuzz-smoke-corpus"
  rm -rf "$corpus"
  runs=${FUZZ_SMOKE_RUNS:-2000}
  limit=(-seed=1 -runs="$runs")
  echo "fuzz smoke: $runs inputs with seed 1 from $n seed programs"
else
  corpus="$build/fuzz-corpus"
  limit=(-max_total_time="$seconds")
  [ -n "${FUZZ_SEED:-}" ] && limit+=(-seed="$FUZZ_SEED")
  echo "fuzzing for $seconds s from $n seed programs"
fi
mkdir -p "$corpus"
stamp="$build/fuzz-crashes/.started"
touch "$stamp"
status=0
# Leak checking is off: Clang's frontend deliberately leaks what it frees at exit.
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
  "$build/tests/fuzz/culprit_fuzz" "$corpus" "$seeds" "${limit[@]}" \
  -max_len=16384 -timeout=60 -rss_limit_mb=4096 \
  -artifact_prefix="$build/fuzz-crashes/" -print_final_stats=1 -detect_leaks=0 || status=$?
while IFS= read -r f; do
  echo "==== crashing input $f ($(wc -c <"$f") bytes), as text:"
  cat -v "$f"
  echo
  echo "==== the same, base64 (base64 -d > crash.c; $build/tests/fuzz/culprit_fuzz crash.c):"
  base64 "$f"
done < <(find "$build/fuzz-crashes" -type f -newer "$stamp" \( -name 'crash-*' -o -name 'oom-*' \
  -o -name 'timeout-*' -o -name 'leak-*' \))
exit "$status"
