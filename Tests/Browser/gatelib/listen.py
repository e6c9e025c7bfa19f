"""The listening measure: how many seconds of speech a screen-reader user hears before the answer.

The page is read from Chromium's accessibility tree (the same tree as gatelib/reading.py) as a
screen reader reads it from the top, one utterance per reading stop, each announced with its role:

* a landmark as "main landmark", "navigation landmark" ("Site, navigation landmark" when named;
  region and form only when named);
* a heading as "heading level 1, Flinders Street Station"; a link as "Refresh, link"; a button as
  "Add to favourites, button"; a text box as "Search, edit"; a check box as "..., check box, not
  checked"; an image with a name as "..., graphic";
* a table as "Frankston line, table with 4 rows and 5 columns" (the caption is not read again), then
  each cell's text as a stop of its own; a list as "list with 26 items", then its items;
* the rest of the text: a run of text between those stops, inside one block, is one stop (inline
  markup such as strong, time or a span does not split it; a block element or a <br> does).

Hidden nodes (aria-hidden, display:none) say nothing. Each utterance is synthesised with espeak-ng
(English, 175 words a minute by default) and measured from the audio it writes (a WAV on stdout);
PAUSE_S of silence is counted between two utterances. The figures are synthesised speech, not a
person or any one screen reader: they compare versions of a page.
"""

import concurrent.futures
import io
import re
import subprocess
import wave

from . import tools
from .reading import AXTree

PAUSE_S = 0.15
VOICE = "en-gb"
LANDMARKS = {"banner": "banner", "navigation": "navigation", "main": "main", "contentinfo": "content info",
             "complementary": "complementary", "search": "search"}
NAMED_LANDMARKS = {"region": "region", "form": "form"}
INLINE_MARKUP = {"strong", "emphasis", "mark", "code", "time", "Abbr", "abbr", "superscript", "subscript",
                 "deletion", "insertion", "Ruby", "RubyAnnotation"}
CONTROLS = {"button": "button", "PopUpButton": "combo box", "ToggleButton": "toggle button",
            "textbox": "edit", "searchbox": "edit", "combobox": "combo box", "listbox": "list box",
            "slider": "slider", "spinbutton": "spin button", "switch": "switch", "menuitem": "menu item",
            "tab": "tab", "DisclosureTriangle": "button", "ColorWell": "color", "Date": "date",
            "DateTime": "date and time", "InputTime": "time", "meter": "meter", "progressbar": "progress bar"}
TABLES = {"table", "grid", "treegrid"}


def _clean(s):
    return re.sub(r"\s+", " ", (s or "").replace("\u00ad", "").replace("\u200b", "")).strip()


class Utterance:
    def __init__(self, text, in_main, is_main=False, node=None):
        self.text, self.in_main, self.is_main, self.node = text, in_main, is_main, node
        self.start = self.seconds = 0.0

    def __repr__(self):
        return f"{self.start:6.1f}s +{self.seconds:4.1f}s  {self.text}"


def utterances(tree):
    """What a screen reader says from the top of the page, in order: a list of Utterance."""
    out, run = [], []
    state = {"in_main": False}

    def flush():
        t = _clean("".join(run))
        run.clear()
        if t:
            out.append(Utterance(t, state["in_main"]))

    def say(text, node=None, is_main=False):
        flush()
        t = _clean(text)
        if t:
            out.append(Utterance(t, state["in_main"], is_main, node))

    def text_of(n):
        return _clean(tree.name(n) or tree.text(n))

    def walk(n):
        r = tree.role(n)
        if r == "StaticText":
            run.append(tree.name(n, strip=False))
            return
        if r == "LineBreak":
            flush()
            return
        if r in INLINE_MARKUP or (r == "generic" and tree.is_inline(n)):
            for c in tree.children(n):
                walk(c)
            return
        if r in LANDMARKS or (r in NAMED_LANDMARKS and tree.name(n)):
            was = state["in_main"]
            state["in_main"] = was or r == "main"
            word = LANDMARKS.get(r) or NAMED_LANDMARKS[r]
            say(f"{tree.name(n)}, {word} landmark" if tree.name(n) else f"{word} landmark", n, is_main=r == "main")
            for c in tree.children(n):
                walk(c)
            flush()
            state["in_main"] = was
            return
        if r == "heading":
            say(f"heading level {tree.prop(n, 'level') or ''}, {text_of(n)}", n)
            return
        if r == "link":
            say(f"{text_of(n)}, link", n)
            return
        if r in ("checkbox", "radio"):
            checked = tree.prop(n, "checked")
            word = "check box" if r == "checkbox" else "radio button"
            say(f"{text_of(n)}, {word}, {'checked' if checked in ('true', True) else 'not checked'}", n)
            return
        if r in CONTROLS:
            value = _clean((n.get("value") or {}).get("value") or "")
            say(f"{text_of(n)}, {CONTROLS[r]}" + (f", {value}" if value and r != "button" else ""), n)
            return
        if r in ("image", "img"):
            if tree.name(n):
                say(f"{tree.name(n)}, graphic", n)
            return
        flush()
        if r in TABLES:
            rows = [x for x in _descendants(tree, n) if tree.role(x) == "row"]
            cols = max((len([c for c in tree.children(x)]) for x in rows), default=0)
            caption = tree.name(n)
            say((f"{caption}, " if caption else "") + f"table with {len(rows)} rows and {cols} columns", n)
            for c in tree.children(n):
                if tree.role(c) != "caption":
                    walk(c)
            flush()
            return
        if r == "list":
            items = [c for c in tree.children(n) if tree.role(c) == "listitem"]
            say(f"list with {len(items)} item{'s' if len(items) != 1 else ''}", n)
        for c in tree.children(n):
            walk(c)
        flush()

    walk(tree.root)
    flush()
    return out


def _descendants(tree, n):
    for c in tree.children(n):
        yield c
        if tree.role(c) not in TABLES:
            yield from _descendants(tree, c)


class Speech:
    """espeak-ng durations, cached by text (the same words recur on every row and page)."""

    def __init__(self, wpm=175):
        self.wpm, self.cache, self.exe = wpm, {}, tools.espeak()

    def _seconds(self, text):
        p = subprocess.run([self.exe, "-v", VOICE, "-s", str(self.wpm), "--stdout"], input=text.encode(),
                           capture_output=True, check=True, timeout=60)
        # A WAV written to a pipe has no true length in its header: count the bytes after "data".
        with wave.open(io.BytesIO(p.stdout)) as w:
            rate, frame_bytes = w.getframerate(), w.getsampwidth() * w.getnchannels()
        data = p.stdout.find(b"data") + 8
        return (len(p.stdout) - data) / frame_bytes / float(rate)

    def time(self, utts):
        """Sets start and seconds on every utterance; returns the total length in seconds."""
        todo = sorted({u.text for u in utts} - set(self.cache))
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            for text, secs in zip(todo, pool.map(self._seconds, todo)):
                self.cache[text] = secs
        t = 0.0
        for i, u in enumerate(utts):
            u.start, u.seconds = t, self.cache[u.text]
            t += u.seconds + (PAUSE_S if i < len(utts) - 1 else 0.0)
        return t


class Listening:
    """One page heard from the top: utterances with their times, and the measures on them."""

    def __init__(self, driver, speech):
        self.utts = utterances(AXTree(driver))
        self.total = speech.time(self.utts)
        self.main_at = next((u.start for u in self.utts if u.is_main), None)

    def first(self, pattern, after_main=True):
        """The first utterance matching the regex (at or after main when the page has one), or None."""
        rx = re.compile(pattern, re.I)
        for u in self.utts:
            if (u.in_main or not after_main or self.main_at is None) and rx.search(u.text):
                return u
        return None

    def after_main_h1(self):
        """The utterance right after the heading level 1 inside main, or None."""
        for i, u in enumerate(self.utts):
            if u.in_main and u.text.startswith("heading level 1,"):
                return self.utts[i + 1] if i + 1 < len(self.utts) else None
        return None

    def transcript(self):
        return [repr(u) for u in self.utts]
