#!/usr/bin/env python3
"""The gate's page checks (axe-core, the Nu HTML checker and the page checks; see gatelib/pagecheck.py)
over a list of URLs in one colour scheme, writing a JSON report; or its own self-test.

    pagecheck.py URL... --scheme light|dark --json OUT.json [--shots DIR]
    pagecheck.py --selftest

Exit status: 0 every page passed, 1 a page failed (or the self-test did), 2 a tool is missing.

The self-test serves selftest/ on a loopback port: good.html must pass in light and dark;
broken.html (no lang, low-contrast text, a button without a name, invalid markup, a hidden button a
stylesheet shows, a row whose sentence goes on after its link) must fail with
each of those problems named. A harness that stops seeing problems fails the gate this way.
"""

import argparse
import functools
import http.server
import json
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from gatelib import pagecheck, tools  # noqa: E402

# What broken.html must be caught for: (problem, a substring of the finding that names it)
BROKEN = [
    ("missing lang (axe)", "axe [serious] html-has-lang"),
    ("missing lang (page check)", "no <html lang>"),
    ("low contrast", "axe [serious] color-contrast"),
    ("unlabelled button", "axe [critical] button-name"),
    ("invalid markup (Nu)", "Nu error"),
    ("a hidden button shown by the stylesheet (issue 34, item 7)", "marked hidden is shown"),
    ("a row's sentence cut by its link (issue 34, item 6)", "goes on after its link"),
]


def selftest():
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                          functools.partial(Quiet, directory=os.path.join(HERE, "selftest")))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    quiet = lambda _msg: None  # noqa: E731
    passed = failed = 0

    def expect(ok, what, detail=()):
        nonlocal passed, failed
        print(f"[harness self-test] {'ok  ' if ok else 'FAIL'} {what}")
        for d in ([] if ok else detail):
            print(f"[harness self-test]        {d}")
        passed, failed = passed + ok, failed + (not ok)

    try:
        rep = pagecheck.check_pages([base + "/good.html", base + "/broken.html"], "light", log=quiet)
        dark = pagecheck.check_pages([base + "/good.html"], "dark", log=quiet)
        for scheme, good in (("light", rep["results"][0]), ("dark", dark["results"][0])):
            expect(not good["findings"], f"good.html passes in {scheme}", good["findings"])
        found = rep["results"][1]["findings"]
        expect(bool(found), f"broken.html fails ({len(found)} findings)")
        for f in found:
            print(f"[harness self-test]        finding: {f[:150]}")
        for problem, needle in BROKEN:
            hit = next((f for f in found if needle in f), None)
            expect(hit is not None, f"broken.html: {problem} named" + (f": {hit[:110]}" if hit else ""), found)
        print(f"[harness self-test] axe-core {rep['versions']['axe-core']}")
    finally:
        srv.shutdown()
        srv.server_close()
    print(f"harness self-test: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("urls", nargs="*")
    ap.add_argument("--scheme", choices=("light", "dark"), default="light")
    ap.add_argument("--json", help="write the report here")
    ap.add_argument("--shots", help="full-page screenshots go here")
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args()
    try:
        if a.selftest:
            return selftest()
        rep = pagecheck.check_pages(a.urls, a.scheme, a.shots, log=lambda m: print(m, flush=True))
    except tools.ToolMissing as e:
        print(f"pagecheck: {e}", file=sys.stderr)
        return 2
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rep, f, indent=1)
    bad = sum(1 for r in rep["results"] if r["findings"])
    print(f"{len(rep['results']) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
