"""The journeys a blind rider makes, heard through Orca (issue 25): keys pressed as a rider presses them,
what Orca says checked in sequence. Each journey returns a Heard: its keys, its utterances, its seconds,
and the problems found (empty when it holds). gate.py runs them in one Orca session (orca_rig.Rig)."""

import re
import time

from . import board_events, orca_heard, ride_events, site, walk_events

TIME = r"\d{1,2}\D{1,9}\d\d\s*(am|pm)"
WHEN = r"(in \d+ (minutes?|hours?)|now\b)"


class Heard:
    def __init__(self, name):
        self.name, self.keys, self.utterances, self.problems = name, [], [], []
        self.t0, self.seconds, self.timed = time.time(), 0.0, []
        # A journey that held on a second try (orca_gate.run): the first try's Heard, and its transcript's file name.
        self.first_try, self.first_try_file = None, None

    def words(self):
        return orca_heard.words(self.utterances)

    def line(self):
        return (f"{self.name}: {len(self.keys)} keys, {self.words()} words, {self.seconds:.0f} s "
                f"({'holds' if not self.problems else f'{len(self.problems)} problem(s)'})")


class Listener:
    """Drives the rig for one journey and keeps what was heard since it began."""

    def __init__(self, rig, heard):
        self.rig, self.h = rig, heard
        self.mark = len(rig.heard())

    def since(self, mark=None):
        return [t for _, t in self.rig.heard()[self.mark if mark is None else mark:]]

    def now(self):
        return len(self.rig.heard())

    def open(self, url, wait_for=None, timeout=30):
        """Loads a page by DevTools (no typing heard) and waits until Orca has started on it: the page's
        title spoken (and `wait_for`, a pattern, when given). Returns the mark of the title's utterance, so
        what the last page was still saying is not counted for this one."""
        before = self.now()
        self.rig.driver.get(url)
        title = self.rig.driver.title
        key = re.escape(title.split(",")[0].split(" – ")[0][:30]).replace(r"\ ", r"\s+")
        self.until(key, before, timeout)
        heard = self.since(before)
        at = first_match(heard, key)
        mark = before + (at or 0)
        # Orca says the page's summary and starts reading it from the top; a rider presses a key once it has begun
        self.until(r"^Page has ", mark, timeout)
        at = first_match(self.since(mark), r"^Page has ")
        if at is not None:
            self.until(r".", mark + at + 1, 5)
        if wait_for:
            self.until(wait_for, mark, timeout)
        return mark

    def until(self, pattern, mark, timeout=30):
        end = time.time() + timeout
        while time.time() < end:
            if any(re.search(pattern, t, re.I) for t in self.since(mark)):
                return True
            time.sleep(0.2)
        return False

    def key(self, k, settle=1.0, timeout=40):
        """One key press; returns what it made Orca say (once speech has settled)."""
        mark = self.now()
        self.h.keys.append(k)
        self.rig.key(k)
        self.rig.quiet(settle=settle, timeout=timeout)
        return self.since(mark)

    def finish(self, known=None, data=()):
        # PTV's own words (disruption titles) are not Trakx's punctuation
        data = list(data) + (self.rig.driver.execute_script(
            "return [...document.querySelectorAll('a[href^=\"/disruptions/\"]')].map(a => a.textContent)") or [])
        self.h.timed = self.rig.heard()[self.mark:]
        self.h.utterances = [t for _, t in self.h.timed]
        self.h.problems += orca_heard.problems(self.h.utterances, known, data)
        self.h.seconds = time.time() - self.h.t0
        return self.h


def first_match(utterances, pattern):
    for i, t in enumerate(utterances):
        if re.search(pattern, t, re.I):
            return i
    return None


# ------------------------------------------------------------------ 1. stop board


def stop_board(rig, base, path="/stops/train/1071"):
    """After load, H then Down reaches the first departure; its time, line, destination, "in N minutes" and
    platform are one utterance."""
    h = Heard(f"stop board {path}")
    ls = Listener(rig, h)
    ls.open(base + path)
    ls.key("ctrl+Home")  # wherever the reading on load has got to, the rider starts from the top
    said = ls.key("h") + ls.key("Down")
    _first_departure(h, said, train="/train/" in path)
    return ls.finish(orca_heard.page_words(rig.driver))


def _first_departure(h, said, train):
    hit = first_match(said, WHEN)
    if hit is None:
        h.problems.append(f"H then Down did not reach a departure (no \"in N minutes\" or \"now\"): {said!r}")
        return
    u = said[hit]
    missing = [what for what, pat in (("time", TIME), ("line or route", r"\b(line|route \d+|tram|bus)\b"),
                                      ("destination", r"\bto [A-Z]"), ("platform", r"\bplatform \d+"))
               if (what != "platform" or train) and not re.search(pat, u, re.I if what != "destination" else 0)]
    if missing:
        h.problems.append(f"the first departure heard lacks {', '.join(missing)} in one utterance: {u!r}")


# ------------------------------------------------------------------ 2. search


def search(rig, base):
    """Search "richmond": the count before the results, Richmond Station first with its mode and suburb in
    the same utterance; its board's answer within two keys of the new page."""
    h = Heard("search richmond -> first stop")
    ls = Listener(rig, h)
    mark = ls.open(base + "/search?q=richmond", wait_for=r"Station")
    # The count may come after the first result (the defect this looks for): wait for it too, so which came first
    # is decided by what was said, not by how fast Orca got there on a loaded machine.
    ls.until(r"\d+ stops?\b.*match", mark, 10)
    heard = ls.since(mark)
    count = first_match(heard, r"\d+ stops?\b.*match")
    first = first_match(heard, r"Station|Street|Road")
    if count is None:
        h.problems.append("the result count was not heard")
    elif first is not None and first < count:
        h.problems.append(f"a result ({heard[first]!r}) was heard before the count ({heard[count]!r})")
    ls.key("ctrl+Home")
    said = ls.key("h") + ls.key("h") + ls.key("Down")
    res = first_match(said, r"Station|Street|Road|at ")
    if res is None or "Richmond Station" not in said[res]:
        h.problems.append(f"the first result is not Richmond Station: {said!r}")
    elif not re.search(r"train", said[res], re.I) or said[res].count("Richmond") < 2:
        h.problems.append(f"the first result's mode and suburb are not in its utterance: {said[res]!r}")
    else:
        mark = ls.now()
        h.keys.append("Return")
        rig.key("Return")
        ls.until(r"Richmond Station", mark, 20)
        time.sleep(0.5)
        said = ls.key("h") + ls.key("Down")
        _first_departure(h, said, train=True)
    return ls.finish(orca_heard.page_words(rig.driver))


# ------------------------------------------------------------------ 3. ride page


def ride(rig, base, ride_path, choose_path):
    """With a stop chosen: "get ready", "at your stop", "passed" heard once each, in order, each agreeing
    with the page at that moment; an update that arrives while the page is read says it is an update (with
    its time) and leaves the text being read in place. Without a stop: the page says where the list starts
    that choosing a stop turns announcements on."""
    h = Heard("ride page")
    ls = Listener(rig, h)
    d = rig.driver
    # no stop chosen
    ls.open(base + ride_path)
    ls.key("ctrl+Home")
    said = ls.key("h") + ls.key("h") + ls.key("Down")
    if not any(re.search(r"choos\w+ (your|a) stop", t, re.I) and re.search(r"announce", t, re.I) for t in said):
        h.problems.append("with no stop chosen, the start of the list does not say that choosing a stop turns "
                          f"announcements on: {said!r}")
    # a stop chosen: updates stepped by answering the page's own requests with versions of it
    url = base + choose_path
    html = site.request(url).text
    ls.open(url)
    d.execute_script(STEPPED, [html] + [ride_events.variant(html, e, live, state=state) for e, live, state in RIDE_STEPS]
                     + [ride_events.variant(html, [AMID], True, state=AMID[1])])
    d.execute_script("window.__list = document.querySelector('ol.pattern');"
                     " window.__items = window.__list ? window.__list.children.length : 0;")
    # an update while the page is being read: say-all from the top, the update arrives in the middle
    ls.key("ctrl+Home")
    mark = ls.now()
    h.keys.append("KP_Add")  # say all (Orca's desktop layout; Insert+Down too)
    rig.key("KP_Add")
    ls.until(r"\w", mark, 10)
    time.sleep(2.0)
    step(d, 1)
    time.sleep(4.0)
    kept = d.execute_script("return window.__list === document.querySelector('ol.pattern')"
                            " && document.querySelector('ol.pattern').children.length >= window.__items")
    if not kept:
        h.problems.append("an update replaced or shrank the list of stops while it was being read")
    hush(ls.rig, h)  # stop reading
    heard = ls.since(mark)
    upd = first_match(heard, r"\bupdate")
    if upd is None or not re.search(TIME, heard[upd]):
        h.problems.append(f"the update heard while reading did not say it is an update with its time: {heard!r}")
    # then each event, stepped; heard once each, in order, agreeing with the page
    for i, (events, live, state) in enumerate(RIDE_STEPS[1:], 2):
        mark = ls.now()
        step(d, i)
        time.sleep(0.8)
        # Orca can be seconds behind the page: wait for each event's words (or 20 s), then for quiet, before counting.
        for _, text in events:
            ls.until(re.escape(text.split(":")[0].split(",")[0]), mark, 20)
        rig.quiet(settle=1.5, timeout=20)
        got = ls.since(mark)
        page = d.execute_script("const s = document.getElementById('ride-state'); return s ? s.textContent : ''")
        for _, text in events:
            phrase = text.split(":")[0].split(",")[0]
            n = sum(1 for t in got if phrase.lower() in t.lower())
            if n != 1:
                h.problems.append(f"{phrase!r} heard {n} times after its update (expected once): {got!r}")
            if phrase.lower() not in (page or "").lower():
                h.problems.append(f"{phrase!r} was announced but the page says {page!r}")
    order = [first_match(ls.since(), re.escape(p)) for p in ("Get ready", "at your stop", "passed")]
    if None not in order and order != sorted(order):
        h.problems.append("the announcements were not heard in order: get ready, at your stop, passed")
    _update_amid_disruptions(ls, h, d)
    return ls.finish(orca_heard.page_words(d))


# The words an update leaves behind when it cuts into a sentence: Orca reads on from where it was, so what follows the
# announcement must not be the rest of a sentence ("link, on the Frankston line" after "You are at your stop").
FRAGMENT = re.compile(r"^\s*(link\b\W*)?([,;:]|[a-z])")
ROLE_ALONE = re.compile(r"^\s*(link|visited link|list item|heading level \d|leaving list|list with \d+ items?)?\s*\.?\s*$",
                        re.I)


def _update_amid_disruptions(ls, h, d):
    """Issue 34 item 8: say-all reads the ride page's disruptions (H to their heading, then say-all) and an update
    arrives meanwhile. Orca speaks a polite update between two of say-all's utterances, wherever reading has got
    to, and then reads on: so no utterance of the disruptions may be the rest of a sentence (", on the Frankston
    line", "link, at this stop"), which after "You are at your stop" sounds like the update's continuation; nor
    may what is read right after the update."""
    titles = d.execute_script("return [...document.querySelectorAll('main a[href^=\"/disruptions/\"]')]"
                              ".map(a => a.textContent.trim())") or []
    if not titles:
        return
    def to_disruptions():
        ls.key("ctrl+Home")
        said = []
        for _ in range(8):
            said += ls.key("h")
            if any(re.search(r"^Disruptions\b", t) for t in said[-3:]):
                break
        mark = ls.now()
        h.keys.append("KP_Add")
        ls.rig.key("KP_Add")
        return mark
    # say-all through the disruptions, undisturbed: every place an update could be spoken
    mark = to_disruptions()
    ls.until(r"^leaving list|^About this", mark, 20)
    hush(ls.rig, h)
    heard = ls.since(mark)
    start = first_match(heard, r"^Disruptions\b") or 0
    end = first_match(heard[start + 2:], r"^leaving list|heading level")
    for t in heard[start:len(heard) if end is None else start + 2 + end]:
        if not ROLE_ALONE.match(t) and FRAGMENT.match(t):
            h.problems.append(f"say-all reads a disruption in pieces: an update spoken before {t.strip()!r} leaves a "
                              "fragment that sounds like its continuation")
    # then an update while the first disruption is being said
    mark = to_disruptions()
    ls.until(re.escape(" ".join(titles[0].split()[:3])), mark, 15)
    step(d, len(RIDE_STEPS) + 1)
    ls.until(re.escape(AMID[1]), mark, 20)
    time.sleep(3.0)
    hush(ls.rig, h)
    heard = ls.since(mark)
    at = first_match(heard, re.escape(AMID[1]))
    if at is None:
        h.problems.append(f"the update during the disruptions was not heard: {heard!r}")
        return
    after = [t for t in heard[at + 1:] if t.strip() and not ROLE_ALONE.match(t)]
    if after and FRAGMENT.match(after[0]):
        h.problems.append(f"after the update {heard[at]!r}, reading went on with a fragment that sounds like its "
                          f"continuation: {after[0]!r}")


# The page's own requests for updates answered with the version of the page for the current step (however
# often it asks: a window shown again asks too; step 0 is the page as loaded); a step is triggered as when the
# page is shown again.
STEPPED = """
const bodies = arguments[0];
window.__step = 0;
window.fetch = function () {
  return Promise.resolve(new Response(bodies[window.__step], {status: 200, headers: {'Content-Type': 'text/html'}}));
};
"""


def step(d, i):
    d.execute_script("window.__step = arguments[0]; document.dispatchEvent(new Event('visibilitychange'))", i)


READY, ARRIVING, PASSED = ride_events.READY, ride_events.ARRIVING, ride_events.PASSED
# (events on the page, live flag, the page's state sentence) for each update the page asks for
RIDE_STEPS = [([ride_events.NEXT_A], True, None), ([READY], True, READY[1]), ([ARRIVING], True, ARRIVING[1]),
              ([PASSED], True, PASSED[1])]
# The update that arrives while the disruptions are read (issue 34 item 8), after the steps above.
AMID = ("arriving-10", "You are at your stop, Delta.")


# ------------------------------------------------------------------ 4. disruptions


def disruptions(rig, base):
    """H reaches the first disruption's title, then Down its first sentence: what, where and when in words
    ("Buses replace trains between Elsternwick and Sandringham, on the Sandringham line, ... until 12 00 pm today.").
    A title longer than the window wraps, and Down first says its last line: that is part of the title, not the
    sentence, so one more Down is pressed (as a rider would); a sentence that wraps is read on to its full stop."""
    h = Heard("disruptions")
    ls = Listener(rig, h)
    ls.open(base + "/disruptions")
    said = []
    for _ in range(4):
        got = ls.key("h")
        said += got
        if any(re.search(r"heading level 3", t) for t in got):
            break
    title = " ".join(t for t in said if re.search(r"heading level 3", t))
    down = ls.key("Down")
    if down and all(t.strip(" .") and t.strip(" .") in title for t in down):
        down = ls.key("Down")
    # The sentence may wrap too: read on, line by line as a rider would, to its full stop (two more lines at most).
    for _ in range(2):
        if not down or down[-1].rstrip().endswith("."):
            break
        down += ls.key("Down")
    if not any(re.search(r"heading level 3", t) for t in said):
        h.problems.append(f"H did not reach a disruption's title in 4 keys: {said!r}")
    elif not any(re.search(r"\b(until|from)\b", t) for t in down):
        h.problems.append(f"Down after the title did not say when, in words: {down!r}")
    titles = rig.driver.execute_script("return [...document.querySelectorAll('main h3')].map(h => h.textContent)")
    return ls.finish(orca_heard.page_words(rig.driver), data=titles)


# ------------------------------------------------------------------ 5. favourites


def favourite(rig, base, path="/stops/train/1071"):
    """B to "Add to favourites", Space: the confirmation heard once, focus back on the button; the home page
    then speaks the favourite with its next departure."""
    h = Heard("favourite by keyboard")
    ls = Listener(rig, h)
    d = rig.driver
    ls.open(base + path)
    ls.key("ctrl+Home")
    found = False
    for _ in range(12):
        got = ls.key("b")
        if any("Add to favourites" in t for t in got):
            found = True
            break
    if not found:
        h.problems.append("B did not reach \"Add to favourites\" in 12 presses")
        return ls.finish()
    mark = ls.now()
    h.keys.append("space")
    rig.key("space")
    ls.until(r"Added .* to favourites", mark, 20)
    time.sleep(6)  # long enough to hear it a second time, as a live region and then read from the top
    rig.key("ctrl")
    got = ls.since(mark)
    n = sum(1 for t in got if re.search(r"Added .* to favourites", t))
    if n != 1:
        h.problems.append(f"the confirmation was heard {n} times (expected once): {got!r}")
    # Orca reads on from where focus is when the page loads, so the first thing heard after the new page's
    # summary ("Page has ...") is where focus came back to: the button the rider pressed, not the top.
    # The confirmation is a live region, and Orca may say it before or after where focus is (it came first on a
    # busy CI machine, and "Added ... to favourites" then passed for the button): it is set aside, and what is
    # left must be the button itself, "Add to" or "Remove from favourites".
    loaded = [i for i, t in enumerate(got) if t.startswith("Page has ")]
    after = [t for t in got[loaded[-1] + 1:] if t.strip() and not re.search(r"Added .* to favourites", t)] \
        if loaded else []
    if not after or not re.search(r"(Add to|Remove from) favourites", after[0]):
        h.problems.append(f"focus did not return to the favourite button after adding: {after[:3]!r}")
    mark = ls.open(base + "/", wait_for=r"favourite stops")
    mark += first_match(ls.since(mark), r"favourite stops") or 0
    ls.until(WHEN, mark, 20)
    heard = ls.since(mark)
    fav = first_match(heard, r"Flinders Street")
    if fav is None or first_match(heard[fav:], WHEN) is None:
        h.problems.append(f"the home page did not speak the favourite with its next departure: {heard!r}")
    hush(ls.rig, h)
    return ls.finish(orca_heard.page_words(d))


# ------------------------------------------------------------------ 6. door-to-door pages (issue 24)


def door_to_door(rig, base, ride_path=None):
    """The walk page: its heading says the distance and direction first, and as the rider walks (Chromium's
    location stepped towards the stop) each announcement is heard once, in order, the arrival once. The arrival
    page: "You are at ..." is the first thing after the page's heading level 1."""
    h = Heard("door to door: walk, arrival")
    ls = Listener(rig, h)
    d = rig.driver
    url = base + walk_events.WALK_PATH
    walk_events.allow(d, url)
    try:
        ls.open(url)
        ls.key("ctrl+Home")
        said = ls.key("h")
        top = first_match(said, r"heading level 1") if said else None
        heading = said[top] if top is not None else (said[0] if said else "")
        if not re.search(r"\bWalk\b.*\bto [A-Z]", heading):
            h.problems.append(f"the walk page's heading does not say where to walk first: {said!r}")
        mark = ls.now()
        d.execute_script("document.getElementById('walk-start').click()")
        for step_ in walk_events.STEPS[1:]:
            walk_events.move(d, step_)
            time.sleep(0.3)
            rig.quiet(settle=0.8, timeout=20)
        # speech-dispatcher says "north-east" as "north east": compare words, from each utterance's start
        def norm(t):
            return " ".join(re.findall(r"[a-z0-9']+", t.lower()))
        got = ls.since(mark)
        at = -1
        for want in walk_events.EXPECTED[1:]:
            phrase = norm(want.split(". ")[0])
            hits = [i for i, t in enumerate(got) if norm(t).startswith(phrase)]
            if len(hits) != 1:
                h.problems.append(f"{phrase!r} heard {len(hits)} times while walking (expected once): {got!r}")
            elif hits[0] < at:
                h.problems.append(f"{phrase!r} heard out of order while walking: {got!r}")
            else:
                at = hits[0]
    finally:
        walk_events.clear(d)
    run = (ride_path or "").split("?")[0].rsplit("/", 1)[-1]
    for path in ["/arrived/bus/10639"] + ([f"/arrived/train/1071?run={run}"] if run else []):
        ls.open(base + path)
        ls.key("ctrl+Home")
        said = ls.key("h") + ls.key("Down")
        top = first_match(said, r"heading level 1")
        if top is None or not re.search(r"\bYou are at [A-Z]", " ".join(said[top:top + 2])):
            h.problems.append(f"{path}: H then Down does not say where the rider is first: {said!r}")
    return ls.finish(orca_heard.page_words(d))


# ------------------------------------------------------------------ 7. boarding (issue 31)

LOW_FLOOR_FIRST = r"^(Next low floor tram, route|No tram listed is known to be low floor|None of the trams listed is low floor)"
# A row says the works short; the board's disruptions say them whole, once (issue 55 item 2).
REPLACED = "buses replace trains"
REPLACED_WHOLE = "Buses replace trains between Elsternwick and Sandringham"


def hush(rig, h):
    """Ctrl, as a rider stops Orca reading on: it says nothing itself, so no waiting for speech to settle."""
    h.keys.append("ctrl")
    rig.key("ctrl")
    time.sleep(1.0)


def boarding(rig, base, tram_path):
    """What a rider needs to get on, heard: replacement buses on the Sandringham row they affect (Tab onto its link);
    with "Low floor trams only" chosen, the tram board's first sentence says when the next low floor tram comes; and a departure that leaves while the board is open, with updates on, is announced once."""
    h = Heard("boarding")
    ls = Listener(rig, h)
    d = rig.driver
    ls.open(base + "/stops/train/1071")
    hush(rig, h)
    # Focus put on what comes just before the first Sandringham departure, then Tab, as a rider tabbing down the board
    # reaches it: what Orca says of the row.
    found = d.execute_script(
        "const links = [...document.querySelectorAll('a[href], button')];"
        " const i = links.findIndex(a => a.closest('#departures') && /to Sandringham/.test(a.getAttribute('aria-label') || ''));"
        " if (i < 1) return false; links[i - 1].focus(); return true;")
    time.sleep(1.0)
    mark = ls.now()
    ls.key("Tab")
    ls.until("to Sandringham", mark, 15)
    row = next((t for t in ls.since(mark) if "to Sandringham" in t), None) if found else None
    if row is None:
        h.problems.append("no Sandringham line departure at Flinders Street was heard on focus")
    elif REPLACED not in row:
        h.problems.append(f"the Sandringham departure was heard without its replacement buses: {row!r}")
    listed = d.execute_script("const h = document.getElementById('disruptions-heading');"
                              " return h && h.nextElementSibling ? h.nextElementSibling.textContent : ''")
    if REPLACED_WHOLE not in listed:
        h.problems.append(f"the board's disruptions do not say the works whole: {listed!r}")

    # The low floor choice, pressed as a rider presses it (its button is a form), then the board heard from the top.
    ls.open(base + tram_path)
    d.execute_script("document.querySelector('form.choice button').click()")
    time.sleep(1.5)
    ls.open(base + tram_path)
    ls.key("ctrl+Home")
    said = ls.key("h") + ls.key("Down")
    first = next((t for t in said if t.strip() and not re.search(r"heading level", t, re.I)), "")
    if not re.search(LOW_FLOOR_FIRST, first):
        h.problems.append(f"with low floor trams only, the board's first sentence was not the low floor one: {said!r}")
    d.execute_script("document.querySelector('form.choice button').click()")  # back to all trams for the journeys after
    time.sleep(1.5)

    # A departure leaving while the board is open: the update says it once, politely, after what is being read.
    page, after, sentence = board_events.left_board(base)
    if page is None:
        h.problems.append(after)
        return ls.finish(orca_heard.page_words(d))
    ls.open(base + board_events.BOARD)
    hush(rig, h)
    mark = ls.now()
    board_events.start_updates(d, page)
    ls.until("has left", mark, 20)
    time.sleep(4)  # several more updates: none may say it again
    d.execute_script("document.getElementById('departures-auto-update').click()")
    heard = ls.since(mark)
    n = sum(1 for t in heard if "has left" in t)
    if n != 1:
        h.problems.append(f"the departure leaving was heard {n} times (expected once): {heard!r}")
    hush(rig, h)
    return ls.finish(orca_heard.page_words(d), data=[sentence])


# ------------------------------------------------------------------ 8. PTV failing


def _as_read(utterances):
    """Utterances as one text, white space folded: a line Orca reads where the window wraps ends in a space."""
    return " ".join(" ".join(utterances).split())


def ptv_failing(rig, base, ready=True):
    """PTV answering without the answer (run.sh's failing Trakx: --demo-fault message-only, its Flinders Street board
    loaded while PTV still answered). The board, H then Down: that it is not up to date, why, and from when, before
    any departure. A stop with no saved copy (an error page), H then Down: what failed and why, never that nothing is
    due. A line that wraps is read on, as a rider would, three Downs at most."""
    h = Heard("PTV failing")
    ls = Listener(rig, h)
    if not ready:
        h.problems.append("PTV never began failing on the failing Trakx (a search not asked before was not a 502)")
        return ls.finish()
    ls.open(base + "/stops/train/1071")
    ls.key("ctrl+Home")
    said = ls.key("h")
    for _ in range(3):
        said += ls.key("Down")
        if first_match(said, WHEN) is not None or any(re.search(r"information from .*\.$", t) for t in said):
            break
    first = first_match(said, WHEN)
    before = _as_read(said if first is None else said[:first])
    if not re.search(r"Not up to date\..*PTV answered without the information.*shows information from", before):
        h.problems.append(f"the board did not say it is a saved copy, and why, before its first departure: {said!r}")
    ls.open(base + "/stops/train/1155")
    ls.key("ctrl+Home")
    said = ls.key("h")
    for _ in range(3):  # to the end of the sentence that says why (the heading may name PTV too)
        said += ls.key("Down")
        text = _as_read(said)
        if re.search(r"because PTV[^.]*\.", text):
            break
    if not re.search(r"could not check .*because PTV answered without the information", text):
        h.problems.append(f"the error page did not say what failed after its heading: {said!r}")
    if re.search(r"\bno (more )?(departures|services|trains)\b|\bnothing (is )?due\b", text, re.I):
        h.problems.append(f"a failure said as absence: {said!r}")
    return ls.finish(orca_heard.page_words(rig.driver))
