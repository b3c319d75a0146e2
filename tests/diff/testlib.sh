# shellcheck shell=bash
# testlib.sh — shared by run_diff.sh and check_gcc.sh (source it, do not run it).
#
# run_suite BIN TESTS OUTDIR [INDEX]
#   Runs the native executable BIN once per test line of TESTS (DESIGN.md format:
#   blank lines and lines starting with '#' are skipped; words are split like a POSIX
#   shell; '< FILE' / '<FILE' gives the test's stdin, relative to the tests file's
#   directory; without it stdin is empty).  For test i (1-based over test lines) it
#   writes OUTDIR/t<i> (stdout), OUTDIR/t<i>.status (exit status) and OUTDIR/t<i>.err
#   (stderr), and echoes the number of tests.  If INDEX is given, "i<TAB>line" is
#   appended to it for every test.  Words are split by bash itself
#   (eval with globbing off); lines that bash would expand or interpret differently
#   from a plain word splitter ($ and ` anywhere; unquoted ; | & > ( ) { } ~ #) are
#   rejected.

_suite_line_ok() {
    local line=$1 unquoted
    case $line in *'$'* | *'`'*) return 1 ;; esac
    unquoted=$(printf '%s' "$line" | sed -e "s/'[^']*'//g" -e 's/"[^"]*"//g')
    case $unquoted in *[\;\|\&\>\(\)\{\}\~\#]*) return 1 ;; esac
    return 0
}

_suite_exec() {
    # Runs inside the eval so that a '< FILE' in the test line redirects its stdin.
    local rc=0
    timeout 20 "$_suite_bin" "$@" >"$_suite_out" 2>"$_suite_err" || rc=$?
    printf '%d\n' "$rc" >"$_suite_out.status"
}

run_suite() {
    local bin=$1 tests=$2 outdir=$3 index=${4:-/dev/null} dir line n=0 lineno=0
    dir=$(cd "$(dirname "$tests")" && pwd)
    _suite_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
    outdir=$(cd "$outdir" && pwd)
    while IFS= read -r line || [[ -n $line ]]; do
        lineno=$((lineno + 1))
        line=${line%$'\r'}
        [[ $line =~ ^[[:space:]]*$ ]] && continue
        [[ $line =~ ^[[:space:]]*# ]] && continue
        if ! _suite_line_ok "$line"; then
            echo "$tests:$lineno: line uses shell syntax beyond word splitting: $line" >&2
            return 2
        fi
        n=$((n + 1))
        printf '%d\t%s\n' "$n" "$line" >>"$index"
        _suite_out=$outdir/t$n
        _suite_err=$outdir/t$n.err
        # shellcheck disable=SC2086
        (cd "$dir" && set -f && eval "_suite_exec $line" </dev/null) || {
            echo "$tests:$lineno: cannot run test (missing input file?): $line" >&2
            return 2
        }
    done <"$tests"
    echo "$n"
}
