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

# A program marked `diff: sanitize` has runtime errors on purpose: gcc's sanitizers report
# them (status 1, like culprit's runtime errors); such a program flushes stdout before each.
# A program marked `diff: msan` reads uninitialised memory on purpose: gcc has no
# MemorySanitizer, so clang-14's is the oracle, with its checks of library calls' arguments
# (-fsanitize-memory-param-retval, clang's default from version 16). Without clang-14's MSan
# the test is skipped (status 77).
sanitize=()
cc=(gcc -std=gnu11)
if grep -q 'diff: sanitize' "$prog"; then
    sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=all)
    export ASAN_OPTIONS=detect_leaks=0
elif grep -q 'diff: msan' "$prog"; then
    sanitize=(-fsanitize=memory -fsanitize-memory-param-retval)
    cc=(clang-14 -std=gnu11)
    export MSAN_OPTIONS=exitcode=1
    if ! printf 'int main(void) { return 0; }\n' |
        clang-14 -x c -fsanitize=memory - -o "$work/probe" 2>/dev/null || ! "$work/probe"; then
        echo "$(basename "$prog"): skipped: clang-14 with -fsanitize=memory is not available"
        exit 77
    fi
fi
"${cc[@]}" -w -O0 "${sanitize[@]}" "$prog" -o "$work/prog" -lm
count=$(run_suite "$work/prog" "$tests" "$work/expected" "$work/index")

if [[ ${#sanitize[@]} -gt 0 ]]; then
    # Each test through `culprit run`: stdout and status must equal gcc's, and culprit must
    # report a runtime error exactly where a sanitizer reported one.
    mkdir "$work/culprit"
    printf '#!/usr/bin/env bash\nexec %q run %q -- "$@"\n' "$culprit" "$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog")" >"$work/via-culprit"
    chmod +x "$work/via-culprit"
    run_suite "$work/via-culprit" "$tests" "$work/culprit" >/dev/null
    bad=0
    for ((i = 1; i <= count; i++)); do
        gccReport=0 culpritReport=0
        grep -Eq 'ERROR: AddressSanitizer|runtime error:|WARNING: MemorySanitizer' \
            "$work/expected/t$i.err" && gccReport=1
        grep -q 'runtime error:' "$work/culprit/t$i.err" && culpritReport=1
        if ! cmp -s "$work/expected/t$i" "$work/culprit/t$i" ||
            ! cmp -s "$work/expected/t$i.status" "$work/culprit/t$i.status" ||
            [[ $gccReport != "$culpritReport" ]]; then
            bad=1
            echo "== test $i [$(awk -F'\t' -v i="$i" '$1 == i { print $2 }' "$work/index")]:" \
                "gcc status $(cat "$work/expected/t$i.status") (sanitizer report: $gccReport)," \
                "culprit status $(cat "$work/culprit/t$i.status") (runtime error: $culpritReport)"
            head -c 600 "$work/expected/t$i.err"
            head -c 600 "$work/culprit/t$i.err"
        fi
    done
    [[ $bad -eq 0 ]] && echo "$(basename "$prog"): $count tests agree with gcc and its sanitizers"
    exit "$bad"
fi
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
