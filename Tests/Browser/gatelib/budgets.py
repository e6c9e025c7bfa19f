"""The listening budgets of budgets.json, measured with gatelib/listen.py on the gate's pages."""

import json
import os

from . import browser, listen

PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "budgets.json")


def load():
    with open(PATH, encoding="utf-8") as f:
        return json.load(f)


class Figure:
    """One budget row on one page: seconds measured (None when it could not be), or a skip reason."""

    def __init__(self, row, page, seconds=None, detail="", skipped=None):
        self.row, self.page, self.seconds, self.detail, self.skipped = row, page, seconds, detail, skipped

    @property
    def missed(self):
        return self.skipped is None and (self.seconds is None or self.seconds > self.row["max_s"])

    def line(self):
        head = f"{self.row['measure']} [{self.page}]"
        if self.skipped:
            return f"{head}: SKIPPED: {self.skipped}"
        got = "not measured" if self.seconds is None else f"{self.seconds:.1f} s"
        verdict = "MISSED" if self.missed else "met"
        return f"{head}: {got} (budget <= {self.row['max_s']} s, {verdict}){' -- ' + self.detail if self.detail else ''}"


def measure(d, urls, out_dir, skipped=None, broken=None):
    """Listens to every page a budget names (urls: page key -> URL; skipped: page key -> why it is
    not measured; broken: page key -> why it cannot be, a miss); returns the Figures in
    budgets.json's order. Transcripts go to out_dir/listen-<page>.txt."""
    skipped, broken = skipped or {}, broken or {}
    cfg = load()
    patterns = cfg["patterns"]
    speech = listen.Speech(cfg["wpm"])
    heard, counts = {}, {}
    for row in cfg["budgets"]:
        for page in row["pages"]:
            if page in heard or page in skipped or page in broken:
                continue
            browser.load(d, urls[page])
            heard[page] = listen.Listening(d, speech)
            counts[page] = d.execute_script("return document.querySelectorAll(arguments[0]).length",
                                            cfg["departure_selector"])
            with open(os.path.join(out_dir, f"listen-{page}.txt"), "w", encoding="utf-8") as f:
                f.write(f"# {urls[page]} at {cfg['wpm']} wpm: {heard[page].total:.1f} s of speech, "
                        f"{len(heard[page].utts)} utterances (start, length, what is said)\n")
                f.write("\n".join(heard[page].transcript()) + "\n")
    figures = []
    for row in cfg["budgets"]:
        for page in row["pages"]:
            if page in skipped:
                figures.append(Figure(row, page, skipped=skipped[page]))
                continue
            if page in broken:
                figures.append(Figure(row, page, None, broken[page]))
                continue
            figures.append(_figure(row, page, heard[page], counts[page], patterns))
    return figures


def _figure(row, page, h, departures, patterns):
    kind = row["kind"]
    if kind == "whole":
        return Figure(row, page, h.total, f"{len(h.utts)} utterances")
    if kind == "after_h1":
        u = h.after_main_h1()
        if u is None:
            return Figure(row, page, None, "no utterance after main's heading level 1")
        return Figure(row, page, u.start, f'"{u.text[:90]}"')
    if kind == "first":
        u = h.first(patterns[row["pattern"]])
        if u is None:
            return Figure(row, page, None, f"nothing matches the {row['pattern']} pattern")
        base = 0.0 if row["from"] == "top" else (h.main_at or 0.0)
        return Figure(row, page, u.start - base, f'"{u.text[:90]}"')
    if kind == "per_departure":
        first, updated = h.first(patterns["departure_row"]), h.first(patterns["updated"])
        if first is None or updated is None or not departures:
            return Figure(row, page, None, f"first departure {first is not None}, \"Updated\" "
                          f"{updated is not None}, {departures} departures")
        return Figure(row, page, (updated.start - first.start) / departures,
                      f"{updated.start - first.start:.1f} s for {departures} departures")
    raise ValueError(f"budgets.json: unknown kind {kind!r}")
