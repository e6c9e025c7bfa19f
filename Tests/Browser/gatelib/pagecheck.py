"""The page checks the gate makes on every page, in one colour scheme: axe-core, the Nu HTML checker,
and the page checks (title, lang, first Tab stop a skip link, landmarks, one h1, main content with
JavaScript off, browser console errors, references to other hosts), plus a full-page screenshot.

Used by Tests/Browser/pagecheck.py (the command line: the gate runs one per colour scheme in the
background, and its self-test). A page passes when it has no finding: every axe violation of any
impact, every Nu error, every failed page check and every resource from another host is a finding.
"""

import html.parser
import json
import os
import re
import subprocess
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from . import browser, tools

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
NOJS_MIN_RATIO = 0.8   # main text with JavaScript off, at least this share of the text with it on
LOOPBACK = re.compile(r"^(localhost|127(\.\d+){3}|::1|\[::1\])$")

PROBE_JS = r"""
const norm = s => (s || '').replace(/\s+/g, ' ').trim();
const all = s => [...document.querySelectorAll(s)];
const main = all('main, [role=main]');
return {
  title: document.title,
  lang: document.documentElement.getAttribute('lang'),
  mains: main.length,
  navs: all('nav, [role=navigation]').length,
  h1s: all('h1').length,
  main_chars: norm((main[0] || document.body).innerText).length,
  // Issue 34 item 7: an element marked hidden that a stylesheet shows anyway (a screen reader reads it).
  shown_hidden: all('[hidden]').filter(e => getComputedStyle(e).display !== 'none')
    .map(e => '<' + e.tagName.toLowerCase() + '> ' + norm(e.textContent).slice(0, 60)),
  // Issue 34 item 6: a row (a list item or paragraph) led by its link, whose sentence goes on after it (", towards
  // Elsternwick"): a rider moving by links (K) never hears the rest. (A row of several links, as a run's stop with its
  // time, is read as a list item, not judged here.)
  cut_rows: all('li > a:first-child, main p > a:first-child').filter(a => {
    const after = a.nextSibling;
    return after && after.nodeType === 3 && /^\s*[,;:]\s*[a-z]/.test(after.nodeValue);
  }).map(a => norm(a.textContent).slice(0, 40) + norm(a.nextSibling.nodeValue).slice(0, 40)),
  scheme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
};
"""

FIRST_STOP_JS = r"""
const a = document.activeElement;
if (!a || a === document.body || a === document.documentElement) return null;
const href = a.getAttribute('href') || '';
let target = null;
if (a.tagName === 'A' && /^#./.test(href)) {
  let id = href.slice(1);
  try { id = decodeURIComponent(id); } catch (e) {}
  target = document.getElementById(id);
}
return {tag: a.tagName.toLowerCase(), href, text: (a.innerText || a.getAttribute('aria-label') || '').trim().slice(0, 80),
        target: target ? (target.id + ' (' + target.tagName.toLowerCase() + ')') : null};
"""

AXE_JS = r"""
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => done({version: r.testEngine.version, violations: r.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => ({target: JSON.stringify(n.target), summary: (n.failureSummary || '').slice(0, 300)}))
    }))}))
  .catch(e => done({error: String(e && e.stack || e)}));
"""


class _Refs(html.parser.HTMLParser):
    """Every URL a page refers to: (tag, attribute, value)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.refs = []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if not v:
                continue
            if k in ("src", "href", "action", "poster", "data", "formaction"):
                self.refs.append((tag, k, v.strip()))
            elif k == "srcset":
                self.refs += [(tag, k, p.split()[0]) for p in v.split(",") if p.strip()]


def other_hosts(body, base):
    """(resources, links) on hosts other than loopback: a resource is a finding, a link is not."""
    p = _Refs()
    p.feed(body)
    resources, links = [], []
    for tag, attr, v in p.refs:
        u = urllib.parse.urljoin(base, v)
        parts = urllib.parse.urlsplit(u)
        if parts.scheme in ("http", "https", "ws", "wss") and not LOOPBACK.match(parts.hostname or ""):
            (links if tag in ("a", "area") and attr == "href" else resources).append(f"<{tag} {attr}> {u}")
    return resources, links


def fetch(url):
    """(status, body text) without any proxy; an error status is returned, not raised."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=30) as r:
            return r.status, r.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", errors="replace")


class Nu:
    """vnu.jar over saved copies of the pages, in a background thread (one JVM for all pages)."""

    def __init__(self, files):
        self.cmd = [tools.java(), "-Xss8m", "-jar", tools.vnu_jar(), "--format", "json", "--stdout",
                    "--exit-zero-always", *files]
        self.messages, self.error = None, None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        try:
            p = subprocess.run(self.cmd, capture_output=True, text=True, timeout=600)
            self.messages = json.loads(p.stdout[p.stdout.find("{"):])["messages"]
        except Exception as e:  # noqa: BLE001  (any failure is reported as a finding)
            self.error = f"the Nu checker did not run: {type(e).__name__}: {e}"

    def errors_by_file(self):
        self.thread.join()
        out = {}
        for m in self.messages or []:
            if m.get("type") in ("error", "non-document-error"):
                path = urllib.parse.unquote(urllib.parse.urlsplit(m.get("url", "")).path)
                out.setdefault(path, []).append(
                    f"Nu error L{m.get('lastLine', '?')}:{m.get('firstColumn', '?')}: {m.get('message', '')}")
        return out


def _axe(d, source):
    d.execute_script(source)
    r = d.execute_async_script(AXE_JS, AXE_TAGS)
    if not r or r.get("error"):
        return None, [f"axe-core failed: {(r or {}).get('error', 'no result')[:200]}"]
    out = []
    for v in r["violations"]:
        n = v["nodes"][0] if v["nodes"] else {"target": "?", "summary": ""}
        summary = " ".join(n["summary"].split())[:200]
        out.append(f"axe [{v['impact']}] {v['id']}: {v['help']} — {len(v['nodes'])} node(s), e.g. {n['target']}"
                   + (f" — {summary}" if summary else ""))
    return r["version"], out


def _screenshot(d, path):
    import base64
    m = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    h = min(int(m["height"]) + 1, 16000)
    shot = d.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": int(m["width"]), "height": h, "scale": 1}})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


def check_pages(urls, scheme, shots_dir=None, log=print):
    """Checks every URL in one colour scheme; returns {'versions', 'results': [{url, findings, notes}]}."""
    axe_source = open(tools.axe_js(), encoding="utf-8").read()
    tmp = tempfile.mkdtemp(prefix="trakx-nu-")
    bodies, files = {}, {}
    for i, u in enumerate(urls):
        status, body = fetch(u)
        bodies[u] = (status, body)
        files[u] = os.path.join(tmp, f"page{i:02d}.html")
        with open(files[u], "w", encoding="utf-8") as f:
            f.write(body)
    nu = Nu(list(files.values()))
    d = browser.start(js=True)
    d_off = browser.start(js=False)
    results = []
    axe_version = "?"
    try:
        for d_ in (d, d_off):
            browser.set_scheme(d_, scheme)
        for i, u in enumerate(urls):
            t0 = time.time()
            status, body = bodies[u]
            findings, notes = [], []
            if not 200 <= status < 300:
                findings.append(f"HTTP {status} (the page checks need a 2xx answer)")
            browser.console_errors(d)      # drop what earlier pages left
            browser.load(d, u)
            page = d.execute_script(PROBE_JS)
            version, axe_found = _axe(d, axe_source)
            axe_version = version or axe_version
            findings += axe_found
            browser.load(d, u)
            browser.reset_focus(d)
            browser.tab(d)
            first = d.execute_script(FIRST_STOP_JS)
            if shots_dir:
                os.makedirs(shots_dir, exist_ok=True)
                browser.reset_focus(d)
                _screenshot(d, os.path.join(shots_dir, f"{i:02d}-{_slug(u)}-{scheme}.png"))
            findings += [f"console: {m}" for m in browser.console_errors(d)]
            browser.load(d_off, u)
            off = d_off.execute_script(PROBE_JS)
            findings += page_problems(page, off, first, scheme)
            resources, links = other_hosts(body, u)
            findings += [f"refers to a resource on another host: {r}" for r in resources]
            notes += [f"links to another host: {x}" for x in links]
            results.append({"url": u, "findings": findings, "notes": notes, "seconds": round(time.time() - t0, 2)})
            log(f"{'PASS' if not findings else 'FAIL'} {u} ({scheme}) {len(findings)} finding(s) "
                f"{time.time() - t0:.1f}s")
        nu_errors = nu.errors_by_file()
        for r in results:
            if nu.error:
                r["findings"].append(nu.error)
            r["findings"] += nu_errors.get(files[r["url"]], [])
    finally:
        for d_ in (d, d_off):
            d_.quit()
    return {"scheme": scheme, "versions": {"axe-core": axe_version}, "results": results}


def page_problems(page, off, first, scheme):
    """The page checks: what the page itself says about its title, lang, landmarks and so on."""
    out = []
    if not page["title"].strip():
        out.append("no <title>")
    if not (page["lang"] or "").strip():
        out.append("no <html lang>")
    if first is None or first["tag"] != "a" or not first["target"]:
        out.append(f"first Tab stop is not a skip link to an element on the page: {first}")
    if page["mains"] != 1:
        out.append(f"{page['mains']} main landmarks (want 1)")
    if page["navs"] < 1:
        out.append("no nav landmark")
    if page["h1s"] != 1:
        out.append(f"{page['h1s']} h1 (want 1)")
    for shown in page.get("shown_hidden", []):
        out.append(f"an element marked hidden is shown (a stylesheet overrides [hidden]), so it is read: {shown}")
    for cut in page.get("cut_rows", []):
        out.append(f"a row's sentence goes on after its link, so moving by links misses it: {cut}")
    ratio = off["main_chars"] / page["main_chars"] if page["main_chars"] else 0.0
    if off["mains"] < 1 or off["main_chars"] == 0 or ratio < NOJS_MIN_RATIO:
        out.append(f"main content with JavaScript off: {off['mains']} main, {off['main_chars']} characters "
                   f"({ratio:.0%} of the {page['main_chars']} with it on; want {NOJS_MIN_RATIO:.0%})")
    for who, p in (("JavaScript on", page), ("JavaScript off", off)):
        if p["scheme"] != scheme:
            out.append(f"prefers-color-scheme {scheme} not emulated ({who} browser saw {p['scheme']})")
    return out


def _slug(u):
    p = urllib.parse.urlsplit(u)
    return re.sub(r"[^A-Za-z0-9._-]+", "_", p.path + ("_" + p.query if p.query else "")).strip("_")[:70] or "home"
