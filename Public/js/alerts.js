// Alerts on this phone (issue 32): completes the alerts form with this browser's push subscription and sends it
// as an ordinary form (its token, then the server's redirect and notice). Where push cannot work, says so in
// words and what still works. The service worker (alerts-sw.js) only shows notifications and opens pages; its
// scope is /static/js/, so it controls no page and never caches or changes one.
(function () {
  'use strict';
  var form = document.querySelector('[data-alerts-form]');
  var off = document.querySelector('[data-alerts-off]');
  var needs = document.querySelector('[data-alerts-needs]');
  var status = document.querySelector('[data-alerts-status]');
  if (!form || !needs || !status) return;
  var without = needs.getAttribute('data-without') || '';
  // What the section says as the page opens is written quietly; only the outcome of pressing the button is
  // said in the live region.
  var describe = function (text) { needs.textContent = text + (without ? ' ' + without : ''); };
  var say = function (text) { status.textContent = text + (without ? ' ' + without : ''); };
  var apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  var standalone = navigator.standalone === true || (window.matchMedia && window.matchMedia('(display-mode: standalone)').matches);
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    describe(apple && !standalone
      ? 'On an iPhone or iPad, alerts work only once Trakx is added to the home screen and opened from there.'
      : 'This browser cannot show notifications from a web page, so Trakx cannot alert this phone.');
    return;
  }
  if (Notification.permission === 'denied') {
    describe('Notifications from Trakx are turned off in this browser, so Trakx cannot alert this phone. They can be allowed again in the browser settings for this site.');
    return;
  }
  form.hidden = false;
  needs.textContent = Notification.permission === 'granted'
    ? 'This browser allows notifications from Trakx.'
    : 'When you turn an alert on, this browser asks whether Trakx may send notifications.';

  var scope = '/static/js/';
  var register = function () { return navigator.serviceWorker.register('/static/js/alerts-sw.js', { scope: scope }); };
  // The worker controls no page, so navigator.serviceWorker.ready never settles: wait for this registration instead.
  var active = function (registration) {
    if (registration.active) return Promise.resolve(registration);
    var worker = registration.installing || registration.waiting;
    return new Promise(function (resolve, reject) {
      if (!worker) { reject(new Error('no worker')); return; }
      worker.addEventListener('statechange', function () {
        if (worker.state === 'activated') resolve(registration);
        if (worker.state === 'redundant') reject(new Error('worker redundant'));
      });
    });
  };
  var keyBytes = function (text) {
    var plain = text.replace(/-/g, '+').replace(/_/g, '/');
    while (plain.length % 4) plain += '=';
    var raw = atob(plain);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  };

  if (off) {
    navigator.serviceWorker.getRegistration(scope).then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    }).then(function (subscription) {
      if (!subscription) return;
      off.elements.endpoint.value = subscription.endpoint;
      off.hidden = false;
    }).catch(function () {});
  }

  form.addEventListener('submit', function (event) {
    if (form.elements.endpoint.value) return;
    event.preventDefault();
    status.textContent = 'Setting up alerts on this phone.';
    var refused = false;
    Notification.requestPermission().then(function (permission) {
      if (permission !== 'granted') { refused = true; throw new Error('permission ' + permission); }
      return register().then(active);
    }).then(function (registration) {
      return registration.pushManager.getSubscription().then(function (existing) {
        if (existing) return existing;
        // Offline, a browser may try to reach its push service for minutes: give up after 15 seconds.
        return Promise.race([
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(form.getAttribute('data-key')) }),
          new Promise(function (resolve, reject) { setTimeout(function () { reject(new Error('timed out')); }, 15000); })
        ]);
      });
    }).then(function (subscription) {
      var json = subscription.toJSON();
      form.elements.endpoint.value = json.endpoint;
      form.elements.p256dh.value = json.keys.p256dh;
      form.elements.auth.value = json.keys.auth;
      form.submit();
    }).catch(function () {
      say(refused
        ? 'Notifications were not allowed, so Trakx cannot alert this phone.'
        : 'This browser could not set up alerts just now. It may be offline, or its push service may not be reachable. No alert was set.');
    });
  });
})();
