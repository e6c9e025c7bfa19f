"""What a listener hears, judged from an Orca transcript (gatelib/orca_rig.py): the checks every journey
shares (issue 25, journey 7). An utterance is one line of the transcript: what Orca sent to speech in
one piece, after speech-dispatcher turned punctuation into words at Orca's default level ("most")."""

import re

# Punctuation names speech-dispatcher says (a list's marker, "bullet", is Orca's way of reading a list, not text) at Orca's default level (symbols.dic, level "most" or lower).
SPOKEN_PUNCTUATION = re.compile(
    r"\b(colon|semi|left paren|right paren|en dash|em dash|left quote|right quote|left tick|right tick|"
    r"quote|slash|dot|dash|left bracket|right bracket|bar|star)\b")
# A decimal point: speech-dispatcher hands "2.1" on as "2 .1" (espeak-ng says "2 dot 1"); Trakx writes no decimals.
DECIMAL = re.compile(r"\d \.\d")
# A description list's roles, said around every fact (issue 34 item 5).
DESCRIPTION = re.compile(r"\b(description (list|term|value)|definition list)\b", re.I)
# Words that are one word in their own right, said as such by espeak-ng (compass points are written so: "north-west"
# is said "north dash west").
COMPOUNDS = {"northeast", "northwest", "southeast", "southwest"}
# Words Orca adds itself (roles, states, its own messages), never Trakx's text.
# Roles said with nothing in them (an empty live region is "statusbar"); Orca says a name's role as an
# utterance of its own in say-all ("Refresh" then "link"), so a role word alone is not empty by itself.
ROLE_ONLY = re.compile(r"^\s*(statusbar|status bar|blank|list item|list with 0 items|clickable|alert)\s*\.?\s*$", re.I)
RAW = re.compile(r"\b\d{7,}\b|\bundefined\b|\bnull\b|\bNaN\b|\{\{|\}\}|&[a-z]+;|\b[a-z]+_[a-z_]+\b")
# A phrase cut by markup ends on a word that needs the next one, or is nothing but punctuation.
DANGLING = re.compile(r"\b(in|to|from|at|the|a|an|of|and|for|by|with|due|platform|until)\s*$", re.I)
PUNCT_ONLY = re.compile(r"^[\s.,;:!?()\"'“”‘’–—-]*(dot|comma|colon|semi)?[\s.,;:!?()\"'“”‘’–—-]*$", re.I)
# Orca's and Chromium's own words (the browser's window and Orca's messages), not the page's.
ORCA_OWN = re.compile(r"^(Screen reader on|Chromium|Loading|Please wait|Finished loading|Page has |Leaving |"
                      r"Entering |Browse mode|Focus mode|selected|New Tab|about blank|Orca)", re.I)


def words(utterances):
    return sum(len(t.split()) for t in utterances)


def page_words(d):
    """The words the page holds (visible text, names, hidden text) as one lower-case set."""
    text = d.execute_script(
        "const b = document.body; let t = b.innerText + ' ' + b.textContent;"
        " document.querySelectorAll('[aria-label],[title],[alt]').forEach(e => {"
        "  t += ' ' + (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || '')"
        "   + ' ' + (e.getAttribute('alt') || ''); });"
        " return t + ' ' + document.title;")
    return set(w.lower() for w in re.findall(r"[A-Za-z]+", text or ""))


def joined(token, known):
    """Whether a heard word is two of the page's words run together ("Refreshdepartures")."""
    t = token.lower()
    if t in known or t in COMPOUNDS or len(t) < 6:
        return False
    return any(t[:i] in known and t[i:] in known and len(t[:i]) > 1 and len(t[i:]) > 2 for i in range(2, len(t) - 2))


def problems(utterances, known=None, data=()):
    """Journey 7 on what one journey heard: spoken punctuation from Trakx's words (a clock time's colon too: Trakx
    writes "8 40 am"), decimal points, a description list's roles,
    words run together, sentences split by markup, empty items, raw codes. `data`: texts that are PTV's own
    words (a disruption's title): an utterance holding one of them is not judged for punctuation."""
    out = []
    data_keys = [" ".join(re.findall(r"[A-Za-z]+", t)[:3]) for t in data if t]
    for i, u in enumerate(utterances):
        text = u.strip()
        if not text:
            continue
        m = SPOKEN_PUNCTUATION.search(text)
        plain_words = " ".join(re.findall(r"[A-Za-z]+", SPOKEN_PUNCTUATION.sub(" ", text)))
        ptv = any(k and k in plain_words for k in data_keys)
        if m and not ptv:  # Orca's own messages hold the page's title ("Finished loading ...")
            out.append(f"punctuation spoken ({m.group(1)!r}): {text!r}")
        if DECIMAL.search(text) and not ptv:
            out.append(f"a decimal point is spoken: {text!r}")
        if DESCRIPTION.search(text):
            out.append(f"a description list's roles are spoken: {text!r}")
        if ORCA_OWN.match(text):
            continue
        if ROLE_ONLY.match(text):
            out.append(f"an empty item is spoken: {text!r}")
        if PUNCT_ONLY.match(text):
            out.append(f"an utterance of punctuation alone (a sentence split by markup): {text!r}")
        elif DANGLING.search(text.rstrip(" .")) and not text.rstrip().endswith((".", "!", "?")):
            nxt = utterances[i + 1].strip() if i + 1 < len(utterances) else ""
            if nxt[:1].islower() or nxt[:1].isdigit():
                out.append(f"a sentence split by markup: {text!r} / {nxt!r}")
        r = RAW.search(text)
        if r:
            out.append(f"a raw code is spoken ({r.group(0)!r}): {text!r}")
        if known is not None:
            for tok in re.findall(r"[A-Za-z]+", text):
                if joined(tok, known):
                    out.append(f"words run together ({tok!r}): {text!r}")
    return out
