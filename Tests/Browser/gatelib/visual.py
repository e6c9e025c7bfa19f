"""Layout, colour and focus checks run inside the page (getComputedStyle and layout boxes)."""

# Shared helpers, prepended to every script below.
HELPERS = r"""
const G = window.__gateHelpers || (window.__gateHelpers = (() => {
  const cv = document.createElement('canvas'); cv.width = cv.height = 1;
  const cx = cv.getContext('2d', {willReadFrequently: true});
  const cache = new Map();
  function rgba(str) {
    str = (str || '').trim();
    if (cache.has(str)) return cache.get(str);
    let out = null;
    const m = /^rgba?\(([^)]+)\)$/.exec(str);
    if (m) {
      const p = m[1].split(/[\s,\/]+/).filter(Boolean);
      const num = (s, i) => s.endsWith('%') ? parseFloat(s) * (i < 3 ? 2.55 : 0.01) : parseFloat(s);
      out = [num(p[0], 0), num(p[1], 1), num(p[2], 2), p.length > 3 ? num(p[3], 3) : 1];
    } else if (str === 'transparent' || str === '') {
      out = [0, 0, 0, 0];
    } else {  // other colour syntaxes (oklch(), color(), ...): let the canvas convert them
      cx.clearRect(0, 0, 1, 1); cx.fillStyle = '#000'; cx.fillStyle = str; cx.fillRect(0, 0, 1, 1);
      const d = cx.getImageData(0, 0, 1, 1).data;
      out = [d[0], d[1], d[2], d[3] / 255];
    }
    cache.set(str, out);
    return out;
  }
  const over = (top, bot) => { const a = top[3];
    return [top[0] * a + bot[0] * (1 - a), top[1] * a + bot[1] * (1 - a), top[2] * a + bot[2] * (1 - a), 1]; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const hex = c => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('');
  function canvas() {
    // The page canvas when nothing paints a background: Chromium paints rgb(18,18,18) for a
    // dark used colour scheme (meta color-scheme / CSS color-scheme allow dark), else white.
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const meta = (document.querySelector('meta[name="color-scheme"]') || {}).content || '';
    const css = getComputedStyle(document.documentElement).colorScheme || '';
    return (dark && /dark/.test(meta + ' ' + css)) ? [18, 18, 18, 1] : [255, 255, 255, 1];
  }
  function background(el) {
    // composite the background colours from el up to the first opaque one (or the canvas)
    const layers = []; let image = false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage && s.backgroundImage !== 'none') image = true;
      const c = rgba(s.backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let base = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : canvas();
    while (layers.length) base = over(layers.pop(), base);
    return {bg: base, image};
  }
  function hiddenByClip(e) {
    const t = getComputedStyle(e);
    if (/rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(t.clip || '')) return true;
    if (/inset\(\s*50%/.test(t.clipPath || '')) return true;
    if (parseFloat(t.opacity) === 0) return true;
    if (t.overflow !== 'visible' && t.position === 'absolute') {
      const r = e.getBoundingClientRect(); if (r.width <= 1 || r.height <= 1) return true;
    }
    return false;
  }
  function shown(el) {
    // rendered, visible, on the page, and not visually hidden (clipped to nothing)
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    if (s.visibility !== 'visible') return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (r.right + scrollX <= 0 || r.bottom + scrollY <= 0) return false;
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) if (hiddenByClip(e)) return false;
    return true;
  }
  const directText = el => {
    if (el.matches('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea'))
      return (el.value || '').trim();
    if (el.matches('select')) return (el.selectedOptions[0] || {}).text || '';
    let t = '';
    for (const n of el.childNodes) if (n.nodeType === 3) t += n.textContent;
    return t.replace(/\s+/g, ' ').trim();
  };
  function path(el) {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      let p = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(p + '#' + e.id); break; }
      const cls = [...e.classList].slice(0, 2);
      if (cls.length) p += '.' + cls.join('.');
      const sib = e.parentElement ? [...e.parentElement.children].filter(x => x.tagName === e.tagName) : [];
      if (sib.length > 1) p += `:nth-of-type(${sib.indexOf(e) + 1})`;
      parts.unshift(p);
      if (e.tagName === 'MAIN' || e.tagName === 'HEADER' || e.tagName === 'FOOTER' || e.tagName === 'NAV') break;
    }
    return parts.join(' > ');
  }
  function contrastOf(el) {
    const {bg, image} = background(el);
    let fg = rgba(getComputedStyle(el).color);
    if (fg[3] < 1) fg = over(fg, bg);
    return {fg: hex(fg), bg: hex(bg), ratio: Math.round(ratio(fg, bg) * 100) / 100, image,
            sel: path(el), text: directText(el).slice(0, 60)};
  }
  return {rgba, over, ratio, hex, background, shown, directText, path, contrastOf};
})());
"""

CONTRAST_JS = HELPERS + r"""
const min = arguments[0];
let checked = 0; const low = [];
for (const el of document.body.querySelectorAll('*')) {
  if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(el.tagName)) continue;
  if (!G.directText(el) || !G.shown(el)) continue;
  checked++;
  const c = G.contrastOf(el);
  if (c.ratio < min) low.push(c);
}
return {checked, low};
"""

REFLOW_JS = HELPERS + r"""
const de = document.documentElement;
const width = de.clientWidth;
const scrollWidth = Math.max(de.scrollWidth, document.body ? document.body.scrollWidth : 0);
const wide = [];
if (scrollWidth > width) {
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width >= 1 && r.right + scrollX > width + 1 && G.shown(el)) wide.push(el);
  }
}
// report the innermost offenders
const leaves = wide.filter(el => !wide.some(o => o !== el && el.contains(o)));
return {width, scrollWidth, offenders: leaves.slice(0, 6).map(el => {
  const r = el.getBoundingClientRect();
  return `${G.path(el)} (right edge ${Math.round(r.right + scrollX)}px, width ${Math.round(r.width)}px)`;
})};
"""

CLIP_JS = HELPERS + r"""
const out = [];
for (const el of document.body.querySelectorAll('*')) {
  const s = getComputedStyle(el);
  const clipsX = ['hidden', 'clip'].includes(s.overflowX) || s.textOverflow === 'ellipsis';
  const clipsY = ['hidden', 'clip'].includes(s.overflowY);
  if (!clipsX && !clipsY) continue;
  if (!G.shown(el)) continue;
  if (!(el.innerText || '').trim()) continue;
  const cutX = clipsX && el.scrollWidth > el.clientWidth + 1;
  const cutY = clipsY && el.scrollHeight > el.clientHeight + 1;
  if (cutX || cutY)
    out.push(`${G.path(el)} clips its text (${cutX ? `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}` : ''}`
             + `${cutX && cutY ? ', ' : ''}${cutY ? `scrollHeight ${el.scrollHeight} > clientHeight ${el.clientHeight}` : ''}`
             + `; overflow ${s.overflowX}/${s.overflowY}${s.textOverflow === 'ellipsis' ? ', text-overflow ellipsis' : ''})`);
}
return out;
"""

FONT_PROBE_JS = r"""
const el = document.querySelector('main h1') || document.querySelector('main p') || document.body;
return parseFloat(getComputedStyle(el).fontSize);
"""

FOCUS_SETUP_JS = HELPERS + r"""
const sel = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], '
          + '[contenteditable=""], [contenteditable="true"]';
const els = [...document.querySelectorAll(sel)].filter(e =>
  !e.disabled && e.tabIndex >= 0 && e.type !== 'hidden' && e.getClientRects().length);
const snap = e => { const s = getComputedStyle(e); return {
  os: s.outlineStyle, ow: s.outlineWidth, oc: s.outlineColor, bs: s.boxShadow, bg: s.backgroundColor,
  fg: s.color, bc: s.borderTopColor + ' ' + s.borderRightColor + ' ' + s.borderBottomColor + ' ' + s.borderLeftColor,
  bw: s.borderTopWidth + ' ' + s.borderBottomWidth, td: s.textDecorationLine + ' ' + s.textDecorationThickness}; };
window.__gateFocus = {els, before: els.map(snap), snap};
return els.length;
"""

FOCUS_PROBE_JS = HELPERS + r"""
const min = arguments[0];
const g = window.__gateFocus, a = document.activeElement;
if (!a || a === document.body || a === document.documentElement) return {none: true};
const i = g.els.indexOf(a);
const b = i >= 0 ? g.before[i] : null, f = g.snap(a);
const name = (a.innerText || a.value || a.getAttribute('aria-label') || a.tagName).replace(/\s+/g, ' ').trim().slice(0, 60);
const how = [];
const outlineOn = s => s.os !== 'none' && parseFloat(s.ow) > 0 && G.rgba(s.oc)[3] > 0;
if (outlineOn(f) && !(b && outlineOn(b) && b.ow === f.ow && b.oc === f.oc && b.os === f.os)) how.push(`outline ${f.ow} ${f.os} ${f.oc}`);
if (f.bs !== 'none' && (!b || b.bs !== f.bs)) how.push(`box-shadow ${f.bs}`);
if (b && b.bg !== f.bg) how.push(`background ${b.bg} -> ${f.bg}`);
// how strong the indicator is against what surrounds the control (reported, not failed)
const around = G.background(a.parentElement || document.body).bg;
let strength = null;
if (outlineOn(f)) strength = G.ratio(G.over(G.rgba(f.oc), around), around);
for (const m of (f.bs !== 'none' ? f.bs : '').matchAll(/rgba?\([^)]*\)/g))
  strength = Math.max(strength || 0, G.ratio(G.over(G.rgba(m[0]), around), around));
if (b && b.bg !== f.bg) strength = Math.max(strength || 0, G.ratio(G.background(a).bg, G.over(G.rgba(b.bg), around)));
// text contrast in the focused state: the control and the text inside it
const low = [];
let checked = 0;
for (const el of [a, ...a.querySelectorAll('*')]) {
  if (!G.directText(el) || !G.shown(el)) continue;
  checked++;
  const c = G.contrastOf(el);
  if (c.ratio < min) low.push(c);
}
return {index: i, sel: G.path(a), name, how, visible: G.shown(a), strength: strength && Math.round(strength * 100) / 100,
        low, checked, total: g.els.length};
"""
