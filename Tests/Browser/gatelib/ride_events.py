"""The ride page's live region in a real browser: ride.js must announce each event once, in order, each
saying it is an update with its time ("Update at 8 42 am.") and nothing else (no minute counts). The page is the real ride page; its refreshes are answered
by versions of the same page whose event list and live flag step through a journey, so the check does
not wait for real minutes to pass. Each refresh is triggered as the script does when a page is shown
again (a visibilitychange event)."""

import json
import re
import time

from . import browser, site

NEXT_A, NEXT_B = ("next-9001", "Next stop, Alpha."), ("next-9002", "Next stop, Bravo.")
READY = ("ready-9", "Get ready, your stop, Charlie, is next.")
ARRIVING = ("arriving-9", "You are at your stop, Charlie.")
PASSED = ("passed-9", "You have passed Charlie.")

# (events on the page, live flag) for each refresh, and what the live region must say after it.
STEPS = [
    ([], True, None),
    ([NEXT_A], True, "Next stop, Alpha."),
    ([NEXT_A], True, None),
    ([NEXT_B, READY], False, "Live information lost. Next stop, Bravo. Get ready, your stop, Charlie, is next."),
    ([READY], True, "Live information is back."),
    ([ARRIVING], True, "You are at your stop, Charlie."),
    ([PASSED], True, "You have passed Charlie."),
    ([PASSED], True, None),
]


# Each announcement starts by saying it is an update and when ("Update at 8 42 am."), so a rider who hears it
# while reading the page knows it is newer than what they were reading.
UPDATE_AT = re.compile(r"^Update at \d{1,2}[\u202f ]\d{2} [ap]m\. ")  # no colon: Orca says it (issue 55)


def variant(html, events, live, state=None):
    """The ride page with these events and live flag (and, when given, this state sentence)."""
    items = "".join(f'<li data-key="{k}">{t}</li>' for k, t in events)
    if state is not None:
        html = re.sub(r'(<p class="summary" id="ride-state">).*?(</p>)', lambda m: m.group(1) + state + m.group(2),
                      html, flags=re.S)
    html = re.sub(r'<ul id="ride-events" hidden>.*?</ul>', f'<ul id="ride-events" hidden>{items}</ul>', html, flags=re.S)
    return re.sub(r'<div id="ride" data-live="[a-z]+">', f'<div id="ride" data-live="{"true" if live else "false"}">', html)


INSTALL = """
const bodies = arguments[0];
let i = 0;
window.fetch = function () {
  const body = bodies[Math.min(i++, bodies.length - 1)];
  return Promise.resolve(new Response(body, {status: 200, headers: {'Content-Type': 'text/html'}}));
};
""" + browser.live_region_recorder("ride-alerts")


# How long after an announcement the live region must be empty again (ride.js: 5 s).
CLEARED_WITHIN_S = 6


def check(d, ride_url):
    """Returns (ok, detail, findings)."""
    html = site.request(ride_url).text
    if 'id="ride-alerts"' not in html or "/static/js/ride.js" not in html:
        return False, "the ride page has no live region or no ride.js", [ride_url]
    browser.load(d, ride_url)
    d.execute_script(INSTALL, [variant(html, e, live) for e, live, _ in STEPS])
    heard_after = []
    for _ in STEPS:
        before = d.execute_script("return window.__heard.length")
        d.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
        time.sleep(0.4)
        heard = d.execute_script("return window.__heard")
        heard_after.append(heard[before:])
    findings = []
    # Emptied once said (issue 55): words left in the region were read again by say-all as page content, so one update
    # was heard twice. ride.js empties it 5 s after an announcement.
    time.sleep(CLEARED_WITHIN_S)
    left = d.execute_script("const r = document.getElementById('ride-alerts'); return r ? r.textContent.trim() : ''")
    if left:
        findings.append(f"the live region still holds its last announcement {CLEARED_WITHIN_S} s later, for say-all to read "
                        f"again: {left!r}")
    for i, got in enumerate(heard_after):
        for text in got:
            if not UPDATE_AT.match(text):
                findings.append(f"an announcement does not say it is an update with its time: {text!r}")
        heard_after[i] = [UPDATE_AT.sub("", t) for t in got]
    for (events, live, want), got in zip(STEPS, heard_after):
        expected = [want] if want else []
        if got != expected:
            findings.append(f"after a refresh with {[k for k, _ in events]} live={live}: heard {got!r}, expected {expected!r}")
    everything = [t for got in heard_after for t in got]
    for text in everything:
        if re.search(r"\b(minutes?|Updated)\b", text):
            findings.append(f"announced a minute count or an update: {text!r}")
    detail = f"{len(everything)} announcements over {len(STEPS)} refreshes, each event once" if not findings else \
        f"{len(findings)} problem(s): " + json.dumps(everything)
    return not findings, detail, findings
