"""Talking to Trakx over HTTP like a browser would: health, discovery, seeding, the page list."""

import html.parser
import http.cookies
import re
import time
import urllib.error
import urllib.parse
import urllib.request

# Never use a proxy from the environment: everything here is on loopback.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D401
        return None


_OPENER_NO_REDIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


class Response:
    """Status, headers and body of one HTTP exchange (error statuses included)."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self):
        return self.body.decode("utf-8", errors="replace")


def request(url, data=None, headers=None, follow=True, timeout=15):
    """GET (or POST when data is a dict) without raising on 4xx/5xx."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, headers=headers or {})
    opener = _OPENER if follow else _OPENER_NO_REDIRECT
    try:
        with opener.open(req, timeout=timeout) as r:
            return Response(r.status, r.headers, r.read())
    except urllib.error.HTTPError as e:
        return Response(e.code, e.headers, e.read())


def wait_healthy(base, timeout=60):
    """Wait until GET /healthz answers 200; returns seconds waited, raises on timeout."""
    t0 = time.time()
    last = None
    while time.time() - t0 < timeout:
        try:
            if request(base + "/healthz", timeout=2).status == 200:
                return time.time() - t0
        except Exception as e:  # noqa: BLE001  (connection refused while it starts)
            last = e
        time.sleep(0.1)
    raise RuntimeError(f"{base}/healthz did not answer 200 within {timeout}s ({last})")


class _LinkParser(html.parser.HTMLParser):
    """Collects <a href> values and <input name value> pairs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hrefs = []
        self.inputs = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])
        elif tag == "input":
            self.inputs.append((a.get("name"), a.get("value")))


def parse(text):
    p = _LinkParser()
    p.feed(text)
    return p


def first_href(text, pattern):
    """First link whose href matches the regex (anchored at the start)."""
    rx = re.compile(pattern)
    for h in parse(text).hrefs:
        if rx.match(h):
            return h
    return None


def form_cookie_and_token(base, path="/favourites"):
    """GET a page as a browser would: the trakx_form cookie (Set-Cookie) and the hidden token."""
    r = request(base + path)
    cookie = None
    for v in r.headers.get_all("Set-Cookie") or []:
        c = http.cookies.SimpleCookie()
        c.load(v)
        if "trakx_form" in c:
            cookie = c["trakx_form"].value
    token = next((v for n, v in parse(r.text).inputs if n == "token"), None)
    if not cookie or not token:
        raise RuntimeError(f"GET {path}: no trakx_form cookie ({cookie!r}) or no token input ({token!r})")
    return cookie, token


def add_favourite(base, cookie, token, mode, stop_id):
    """POST /favourites like the stop page's form does; returns the response (303 expected)."""
    return request(base + "/favourites",
                   data={"token": token, "mode": mode, "stop_id": stop_id, "return": "/favourites"},
                   headers={"Cookie": f"trakx_form={cookie}", "Origin": base}, follow=False)


NEARBY_POINT = "/nearby?lat=-37.8183&lon=144.9671"
# Between the two Hotham Street stops on Glen Huntly Road (one each side, one each way).
PAIRED_POINT = "/nearby?lat=-37.8843&lon=144.9982&mode=bus"
TOO_LONG_QUERY = "/search?q=" + "a" * 101


def discover(base):
    """Ids taken from the pages themselves: a tram stop and a bus stop near Flinders Street,
    the ride page and run of the first departure from Flinders Street, and the first disruption."""
    found = {}
    nearby = request(base + NEARBY_POINT).text
    found["tram"] = first_href(nearby, r"/stops/tram/\d+$")
    found["bus"] = first_href(nearby, r"/stops/bus/\d+$")
    stop = request(base + "/stops/train/1071").text
    # Every departure's time links to its ride page; the ride page links to the run's whole journey.
    found["ride-choose"] = first_href(stop, r"/ride/train/[^?]+\?from=1071$")
    if found["ride-choose"]:
        ride = request(base + found["ride-choose"]).text
        found["run"] = first_href(ride, r"/runs/train/[^?]+\?stop=1071")
        found["ride"] = first_href(ride, r"/ride/train/[^?]+\?from=1071&to=\d+$")
        found["ride-auto"] = (found["ride"] or "") + "&auto=60" if found["ride"] else None
    found["disruption"] = first_href(request(base + "/disruptions").text, r"/disruptions/\d+$")
    missing = [k for k, v in found.items() if not v]
    if missing:
        raise RuntimeError("could not find links for: " + ", ".join(missing))
    return found


def warm(urls, settle=3.0):
    """Loads every page once, as a rider's earlier visit would, then waits for what Trakx learns in the background.
    A page never waits on a second PTV round trip (issue 33): which way a stop's routes leave, a line's order, the
    stops near an arrival and disruption texts a board names without them are learnt after the first load and said
    from the next one. The gate judges the pages a rider meets on a later visit, which say all of it."""
    for url in urls.values():
        request(url)
    time.sleep(settle)


class Page:
    """One page the gate visits: a key, the Trakx instance ('main' or 'empty'), a path and
    the HTTP status Trakx must answer with."""

    def __init__(self, key, path, status=200, instance="main"):
        self.key, self.path, self.status, self.instance = key, path, status, instance

    def __repr__(self):
        return f"Page({self.key!r}, {self.path!r})"


def page_list(ids):
    return [
        Page("home", "/"),
        Page("stop-train", "/stops/train/1071"),
        Page("stop-tram", ids["tram"]),
        Page("stop-bus", ids["bus"]),
        Page("nearby", "/nearby"),
        Page("nearby-results", NEARBY_POINT),
        Page("nearby-error", "/nearby?lat=abc&lon=144.96", 400),
        Page("run", ids["run"]),
        Page("ride-choose", ids["ride-choose"]),
        Page("ride", ids["ride"]),
        Page("ride-auto", ids["ride-auto"]),
        Page("ride-bad-stop", ids["ride-choose"].split("?")[0] + "?from=1071&to=99999999", 400),
        Page("search", "/search"),
        Page("search-results", "/search?q=flinders"),
        Page("search-none", "/search?q=zzzzqqq"),
        Page("search-too-long", TOO_LONG_QUERY, 400),
        Page("line", "/lines/train/6"),
        Page("disruptions", "/disruptions"),
        Page("disruption", ids["disruption"]),
        Page("favourites", "/favourites"),
        Page("favourites-empty", "/favourites", instance="empty"),
        Page("stop-missing", "/stops/train/99999999", 404),
        Page("nearby-paired", PAIRED_POINT),
        Page("walk", "/walk/bus/10639"),
        Page("walk-from", "/walk/bus/10639?" + PAIRED_POINT.split("?", 1)[1]),
        Page("walk-place", "/walk/bus/10640?place=Elsternwick"),
        Page("walk-error", "/walk/bus/10639?lat=abc&lon=144.99", 400),
        Page("arrival", "/arrived/train/1071?run=" + ids["run"].split("/")[3].split("?")[0]),
        Page("arrival-bus", "/arrived/bus/10639"),
        Page("alert-stop", "/alerts/stop/AAAAAAAAAAAAAAAAAAAAAA"),
        Page("not-found", "/no-such-page", 404),
    ]
