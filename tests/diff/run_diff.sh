#!/usr/bin/env bash
# run_diff.sh CULPRIT PROG.c PROG.tests
#
# Differential test: compiles PROG.c with gcc, runs every test of PROG.tests natively to
# record the expected stdout and exit status (DIR/t<i>, DIR/t<i>.status), then checks that
# `CULPRIT test PROG.c --tests PROG.tests --expected DIR` agrees on every test (exit 0).
set -euo pipefail

if [[ $# -ne 3 ]]; then
    echo "usage: $0 CULPRIT PROG.c PROG.tests" >&2
    exit 2
fi
culprit=$1 prog=$2 tests=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=testlib.sh
source "$here/testlib.sh"

for f in "$culprit" "$prog" "$tests"; do
    [[ -f $f ]] || { echo "$0: no such file: $f" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/run_diff.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/expected"

gcc -std=gnu11 -w -O0 "$prog" -o "$work/prog"
count=$(run_suite "$work/prog" "$tests" "$work/expected" "$work/index")
rm -f "$work"/expected/*.err

rc=0
"$culprit" test "$prog" --tests "$tests" --expected "$work/expected" \
    >"$work/culprit.out" 2>&1 || rc=$?
if [[ $rc -eq 0 ]]; then
    echo "$(basename "$prog"): $count tests agree with gcc"
    exit 0
fi

echo "$(basename "$prog"): culprit test exited with status $rc ($count tests)"
echo "---- culprit output ----"
cat "$work/culprit.out"
echo "---- gcc's results for the tests culprit's output reports as failing ----"
# culprit's report names failing tests; show gcc's expectation for each test number it
# mentions next to a fail/error verdict (at most 10), so the difference can be read off.
grep -Eio '(test|t)[ #]*[0-9]+[^0-9]*(fail|error)' "$work/culprit.out" \
    | grep -Eo '[0-9]+' | sort -un | head -n 10 | while read -r i; do
    [[ -f $work/expected/t$i ]] || continue
    echo "== test $i [$(awk -F'\t' -v i="$i" '$1 == i { print $2 }' "$work/index")]:" \
        "gcc exit status $(cat "$work/expected/t$i.status"), stdout:"
    head -c 2000 "$work/expected/t$i"
done || true
exit 1
