#!/usr/bin/env bash
# Checks every subject of bench/contest.json with gcc and the sanitizers: line alignment and
# faulty lines, no undefined behaviour or leak on any test, each faulty version fails >= 1 and
# passes >= 1 test, inputs as gen_tests.py writes them. Prints per-subject failing counts;
# exits 1 on a violation. Options: [MANIFEST] [--jobs N] [--no-gen].
set -euo pipefail
exec /usr/bin/python3 "$(dirname "$0")/verify.py" "$@"
