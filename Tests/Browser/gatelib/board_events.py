"""The stop board's live region in a real browser: with "Update every 30 seconds" on, a departure that leaves
while the page is open is announced once, politely ("Updated 8 33 am. The 8 32 am Frankston line train has
left. Next ..."), and the next update, which fetches the refreshed board's own link, says nothing of it again.
The board is the real one. Its first update is answered by the real server's page for a refresh link that carries a
departure the rider saw that PTV no longer lists, its time past; the updates after it go to the real server, at
the link that page gave (marked, to see the script follow it). The script's 30-second timer is shortened so the
check does not wait for real minutes."""

import html as htmllib
import re
import time

from . import browser, site

BOARD = "/stops/train/1071"

INSTALL = """
const first = arguments[0];
const realFetch = window.fetch.bind(window);
window.__fetched = [];
window.fetch = function (url, options) {
  window.__fetched.push(String(url));
  if (window.__fetched.length === 1) {
    return Promise.resolve(new Response(first, {status: 200, headers: {'Content-Type': 'text/html'}}));
  }
  return realFetch(url, options);
};
const wait = window.setTimeout.bind(window);
window.setTimeout = function (fn, delay) { return wait(fn, Math.min(delay, 150)); };
""" + browser.live_region_recorder("departures-updates")


def refresh_link(text):
    m = re.search(r'data-refresh-url="([^"]*)"', text)
    return htmllib.unescape(m.group(1)) if m else None


def left_board(base):
    """The board's page for a refresh link that carries a departure the rider saw that PTV no longer lists, its time
    past: (that page with its own refresh link marked, the marked link, the sentence it says), or (None, why, None)."""
    board = site.request(base + BOARD).text
    link = refresh_link(board)
    if not link or "seen=" not in link:
        return None, f"the board's refresh link carries no departures: {link!r}", None
    first_run, first_minute, first_route = link.split("seen=")[1].split(",")[0].split("~")
    # Seen 35 minutes before the soonest departure now listed: long past, and not a run PTV lists.
    gone = f"9999991~{int(first_minute) - 35}~{first_route}"
    page = site.request(f"{base}{BOARD}?seen={gone},{first_run}~{first_minute}~{first_route}").text
    said = re.search(r'<p class="left" id="left">(.*?)</p>', page)
    if not said:
        return None, "a refresh with a departure PTV no longer lists does not say it left: " + page[:300], None
    # The refreshed board's own link, marked so a check sees the script follow it (the server ignores the mark).
    after = refresh_link(page) + "&followed=1"
    page = re.sub(r'data-refresh-url="[^"]*"', f'data-refresh-url="{htmllib.escape(after)}"', page, count=1)
    # What the ear gets of it: a clock time's heard words, not the ones shown in their place (aria-hidden, issue 55).
    heard = re.sub(r"<[^>]*>", "", re.sub(r'<span aria-hidden="true">[^<]*</span>', "", said.group(1)))
    return page, after, " ".join(htmllib.unescape(heard).split())


def start_updates(d, page):
    """On the board open in `d`: the first update answered with `page`, the rest by the server; the updates turned on."""
    d.execute_script(INSTALL, page)
    d.execute_script("document.getElementById('departures-auto-update').click()")


def check(d, base):
    """Returns (ok, detail, findings)."""
    page, after, said = left_board(base)
    if page is None:
        return False, after, [after]
    browser.load(d, base + BOARD)
    if d.execute_script("const r = document.getElementById('departures-updates');"
                        " return r ? r.getAttribute('aria-live') : null") != "polite":
        return False, "the board has no polite live region", []
    start_updates(d, page)
    time.sleep(2.0)
    d.execute_script("document.getElementById('departures-auto-update').click()")
    heard = d.execute_script("return window.__heard")
    fetched = d.execute_script("return window.__fetched")
    findings = []
    left = [t for t in heard if "has left" in t]
    if len(left) != 1:
        findings.append(f"heard the departure leave {len(left)} times: {heard!r}")
    elif said not in left[0]:
        findings.append(f"the announcement {left[0]!r} does not carry the page's sentence {said!r}")
    if len(fetched) < 3:
        findings.append(f"only {len(fetched)} updates were fetched: {fetched!r}")
    elif not fetched[1].endswith(after):
        findings.append(f"the second update fetched {fetched[1]!r}, not the refreshed board's own link {after!r}")
    detail = f"heard {left[0]!r} once over {len(fetched)} updates" if not findings else f"{len(findings)} problem(s)"
    return not findings, detail, findings
