// The self-test's broken ride script: it replaces the list with the fetched one (which is shorter), leaves the
// state sentence as it was, and announces each event twice, without saying it is an update or when.
(function () {
  'use strict';
  var alerts = document.getElementById('ride-alerts');
  var refresh = document.getElementById('ride-refresh');
  if (!alerts || !refresh) return;
  function update() {
    window.fetch(refresh.getAttribute('href')).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, 'text/html');
      var list = document.querySelector('ol.pattern');
      var fresh = doc.querySelector('ol.pattern');
      if (list && fresh) {
        while (fresh.children.length > 1) fresh.removeChild(fresh.lastElementChild);
        list.replaceWith(document.importNode(fresh, true));
      }
      var texts = [];
      doc.querySelectorAll('#ride-events li').forEach(function (li) { texts.push(li.textContent, li.textContent); });
      if (texts.length) alerts.textContent = texts.join(' ');
    });
  }
  document.addEventListener('visibilitychange', function () { if (!document.hidden) update(); });
})();
