#!/usr/bin/env bash
# Runs every test (unit, regression, differential) through CTest and ends with the line
# `N passed, N failed`. Exit status is non-zero when any test fails.
set -uo pipefail
build=${1:-build}
log=$(mktemp)
ctest --test-dir "$build" -j "$(nproc)" --output-on-failure --timeout 600 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
rm -f "$log"
if [ -z "$summary" ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
failed=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$summary")
total=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$summary")
echo "$((total - failed)) passed, $failed failed"
exit "$status"
