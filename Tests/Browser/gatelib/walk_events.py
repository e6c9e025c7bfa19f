"""The walk page's live region in a real browser: walk.js must say the distance and direction once per
meaningful change (20 metres or another compass point), in order, say when the location is less accurate
than the distance left, and say the arrival once. The rider's location is Chromium's own geolocation
override (DevTools Emulation.setGeolocationOverride), stepped along a path to the stop, with the
geolocation permission granted for Trakx's origin as a rider's consent would."""

import json
import math
import time
import urllib.parse

from . import browser

# Hotham Street at Glen Huntly Road (simulator stop 10639, its south side).
STOP = (-37.8844, 144.998)
WALK_PATH = "/walk/bus/10639"
EARTH = 6371008.8

# (metres from the stop, bearing from the stop to the rider, accuracy in metres, the rider's heading or None).
STEPS = [
    (150, 225, 5, None), (139, 225, 5, None), (128, 225, 5, None), (117, 225, 5, None), (106, 225, 5, None),
    (95, 225, 5, None), (84, 225, 5, None), (73, 225, 5, None),
    # The rider turns the corner: now due south of the stop, the stop is north (a compass point, under 20 m),
    # and the device reports a heading (north-west-ish, then north): the clock face is said too.
    (70, 180, 5, 300), (70, 180, 5, 300), (59, 180, 5, 0), (48, 180, 5, 0), (37, 180, 5, 0), (26, 180, 5, 0),
    # The browser's location gets worse than the distance left.
    (19, 180, 40, 0),
    (12, 180, 5, 0), (5, 180, 5, 0), (2, 180, 5, 0),
]

EXPECTED = [
    "Finding your location.",
    "The stop is 150 metres northeast, in a straight line.",
    "130 metres northeast.",
    "110 metres northeast.",
    "80 metres northeast.",
    "70 metres north, at 2 o'clock.",
    "50 metres north, at 12 o'clock.",
    "30 metres north, at 12 o'clock.",
    "Your location is accurate only to 40 metres, more than the 20 metres left. Stop here, and look or ask for the stop.",
    "You are within 15 metres of the stop.",
]


def point(metres, bearing):
    """The point `metres` from the stop at `bearing` (degrees), on a sphere of walk.js's radius."""
    lat1, lon1 = math.radians(STOP[0]), math.radians(STOP[1])
    d, b = metres / EARTH, math.radians(bearing)
    lat2 = math.asin(math.sin(lat1) * math.cos(d) + math.cos(lat1) * math.sin(d) * math.cos(b))
    lon2 = lon1 + math.atan2(math.sin(b) * math.sin(d) * math.cos(lat1), math.cos(d) - math.sin(lat1) * math.sin(lat2))
    return math.degrees(lat2), math.degrees(lon2)


def override(metres, bearing, accuracy, heading):
    """The DevTools geolocation override for one step (heading and a walking speed when the device reports them)."""
    lat, lon = point(metres, bearing)
    position = {"latitude": lat, "longitude": lon, "accuracy": accuracy}
    if heading is not None:
        position.update(heading=heading, speed=1.2)
    return position


def allow(d, url):
    """The rider's consent to location for `url`'s origin, and the browser at the path's first step."""
    origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
    d.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
    move(d, STEPS[0])


def move(d, step):
    """The browser's location at one step of the path."""
    d.execute_cdp_cmd("Emulation.setGeolocationOverride", override(*step))


def clear(d):
    d.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})


def check(d, base):
    """Returns (ok, detail, findings)."""
    url = base + WALK_PATH
    allow(d, url)
    findings = []
    try:
        browser.load(d, url)
        if d.execute_script("return document.getElementById('walk-guide') === null || document.getElementById('walk-guide').hidden"):
            return False, "the walk guide is missing or still hidden with JavaScript on", [url]
        d.execute_script(browser.live_region_recorder("walk-live"))
        d.execute_script("document.getElementById('walk-start').click()")
        time.sleep(0.6)
        for step in STEPS[1:]:
            move(d, step)
            time.sleep(0.35)
        heard = d.execute_script("return window.__heard")
        if heard != EXPECTED:
            findings.append("heard " + json.dumps(heard) + ", expected " + json.dumps(EXPECTED))
        if heard.count("You are within 15 metres of the stop.") != 1:
            findings.append("the arrival was said %d times" % heard.count("You are within 15 metres of the stop."))
        accuracy = d.execute_script("return document.getElementById('walk-accuracy').textContent")
        if "metres" not in accuracy:
            findings.append(f"the location's accuracy is not shown in metres: {accuracy!r}")
    finally:
        clear(d)
    detail = f"{len(EXPECTED) - 1} announcements over {len(STEPS)} locations (clock face with a heading), each once, in order, arrival once" \
        if not findings else f"{len(findings)} problem(s)"
    return not findings, detail, findings
