"""The screen-reader part of the gate: one Orca session (orca_rig.Rig), the journeys of issue 25
(orca_journeys), a transcript per journey saved to the gate's output folder, and one line per journey
(keys, words, seconds) in the style of the listening budgets."""

import os
import time

from . import orca_journeys as j
from .orca_rig import Rig


def ids_for(base):
    """A ride from Flinders Street (the first departure's ride link) and a stop ahead on it."""
    from . import site
    board = site.request(base + "/stops/train/1071").text
    ride = next(h for h in site.parse(board).hrefs if h.startswith("/ride/"))
    page = site.request(base + ride).text
    choose = [h for h in site.parse(page).hrefs if h.startswith(ride.split("?")[0]) and "to=" in h]
    return ride, choose[min(2, len(choose) - 1)] if choose else ride


MARKER = "Journeys begin"


def caught_up(rig, timeout=120):
    """Opens a page titled MARKER and waits until Orca has said it (so it has said all it had queued), then quiet."""
    before = len(rig.heard())
    rig.driver.get(f"data:text/html,<title>{MARKER}</title><p>{MARKER}.</p>".replace(" ", "%20"))
    end = time.time() + timeout
    while time.time() < end and not any(MARKER in t for _, t in rig.heard()[before:]):
        time.sleep(0.3)
    rig.quiet(settle=2.0, timeout=30)


def tram_for(base):
    """A tram stop near Flinders Street, from the nearby page (asked only when the boarding journey runs)."""
    from . import site
    return site.first_href(site.request(base + site.NEARBY_POINT).text, r"/stops/tram/\d+$")


def failing_now(base, timeout=150):
    """Waits until PTV has begun failing on the failing Trakx (run.sh: --demo-fault message-only a minute after it
    starts): a search not asked before is then a 502. Returns whether it did."""
    from . import site
    end, n = time.time() + timeout, 0
    while time.time() < end:
        n += 1
        if site.request(f"{base}/search?q=failing{n}").status == 502:
            return True
        time.sleep(2)
    return False


def journeys(base, failing=None, wait=None):
    """(name, function) for each journey, in the order they run; the last, on `failing` (a Trakx whose PTV fails),
    only when there is one, after `wait(failing)` says PTV has begun failing there."""
    ride, choose = ids_for(base)
    last = [("ptv-failing", lambda rig: j.ptv_failing(rig, failing, ready=wait(failing) if wait else True))] \
        if failing else []
    return [
        ("board", lambda rig: j.stop_board(rig, base)),
        ("search", lambda rig: j.search(rig, base)),
        ("ride", lambda rig: j.ride(rig, base, ride, choose)),
        ("disruptions", lambda rig: j.disruptions(rig, base)),
        ("favourite", lambda rig: j.favourite(rig, base)),
        ("door-to-door", lambda rig: j.door_to_door(rig, base, ride)),
        ("boarding", lambda rig: j.boarding(rig, base, tram_for(base))),
    ] + last


def run(base, out, log, only=None, selftest=True, failing=None):
    """Runs the self-test (the journeys on deliberately broken pages, gatelib/orca_selftest.py), then the
    journeys on Trakx (the last on `failing`, a Trakx whose PTV fails, when given); returns (self-test problems, [Heard]) (a journey that crashed is a Heard with that
    problem). A self-test that misses a defect stops there: the journeys cannot be trusted."""
    folder = os.path.join(out, "orca")
    os.makedirs(folder, exist_ok=True)
    rig = Rig(out, log=log)
    results = []
    try:
        rig.start()
        rig.driver.get("about:blank")
        rig.quiet(settle=1.0, timeout=15)
        if selftest:
            from . import orca_selftest
            t0 = time.time()
            missed = orca_selftest.run(rig, log)
            with open(os.path.join(folder, "selftest.txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(t for _, t in rig.heard()) + "\n")
            log(f"  orca self-test: {'all planted defects caught' if not missed else f'{len(missed)} missed'} "
                f"({time.time() - t0:.0f} s)")
            if missed:
                return missed, results
            # The self-test's last broken pages must not be heard in the first journey. Orca can be half a minute
            # behind the browser (its events queue while it speaks), so a quiet moment is not enough: open a marker
            # page and wait until Orca has said its title, which it does only after everything before it.
            caught_up(rig)
        for name, fn in journeys(base, failing, failing_now):
            if only and name not in only:
                continue
            h = attempt(rig, name, fn)
            if h.problems:
                # Orca can fall seconds behind the browser on a busy machine, and a journey then counts words in the
                # wrong step. A page that is wrong is wrong every time, so a journey that holds on a second try passes,
                # with the first try's problems kept as a note and its transcript saved beside the second's. The
                # second try starts where the first did: what the first changed is undone (RESET), and its pages are
                # chosen afresh (a ride's train has moved on minutes later: its second try, with the first's ride,
                # heard none of its updates on CI).
                save(folder, name + "-first-try", h)
                log(f"  orca: {h.line()}; trying again")
                if name in RESET:
                    RESET[name](rig.driver, base)
                caught_up(rig)
                fn = dict(journeys(base, failing, failing_now))[name]
                first, h = h, attempt(rig, name, fn)
                h.first_try, h.first_try_file = first, f"{name}-first-try.txt"
            save(folder, name, h)
            log("  orca: " + h.line())
            results.append(h)
    finally:
        rig.stop(keep=folder)
    return [], results


def _unfavourite(d, base):
    """Takes Flinders Street out of the favourites again, as the stop page's own button does."""
    d.get(base + "/stops/train/1071")
    if d.execute_script("const b = [...document.querySelectorAll('form button')]"
                        ".find(b => /Remove from favourites/.test(b.textContent));"
                        " if (!b) return false; b.click(); return true;"):
        time.sleep(1.5)


def _all_trams(d, base):
    """Back to all trams: the low floor choice is this browser's cookie."""
    d.get(base + "/")
    d.delete_cookie("trakx_low_floor")


# What a journey changes on the server or in the browser, undone before its second try: the favourite journey adds a
# favourite, the boarding journey sets (and at its end clears) the low floor choice.
RESET = {"favourite": _unfavourite, "boarding": _all_trams}


def attempt(rig, name, fn):
    """One journey; one that crashed is a Heard with that problem and what was heard meanwhile."""
    t0 = time.time()
    try:
        return fn(rig)
    except Exception as e:  # noqa: BLE001
        h = j.Heard(name)
        h.problems.append(f"crashed: {type(e).__name__}: {e}")
        h.timed = [(t_, t) for t_, t in rig.heard() if t_ >= t0]
        h.utterances = [t for _, t in h.timed]
        h.seconds = time.time() - t0
        return h


def save(folder, name, h):
    with open(os.path.join(folder, f"{name}.txt"), "w", encoding="utf-8") as f:
        f.write(f"# {h.line()}\n# keys: {' '.join(h.keys)}\n")
        for p in h.problems:
            f.write(f"# PROBLEM: {p}\n")
        f.write("# seconds from the journey's start, then what Orca said (one utterance a line)\n")
        f.write("".join(f"{t - h.t0:6.1f}  {u}\n" for t, u in h.timed))
