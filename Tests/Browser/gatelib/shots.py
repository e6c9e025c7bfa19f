"""Screenshots a partially sighted rider's views of the board, ride, nearby, walk and arrival pages (issues 34 and 55): at 320 CSS
px with the text at 200 %, at 1280 px, and at 320 px in forced colours (Windows high contrast, emulated by
DevTools), into OUT/screenshots/seen-<page>-<view>.png. They are for people to look at: nothing here judges them
(reflow, text size and contrast are the gate's own checks).

    python -m gatelib.shots BASE OUT_DIR     # standalone, against a running Trakx (paths as the gate finds them)
"""

import base64
import os
import sys

from . import browser, site

PAGES = ("stop-train", "ride", "nearby-results", "walk-from", "arrival")
# name -> (width, root font size, forced colours)
VIEWS = {"320-text200": (320, "200%", False), "1280": (1280, "", False), "320-forced": (320, "", True)}


def _capture(d, path):
    m = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    shot = d.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": int(m["width"]), "height": min(int(m["height"]) + 1, 16000), "scale": 1}})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


def take(d, url, folder):
    """Saves every view of each page in `url` (page key -> URL) that PAGES names; returns the files written."""
    os.makedirs(folder, exist_ok=True)
    written = []
    try:
        for key in PAGES:
            if key not in url:
                continue
            for view, (width, size, forced) in VIEWS.items():
                browser.set_width(d, width)
                d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [
                    {"name": "prefers-color-scheme", "value": "light"},
                    {"name": "forced-colors", "value": "active" if forced else "none"}]})
                browser.load(d, url[key])
                d.execute_script("document.documentElement.style.fontSize = arguments[0];", size)
                browser.reset_focus(d)
                path = os.path.join(folder, f"seen-{key}-{view}.png")
                _capture(d, path)
                written.append(path)
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [
            {"name": "prefers-color-scheme", "value": "light"}, {"name": "forced-colors", "value": "none"}]})
        browser.set_width(d, browser.WIDTH)
    return written


def main(base, out):
    ids = site.discover(base)
    url = {p.key: base + p.path for p in site.page_list(ids)}
    d = browser.start(js=True)
    try:
        for p in take(d, url, out):
            print(p)
    finally:
        d.quit()


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), sys.argv[2])
