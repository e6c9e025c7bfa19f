// Trakx ride page: keeps "where is my service" up to date once the rider has chosen where to get off
// (choosing counts as opting in). Every 30 s, every 15 s when the stop is near; paused while the page is
// hidden and caught up when it is shown. One polite live region speaks only on events, each once:
// the next stop when near, "Get ready", arriving, passed, live information lost or back, cancelled.
(function () {
  'use strict';

  var ride = document.getElementById('ride');
  var alerts = document.getElementById('ride-alerts');
  var refresh = document.getElementById('ride-refresh');
  if (!ride || !alerts || !refresh) return;
  if (typeof window.fetch !== 'function' || typeof window.DOMParser !== 'function') return;
  var url = refresh.getAttribute('href') || '';
  if (url.indexOf('to=') < 0 || url.indexOf('auto=') >= 0) return;

  // Whether the last page had live times (was=live) changes the link, not the ride: heard events are kept per ride.
  var storageKey = 'trakx:ride-heard:' + url.replace(/[?&]was=live/, '');
  var heard = {};
  try { heard = JSON.parse(window.sessionStorage.getItem(storageKey) || '{}') || {}; } catch (e) { heard = {}; }
  function remember() {
    try { window.sessionStorage.setItem(storageKey, JSON.stringify(heard)); } catch (e) { /* storage blocked */ }
  }

  function events(root) {
    var list = [];
    var items = root.querySelectorAll('#ride-events li[data-key]');
    for (var i = 0; i < items.length; i++) list.push({ key: items[i].getAttribute('data-key'), text: items[i].textContent });
    return list;
  }
  // What the page already says when it loads has been read; only later events are announced.
  events(document).forEach(function (e) { heard[e.key] = true; });
  remember();
  var wasLive = ride.getAttribute('data-live') === 'true';

  // The region is emptied once its words have gone to the screen reader: left in the page, say-all read them again
  // as content, so one update was heard twice (issue 55). Emptying announces nothing (removals are not relevant).
  var CLEAR_AFTER_MS = 5000;
  var clearing = null;
  function say(texts) {
    if (!texts.length) return;
    alerts.textContent = '';
    window.clearTimeout(clearing);
    // A fresh text node after a tick is announced by every screen reader's polite region.
    window.setTimeout(function () {
      alerts.textContent = texts.join(' ');
      clearing = window.setTimeout(function () { alerts.textContent = ''; }, CLEAR_AFTER_MS);
    }, 50);
  }

  function near(root) {
    return events(root).some(function (e) { return /^(next|ready)-/.test(e.key); });
  }

  var timer = null;
  var inFlight = false;
  function schedule(root) {
    window.clearTimeout(timer);
    if (document.hidden) return;
    timer = window.setTimeout(update, near(root) ? 15000 : 30000);
  }

  // Updates change the words in place and never take away what a screen reader may be reading: the same
  // elements stay, a list keeps its length (a stop that has dropped off says it was passed), and only the
  // live region speaks, saying it is an update and its time.
  function copy(target, source) {
    if (!target || !source || target.innerHTML === source.innerHTML) return;
    var nodes = [];
    for (var i = 0; i < source.childNodes.length; i++) nodes.push(document.importNode(source.childNodes[i], true));
    while (target.firstChild) target.removeChild(target.firstChild);
    nodes.forEach(function (n) { target.appendChild(n); });
  }
  function replace(id, doc) { copy(document.getElementById(id), doc.getElementById(id)); }

  function stopName(li) {
    var a = li.querySelector('a');
    return (a ? a.textContent : li.textContent.split(',')[0]).trim();
  }
  function updateList(list, fresh) {
    var byName = {};
    var items = fresh.children;
    for (var i = 0; i < items.length; i++) byName[stopName(items[i])] = items[i];
    var seen = {};
    var olds = list.children;
    for (var j = 0; j < olds.length; j++) {
      var name = stopName(olds[j]);
      seen[name] = true;
      if (byName[name]) { copy(olds[j], byName[name]); } else if (!/, passed\.$/.test(olds[j].textContent)) { olds[j].textContent = name + ', passed.'; }
    }
    for (var k = 0; k < items.length; k++) {
      if (!seen[stopName(items[k])]) list.appendChild(document.importNode(items[k], true));
    }
  }

  // "8 42 am" (a narrow space between hour and minutes, as the server writes every time for the ear) from the
  // fetched page's "Updated 8 42 am." line: its heard text, not the "8:42 am" shown in its place (aria-hidden).
  function updatedAt(doc) {
    var p = doc.getElementById('updated');
    var said = p ? p.querySelector('.heard') : null;
    var m = /(\d{1,2}[\u202f ]\d{2})\s*([ap]m)/i.exec(said ? said.textContent : p ? p.textContent : '');
    return m ? m[1] + ' ' + m[2] : '';
  }

  function update() {
    if (inFlight || document.hidden) return;
    inFlight = true;
    window.fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error('status ' + response.status);
      return response.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var fresh = doc.getElementById('ride');
      if (!fresh) throw new Error('no ride');
      ['ride-state', 'ride-source', 'ride-events', 'arrival', 'stops-heading', 'updated'].forEach(function (id) { replace(id, doc); });
      var list = document.querySelector('ol.pattern');
      var freshList = doc.querySelector('ol.pattern');
      if (list && freshList) updateList(list, freshList);
      refresh = document.getElementById('ride-refresh') || refresh;
      var texts = [];
      var live = fresh.getAttribute('data-live') === 'true';
      if (wasLive && !live) texts.push('Live information lost.');
      if (!wasLive && live) texts.push('Live information is back.');
      wasLive = live;
      events(doc).forEach(function (e) {
        if (heard[e.key]) return;
        heard[e.key] = true;
        texts.push(e.text);
        if (/^ready-/.test(e.key) && typeof navigator.vibrate === 'function') navigator.vibrate([300, 150, 300]);
      });
      remember();
      var at = updatedAt(doc);
      if (texts.length) texts.unshift(at ? 'Update at ' + at + '.' : 'Update.');
      say(texts);
      schedule(doc);
    }).catch(function () {
      schedule(document);
    }).then(function () { inFlight = false; });
  }

  // Keep the screen on (Screen Wake Lock), opt-in, asked for again when the page is shown.
  var lock = null;
  var wanted = false;
  if (navigator.wakeLock && typeof navigator.wakeLock.request === 'function') {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'button';
    button.setAttribute('aria-pressed', 'false');
    button.textContent = 'Keep the screen on';
    var note = document.getElementById('ride-js-note');
    if (note && note.parentNode) note.parentNode.insertBefore(button, note.nextSibling);
    var take = function () {
      navigator.wakeLock.request('screen').then(function (l) { lock = l; }).catch(function () { lock = null; });
    };
    button.addEventListener('click', function () {
      wanted = !wanted;
      button.setAttribute('aria-pressed', wanted ? 'true' : 'false');
      if (wanted) { take(); } else if (lock) { lock.release(); lock = null; }
    });
    document.addEventListener('visibilitychange', function () { if (wanted && !document.hidden) take(); });
  }

  document.addEventListener('visibilitychange', function () {
    if (document.hidden) { window.clearTimeout(timer); } else { update(); }
  });
  schedule(document);
})();
