# Helpers of the bench checks: a scratch directory removed on exit, and assertions that print
# what went wrong and keep going (the script's status is 1 if any failed).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# has FILE TEXT: some line of FILE is exactly TEXT.
has() { grep -Fxq -- "$2" "$1" || fail "$1 has no line: $2"; }
# matches FILE REGEX: some line of FILE matches REGEX (grep -E).
matches() { grep -Eq -- "$2" "$1" || fail "$1 has no line matching: $2"; }
finish() {
  if [ "$failures" -ne 0 ]; then
    for f in "$tmp"/*.out "$tmp"/*.err; do [ -f "$f" ] && { echo "--- $f"; head -n 40 "$f"; }; done
    exit 1
  fi
  echo ok
}
