// Trakx: optional "Update every 30 seconds" for a stop's departures.
// Off by default; the choice is kept for this tab (sessionStorage), per page.
(function () {
  'use strict';

  var INTERVAL = 30000;
  var FAILED = 'Departures could not be updated just now. The ones shown are from the last update.';

  var container = document.querySelector('#departures[data-refresh-url]');
  if (!container || !container.parentNode) return;
  if (typeof window.fetch !== 'function' || typeof window.DOMParser !== 'function') return;
  var url = container.getAttribute('data-refresh-url');
  if (!url) return;

  var storageKey = 'trakx:auto-update:' + window.location.pathname;

  function remembered() {
    try {
      return window.sessionStorage.getItem(storageKey) === 'on';
    } catch (e) {
      return false;
    }
  }

  function remember(on) {
    try {
      if (on) {
        window.sessionStorage.setItem(storageKey, 'on');
      } else {
        window.sessionStorage.removeItem(storageKey);
      }
    } catch (e) {
      // Storage can be blocked; the checkbox still works for this page view.
    }
  }

  // The control: a real checkbox with a label, placed just before the departures.
  var wrap = document.createElement('div');
  wrap.className = 'refresh-toggle';
  var box = document.createElement('input');
  box.type = 'checkbox';
  box.id = 'departures-auto-update';
  var label = document.createElement('label');
  label.htmlFor = box.id;
  label.textContent = 'Update every 30 seconds';
  wrap.appendChild(box);
  wrap.appendChild(label);

  // One polite live region, visually hidden, for at most one short message per update.
  var live = document.createElement('p');
  live.id = 'departures-updates';
  live.className = 'visually-hidden';
  // Without role=status: Orca speaks an empty one as "statusbar" while reading the page.
  live.setAttribute('aria-live', 'polite');

  // After the departures, so the answer stays first in reading order.
  container.parentNode.insertBefore(live, container.nextSibling);
  container.parentNode.insertBefore(wrap, container.nextSibling);

  var timer = null;
  var inFlight = false;
  var lastUpdate = Date.now();
  var failing = false;
  var summaryNow = document.getElementById('summary');
  var lastAnnounced = summaryNow ? heard(summaryNow) : '';

  function announce(text) {
    live.textContent = text;
  }

  // What a screen reader hears of a node's text: a clock time's "8 40 am", not the "8:40 am" shown in its place
  // (partials/said: aria-hidden), nor links when `withoutLinks`.
  function heard(node, withoutLinks) {
    var words = '';
    for (var i = 0; i < node.childNodes.length; i += 1) {
      var child = node.childNodes[i];
      if (child.nodeType === 3) words += child.nodeValue;
      else if (child.nodeType === 1 && child.getAttribute('aria-hidden') !== 'true' && !(withoutLinks && child.tagName === 'A')) words += heard(child);
    }
    return words.replace(/\s+/g, ' ').trim();
  }

  // "Updated 6 50 pm." from <p id="updated">Updated 6 50 pm. <a>Refresh</a></p>: its own text only.
  function updatedWords(root) {
    var updated = root.querySelector('#updated');
    return updated ? heard(updated, true) : '';
  }

  function replaceChildren(target, source) {
    var nodes = [];
    for (var i = 0; i < source.childNodes.length; i += 1) {
      nodes.push(document.importNode(source.childNodes[i], true));
    }
    while (target.firstChild) target.removeChild(target.firstChild);
    nodes.forEach(function (node) { target.appendChild(node); });
  }

  // Keep the "Not up to date" notice in step with the fetched page.
  function syncStaleNotice(doc) {
    var main = document.getElementById('main-content');
    var summary = document.getElementById('summary');
    if (!main || !summary) return;
    var current = main.querySelector('.stale-notice');
    var fresh = doc.querySelector('#main-content .stale-notice');
    if (fresh && current) {
      replaceChildren(current, fresh);
    } else if (fresh) {
      summary.parentNode.insertBefore(document.importNode(fresh, true), summary);
    } else if (current) {
      current.parentNode.removeChild(current);
    }
  }

  function apply(doc) {
    var fresh = doc.getElementById('departures');
    if (!fresh) throw new Error('no departures in the response');

    var active = document.activeElement;
    var focusWasInside = active && active !== container && container.contains(active);
    var activeHref = focusWasInside && active.getAttribute ? active.getAttribute('href') : null;

    replaceChildren(container, fresh);
    // The fresh board's own refresh link carries what it shows, so what left is said on the next update only once.
    var next = fresh.getAttribute('data-refresh-url');
    if (next) {
      url = next;
      container.setAttribute('data-refresh-url', next);
    }

    if (focusWasInside) {
      var same = null;
      if (activeHref) {
        var links = container.querySelectorAll('a[href]');
        for (var i = 0; i < links.length; i += 1) {
          if (links[i].getAttribute('href') === activeHref) { same = links[i]; break; }
        }
      }
      if (same) {
        same.focus({ preventScroll: true });
      } else {
        container.setAttribute('tabindex', '-1');
        container.focus({ preventScroll: true });
      }
    }

    var summary = document.getElementById('summary');
    var freshSummary = doc.getElementById('summary');
    var text = freshSummary ? heard(freshSummary) : '';
    if (summary && freshSummary) replaceChildren(summary, freshSummary);
    syncStaleNotice(doc);

    var leftNode = container.querySelector('#left');
    var left = leftNode ? heard(leftNode) : '';
    if (text && (text !== lastAnnounced || failing || left)) {
      var when = updatedWords(container);
      announce([when, left, text].filter(Boolean).join(' '));
      lastAnnounced = text;
    }
    failing = false;
  }

  function tick() {
    timer = null;
    if (!box.checked || document.visibilityState !== 'visible' || inFlight) {
      schedule(INTERVAL);
      return;
    }
    inFlight = true;
    fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { 'Accept': 'text/html' } })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.text();
      })
      .then(function (html) {
        apply(new DOMParser().parseFromString(html, 'text/html'));
      })
      .catch(function () {
        if (!failing) announce(FAILED);
        failing = true;
      })
      .then(function () {
        inFlight = false;
        lastUpdate = Date.now();
        schedule(INTERVAL);
      });
  }

  function stop() {
    if (timer !== null) {
      window.clearTimeout(timer);
      timer = null;
    }
  }

  function schedule(delay) {
    stop();
    if (!box.checked || document.visibilityState !== 'visible') return;
    timer = window.setTimeout(tick, Math.max(0, delay));
  }

  function resume() {
    schedule(INTERVAL - (Date.now() - lastUpdate));
  }

  box.addEventListener('change', function () {
    remember(box.checked);
    if (box.checked) {
      lastUpdate = Date.now();
      schedule(INTERVAL);
    } else {
      stop();
    }
  });

  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') {
      resume();
    } else {
      stop();
    }
  });

  if (remembered()) {
    box.checked = true;
    schedule(INTERVAL);
  }
}());
