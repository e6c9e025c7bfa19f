// Trakx's service worker, for alerts only (issue 32): it shows each pushed notification and opens its page when
// tapped. It has no fetch handler: it never caches, answers or changes a page. Registered with the scope
// /static/js/, it controls no page at all.
'use strict';

self.addEventListener('install', function () { self.skipWaiting(); });

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: 'Trakx', body: event.data ? event.data.text() : '' };
  }
  var options = {
    body: data.body || '',
    tag: data.tag || 'trakx-alert',
    renotify: true,
    vibrate: [400, 200, 400, 200, 800],
    icon: '/static/favicon.svg',
    data: { url: data.url || '/', stopURL: data.stopURL || '' },
    actions: data.stopURL ? [{ action: 'stop', title: 'Stop this alert' }] : []
  };
  event.waitUntil(self.registration.showNotification(data.title || 'Trakx', options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  var target = new URL(event.action === 'stop' && data.stopURL ? data.stopURL : (data.url || '/'), self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === target && 'focus' in windows[i]) return windows[i].focus();
    }
    return self.clients.openWindow(target);
  }));
});
