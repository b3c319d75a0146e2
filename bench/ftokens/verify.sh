#!/usr/bin/env bash
# Checks the ftokens subject with gcc: compiles golden.c (with ASan+UBSan) and every vNN.c,
# runs the test universe tests.txt natively (tests/diff/testlib.sh: one process per test, in
# this directory, stdin redirected where the test says so) and prints per version the tests
# that fail (stdout or exit status differ from the golden's). With CULPRIT given, also runs
# `CULPRIT test vNN.c --tests tests.txt --golden golden.c` and checks that culprit's failing
# tests are exactly gcc's. Exits non-zero on a sanitizer report of the golden, a version that
# fails no test, or a disagreement.
# usage: ./verify.sh [CULPRIT]
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
# shellcheck source=../../tests/diff/testlib.sh
source "$here/../../tests/diff/testlib.sh"
culprit=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

export ASAN_OPTIONS=detect_leaks=0
gcc -w -O0 -fsanitize=address,undefined -fno-sanitize-recover=all golden.c -o "$work/golden" || exit 1
mkdir "$work/golden.d"
total=$(run_suite "$work/golden" tests.txt "$work/golden.d")
if cat "$work"/golden.d/*.err | grep -Eq 'runtime error|AddressSanitizer'; then
    echo "golden: sanitizer report"; exit 1
fi
echo "golden.c: $(wc -l < golden.c) lines, $total tests"

for v in $(ls v[0-9]*.c | sed 's/\.c$//' | sort -V); do
    gcc -w -O0 "$v.c" -o "$work/$v" || { echo "$v does not compile"; status=1; continue; }
    mkdir "$work/$v.d"
    run_suite "$work/$v" tests.txt "$work/$v.d" > /dev/null
    failing=()
    for ((i = 1; i <= total; i++)); do
        if ! cmp -s "$work/golden.d/t$i" "$work/$v.d/t$i" ||
            ! cmp -s "$work/golden.d/t$i.status" "$work/$v.d/t$i.status"; then
            failing+=("$i")
        fi
    done
    echo "$v: ${#failing[@]} / $total failing"
    [[ ${#failing[@]} -eq 0 ]] && { echo "  $v fails no test"; status=1; }
    if [[ -n $culprit ]]; then
        ours=$("$culprit" test "$v.c" --tests tests.txt --golden golden.c 2>&1 |
            grep -Eo '^test +[0-9]+[^0-9]+(fail|error)' | grep -Eo '[0-9]+' | sort -n | tr '\n' ' ')
        theirs=$(printf '%s\n' "${failing[@]}" | sort -n | tr '\n' ' ')
        if [[ "$ours" != "$theirs" ]]; then
            echo "  culprit disagrees: culprit fails [$ours], gcc [$theirs]"
            status=1
        else
            echo "  culprit agrees"
        fi
    fi
done
exit $status
