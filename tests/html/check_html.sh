#!/usr/bin/env bash
# html.browser: the HTML report in a real browser. Renders `culprit localize --format html` of
# the demo (pf on three failing tests, and ochiai) with headless Chromium, to a screenshot and to
# its DOM, and checks that the DOM shows every diagnosis of the JSON report of the same run
# (an element .diagnosis with data-test / data-rank holding each location), every ranking
# entry, highlighted source lines and diverging trace rows, that the page fetches nothing, and
# that the screenshots are real PNGs. The pf page is also laid out with a probe script
# (probe.js, in a copy of the page) to check the heat map, the tags and the chart against the
# JSON ranking, that no tag covers code and that a long line (a comment added to the demo's
# line 57) wraps; its incompleteness banner is a note, each note is shown once, and the
# ranking comes before the failing tests. Usage: check_html.sh CULPRIT WORKDIR (WORKDIR is
# emptied; the reports, DOMs and screenshots stay there). Takes a few seconds.
set -uo pipefail
culprit=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chromium=${CULPRIT_CHROMIUM:-/usr/bin/chromium}
python=/usr/bin/python3

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
need() { [ -x "$1" ] || { echo "FAIL: $1 not found: $2"; exit 1; }; }
need "$chromium" "the browser test needs Chromium (Debian package chromium)"
need "$python" "the DOM checks need the system python3"
command -v jq >/dev/null || { echo "FAIL: jq not found"; exit 1; }

rm -rf "$work"
mkdir -p "$work" || { echo "FAIL: cannot create $work"; exit 1; }
profile=$(mktemp -d "$work/chromium-profile.XXXXXX")
check() { "$python" "$here/check_dom.py" "$@" || failures=$((failures + 1)); }

# browser OUTPUT-OPTION REPORT: one headless Chromium run on file://REPORT (stderr is noise:
# dbus, GPU; only the exit status and the output count).
browser() {
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --window-size=1280,2000 "$1" "file://$2" 2>>"$work/chromium.err"
}

# The demo with a long comment at the end of line 57 (the fault): the source pane must wrap it.
long=57
awk -v n=$long '{ if (NR == n) { $0 = $0 " /* a long comment:"; for (i = 0; i < 30; i++) $0 = $0 " words"; $0 = $0 " */" } print }' \
  "$root/examples/demo/tritype.c" >"$work/tritype.c" || fail "cannot copy the demo"
demo=("$work/tritype.c" --tests examples/demo/tests.txt --golden examples/demo/golden.c)
localize() {
  local name=$1
  shift
  (cd "$root" && "$culprit" localize "${demo[@]}" "$@") >"$work/$name.out" 2>"$work/$name.err" ||
    fail "culprit localize $* : exit status $?"
}
localize pf.html --technique pf --test 71 82 93 --format html -o "$work/pf.html"
localize pf.json --technique pf --test 71 82 93 --format json -o "$work/pf.json"
localize ochiai.html --technique ochiai --format html -o "$work/ochiai.html"
localize ochiai.json --technique ochiai --format json -o "$work/ochiai.json"

# What the pages must show, from the JSON reports: "TEST RANK FILE:LINE..." per diagnosis of
# every explained test, and "RANK LINE" per shown ranking entry (--top defaults to 20).
jq -r '.runs[] | .test.index as $t | .diagnoses[]
       | "\($t) \(.rank) \([.locations[] | "\(.file):\(.line)"] | join(" "))"' \
  "$work/pf.json" >"$work/pf.expected" || fail "jq on pf.json"
[ "$(wc -l <"$work/pf.expected")" -ge 2 ] || fail "pf.json: expected diagnoses of two tests"
[ "$(jq -r '.runs[].test.index' "$work/pf.json" | tr '\n' ' ')" = "71 82 93 " ] ||
  fail "pf.json: the runs are not tests 71, 82 and 93"
jq -r '.ranking[:20][] | "\(.rank) \(.line)"' "$work/pf.json" >"$work/pf.ranking" || fail "jq on pf.json"
jq -r '.ranking[] | "\(.rank) \(.line) \(.score) \(.tests)"' "$work/pf.json" >"$work/pf.layout" ||
  fail "jq on pf.json"
jq -e '[.ranking[] | select(.tests < 3)] | length > 0' "$work/pf.json" >/dev/null ||
  fail "pf.json: no line is in fewer than the 3 tests' diagnoses (the heat check needs one)"
jq -r '.ranking[:20][] | "\(.rank) \(.line)"' "$work/ochiai.json" >"$work/ochiai.expected" ||
  fail "jq on ochiai.json"

for report in pf ochiai; do
  html="$work/$report.html"
  [ -s "$html" ] || { fail "$report: no HTML report"; continue; }
  # Self-contained: nothing to fetch.
  grep -Eiq 'src="http|href="http|<link' "$html" && fail "$report.html refers to external resources"
  check selfcontained "$html"
  browser --dump-dom "$html" >"$work/$report.dom.html" || fail "$report: chromium --dump-dom: exit status $?"
  [ -s "$work/$report.dom.html" ] || fail "$report: empty DOM"
  browser --screenshot="$work/$report.png" "$html" >/dev/null || fail "$report: chromium --screenshot: exit status $?"
  check png "$work/$report.png" 10000
  check has "$work/$report.dom.html" suspicious 3
  check has "$work/$report.dom.html" bar 3
done
check diagnoses "$work/pf.dom.html" "$work/pf.expected"
check has "$work/pf.dom.html" diverge 1
check has "$work/pf.dom.html" overridden 1
check has "$work/pf.dom.html" aggregate-entry 1
if [ "$(jq -r '.complete' "$work/pf.json")" = false ]; then
  grep -q 'INCOMPLETE: ' "$work/pf.dom.html" || fail "pf: the incompleteness is not shown"
fi
check ranking "$work/ochiai.dom.html" "$work/ochiai.expected"
check ranking "$work/pf.dom.html" "$work/pf.ranking"
check unique "$work/pf.dom.html" banner
check unique "$work/pf.dom.html" note
grep -Eq 'class="banner incomplete note"[^>]*><b>INCOMPLETE: </b>MCS size bound 3 reached' "$work/pf.dom.html" ||
  fail "pf: the MCS size bound is not a note banner"
ranking_at=$(grep -bo 'id="ranking"' "$work/pf.dom.html" | head -1 | cut -d: -f1)
test_at=$(grep -bo 'id="test-71"' "$work/pf.dom.html" | head -1 | cut -d: -f1)
[ -n "$ranking_at" ] && [ -n "$test_at" ] && [ "$ranking_at" -lt "$test_at" ] ||
  fail "pf: the ranking over the failing tests does not come before the tests"
# The page as Chromium lays it out: a copy with the probe script before </body>.
"$python" -c 'import sys; page, js = open(sys.argv[1]).read(), open(sys.argv[2]).read()
sys.stdout.write(page.replace("</body>", "<script>\n" + js + "</script>\n</body>"))' \
  "$work/pf.html" "$here/probe.js" >"$work/pf.probe.html" || fail "cannot add the probe"
browser --dump-dom "$work/pf.probe.html" >"$work/pf.probe.dom.html" || fail "pf probe: chromium exit status $?"
check layout "$work/pf.probe.dom.html" "$work/pf.layout" 3 $long

rm -rf "$profile"
if [ "$failures" -ne 0 ]; then
  for f in "$work"/*.err; do [ -s "$f" ] && [ "$f" != "$work/chromium.err" ] && { echo "--- $f"; head -n 20 "$f"; }; done
  exit 1
fi
echo "ok ($(wc -l <"$work/pf.expected") diagnoses, $(wc -l <"$work/ochiai.expected") ranking entries; screenshots in $work)"
