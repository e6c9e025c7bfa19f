"""What a screen-reader user meets after "Skip to main content": the reading stops in the
`main` landmark, from Chromium's accessibility tree (DevTools Accessibility.getFullAXTree).

A *reading stop* is one press of the down arrow in a screen reader's browse mode (NVDA/JAWS
virtual cursor, VoiceOver's VO+Right). The walk, in document order over the subtree of `main`:

* ignored nodes (aria-hidden, display:none, presentational wrappers) are transparent: not
  counted, their children are walked; InlineTextBox and ListMarker nodes are never stops;
* a LINE node with text is one stop and is not walked into (its text is read as one line;
  an empty one is skipped over):
  heading, paragraph, row (a table row, header row included), term, definition, LabelText
  (a <label>), blockquote, separator, Legend, Pre, figcaption;
* a CONTROL is one stop: button, textbox, searchbox, combobox, listbox, checkbox, radio,
  switch, slider, spinbutton, DisclosureTriangle (<summary>), menuitem, tab, progressbar, meter;
* a table is one stop (its caption is announced with it; the caption node is not another
  stop), then its rows are walked;
* a listitem whose content is all inline (text, links, spans, strong/em, br, images) is one
  stop; a listitem holding block content (a heading, a paragraph, a nested list, a control,
  ...) is a container and counts 0, its children are walked;
* a run of adjacent inline children (text, links, spans, strong/em, br, images; "inline" by
  their CSS display, read from a DOMSnapshot) directly in a container is one stop: a lone link
  is one stop, "Updated 8:30 am. <a>Refresh</a>" in a <div> is one stop; a display:block
  link or <div> of text is a stop of its own;
* containers count 0: main, generic (div, section without a name), region, form, search,
  group (<details>, fieldset), list (its "list, N items" is said with the first item),
  navigation, alert, status, note, article, description list, rowgroup, and any other role.

"Stops before X" is the number of stops the walk makes before it reaches the node of X (or a
stop that contains X).
"""

import re

LINE_ROLES = {"heading", "paragraph", "row", "term", "definition", "LabelText", "blockquote",
              "separator", "Legend", "Pre", "figcaption", "Figcaption"}
CONTROL_ROLES = {"button", "textbox", "searchbox", "combobox", "listbox", "checkbox", "radio", "switch",
                 "slider", "spinbutton", "DisclosureTriangle", "menuitem", "tab", "progressbar", "meter",
                 "ColorWell", "Date", "DateTime", "InputTime", "PopUpButton", "ToggleButton"}
TABLE_ROLES = {"table", "grid", "treegrid", "LayoutTable"}
INLINE_ROLES = {"StaticText", "link", "generic", "strong", "emphasis", "mark", "code", "LineBreak", "time",
                "Abbr", "abbr", "superscript", "subscript", "image", "img", "deletion", "insertion",
                "none", "presentation", "Ruby", "RubyAnnotation", "InlineTextBox", "ListMarker"}
NEVER_STOPS = {"InlineTextBox", "ListMarker"}
FRIENDLY = {"DisclosureTriangle": "summary", "LabelText": "label", "StaticText": "text", "LayoutTable": "table"}


class AXTree:
    def __init__(self, driver):
        self.driver = driver
        raw = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        self.nodes = {n["nodeId"]: n for n in raw}
        self.root = raw[0]
        self.parent = {}
        for n in raw:
            for c in n.get("childIds", []):
                self.parent[c] = n["nodeId"]
        self.by_backend = {n.get("backendDOMNodeId"): n for n in raw if n.get("backendDOMNodeId")}
        self.display = self._display_by_backend_id(driver)

    @staticmethod
    def _display_by_backend_id(driver):
        """CSS display of every rendered element (one DOMSnapshot call): the AX tree does not
        say whether a generic node is a <span> (inline, part of a line) or a <div> (its own line)."""
        snap = driver.execute_cdp_cmd("DOMSnapshot.captureSnapshot", {"computedStyles": ["display"]})
        strings = snap["strings"]
        out = {}
        for doc in snap["documents"]:
            backend = doc["nodes"]["backendNodeId"]
            for idx, style in zip(doc["layout"]["nodeIndex"], doc["layout"]["styles"]):
                if style and style[0] >= 0:
                    out[backend[idx]] = strings[style[0]]
        return out

    # -- basic accessors
    @staticmethod
    def role(n):
        return (n.get("role") or {}).get("value") or ""

    @staticmethod
    def name(n, strip=True):
        v = (n.get("name") or {}).get("value") or ""
        return v.strip() if strip else v

    @staticmethod
    def prop(n, key):
        for p in n.get("properties", []):
            if p.get("name") == key:
                return (p.get("value") or {}).get("value")
        return None

    def raw_children(self, n):
        return [self.nodes[c] for c in n.get("childIds", []) if c in self.nodes]

    def children(self, n):
        """Non-ignored children, ignored nodes flattened away."""
        out = []
        for c in self.raw_children(n):
            if c.get("ignored"):
                out.extend(self.children(c))
            elif self.role(c) not in NEVER_STOPS:
                out.append(c)
        return out

    def text(self, n):
        if self.role(n) == "StaticText":
            return self.name(n, strip=False)   # a lone " " between inline elements matters
        if self.role(n) == "LineBreak":
            return " "
        if self.role(n) in CONTROL_ROLES or self.role(n) == "link":
            return self.name(n) or "".join(self.text(c) for c in self.children(n))
        sep = " " if self.role(n) in ("row",) else ""
        return sep.join(self.text(c) for c in self.children(n))

    def is_inline(self, n):
        """Part of a line: inline roles whose element is display:inline* (or no element)."""
        r = self.role(n)
        if r not in INLINE_ROLES:
            return False
        if r == "StaticText":
            return True
        disp = self.display.get(n.get("backendDOMNodeId"))
        if disp is not None and not (disp.startswith("inline") or disp == "contents"):
            return False
        if r in ("link", "image", "img"):
            return True
        return all(self.is_inline(c) for c in self.children(n))

    def backend_id(self, css):
        """backendNodeId of the first element matching the selector, or None."""
        doc = self.driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
        nid = self.driver.execute_cdp_cmd("DOM.querySelector",
                                          {"nodeId": doc["root"]["nodeId"], "selector": css}).get("nodeId")
        if not nid:
            return None
        return self.driver.execute_cdp_cmd("DOM.describeNode", {"nodeId": nid})["node"]["backendNodeId"]

    def main(self):
        for n in self.nodes.values():
            if self.role(n) == "main" and not n.get("ignored"):
                return n
        return None

    # -- the walk
    def stops(self, start, until=None):
        """Reading stops under `start` in document order, as (node, line) pairs. With `until`
        (an AX node id), stop before the stop that is or contains that node; returns
        (stops, reached)."""
        chain = set()
        if until is not None:
            x = until
            while x is not None:
                chain.add(x)
                x = self.parent.get(x)
        out = []

        class Reached(Exception):
            pass

        def emit(n, line):
            if n["nodeId"] in chain:
                raise Reached()
            out.append((n, line))

        def label(n, role=None, text=None):
            role = role or self.role(n)
            t = text if text is not None else (self.name(n) or self.text(n))
            # soft hyphens and zero-width spaces are not spoken: drop them
            t = re.sub(r"\s+", " ", t.replace("\u00ad", "").replace("\u200b", "")).strip()
            if role == "heading":
                return f'heading {self.prop(n, "level") or "?"} "{t}"'
            return f'{FRIENDLY.get(role, role)} "{t}"'

        def walk(n):
            if n["nodeId"] == until:
                raise Reached()
            run = []

            def flush():
                if not run:
                    return
                if len(run) == 1 and self.role(run[0]) in ("link", "image", "img"):
                    emit(run[0], label(run[0]))
                else:
                    txt = "".join(self.text(x) for x in run)
                    if txt.strip():
                        # the run is "at" its first node; it contains the target if any part does
                        hit = next((x for x in run if x["nodeId"] in chain), None)
                        emit(hit or run[0], label(run[0], role="text", text=txt))
                run.clear()

            for c in self.children(n):
                r = self.role(c)
                if self.is_inline(c):
                    run.append(c)
                    continue
                flush()
                if r in LINE_ROLES and r != "separator" and not (self.name(c) or self.text(c)).strip():
                    continue            # an empty line (e.g. an empty live region) is skipped over
                if r in LINE_ROLES or r in CONTROL_ROLES or r in ("link", "image", "img"):
                    emit(c, label(c))   # (a link or image here is display:block: a line of its own)
                elif r in TABLE_ROLES:
                    # the table (with its caption) is announced before its rows, so it counts
                    # even though it contains the target row
                    if c["nodeId"] == until:
                        raise Reached()
                    out.append((c, label(c, role="table")))
                    for cc in self.children(c):
                        if self.role(cc) == "caption":
                            continue
                        if self.role(cc) == "row":
                            emit(cc, label(cc))
                        else:
                            walk(cc)
                elif r == "listitem" and all(self.is_inline(x) for x in self.children(c)):
                    emit(c, label(c))
                else:
                    walk(c)
            flush()

        try:
            walk(start)
            return out, False
        except Reached:
            return out, True


def stops_before(driver, css):
    """(count, lines) of reading stops from main before the first element matching css;
    count is None when main or the element is missing (the reason is in lines)."""
    t = AXTree(driver)
    main = t.main()
    if main is None:
        return None, ["no main landmark in the accessibility tree"]
    be = t.backend_id(css)
    if be is None:
        return None, [f"no element matches {css}"]
    target = t.by_backend.get(be)
    if target is None:
        return None, [f"{css} is not in the accessibility tree"]
    found, reached = t.stops(main, until=target["nodeId"])
    if not reached:
        return None, [f"{css} is not inside main"]
    return len(found), [line for _, line in found]


def script(driver, lines=8):
    """The first `lines` reading stops from main, as 'role "text"' strings."""
    t = AXTree(driver)
    main = t.main()
    if main is None:
        return ["(no main landmark)"]
    found, _ = t.stops(main)
    return [line for _, line in found[:lines]]


_NORMALISE = [
    (re.compile(r"\b\d{1,2}[:\u202f ]\d{2} ?(am|pm)\b"), r"H:MM \1"),
    (re.compile(r"\bin (\d+ hours? )?\d+ minutes?\b|\bin \d+ hours?\b|\bnow\b"), "in N minutes"),
    (re.compile(r"\b(delayed|early) \d+ minutes?\b|\bon time\b"), "PUNCTUALITY"),
    (re.compile(r"\b\d+ minutes?\b"), "N minutes"),
]


def normalise(line):
    """Relative minutes and clock times tick while the gate runs (the simulator clock starts
    at --now and moves with real time): 'in 5 minutes' -> 'in N minutes', '8:31 am' -> 'H:MM am'."""
    for rx, rep in _NORMALISE:
        line = rx.sub(rep, line)
    return line
