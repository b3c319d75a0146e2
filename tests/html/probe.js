// Appended (in a copy) to an HTML report by check_html.sh: measures the page as Chromium laid it
// out and writes the measurements as JSON into <pre id="probe">, which --dump-dom then shows.
// Per source line with a tag: its number, tag, background colour, whether the tag is clipped or
// reaches into the code, whether the code is clipped, and its height; per chart bar: rank, line,
// width and colour; the height of one row.
(function () {
  const out = { lines: [], bars: [], lineHeight: 0 };
  for (const src of document.querySelectorAll(".src")) {
    const box = src.getBoundingClientRect();
    for (const line of src.querySelectorAll(".line")) {
      const code = line.querySelector("code");
      const mk = line.querySelector(".mk");
      const c = code.getBoundingClientRect();
      const m = mk.getBoundingClientRect();
      const entry = {
        id: line.id,
        tag: mk.textContent,
        background: getComputedStyle(line).backgroundColor,
        tagClipped: mk.scrollWidth > mk.clientWidth + 1,
        tagOverlaps: mk.textContent !== "" && m.right > c.left + 0.5,
        codeClipped: code.scrollWidth > code.clientWidth + 1 || c.right > box.right + 0.5,
        height: line.getBoundingClientRect().height,
        chars: code.textContent.length,
      };
      if (entry.chars > 0 && (!out.lineHeight || entry.height < out.lineHeight))
        out.lineHeight = entry.height;  // one row: the shortest line with text
      out.lines.push(entry);
    }
  }
  for (const bar of document.querySelectorAll("g.bar[data-line]")) {
    const rect = bar.querySelector("rect");
    out.bars.push({
      rank: +bar.dataset.rank,
      line: +bar.dataset.line,
      width: +rect.getAttribute("width"),
      fill: getComputedStyle(rect).fill,
    });
  }
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
