"""Seen as written, heard as meant (issue 55): the eye reads a clock time as a timetable writes it ("8:40 am") and a
stop's fact as a label and its value ("Suburb: Melbourne City"); the ear hears Trakx's own times without a colon
("8 40 am": at Orca's default punctuation level speech-dispatcher says "8 colon 40 am"). The two differ in markup
only (Templates/partials/said.mustache: the eye's words aria-hidden, the ear's in a `heard` span of no size).

In the rendered page:
* seen: text nodes the eye can see (laid out, at least a pixel wide and high, not clipped to nothing, not
  transparent), so a `heard` or `visually-hidden` span is left out;
* heard: text nodes not inside `aria-hidden="true"` or anything not rendered, a link or button named by its
  `aria-label` heard as that name instead of its content.
A problem is a Trakx clock time seen without its colon (a narrow no-break space, U+202F, where the colon goes), a
fact seen as "Label, value", or a clock time heard with a colon."""

LABELS = ["Suburb", "PTV stop ID", "Landmark", "Step free access", "Step-free access", "Accessibility", "Facilities",
          "Street", "Cross street", "At", "Side of the road", "Which way", "Services", "Signed as",
          "Train stop number", "Tram stop number", "Bus stop number"]

EYE_EAR_JS = r"""
const labels = arguments[0];
function seenElement(el) {
  for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) === 0) return false;
    if (/inset\(\s*50%/.test(s.clipPath || '')) return false;
    if (/rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(s.clip || '')) return false;
  }
  const r = el.getBoundingClientRect();
  return r.width >= 1 && r.height >= 1;
}
function heardElement(el) {
  if (el.closest('[aria-hidden="true"]')) return false;
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({visibilityProperty: true}) : true;
}
function textOf(root, keep) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let out = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script,style,title') || !keep(el)) continue;
    out += n.nodeValue;
  }
  return out.replace(/[ \t\n\r\f\u00a0]+/g, ' ');
}
function where(el) {
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(/\s+/)[0] : '');
}
const out = [];
// Seen: block by block, so a problem says where it is.
for (const el of document.body.querySelectorAll('p, li, h1, h2, h3, td, th, dd, dt, caption, summary, a')) {
  if (el.matches('a') && el.closest('p, li, h1, h2, h3, td, th, dd, dt, caption, summary')) continue;
  const seen = textOf(el, seenElement).trim();
  const time = /\b\d{1,2}\u202f\d{2} ?[ap]m\b/.exec(seen);
  if (time) out.push(`${where(el)}: a clock time seen without its colon: "${seen.slice(Math.max(0, time.index - 40), time.index + 30)}"`);
  if (el.matches('p.fact, .fact')) {
    const label = labels.find(l => seen.startsWith(l + ', '));
    if (label) out.push(`${where(el)}: a fact seen as "${label}, value": "${seen.slice(0, 80)}"`);
  }
}
// Heard: the page's text as a screen reader gets it, links and buttons by their aria-label.
let heard = document.title + ' ';
const named = [...document.body.querySelectorAll('a[aria-label], button[aria-label]')];
heard += textOf(document.body, el => heardElement(el) && !el.closest('a[aria-label], button[aria-label]'));
for (const el of named) if (heardElement(el)) heard += ' ' + el.getAttribute('aria-label');
const colon = /\b\d{1,2}:\d{2}\s?[ap]m\b/gi;
for (let m = colon.exec(heard); m; m = colon.exec(heard)) {
  out.push(`a clock time heard with a colon: "${heard.slice(Math.max(0, m.index - 40), m.index + 30).trim()}"`);
}
return out;
"""


def check(d, label):
    """The page's problems (empty when the eye reads as written and the ear hears as meant)."""
    return [f"{label}: {m}" for m in d.execute_script(EYE_EAR_JS, LABELS)]
