#!/usr/bin/env bash
# Builds culprit's libFuzzer target (tests/fuzz: frontend, lowering, one interpreter run, one
# trace formula) with clang-14, AddressSanitizer and UndefinedBehaviorSanitizer in its own
# build directory, and runs it for MINUTES minutes (default 10), seeded with every C program
# of the repository (regression cases, differential tests, examples). Crashing inputs are
# written to BUILD/fuzz-crashes/; the corpus grows in BUILD/fuzz-corpus/. Exit status 0 when
# the run found nothing.
#   scripts/fuzz.sh [MINUTES] [BUILD]         (BUILD: default build-fuzz)
#   scripts/fuzz.sh --seconds N [BUILD]       (a short smoke run, as CI does)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600
if [ "${1:-}" = "--seconds" ]; then
  seconds=$2
  shift 2
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
mkdir -p "$seeds" "$build/fuzz-corpus" "$build/fuzz-crashes"
n=0
while IFS= read -r f; do
  n=$((n + 1))
  cp "$f" "$seeds/$n.c"
done < <(find tests examples -name '*.c' -size -16k | sort)
echo "fuzzing for $seconds s from $n seed programs"
# Leak checking is off: Clang's frontend deliberately leaks what it frees at exit.
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
  "$build/tests/fuzz/culprit_fuzz" "$build/fuzz-corpus" "$seeds" \
  -max_total_time="$seconds" -max_len=16384 -timeout=60 -rss_limit_mb=4096 \
  -artifact_prefix="$build/fuzz-crashes/" -print_final_stats=1 -detect_leaks=0
