#!/usr/bin/env python3
"""Trakx accessibility gate. Run it through Tests/Browser/run.sh (which installs the browser
tools, builds Trakx and starts three Trakx instances on the simulator with a fixed seed and clock).

    gate.py --main URL --empty URL --journey URL --out DIR [--update-expected]

main:    the Trakx whose favourites the gate seeds (a train and a tram stop) and whose pages it checks;
empty:   a Trakx with an empty database, for the favourites page's empty state;
journey: a Trakx with an empty database, for the keyboard-only journey (it adds a favourite).

Checks: HTTP status of every page; reading-order counts and what a screen reader says first
(expected/*.txt); the listening budgets (budgets.json; GATE_BUDGETS=report reports without
failing); axe-core + Nu validator + page checks (pagecheck.py: any axe impact fails, any Nu error,
title, lang, skip link, landmarks, one h1, JavaScript off, other hosts) in light and dark; console errors; reflow at 320px; text at 200%; contrast >= 7:1
(light and dark, focused states included); a visible focus indicator on every Tab stop; every page
of a kilobyte or more reaches Chromium gzip-compressed, the favourites pages not; the keyboard-only journey; the pages with JavaScript off, and the nearby page's location button;
and a self-test of the gate's own detectors (selftest/). See README.md beside this file.
"""

import argparse
import difflib
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from gatelib import board_events, browser, budgets, checks, eye_ear, journey, orca_gate, push_events, reading, ride_events, said_once, selftest, shots, site, walk_events  # noqa: E402
from gatelib.harness import CheckRun  # noqa: E402
from gatelib.proxy import As200Proxy  # noqa: E402

MAX_STOPS = 5
SCRIPT_LINES = 6
EXPECTED_DIR = os.path.join(HERE, "expected")
SHOW = 25  # findings printed per check (all of them go to findings.txt)

# reading-order targets: page key -> (what, CSS selector of the first item)
READING_TARGETS = [
    ("stop-train", "first departure", "#departures .departure"),
    ("stop-tram", "first departure", "#departures .departure"),
    ("stop-bus", "first departure", "#departures .departure"),
    ("nearby-results", "first stop", "ol.card-list > li"),
    ("favourites", "first favourite", ".favourite-group .card"),
]
# "what it says": expected file name -> page key
SCRIPTS = [("stop", "stop-train"), ("nearby", "nearby-results"), ("run", "run"), ("favourites", "favourites"),
           ("ride", "ride")]


class Check:
    def __init__(self, name):
        self.name, self.t0 = name, time.time()
        self.ok, self.detail, self.findings, self.notes, self.seconds = None, "", [], [], 0.0

    def done(self, ok, detail, findings=(), seconds=None):
        self.ok, self.detail, self.findings = ok, detail, list(findings)
        self.seconds = time.time() - self.t0 if seconds is None else seconds
        print(f"[gate] {'pass' if ok else 'FAIL'}  {self.name}: {detail} ({self.seconds:.1f}s)", flush=True)
        return self


def log(msg):
    print(f"[gate] {msg}", flush=True)


def main():
    ap = argparse.ArgumentParser(description="Trakx accessibility gate (see Tests/Browser/README.md)")
    ap.add_argument("--main", required=True, help="base URL of the Trakx to seed and check")
    ap.add_argument("--empty", required=True, help="base URL of a Trakx with an empty database")
    ap.add_argument("--journey", required=True, help="base URL of a Trakx for the keyboard journey")
    ap.add_argument("--orca", help="base URL of a Trakx for the screen-reader journeys (Orca); none: skipped")
    ap.add_argument("--orca-failing", help="base URL of a Trakx whose PTV begins failing a minute after it starts "
                                          "(--demo-fault message-only), for the Orca journey with PTV failing")
    ap.add_argument("--out", required=True, help="folder for reports and screenshots")
    ap.add_argument("--update-expected", action="store_true",
                    help="rewrite expected/*.txt from what the pages say now (review the diff!)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    t_start = time.time()
    results = []
    bases = {"main": args.main.rstrip("/"), "empty": args.empty.rstrip("/"), "journey": args.journey.rstrip("/")}
    drv = drv_nojs = proxy = None
    runs = []
    if args.orca_failing:
        bases["failing"] = args.orca_failing.rstrip("/")
    try:
        results.append(check_up(bases))
        if not results[-1].ok:
            return finish(results, t_start, args.out)
        if "failing" in bases:
            # Its board, loaded while PTV still answers, is the saved copy the Orca journey hears once PTV fails.
            site.request(bases["failing"] + "/stops/train/1071")
        c, ids = seed_and_discover(bases["main"])
        results.append(c)
        if ids is None:
            return finish(results, t_start, args.out)
        pages = site.page_list(ids)
        url = {p.key: bases[p.instance] + p.path for p in pages}
        site.warm(url)

        # Time-sensitive first: the simulator clock starts at --now when Trakx starts and then
        # moves with real time, so the first departures leave after a minute or two.
        drv = browser.start(js=True)
        guarded(results, "reading order", lambda: reading_checks(drv, url, args.update_expected), bases, args.out)
        guarded(results, "listening budgets", lambda: check_listening(drv, url, bases["main"], ids, args.out),
                bases, args.out)
        guarded(results, "HTTP status", lambda: check_statuses(pages, bases), bases, args.out)

        # axe-core + Nu in the background (error pages through the always-200 proxy)
        proxy = As200Proxy(bases["main"]).start()
        paths = {p.key: p.path for p in pages}
        harness = {p.key: url[p.key] if p.status == 200 else proxy.url_as_200(p.path) for p in pages}
        labels = {u: f"{k} {paths[k]}" for k, u in harness.items()}
        runs = [CheckRun(list(harness.values()), s, args.out).start() for s in ("light", "dark")]
        log(f"pagecheck.py started for {len(harness)} URLs in light and dark (background)")

        guarded(results, "gate self-test", lambda: check_selftest(drv), bases, args.out)
        guarded(results, "layout, contrast and focus", lambda: page_checks(drv, pages, url), bases, args.out)
        guarded(results, "screenshots", lambda: take_screenshots(drv, url, args.out), bases, args.out)
        guarded(results, "keyboard journey", lambda: check_journey(drv, bases["journey"]), bases, args.out)
        for name, module, target in (("ride live region", ride_events, url["ride"]), ("walk live region", walk_events, bases["main"]),
                                     ("board live region", board_events, bases["main"]), ("alerts on a phone", push_events, url["ride"])):
            guarded(results, name, lambda m=module, t=target, n=name: check_module(n, m, drv, t), bases, args.out)
        drv_nojs = browser.start(js=False)
        guarded(results, "JavaScript off", lambda: check_no_js(drv, drv_nojs, pages, url), bases, args.out)
        guarded(results, "axe + Nu", lambda: harness_checks(runs, pages, labels), bases, args.out)
        if args.orca:
            bases["orca"] = args.orca.rstrip("/")
            guarded(results, "screen reader (Orca)", lambda: check_orca(bases["orca"], args.out, bases.get("failing")),
                    bases, args.out)
    except Exception as e:  # noqa: BLE001
        results.append(crashed("gate itself", e, bases, args.out))
    finally:
        for r in runs:
            r.stop()
        for d in (drv, drv_nojs):
            if d is not None:
                try:
                    d.quit()
                except Exception:  # noqa: BLE001
                    pass
        if proxy:
            proxy.stop()
    return finish(results, t_start, args.out)


def guarded(results, name, fn, bases, out):
    """Run one group of checks; an exception becomes a failed check and the gate goes on."""
    try:
        got = fn()
        results.extend(got if isinstance(got, list) else [got])
    except Exception as e:  # noqa: BLE001
        results.append(crashed(name, e, bases, out))


def crashed(name, e, bases, out):
    first = (str(e).strip().splitlines() or [""])[0]
    down = []
    for instance, base in bases.items():
        try:
            site.request(base + "/healthz", timeout=2)
        except Exception:  # noqa: BLE001
            down.append(instance)
    if down:
        first += (f" -- Trakx {', '.join(down)} stopped answering (was the process stopped? "
                  f"see {out}/trakx-*.log)")
    return Check(name).done(False, f"crashed: {type(e).__name__}: {first}", traceback.format_exc().splitlines())


# ------------------------------------------------------------------ set-up


def check_up(bases):
    c = Check("Trakx up")
    waited = []
    try:
        for name, base in bases.items():
            waited.append(f"{name} {site.wait_healthy(base):.1f}s")
    except Exception as e:  # noqa: BLE001
        return c.done(False, str(e), [str(e)])
    return c.done(True, f"{len(bases)} instances answer /healthz (" + ", ".join(waited) + ")")


def seed_and_discover(base):
    c = Check("seed favourites")
    try:
        ids = site.discover(base)
        cookie, token = site.form_cookie_and_token(base)
        tram_id = ids["tram"].rsplit("/", 1)[1]
        problems = []
        for mode, stop in (("train", "1071"), ("tram", tram_id)):
            r = site.add_favourite(base, cookie, token, mode, stop)
            if r.status != 303:
                problems.append(f"POST /favourites {mode} {stop}: HTTP {r.status} {r.text[:200]!r}")
        fav = site.request(base + "/favourites").text
        if fav.count('class="card"') < 2:
            problems.append("after seeding, /favourites shows fewer than 2 cards")
        if problems:
            c.done(False, "could not seed favourites", problems)
            return c, None
        c.done(True, f"train 1071 and tram {tram_id} added; run {ids['run']}, bus {ids['bus']}, "
                     f"disruption {ids['disruption']}")
        return c, ids
    except Exception as e:  # noqa: BLE001
        c.done(False, f"{type(e).__name__}: {e}", [str(e)])
        return c, None


def check_statuses(pages, bases):
    c = Check("HTTP status")
    bad = []
    for p in pages:
        r = site.request(bases[p.instance] + p.path)
        ctype = r.headers.get("Content-Type", "")
        if r.status != p.status:
            bad.append(f"{p.key} {p.path}: HTTP {r.status}, expected {p.status}")
        if not ctype.startswith("text/html"):
            bad.append(f"{p.key} {p.path}: Content-Type {ctype!r}, expected text/html")
    return c.done(not bad, f"{len(pages)} pages, {len(pages) - len(bad)} as expected "
                  f"(200, and 400/404 for the form error, long search and missing pages)", bad)


# ------------------------------------------------------------------ screen reader


def reading_checks(d, url, update):
    order = Check("reading order")
    counts, bad = [], []
    scripts = {}
    script_pages = {key: name for name, key in SCRIPTS}
    for key, what, css in READING_TARGETS:
        browser.load(d, url[key])
        n, lines = reading.stops_before(d, css)
        if n is None:
            bad.append(f"{key}: {lines[0]}")
            counts.append(f"{key} ?")
        else:
            counts.append(f"{key} {n}")
            if n > MAX_STOPS:
                bad.append(f"{key}: {n} reading stops before the {what} (max {MAX_STOPS}): " + " | ".join(lines))
        if key in script_pages:
            scripts[script_pages[key]] = [reading.normalise(x) for x in reading.script(d, SCRIPT_LINES)]
    for name, key in SCRIPTS:
        if name not in scripts:
            browser.load(d, url[key])
            scripts[name] = [reading.normalise(x) for x in reading.script(d, SCRIPT_LINES)]
    order.done(not bad, "stops before the first item: " + ", ".join(counts) + f" (max {MAX_STOPS})", bad)
    order.counts = counts

    says = Check("what it says")
    drift = []
    for name, key in SCRIPTS:
        path = os.path.join(EXPECTED_DIR, f"{name}.txt")
        got = scripts[name]
        if update:
            with open(path, "w", encoding="utf-8") as f:
                f.write(f"# The first {SCRIPT_LINES} reading stops from main on the {key} page "
                        f"({'/' + url[key].split('/', 3)[-1]}),\n"
                        "# normalised (relative minutes -> N, clock times -> H:MM). Rewrite with:\n"
                        "#   bash Tests/Browser/run.sh --update-expected\n")
                f.write("\n".join(got) + "\n")
            continue
        if not os.path.exists(path):
            drift.append(f"{name}: {path} is missing; run with --update-expected to write it")
            continue
        with open(path, encoding="utf-8") as f:
            want = [ln.rstrip("\n") for ln in f if ln.strip() and not ln.startswith("#")]
        if want != got:
            diff = difflib.unified_diff(want, got, f"expected/{name}.txt", f"{key} page now", lineterm="", n=1)
            drift.append(f"{name}: what the {key} page says has drifted:\n    " + "\n    ".join(diff))
    if update:
        return [order, says.done(True, f"rewrote {len(SCRIPTS)} files in expected/ (review the diff)")]
    return [order, says.done(not drift, f"{len(SCRIPTS) - len(drift)} of {len(SCRIPTS)} scripts match "
                             f"(stop, nearby, run, favourites; first {SCRIPT_LINES} stops)", drift)]


def check_listening(d, url, base, ids, out):
    """The listening budgets (budgets.json). GATE_BUDGETS=report: the figures are printed, a miss
    does not fail the gate; anything else (the default, enforce) fails on a miss."""
    mode = os.environ.get("GATE_BUDGETS", "enforce")
    c = Check("listening budgets")
    urls = dict(url)
    urls["ride"] = f"{base}{ids['ride']}"
    skipped, broken = {}, {}
    status = site.request(urls["ride"]).status
    if status == 404:
        skipped["ride"] = f"no ride page (GET {ids['ride']} answers 404)"
    elif status != 200:
        broken["ride"] = f"GET {ids['ride']} answers {status}"
    figures = budgets.measure(d, urls, out, skipped, broken)
    c.figures = figures
    missed = [f for f in figures if f.missed]
    lines = [f.line() for f in figures]
    for ln in lines:
        log("  " + ln)
    measured = [f for f in figures if not f.skipped]
    detail = (f"{len(measured) - len(missed)} of {len(measured)} met, {len(missed)} missed, "
              f"{len(figures) - len(measured)} skipped (espeak-ng, {budgets.load()['wpm']} wpm)")
    if mode == "report":
        return c.done(True, "REPORT ONLY (GATE_BUDGETS=report): " + detail, lines)
    return c.done(not missed, detail, [f.line() for f in missed])


def check_orca(base, out, failing=None):
    """The journeys a blind rider makes, heard through Orca (gatelib/orca_gate.py): one check each,
    failing on any problem; its transcript is in OUT/orca/ and, on failure, in the findings."""
    site.wait_healthy(base)
    started = time.time()
    missed, heard = orca_gate.run(base, out, log, failing=failing)
    checks_ = [Check("orca self-test").done(not missed, "the journeys catch each defect planted in "
                                            "selftest/orca/ (a broken Trakx)" if not missed else
                                            f"{len(missed)} planted defect(s) not caught: the journeys cannot be "
                                            "trusted", missed)]
    for h in heard:
        c = Check(f"orca: {h.name}")
        c.t0 = started
        findings = list(h.problems)
        if h.problems:
            findings += ["heard (transcript):"] + ["    " + u for u in h.utterances]
        first = h.first_try
        if first is not None:
            c.notes = [f"held on a second try; the first heard {len(first.problems)} problem(s) (transcript "
                       f"orca/{h.first_try_file}):"] + ["    " + p for p in first.problems]
        checks_.append(c.done(not h.problems, f"{len(h.keys)} keys, {h.words()} words, {h.seconds:.0f} s"
                              + (f"; {len(h.problems)} problem(s)" if h.problems else "")
                              + ("; second try" if first is not None else ""), findings,
                              seconds=h.seconds))
        c.heard = h
    if not heard and not missed:
        checks_.append(Check("orca").done(False, "no journey ran", []))
    return checks_


# ------------------------------------------------------------------ layout, colour, focus


def check_selftest(d):
    c = Check("gate self-test")
    problems = selftest.run(d)
    return c.done(not problems, "the detectors pass selftest/good.html and catch each planted defect in "
                  "selftest/bad.html" if not problems else f"{len(problems)} detector(s) misbehave", problems)


def page_checks(d, pages, url):
    reflow_c, text_c = Check("reflow 320px"), Check("text 200%")
    eye_ear_c, eye_ear_bad = Check("seen as written, heard as meant"), []
    said_c, said_bad = Check("said once, in order"), []
    contrast_c = {s: Check(f"contrast 7:1 {s}") for s in ("light", "dark")}
    focus_c = Check("focus indicator")
    compressed_c, sizes = Check("compressed"), {}
    reflow_bad, text_bad, focus_bad, growths = [], [], [], []
    contrast_bad = {"light": [], "dark": []}
    checked = {"light": 0, "dark": 0}
    tab_stops, weak = 0, []
    t = {"reflow": 0.0, "text": 0.0, "contrast": {"light": 0.0, "dark": 0.0}, "focus": 0.0}
    for scheme in ("light", "dark"):
        browser.set_scheme(d, scheme)
        for p in pages:
            label = f"{p.key} ({scheme})"
            t0 = time.time()
            browser.load(d, url[p.key])
            n, low = checks.contrast(d, label)
            checked[scheme] += n
            contrast_bad[scheme] += low
            t1 = time.time()
            t["contrast"][scheme] += t1 - t0
            seen, missing, low_f, weak_f = checks.focus_walk(d, label)
            contrast_bad[scheme] += low_f
            focus_bad += missing
            weak += weak_f
            if scheme == "light":
                tab_stops += seen
                sizes[p.key] = d.execute_script(_BODY_SIZES)
                eye_ear_bad += eye_ear.check(d, p.key)
                said_bad += said_once.check(d, p.key)
            t2 = time.time()
            t["focus"] += t2 - t1
            if scheme == "light":
                browser.reset_focus(d)
                reflow_bad += checks.reflow(d, p.key, 320)
                browser.set_width(d, browser.WIDTH)
                t3 = time.time()
                t["reflow"] += t3 - t2
                growth, probs = checks.text_200(d, p.key)
                growths.append(growth)
                text_bad += probs
                t["text"] += time.time() - t3
    browser.set_scheme(d, "light")
    n = len(pages)
    out = []
    reflow_c.done(not reflow_bad, f"{n - len(reflow_bad)} of {n} pages fit 320px without horizontal scrolling",
                  reflow_bad, seconds=t["reflow"])
    out.append(reflow_c)
    eye_ear_c.done(not eye_ear_bad, f"{n} pages: every clock time seen with its colon and heard without one, every stop "
                   f"fact seen as a label and its value; {len(eye_ear_bad)} problems", eye_ear_bad)
    out.append(eye_ear_c)
    said_c.done(not said_bad, f"{n} pages: no empty status region, every hint after its field and in words, no navigation "
                f"named twice, no comma alone between links; {len(said_bad)} problems", said_bad)
    out.append(said_c)
    text_c.done(not text_bad, f"{n} pages at 1280px and 640px with the root font at 200% "
                f"(text grew x{min(growths):g}-x{max(growths):g}); {len(text_bad)} problems", text_bad,
                seconds=t["text"])
    out.append(text_c)
    for s in ("light", "dark"):
        bad = _dedupe(contrast_bad[s])
        contrast_c[s].done(not bad, f"{checked[s]} text elements on {n} pages, plus every control focused; "
                           f"{len(bad)} below 7:1", bad, seconds=t["contrast"][s])
        out.append(contrast_c[s])
    focus_c.done(not focus_bad, f"{tab_stops} Tab stops on {n} pages (light and dark), "
                 f"{len(_dedupe(focus_bad))} without a visible indicator"
                 + (f"; {len(weak)} weak (<3:1, reported only)" if weak else ""), _dedupe(focus_bad),
                 seconds=t["focus"])
    focus_c.notes = _dedupe(weak)
    out.append(focus_c)
    out.append(_compressed(compressed_c, sizes))
    return out


# The page's body as it came (encoded) and as the browser read it (decoded), from the navigation's timing entry.
_BODY_SIZES = ("const n = performance.getEntriesByType('navigation')[0];"
               "return n ? [n.encodedBodySize, n.decodedBodySize] : null;")


def _compressed(c, sizes):
    """Chromium asks for gzip as every browser does: each page of a kilobyte or more came compressed (to under three
    quarters: a small page's token and flushes leave it about half), and read back whole (the checks above ran on it); the favourites pages, which may show a private link, came as
    they are."""
    bad, kept = [], []
    for key, got in sizes.items():
        if not got:
            bad.append(f"{key}: no navigation timing")
            continue
        encoded, decoded = got
        plain = key.startswith("favourites") or decoded < 1024
        if plain and encoded != decoded:
            bad.append(f"{key}: {encoded} bytes came for {decoded}: compressed, and it should not be")
        elif not plain and not encoded * 4 < decoded * 3:
            bad.append(f"{key}: {encoded} bytes came for {decoded}: not compressed to under three quarters")
        elif not plain:
            kept.append(encoded / decoded)
    share = f"{min(kept):.0%} to {max(kept):.0%} of their size" if kept else "none compressed"
    return c.done(not bad, f"{len(kept)} of {len(sizes)} pages came gzip-compressed, {share}; "
                  "the favourites pages as they are", bad)


def take_screenshots(d, url, out):
    """The board, ride and nearby pages as a partially sighted rider sees them (gatelib/shots.py): 320 px with
    200 % text, 1280 px, 320 px in forced colours. For people to look at; fails only if none could be taken."""
    c = Check("screenshots")
    written = shots.take(d, url, os.path.join(out, "screenshots"))
    return c.done(bool(written), f"{len(written)} in screenshots/seen-*.png (board, ride, nearby, walk, arrival at 320 px with "
                  "200% text, 1280 px, and 320 px in forced colours)")


def _dedupe(msgs):
    seen, out = set(), []
    for m in msgs:
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


# ------------------------------------------------------------------ keyboard journey, JavaScript off


def check_module(name, module, *args):
    """A check whose module returns (ok, detail, findings) from check(*args): the live regions and alerts."""
    c = Check(name)
    ok, detail, findings = module.check(*args)
    return c.done(ok, detail, findings)


def check_journey(d, base):
    c = Check("keyboard journey")
    browser.set_scheme(d, "light")
    browser.set_width(d, browser.WIDTH)
    try:
        steps = journey.run(d, base, lambda s: log("  journey: " + s))
    except journey.JourneyError as e:
        return c.done(False, str(e), [str(e)])
    return c.done(True, f"home -> search -> Flinders Street Station -> Add to favourites -> star a line -> home shows it -> Favourites "
                  f"({len(steps)} steps, keys only)")


def check_no_js(d, d_nojs, pages, url):
    c = Check("JavaScript off")
    bad = []
    for p in pages:
        browser.load(d_nojs, url[p.key])
        info = d_nojs.execute_script(
            "const m = document.querySelector('main');"
            " return {main: !!m, chars: m ? m.innerText.replace(/\\s+/g, ' ').trim().length : 0,"
            " h1: document.querySelectorAll('main h1').length}")
        if not info["main"] or info["chars"] == 0 or info["h1"] != 1:
            bad.append(f"{p.key}: with JavaScript off main={info['main']} text={info['chars']} chars "
                       f"h1={info['h1']}")
    for key in ("nearby", "nearby-results"):
        browser.load(d_nojs, url[key])
        have = d_nojs.execute_script(
            "return {lat: !!document.querySelector('#lat'), lon: !!document.querySelector('#lon'),"
            " submit: !!document.querySelector('#nearby-form button[type=submit], #nearby-form input[type=submit]')}")
        missing = [k for k, v in have.items() if not v]
        if missing:
            bad.append(f"{key}: typed-position fallback incomplete with JavaScript off, missing: "
                       + ", ".join({'lat': '#lat', 'lon': '#lon', 'submit': 'submit button'}[k] for k in missing))
    # with JavaScript on, location.js inserts a "Use my location" button
    browser.load(d, url["nearby"])
    found = None
    for _ in range(30):
        found = d.execute_script(
            "return [...document.querySelectorAll('main button')].map(b => b.innerText.trim())"
            ".find(t => /use my location/i.test(t)) || null")
        if found:
            break
        time.sleep(0.1)
    errors = browser.console_errors(d)
    if not found:
        bad.append("nearby (JavaScript on): no \"Use my location\" button appeared (location.js should insert it "
                   "into #location-slot)" + (f"; console: {errors[0]}" if errors else ""))
    return c.done(not bad, f"{len(pages)} pages have main content and one h1 with JavaScript off; nearby has "
                  f"#lat, #lon and a submit button without JS; \"Use my location\" with JS: "
                  f"{'yes' if found else 'NO'}", bad)


# ------------------------------------------------------------------ check.py


def harness_checks(runs, pages, labels):
    out = []
    console = {}
    for r in runs:
        c = Check(f"axe + Nu + page checks {r.scheme}")
        c.t0 = r.t0
        rc = r.wait()
        secs = time.time() - r.t0
        try:
            passed, failed, findings, cons, versions = r.results()
        except Exception as e:  # noqa: BLE001
            out.append(c.done(False, f"pagecheck.py exit {rc}: {e}", [str(e)]))
            continue
        for u, errs in cons.items():
            console.setdefault(u, set()).update(errs)
        msgs = []
        for u, fs in findings.items():
            msgs += [f"{_short(u, labels)}: {f}" for f in fs]
        if rc not in (0, 1):
            msgs.append(f"pagecheck.py exited {rc} (see {r.log_path})")
        c.done(failed == 0 and rc == 0,
               f"{passed} passed, {failed} failed (axe-core {versions.get('axe-core', '?')}: any impact fails; "
               f"Nu errors; title, lang, skip link, landmarks, one h1, JavaScript off, other hosts)",
               msgs, seconds=secs)
        out.append(c)
    c = Check("console errors")
    msgs = [f"{_short(u, labels)}: {e}" for u, errs in console.items() for e in sorted(errs)]
    out.append(c.done(not msgs, f"{len(console)} of {len(pages)} pages log errors in the browser console", msgs))
    return out


def _short(u, labels):
    return labels.get(u, u)


# ------------------------------------------------------------------ summary


def finish(results, t_start, out_dir):
    wall = time.time() - t_start
    lines = []
    for r in results:
        if r.findings or r.notes:
            lines.append(f"== {r.name}: {'pass' if r.ok else 'FAIL'} — {r.detail}")
            lines += ["  " + f for f in r.findings]
            lines += ["  (note) " + f for f in r.notes]
    with open(os.path.join(out_dir, "findings.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print()
    failed_checks = [r for r in results if not r.ok]
    for r in failed_checks:
        print(f"---- FAIL {r.name}: {len(r.findings)} finding(s)")
        for m in r.findings[:SHOW]:
            print("  " + m)
        if len(r.findings) > SHOW:
            print(f"  ... {len(r.findings) - SHOW} more in {os.path.join(out_dir, 'findings.txt')}")
    for r in results:
        if r.ok and r.notes:
            print(f"---- note {r.name}:")
            for m in r.notes[:10]:
                print("  " + m)
    print()
    w = max(len(r.name) for r in results)
    print(f"{'check'.ljust(w)}  result  {'time':>6}  details")
    for r in results:
        print(f"{r.name.ljust(w)}  {'pass' if r.ok else 'FAIL':6}  {r.seconds:5.1f}s  {r.detail}")
    print()
    order = next((r for r in results if r.name == "reading order" and hasattr(r, "counts")), None)
    if order:
        print("reading stops from main before the first item: " + ", ".join(order.counts))
    listening = next((r for r in results if r.name == "listening budgets" and hasattr(r, "figures")), None)
    if listening:
        mode = os.environ.get("GATE_BUDGETS", "enforce")
        print(f"listening budgets ({'report only: a miss does not fail' if mode == 'report' else 'enforced'}):")
        for f in listening.figures:
            print("  " + f.line())
    heard = [r.heard for r in results if hasattr(r, "heard")]
    if heard:
        print("screen-reader journeys (Orca, speech at 175 words a minute; transcripts in orca/):")
        for h in heard:
            print("  " + h.line())
    print(f"reports: {out_dir} (findings.txt, check-light/dark.json and .log, listen-*.txt, screenshots/)")
    print(f"total wall time {wall:.1f}s")
    # Again, last, so that a log's tail (all a CI page may keep) says what failed and why.
    for r in failed_checks:
        print(f"FAILED {r.name}: {r.detail}")
        for m in r.findings[:3]:
            print("  " + (m if len(m) <= 400 else m[:400] + " ..."))
    passed = sum(1 for r in results if r.ok)
    print(f"gate: {passed} passed, {len(results) - passed} failed")
    return 0 if not failed_checks else 1


if __name__ == "__main__":
    sys.exit(main())
