"""Said once, in order (issue 55 item 3): what Orca 43 said on Trakx's pages that a blind rider tripped on, found
in the rendered page (every page of the gate, JavaScript on, as loaded):

* an empty live region with a role (role=status or alert with no text): Orca reads it as "statusbar." in say-all;
* a field's hint before the field: Orca reads the hint, then the field's name ("For example ..." / "Latitude" /
  "entry"); a hint (an element a field's aria-describedby names, class "hint") must come after its field;
* a hint heard with symbols: a minus sign or a decimal point before digits ("minus 37 .8183");
* a navigation landmark named by words it also says inside it: named by aria-labelledby or aria-label with the
  same words as a heading or paragraph heard inside it ("Show one kind of transport" / "Show one kind of transport heading
  level 2");
* a comma between links said as text of its own: a text node of punctuation alone between two links."""

SAID_ONCE_JS = r"""
function heard(el) {
  if (!el || el.closest('[aria-hidden="true"]')) return false;
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({visibilityProperty: true}) : true;
}
function heardText(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let out = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (heard(n.parentElement)) out += n.nodeValue;
  return out.replace(/\s+/g, ' ').trim();
}
function where(el) {
  return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(/\s+/)[0] : '');
}
const out = [];
for (const el of document.querySelectorAll('[role="status"], [role="alert"]')) {
  if (!el.textContent.trim()) out.push(`${where(el)}: an empty ${el.getAttribute('role')} region (Orca reads it as "statusbar")`);
}
for (const field of document.querySelectorAll('input[aria-describedby], select[aria-describedby], textarea[aria-describedby]')) {
  for (const id of field.getAttribute('aria-describedby').split(/\s+/)) {
    const hint = document.getElementById(id);
    if (!hint || !hint.classList.contains('hint')) continue;
    if (hint.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING) {
      out.push(`${where(hint)}: a hint before its field ${where(field)} (heard before the field's name)`);
    }
    const said = heardText(hint);
    if (/(^|\s)[-\u2212]\d|\d\.\d/.test(said)) out.push(`${where(hint)}: a hint heard with symbols: "${said}"`);
  }
}
for (const mark of document.querySelectorAll('nav, [role="navigation"]')) {
  const by = mark.getAttribute('aria-labelledby');
  const name = (by ? by.split(/\s+/).map(id => { const e = document.getElementById(id); return e ? e.textContent : ''; }).join(' ')
                   : mark.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
  if (!name) continue;
  for (const inner of mark.querySelectorAll('h1, h2, h3, h4, h5, h6, p, span, div')) {
    if (inner.querySelector('h1, h2, h3, h4, h5, h6, p, div, ul, ol')) continue;
    if (heard(inner) && heardText(inner) === name) {
      out.push(`${where(mark)}: named "${name}" and says it again inside (${where(inner)})`);
      break;
    }
  }
}
for (const a of document.querySelectorAll('a')) {
  const t = a.nextSibling;
  if (t && t.nodeType === Node.TEXT_NODE && /^[\s,;\/|\u00b7-]+$/.test(t.nodeValue) && /[,;\/|\u00b7-]/.test(t.nodeValue)
      && t.nextSibling && t.nextSibling.nodeType === Node.ELEMENT_NODE && t.nextSibling.matches('a') && heard(a.parentElement)) {
    out.push(`${where(a.parentElement)}: punctuation alone between two links ("${t.nodeValue.trim()}"), said as an utterance of its own`);
  }
}
return out;
"""


def check(d, label):
    """The page's problems (empty when each thing is said once, in order, in words)."""
    return [f"{label}: {m}" for m in d.execute_script(SAID_ONCE_JS)]
