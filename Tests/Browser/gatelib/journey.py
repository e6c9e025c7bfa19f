"""The keyboard-only journey: after the first page load, only key presses (Tab, typing, Enter).

home -> Tab to the search box -> type "Flinders" -> Enter -> Tab to the "Flinders Street
Station" link -> Enter -> Tab to "Add to favourites" -> Enter (POST) -> stop page with the
banner "Added Flinders Street Station to favourites." -> Tab to "Favourite a line at this stop" ->
Enter -> Tab to the first line's "Add … to favourites" -> Enter (POST) -> Tab to the nav "Home"
link -> Enter -> the home page shows that line -> Tab to the nav "Favourites" link -> Enter -> the
favourites page lists Flinders Street Station."""

import time

from selenium.webdriver.common.keys import Keys

from . import browser

ACTIVE_JS = r"""
const a = document.activeElement;
if (!a || a === document.body) return null;
return {tag: a.tagName.toLowerCase(), id: a.id || '', text: (a.innerText || '').replace(/\s+/g, ' ').trim(),
        href: a.getAttribute('href') || '', inNav: !!a.closest('nav')};
"""


class JourneyError(Exception):
    pass


def _wait_for(d, predicate, what, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if d.execute_script("return document.readyState") == "complete" and predicate():
                return
        except Exception:  # noqa: BLE001 (page navigating)
            pass
        time.sleep(0.05)
    raise JourneyError(f"timed out waiting for {what} (at {d.current_url})")


def _tab_to(d, matches, what, limit=120):
    """Press Tab until the focused element matches; returns how many presses it took."""
    for n in range(1, limit + 1):
        browser.tab(d)
        a = d.execute_script(ACTIVE_JS)
        if a and matches(a):
            return n
    raise JourneyError(f"{what}: not reached after {limit} Tab presses (at {d.current_url})")


def run(d, base, log):
    """Walk the journey on a Trakx whose favourites start empty. `log(str)` gets each step."""
    d.delete_all_cookies()
    browser.load(d, base + "/")
    browser.reset_focus(d)
    steps = []

    def step(msg):
        steps.append(msg)
        log(msg)

    n = _tab_to(d, lambda a: a["id"] == "q", "the search box #q")
    step(f"home: {n} Tab presses to the search box")
    browser.press(d, "Flinders")
    browser.press(d, Keys.ENTER)
    _wait_for(d, lambda: "/search?q=Flinders" in d.current_url, "the search results page")
    step(f"Enter: {d.current_url.replace(base, '')}")

    n = _tab_to(d, lambda a: a["tag"] == "a" and a["text"] == "Flinders Street Station", "the Flinders Street Station link")
    step(f"{n} Tab presses to the \"Flinders Street Station\" link")
    browser.press(d, Keys.ENTER)
    _wait_for(d, lambda: d.current_url.split("?")[0].endswith("/stops/train/1071"), "the Flinders Street Station page")
    step(f"Enter: {d.current_url.replace(base, '')}")

    n = _tab_to(d, lambda a: a["tag"] == "button" and a["text"].startswith("Add to favourites"), "the Add to favourites button")
    step(f"{n} Tab presses to the \"Add to favourites\" button")
    # The answer may come back to the same address (the confirmation is a one-time notice kept on the server for
    # this browser, not a query string): a mark on the old page tells the new page from it.
    d.execute_script("window.__trakxBeforeAdd = true")
    browser.press(d, Keys.ENTER)
    want = "Added Flinders Street Station to favourites."

    def banner():
        t = d.execute_script("const b = document.querySelector('main [role=status], main .banner');"
                             " return b ? b.innerText.replace(/\\s+/g, ' ').trim() : null")
        return t is not None and want in t

    try:
        _wait_for(d, lambda: not d.execute_script("return window.__trakxBeforeAdd === true") and banner(), f"the banner \"{want}\"")
    except JourneyError:
        got = d.execute_script("const b = document.querySelector('main [role=status], main .banner');"
                               " return b ? b.innerText : '(no banner)'")
        h1 = d.execute_script("const h = document.querySelector('h1'); return h ? h.innerText : '(no h1)'")
        raise JourneyError(f"after Enter on Add to favourites: at {d.current_url}, h1 {h1!r}, banner {got!r}; "
                           f"wanted {want!r}") from None
    if not d.current_url.split("?")[0].endswith("/stops/train/1071"):
        raise JourneyError(f"after adding, landed on {d.current_url}, not the stop page")
    step(f"Enter (POST): {d.current_url.replace(base, '')} says \"{want}\"")

    # Star one line at this stop: open "Favourite a line at this stop", then its first "Add … to favourites".
    n = _tab_to(d, lambda a: a["tag"] == "summary" and a["text"].startswith("Favourite a line"), "the Favourite a line summary")
    step(f"{n} Tab presses to \"Favourite a line at this stop\"")
    browser.press(d, Keys.ENTER)
    n = _tab_to(d, lambda a: a["tag"] == "button" and a["text"].startswith("Add ") and " line " in a["text"], "a line's Add button")
    label = d.execute_script(ACTIVE_JS)["text"]
    line = label[len("Add "):].split(" towards ")[0].split(" to favourites")[0]
    step(f"Enter opens it; {n} Tab presses to \"{label}\"")
    d.execute_script("window.__trakxBeforeStar = true")
    browser.press(d, Keys.ENTER)
    _wait_for(d, lambda: not d.execute_script("return window.__trakxBeforeStar === true")
              and d.current_url.split("?")[0].endswith("/stops/train/1071"), "the stop page after starring a line")
    step(f"Enter (POST): {d.current_url.replace(base, '')}")
    n = _tab_to(d, lambda a: a["tag"] == "a" and a["inNav"] and a["text"] == "Home", "the nav Home link")
    browser.press(d, Keys.ENTER)
    _wait_for(d, lambda: d.current_url.rstrip("/") == base.rstrip("/"), "the home page")
    home = d.execute_script("return document.querySelector('main').innerText")
    if line not in home:
        raise JourneyError(f"home page does not show the starred line {line!r}")
    step(f"{n} Tab presses to the nav \"Home\" link, Enter: the home page shows {line!r}")

    n = _tab_to(d, lambda a: a["tag"] == "a" and a["inNav"] and a["text"] == "Favourites", "the nav Favourites link")
    step(f"{n} Tab presses to the nav \"Favourites\" link")
    browser.press(d, Keys.ENTER)
    _wait_for(d, lambda: d.current_url.split("?")[0].endswith("/favourites"), "the favourites page")
    names = d.execute_script("return [...document.querySelectorAll('main .card')].map(c => "
                             "(c.querySelector('a') || c).innerText.trim())")
    if "Flinders Street Station" not in names:
        raise JourneyError(f"favourites page lists {names!r}, not Flinders Street Station")
    step(f"Enter: {d.current_url.replace(base, '')} lists {names!r}")
    return steps
