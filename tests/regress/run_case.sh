#!/usr/bin/env bash
# Runs one regression case: DIR/test.desc names the culprit arguments and what the result
# must be (CBMC test.desc style). Lines of test.desc:
#   args: ARGS...          culprit's arguments, run inside DIR (shell words)
#   status: N              expected exit status
#   match: REGEX           a line of stdout must match (grep -E)
#   nomatch: REGEX         no line of stdout may match
#   stderr: REGEX          a line of stderr must match
#   nostderr: REGEX        no line of stderr may match
#   setup: COMMAND         shell command run in DIR before culprit (all: $SCRATCH is a fresh
#                          temporary directory, removed afterwards)
#   check: COMMAND         shell command run in DIR after culprit: it must succeed
#   signal: SIG SECONDS    run culprit in the background with every signal's default action
#                          (not the ignored SIGINT of a background job) and send it SIG
#                          (INT, TERM) after SECONDS
#   stdout-tty             run on a pseudo-terminal (script(1)): stdout is a terminal, and
#                          stdout and stderr are one stream, checked by both kinds of line
#   stdout-empty           nothing may be printed on stdout
#   expect: FILE           stdout must equal FILE exactly
#   json: JQ-EXPRESSION    stdout is JSON and the jq expression is true on it
#   # ...                  comment (say why the expectation holds)
set -uo pipefail
culprit=$1
dir=$2
desc="$dir/test.desc"
[ -f "$desc" ] || { echo "missing $desc"; exit 1; }
args=$(sed -n 's/^args: //p' "$desc")
want_status=$(sed -n 's/^status: //p' "$desc")
out=$(mktemp); err=$(mktemp); SCRATCH=$(mktemp -d)
export SCRATCH
trap 'rm -f "$out" "$err"; rm -rf "$SCRATCH"' EXIT
setup=$(sed -n 's/^setup: //p' "$desc")
if [ -n "$setup" ]; then
  (cd "$dir" && eval "$setup") || { echo "FAIL: setup failed: $setup"; exit 1; }
fi
signal=$(sed -n 's/^signal: //p' "$desc")
if [ -n "$signal" ]; then
  (cd "$dir" && eval "exec env --default-signal \"$culprit\" $args") >"$out" 2>"$err" &
  pid=$!
  sleep "${signal#* }"
  kill -s "${signal%% *}" "$pid"
  wait "$pid"
  status=$?
elif grep -qx 'stdout-tty' "$desc"; then
  (cd "$dir" && script -qec "$(printf '%q' "$culprit") $args" /dev/null </dev/null) | tr -d '\r' >"$out"
  status=${PIPESTATUS[0]}
  cp "$out" "$err"
else
  (cd "$dir" && eval "\"$culprit\" $args") >"$out" 2>"$err"
  status=$?
fi
fail=0
report() { echo "FAIL: $*"; fail=1; }
[ -n "$want_status" ] && [ "$status" != "$want_status" ] && report "exit status $status, expected $want_status"
while IFS= read -r line; do
  case "$line" in
    match:\ *) grep -Eq -- "${line#match: }" "$out" || report "stdout does not match: ${line#match: }" ;;
    nomatch:\ *) grep -Eq -- "${line#nomatch: }" "$out" && report "stdout matches: ${line#nomatch: }" ;;
    stderr:\ *) grep -Eq -- "${line#stderr: }" "$err" || report "stderr does not match: ${line#stderr: }" ;;
    nostderr:\ *) grep -Eq -- "${line#nostderr: }" "$err" && report "stderr matches: ${line#nostderr: }" ;;
    stdout-empty) [ -s "$out" ] && report "stdout is not empty" ;;
    expect:\ *) diff -u "$dir/${line#expect: }" "$out" >/dev/null || report "stdout differs from ${line#expect: }" ;;
    check:\ *) (cd "$dir" && eval "${line#check: }") </dev/null || report "check fails: ${line#check: }" ;;
    json:\ *) [ "$(jq -e "${line#json: }" "$out" 2>&1)" = "true" ] || report "JSON check fails: ${line#json: }" ;;
  esac
done <"$desc"
if [ $fail -ne 0 ]; then
  echo "--- culprit $args (status $status)"; echo "--- stdout:"; head -n 60 "$out"; echo "--- stderr:"; head -n 20 "$err"
  exit 1
fi
echo "ok"
