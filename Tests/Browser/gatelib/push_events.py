"""Alerts on a phone (issue 32) in a real browser, as far as an offline machine allows.

The ride page's alerts section must offer the form where Chromium has push, and turning an alert on must end in
words either way: the page after the form ("Alerts are on for this ride.") when a push service answers, or the
section saying it could not set alerts up (this machine has no network, so Chromium's push service cannot be
reached). Then a push is delivered through DevTools (ServiceWorker.deliverPushMessage) to Trakx's service worker,
which must show a notification with the pushed words: read back with registration.getNotifications(), since a
headless browser draws no notification to read."""

import html
import json
import re
import time
from urllib.parse import urlsplit

from . import browser, site

SCOPE = "/static/js/"
PUSHED = {
    "title": "Get ready, Richmond is next",
    "body": "Get ready, your stop, Richmond, is next, due 8\u202f40 am.",
    "url": "/",
    "stopURL": "/alerts/stop/AAAAAAAAAAAAAAAAAAAAAA",
    "tag": "trakx-alert-gate",
}
CANNOT = "This browser could not set up alerts just now."
TURNED_ON = "Alerts are on for this ride."

NOTIFICATIONS = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistration(arguments[0]).then(function (r) {
  if (!r) { done({error: 'no registration'}); return; }
  return r.getNotifications().then(function (list) {
    done({notes: list.map(function (n) { return {title: n.title, body: n.body, tag: n.tag, data: n.data,
                                                 actions: (n.actions || []).map(function (a) { return a.title; })}; })});
  });
}).catch(function (e) { done({error: String(e)}); });
"""


def wait_for(d, script, test, seconds):
    deadline = time.time() + seconds
    value = None
    while time.time() < deadline:
        value = d.execute_script(script)
        if test(value):
            return value
        time.sleep(0.25)
    return value


def alertable_ride(origin):
    """A ride page that offers alerts now: the next train from Flinders Street, getting off at its last stop (the
    gate's own ride page may have passed its rider's stop by the time this check runs)."""
    board = site.request(origin + "/stops/train/1071").text
    ride = re.search(r'/ride/train/[A-Za-z0-9-]+\?from=1071', board)
    if not ride:
        return None
    choose = site.request(origin + ride.group(0)).text
    stops = re.findall(r'href="(/ride/train/[A-Za-z0-9-]+\?from=1071&amp;to=\d+)"', choose)
    return origin + html.unescape(stops[-1]) if stops else None


def check(d, ride_url):
    """Returns (ok, detail, findings)."""
    parts = urlsplit(ride_url)
    origin = f"{parts.scheme}://{parts.netloc}"
    ride_url = alertable_ride(origin) or ride_url
    findings = []
    d.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["notifications"]})
    browser.load(d, ride_url)
    status = d.execute_script("var s = document.querySelector('[data-alerts-status]'); return s ? s.textContent : null")
    if status is None:
        return False, "the ride page has no alerts section", [ride_url]
    shown = d.execute_script("var f = document.querySelector('[data-alerts-form]'); return !!f && !f.hidden")
    if not shown:
        return False, f"Chromium has push but the alerts form stays hidden; the section says {status!r}", [ride_url]
    d.execute_script("document.querySelector('[data-alerts-form] button[type=submit]').click()")
    said = wait_for(d, "var s = document.querySelector('[data-alerts-status]');"
                       "var b = document.querySelector('#banner');"
                       "return (s ? s.textContent : '') + ' | ' + (b ? b.textContent : '')",
                    lambda v: v and (CANNOT in v or TURNED_ON in v), 30)
    if said and TURNED_ON in said:
        flow = "turning an alert on reached a push service and the page says the alert is on"
    elif said and CANNOT in said:
        flow = "offline, the section says in words that alerts could not be set up"
    else:
        findings.append(f"after pressing the button the page says neither {CANNOT!r} nor {TURNED_ON!r}: {said!r}")
        flow = "no words after pressing the button"
    # The service worker was registered by the attempt; deliver a push to it through DevTools.
    registered = wait_for(d, f"return window.__trakxSW || (navigator.serviceWorker.getRegistration('{SCOPE}')"
                             ".then(function (r) {{ window.__trakxSW = r && r.active ? 'active' : ''; }}), '')",
                          lambda v: v == "active", 15)
    if registered != "active":
        findings.append("Trakx's service worker did not become active")
        return False, flow + "; " + findings[-1], findings
    d.execute_cdp_cmd("ServiceWorker.enable", {})
    # DevTools takes any registration id without saying whether it names one (a fresh profile's first is 0), and
    # a first push to a worker that has been idle was seen to go unshown: deliver to the first few ids, and again.
    notes = []
    for _ in range(4):
        for registration in range(0, 4):
            d.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                              {"origin": origin, "registrationId": str(registration), "data": json.dumps(PUSHED)})
        deadline = time.time() + 5
        while time.time() < deadline and not notes:
            notes = d.execute_async_script(NOTIFICATIONS, SCOPE).get("notes") or []
            time.sleep(0.3)
        if notes:
            break
    match = [n for n in notes if n["title"] == PUSHED["title"] and n["body"] == PUSHED["body"]]
    if not match:
        findings.append(f"no notification with the pushed words; the service worker shows {notes!r}")
    else:
        note = match[0]
        if note["tag"] != PUSHED["tag"]:
            findings.append(f"the notification's tag is {note['tag']!r}, not {PUSHED['tag']!r}")
        if (note.get("data") or {}).get("url") != PUSHED["url"]:
            findings.append(f"the notification would not open the ride page: data {note.get('data')!r}")
        if "Stop this alert" not in note.get("actions", []) and note.get("actions") is not None and note.get("actions") != []:
            findings.append(f"the notification offers no way to stop the alert: actions {note.get('actions')!r}")
    detail = (f"{flow}; a push delivered through DevTools showed {PUSHED['title']!r} with its body"
              if not findings else "; ".join(findings))
    return not findings, detail, findings
