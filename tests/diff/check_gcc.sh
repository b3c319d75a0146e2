#!/usr/bin/env bash
# check_gcc.sh [PROG.c ...]   (default: every *.c here)
#
# Maintainer check for the differential suite, independent of culprit: every program must
# run all its tests cleanly under gcc's UBSan+ASan (no undefined behaviour, no failed
# assertion), and gcc -O0/-O2 (gnu11, default standard, gnu89 where the program is C89),
# and clang must all produce the same stdout and exit status on every test.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=testlib.sh
source "$here/testlib.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/check_gcc.XXXXXX")
trap 'rm -rf "$work"' EXIT
[[ $# -gt 0 ]] || set -- "$here"/*.c

status=0 total=0
for prog in "$@"; do
    name=$(basename "$prog" .c)
    tests=${prog%.c}.tests
    d=$work/$name
    mkdir -p "$d"
    declare -A flags=(
        [san]="-std=gnu11 -Wall -O0 -fsanitize=undefined,address -fno-sanitize-recover=all"
        [gnu11]="-std=gnu11 -w -O0"
        [default]="-w -O2"
        [gnu89]="-std=gnu89 -w -O0"
        [clang]="-w -O1"
        [clangsan]="-w -O0 -fsanitize=undefined -fno-sanitize-recover=all"
        [msan]="-w -O0 -fsanitize=memory -fno-sanitize-recover=all"
    )
    ok=1 ran=()
    for cfg in san gnu11 default gnu89 clang clangsan msan; do
        cc=gcc
        [[ $cfg == clang* || $cfg == msan ]] && cc=clang
        # shellcheck disable=SC2086
        if ! $cc ${flags[$cfg]} "$prog" -o "$d/$cfg.bin" 2>"$d/$cfg.cc"; then
            if [[ $cfg == gnu89 ]]; then continue; fi
            echo "$name: $cfg compile failed"; cat "$d/$cfg.cc"; ok=0; continue
        fi
        if [[ $cfg == san ]] && grep -q 'warning' "$d/$cfg.cc"; then
            echo "$name: warnings:"; cat "$d/$cfg.cc"
        fi
        mkdir -p "$d/$cfg"
        n=$(ASAN_OPTIONS=detect_leaks=0 run_suite "$d/$cfg.bin" "$tests" "$d/$cfg")
        ran+=("$cfg")
    done
    for ((i = 1; i <= n; i++)); do
        for cfg in "${ran[@]}"; do
            if grep -Eq 'runtime error|Sanitizer|Assertion' "$d/$cfg/t$i.err"; then
                echo "$name: test $i: $cfg: sanitizer/assertion report:"; head -5 "$d/$cfg/t$i.err"; ok=0
            fi
        done
        for cfg in "${ran[@]}"; do
            if ! cmp -s "$d/san/t$i" "$d/$cfg/t$i" || ! cmp -s "$d/san/t$i.status" "$d/$cfg/t$i.status"; then
                echo "$name: test $i: $cfg differs from san"; ok=0
            fi
        done
        st=$(cat "$d/san/t$i.status")
        case $st in 124 | 126 | 127 | 13[0-9] | 14[0-9]) echo "$name: test $i: suspicious status $st"; ok=0 ;; esac
    done
    lines=$(wc -l <"$prog")
    note=""
    ((n >= 10 && n <= 40)) || note+=" [test count out of 10..40]"
    ((lines >= 30 && lines <= 150)) || note+=" [length out of 30..150]"
    printf '%-12s %3d tests %3d lines  configs: %s%s%s\n' "$name" "$n" "$lines" "${ran[*]}" \
        "$([[ $ok == 1 ]] && echo '' || echo '  FAILED')" "$note"
    [[ $ok == 1 ]] || status=1
    total=$((total + n))
done
echo "total: $total tests"
exit $status
