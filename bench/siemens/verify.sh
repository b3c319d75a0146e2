#!/usr/bin/env bash
# Checks the Siemens-style subject with gcc: compiles golden.c (with UBSan+ASan) and every
# vNN.c, runs the test universe tests.txt through harness/run_tests.c (one fork per test),
# and prints per version the number of failing tests (stdout or exit status differ from
# the golden's). Exits non-zero if the golden shows undefined behaviour or fails to run,
# or if a version fails no test or fails more than half of the universe.
# usage: ./verify.sh [--coverage]     (--coverage also reports gcov branch coverage of golden.c)
set -u
cd "$(dirname "$0")"
CC=${CC:-gcc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
CFLAGS="-O1 -w -Dmain=subject_main"
SAN="-fsanitize=undefined,address -fno-sanitize-recover=all"
status=0

versions=$(ls v[0-9]*.c | sed 's/\.c$//' | sort -V)

# compile everything, two jobs at a time
$CC -O1 -c harness/run_tests.c -o "$WORK/run_tests.o" || exit 1
$CC -O1 $SAN -c harness/run_inproc.c -o "$WORK/run_inproc.o" || exit 1
compile() {  # name driver-object flags...
    local n=$1 drv=$2; shift 2
    # static linking makes the fork per test about twice as fast; fall back to dynamic
    { $CC $CFLAGS "$@" -c "$n.c" -o "$WORK/$n.o" &&
      { $CC "$@" -static -o "$WORK/$n" "$WORK/$drv" "$WORK/$n.o" 2> /dev/null ||
        $CC "$@" -o "$WORK/$n" "$WORK/$drv" "$WORK/$n.o"; }; } 2>&1 | head -20
    [ -x "$WORK/$n" ]
}
# golden with UBSan+ASan, run in-process (an ASan fork per test is slow)
{ $CC $CFLAGS $SAN -Dexit=subject_exit -c golden.c -o "$WORK/golden_san.o" &&
  $CC $SAN -o "$WORK/golden_san" "$WORK/run_inproc.o" "$WORK/golden_san.o"; } || { echo "golden.c does not compile"; exit 1; }
# golden and versions for the reference/compared runs: UBSan only, so that undefined
# behaviour of a version is a crash (a failing test)
export -f compile; export CC CFLAGS WORK
printf '%s\n' golden $versions | xargs -P 2 -I{} bash -c "compile {} run_tests.o -fsanitize=undefined -fno-sanitize-recover=all" \
    || { echo "a version does not compile"; exit 1; }

# golden: must be free of sanitizer reports; then the reference outputs
if ! "$WORK/golden_san" tests.txt > "$WORK/golden_san.out" 2> "$WORK/golden_san.err" || [ -s "$WORK/golden_san.err" ]; then
    echo "golden: undefined behaviour or sanitizer report:"; head -20 "$WORK/golden_san.err"; exit 1
fi
if ! "$WORK/golden" tests.txt "$WORK/golden.out" 2> "$WORK/golden.err" || [ -s "$WORK/golden.err" ] \
   || grep -q -v '^[0-9]' "$WORK/golden.out"; then
    echo "golden: crash or stderr output:"; head -20 "$WORK/golden.err"; exit 1
fi
total=$(wc -l < "$WORK/golden.out")
echo "golden.c: $(wc -l < golden.c) lines, $total tests"

# versions, two at a time
printf '%s\n' $versions | xargs -P 2 -I{} sh -c "'$WORK/{}' tests.txt '$WORK/{}.out' 2> '$WORK/{}.err'"
printf '%-6s %8s %8s  %s\n' version failing passing note
for v in $versions; do
    fail=$(awk 'NR==FNR { g[FNR] = $0; next } $0 != g[FNR] { c++ } END { print c + 0 }' "$WORK/golden.out" "$WORK/$v.out")
    lines=$(wc -l < "$WORK/$v.out")
    note=""
    [ "$lines" -ne "$total" ] && { note="ran $lines of $total tests"; status=1; }
    [ -s "$WORK/$v.err" ] && note="$note sanitizer/stderr output (UB in this version)"
    if [ "$fail" -eq 0 ]; then note="$note FAILS NO TEST"; status=1; fi
    if [ $((2 * fail)) -gt "$total" ]; then note="$note FAILS MORE THAN HALF"; status=1; fi
    printf '%-6s %8d %8d  %s\n' "$v" "$fail" $((total - fail)) "$note"
done

if [ "${1:-}" = "--coverage" ]; then
    mkdir "$WORK/cov" && cp golden.c "$WORK/cov/" && (
        cd "$WORK/cov" &&
        $CC -O0 -w --coverage -Dmain=subject_main -c golden.c -o golden.o &&
        $CC --coverage -o golden_cov "$WORK/run_tests.o" golden.o &&
        ./golden_cov "$OLDPWD/tests.txt" out && gcov -b golden.c | sed -n '2,5p')
fi
exit $status
