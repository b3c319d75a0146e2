#!/usr/bin/python3
"""Assertions of check_html.sh on the HTML report and on what headless Chromium made of it.

  check_dom.py selfcontained REPORT.html   nothing is fetched: no external src/href/url()
  check_dom.py diagnoses DOM EXPECTED      every "TEST RANK LOC..." line of EXPECTED is an
                                           element of class diagnosis with data-test=TEST,
                                           data-rank=RANK whose text holds every LOC, and
                                           there is no other diagnosis element
  check_dom.py ranking DOM EXPECTED        every "RANK LINE" line is a row of class rank-entry
                                           with those data-rank / data-line, in that order
  check_dom.py layout DOM EXPECTED FAILING LONG
                                           the page as laid out (probe.js): every "RANK LINE
                                           SCORE TESTS" line of the JSON ranking is a source line
                                           tagged #RANK whose colour is no lighter than any line
                                           of lower score, a line in fewer than FAILING tests'
                                           diagnoses is lighter than one of score 1, the chart's
                                           bars are the first 20 entries in order with the
                                           lines' colours and non-increasing lengths, no tag is
                                           clipped or covers code, no code is clipped, and line
                                           LONG wraps onto several rows
  check_dom.py unique DOM CLASS            the texts of the elements of class CLASS differ
  check_dom.py has DOM CLASS MIN           at least MIN elements have class CLASS
  check_dom.py png FILE MIN_BYTES          a PNG of at least MIN_BYTES bytes (1280 pixels wide)

Prints what is wrong and exits 1; silent on success. Standard library only (Debian python3).
"""
import re
import struct
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Elements(HTMLParser):
    """Every element as (tag, attrs, text content), in document order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.open = []  # (tag, index into elements)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), []))
        if tag not in VOID:
            self.open.append((tag, len(self.elements) - 1))

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                return

    def handle_data(self, data):
        for _, index in self.open:
            self.elements[index][2].append(data)


def parse(path):
    parser = Elements()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    return [(tag, attrs, "".join(text)) for tag, attrs, text in parser.elements]


def with_class(elements, name):
    return [e for e in elements if name in (e[1].get("class") or "").split()]


def expected_lines(path):
    with open(path, encoding="utf-8") as f:
        return [line.split() for line in f if line.strip()]


def check_selfcontained(path):
    errors = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for tag, attrs, _ in parse(path):
        if tag in ("link", "iframe", "object", "embed", "base") or (tag == "script" and "src" in attrs):
            errors.append(f"<{tag}> element: {attrs}")
        for name in ("src", "href", "xlink:href", "srcset", "action", "poster", "data"):
            value = (attrs.get(name) or "").strip()
            if value and not value.startswith("#") and not value.startswith("data:"):
                errors.append(f"<{tag} {name}=\"{value}\"> refers to an external resource")
    for m in re.finditer(r"url\(\s*['\"]?([^'\")]*)", text):
        if not m.group(1).startswith(("#", "data:")):
            errors.append(f"CSS url({m.group(1)}) refers to an external resource")
    if "@import" in text:
        errors.append("CSS @import")
    return errors


def check_diagnoses(dom, expected):
    errors = []
    found = {}
    for _, attrs, text in with_class(parse(dom), "diagnosis"):
        key = (attrs.get("data-test"), attrs.get("data-rank"))
        if key in found:
            errors.append(f"two diagnosis elements for test {key[0]} rank {key[1]}")
        found[key] = text
    want = expected_lines(expected)
    if not want:
        errors.append(f"{expected}: no diagnosis expected (the JSON report has none?)")
    for test, rank, *locations in want:
        text = found.pop((test, rank), None)
        if text is None:
            errors.append(f"no element .diagnosis[data-test={test}][data-rank={rank}]")
            continue
        for loc in locations:
            if loc not in text:
                errors.append(f"diagnosis test {test} rank {rank} does not show {loc}")
    for test, rank in found:
        errors.append(f"diagnosis element test {test} rank {rank} is not in the JSON report")
    return errors


def check_ranking(dom, expected):
    rows = [(a.get("data-rank"), a.get("data-line")) for _, a, _ in with_class(parse(dom), "rank-entry")]
    want = [tuple(line[:2]) for line in expected_lines(expected)]
    if not want:
        return [f"{expected}: no ranking entry expected"]
    if rows != want:
        return [f"rank-entry rows {rows} differ from the JSON ranking {want}"]
    return []


def luminance(css):
    m = re.match(r"rgba?\((\d+), (\d+), (\d+)", css or "")
    if not m:
        return None
    r, g, b = (int(x) for x in m.groups())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def check_layout(dom, expected, failing, long_line):
    import json
    probe = [text for _, attrs, text in parse(dom) if attrs.get("id") == "probe"]
    if not probe:
        return ["no <pre id=probe>: the layout probe did not run"]
    data = json.loads(probe[0])
    lines = {e["id"]: e for e in data["lines"]}
    errors = []
    for e in data["lines"]:
        if e["tagClipped"] or e["tagOverlaps"]:
            errors.append(f"{e['id']}: the tag {e['tag']!r} is clipped or covers the code")
        if e["codeClipped"]:
            errors.append(f"{e['id']}: the code is clipped ({e['chars']} characters)")
    want = [(int(r), int(l), float(s), int(t)) for r, l, s, t in expected_lines(expected)]
    if not want:
        return errors + [f"{expected}: no ranking entry"]
    shown = []
    for rank, line, score, tests in want:
        e = lines.get(f"f0-L{line}")
        if e is None or e["tag"] != f"#{rank}":
            errors.append(f"line {line}: tag {e and e['tag']!r}, expected #{rank}")
            continue
        shown.append((score, tests, line, luminance(e["background"]), e["background"]))
    for sa, _, la, lum_a, ca in shown:
        for sb, _, lb, lum_b, cb in shown:
            if sa > sb + 1e-9 and lum_a > lum_b + 1e-6:
                errors.append(f"line {la} (score {sa:.3f}, {ca}) is lighter than line {lb} "
                              f"(score {sb:.3f}, {cb})")
    best = [x for x in shown if abs(x[0] - 1) < 1e-9]
    if not best:
        errors.append("no line of score 1 (first diagnosis of every failing test) to compare with")
    for score, tests, line, lum, colour in shown:
        if tests < failing and best and lum <= best[0][3] + 1e-6:
            errors.append(f"line {line}, in {tests} of {failing} tests' diagnoses, is coloured as "
                          f"darkly ({colour}) as a line of score 1")
    bars = [(b["rank"], b["line"]) for b in data["bars"]]
    if bars != [(r, l) for r, l, _, _ in want[:20]]:
        errors.append(f"chart bars {bars} differ from the ranking {[(r, l) for r, l, _, _ in want[:20]]}")
    widths = [b["width"] for b in data["bars"]]
    if any(a < b for a, b in zip(widths, widths[1:])):
        errors.append(f"chart bar lengths {widths} are not in ranking order")
    for b in data["bars"]:
        e = lines.get(f"f0-L{b['line']}")
        if e and e["background"] != b["fill"]:
            errors.append(f"chart bar of line {b['line']} is {b['fill']}, the line {e['background']}")
    e = lines.get(f"f0-L{long_line}")
    if e is None or not data["lineHeight"] or e["height"] < 1.8 * data["lineHeight"]:
        errors.append(f"line {long_line} does not wrap (height {e and e['height']}, one row "
                      f"{data['lineHeight']})")
    return errors


def check_unique(dom, name):
    texts = [" ".join(text.split()) for _, _, text in with_class(parse(dom), name)]
    return [f"{texts.count(t)} elements of class {name} say: {t}" for t in sorted(set(texts))
            if texts.count(t) > 1]


def check_has(dom, name, minimum):
    n = len(with_class(parse(dom), name))
    return [] if n >= minimum else [f"{n} elements of class {name}, expected at least {minimum}"]


def check_png(path, min_bytes):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return [f"no screenshot: {e}"]
    errors = []
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or data[12:16] != b"IHDR":
        return [f"{path} is not a PNG"]
    if len(data) < min_bytes:
        errors.append(f"{path}: {len(data)} bytes, expected at least {min_bytes}")
    width, height = struct.unpack(">II", data[16:24])
    if width != 1280 or height < 500:
        errors.append(f"{path}: {width}x{height} pixels, expected 1280 wide")
    return errors


def main(argv):
    command, args = argv[1], argv[2:]
    if command == "selfcontained":
        errors = check_selfcontained(args[0])
    elif command == "diagnoses":
        errors = check_diagnoses(args[0], args[1])
    elif command == "ranking":
        errors = check_ranking(args[0], args[1])
    elif command == "layout":
        errors = check_layout(args[0], args[1], int(args[2]), int(args[3]))
    elif command == "unique":
        errors = check_unique(args[0], args[1])
    elif command == "has":
        errors = check_has(args[0], args[1], int(args[2]))
    elif command == "png":
        errors = check_png(args[0], int(args[1]))
    else:
        errors = [f"unknown command {command}"]
    for e in errors:
        print(f"FAIL: {command} {args[0]}: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
