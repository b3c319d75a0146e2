#!/usr/bin/env bash
# Checks every subject of bench/corpus.json and bench/small.json with gcc and the sanitizers:
# each faulty version fails some tests and passes some, no run has undefined behaviour, the
# manifests and tests files are consistent. Prints per-subject failing counts; exit 1 on a
# violation. Options: see `verify.sh --help` (e.g. --include to check included manifests).
set -euo pipefail
exec python3 "$(dirname "$0")/verify.py" "$@"
