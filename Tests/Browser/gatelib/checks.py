"""The per-page browser checks: reflow, text at 200%, contrast, focus indicator and focus contrast."""

from . import browser
from .visual import CLIP_JS, CONTRAST_JS, FOCUS_PROBE_JS, FOCUS_SETUP_JS, FONT_PROBE_JS, REFLOW_JS

MIN_CONTRAST = 7.0


def contrast(d, label):
    """Every visible element with its own text: colour vs effective background >= 7:1."""
    r = d.execute_script(CONTRAST_JS, MIN_CONTRAST)
    return r["checked"], [_contrast_msg(label, c) for c in r["low"]]


def _contrast_msg(label, c, state=""):
    img = " (over a background image: measured against the colour behind it)" if c.get("image") else ""
    return (f"{label}: {c['sel']}{state} \"{c['text']}\" {c['fg']} on {c['bg']} = {c['ratio']}:1 "
            f"(needs {MIN_CONTRAST:g}:1){img}")


def reflow(d, label, width):
    """No horizontal scrolling at this viewport width."""
    browser.set_width(d, width)
    r = d.execute_script(REFLOW_JS)
    if r["scrollWidth"] <= r["width"]:
        return []
    return [f"{label} at {width}px: page is {r['scrollWidth']}px wide (horizontal scroll); widest: "
            + "; ".join(r["offenders"] or ["?"])]


def text_200(d, label):
    """Root font size 200%: text must grow, nothing may clip at 1280px, no horizontal scroll
    and no clipping at 640px. Leaves the page at 1280px with the font size restored."""
    problems = []
    browser.set_width(d, 1280)
    base = d.execute_script(FONT_PROBE_JS)
    d.execute_script("document.documentElement.style.fontSize = '200%'")
    grown = d.execute_script(FONT_PROBE_JS)
    growth = grown / base if base else 0
    if growth < 1.5:
        problems.append(f"{label}: text does not grow with the root font size (heading {base}px -> {grown}px "
                        "at 200%; font sizes in px instead of rem/em?)")
    problems += [f"{label} at 1280px, text 200%: {m}" for m in d.execute_script(CLIP_JS)]
    browser.set_width(d, 640)
    r = d.execute_script(REFLOW_JS)
    if r["scrollWidth"] > r["width"]:
        problems.append(f"{label} at 640px, text 200%: page is {r['scrollWidth']}px wide (horizontal scroll); "
                        "widest: " + "; ".join(r["offenders"] or ["?"]))
    problems += [f"{label} at 640px, text 200%: {m}" for m in d.execute_script(CLIP_JS)]
    d.execute_script("document.documentElement.style.fontSize = ''")
    browser.set_width(d, 1280)
    return round(growth, 2), problems


def focus_walk(d, label):
    """Tab through the page with real key presses from the top. Every focused element must be
    visible and change visibly (outline, box-shadow or background colour), and its text must
    keep 7:1 in the focused state. Returns (stops, no_indicator, low_contrast, weak_notes)."""
    browser.reset_focus(d)
    total = d.execute_script(FOCUS_SETUP_JS)
    seen, missing, low, weak = 0, [], [], []
    first = None
    for _ in range(total + 5):
        browser.tab(d)
        p = d.execute_script(FOCUS_PROBE_JS, MIN_CONTRAST)
        if p.get("none"):
            break
        key = (p["index"], p["sel"])
        if first is None:
            first = key
        elif key == first:
            break
        seen += 1
        where = f"{label}: Tab stop {seen} {p['sel']} \"{p['name']}\""
        if not p["visible"]:
            missing.append(f"{where}: focused but not visible on screen")
        elif not p["how"]:
            missing.append(f"{where}: no visible focus indicator (outline, box-shadow and background unchanged)")
        elif p["strength"] is not None and p["strength"] < 3:
            weak.append(f"{where}: indicator contrast {p['strength']}:1 against its surroundings ({'; '.join(p['how'])})")
        for c in p["low"]:
            low.append(_contrast_msg(label, c, state=" (focused)"))
    return seen, missing, low, weak
