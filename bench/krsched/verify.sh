#!/usr/bin/env bash
# verify.sh [CULPRIT]   (default: ../../build/culprit)
#
# Checks the krsched subject with gcc as the oracle:
# 1. golden.c runs every test of tests.txt cleanly under gcc's ASan+UBSan, and gcc -O0, gcc -O2
#    and clang agree with it on every test (stdout and exit status);
# 2. each version vN.c (gcc, UBSan) fails some tests and at most half of them (failing: stdout
#    or exit status differ from the golden's), with no sanitizer report;
# 3. culprit's failing tests (`culprit test vN.c --tests tests.txt --golden golden.c`) are
#    exactly gcc's, on every version, and culprit passes every test of the golden.
# Prints one line per version with its failing count; exits non-zero on any disagreement.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
culprit=$(realpath "${1:-$here/../../build/culprit}")
# shellcheck source=../../tests/diff/testlib.sh
source "$here/../../tests/diff/testlib.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/krsched.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$here"
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1
status=0

declare -A flags=(
    [san]="gcc -w -O0 -fsanitize=address,undefined -fno-sanitize-recover=all"
    [o0]="gcc -w -O0" [o2]="gcc -w -O2" [clang]="clang -w -Wno-error=return-type -O1"
)
for cfg in san o0 o2 clang; do
    mkdir -p "$work/golden-$cfg"
    # shellcheck disable=SC2086
    ${flags[$cfg]} golden.c -o "$work/golden-$cfg.bin"
    n=$(run_suite "$work/golden-$cfg.bin" tests.txt "$work/golden-$cfg")
done
for ((i = 1; i <= n; i++)); do
    if grep -Eq 'runtime error|Sanitizer' "$work/golden-san/t$i.err"; then
        echo "golden: test $i: sanitizer report"; status=1
    fi
    for cfg in o0 o2 clang; do
        cmp -s "$work/golden-san/t$i" "$work/golden-$cfg/t$i" &&
            cmp -s "$work/golden-san/t$i.status" "$work/golden-$cfg/t$i.status" ||
            { echo "golden: test $i: $cfg differs"; status=1; }
    done
done

# Failing tests of a culprit JSON test report, one index per line.
culprit_failing() {
    python3 -c 'import json, sys
try:
    r = json.load(sys.stdin)
except ValueError:
    print("no report")
    sys.exit(0)
print("\n".join(str(t["index"]) for t in r["tests"] if t["verdict"] != "pass"))'
}

"$culprit" test golden.c --tests tests.txt --golden golden.c --format json -j 2 \
    >"$work/golden.json" 2>/dev/null || true
if [[ -n $(culprit_failing <"$work/golden.json") ]]; then
    echo "golden: culprit fails tests of the golden itself"; status=1
fi

for prog in v*.c; do
    v=${prog%.c}
    mkdir -p "$work/$v"
    gcc -w -O0 -fsanitize=undefined -fno-sanitize-recover=all "$prog" -o "$work/$v.bin"
    run_suite "$work/$v.bin" tests.txt "$work/$v" >/dev/null
    : >"$work/$v.gcc"
    for ((i = 1; i <= n; i++)); do
        grep -q 'runtime error' "$work/$v/t$i.err" && { echo "$v: test $i: UBSan report"; status=1; }
        cmp -s "$work/golden-o0/t$i" "$work/$v/t$i" &&
            cmp -s "$work/golden-o0/t$i.status" "$work/$v/t$i.status" || echo "$i" >>"$work/$v.gcc"
    done
    failing=$(wc -l <"$work/$v.gcc")
    "$culprit" test "$prog" --tests tests.txt --golden golden.c --format json -j 2 \
        >"$work/$v.json" 2>/dev/null || true
    culprit_failing <"$work/$v.json" >"$work/$v.culprit"
    agree=yes
    cmp -s "$work/$v.gcc" "$work/$v.culprit" || { agree=NO; status=1; }
    printf '%-4s gcc fails %3d / %d tests, culprit fails %3d: %s\n' "$v" "$failing" "$n" \
        "$(wc -l <"$work/$v.culprit")" "$([[ $agree == yes ]] && echo same tests || echo DIFFERENT)"
    if ((failing == 0 || failing * 2 > n)); then
        echo "$v: failing count out of range"; status=1
    fi
done
exit $status
