// The self-test's broken walk script: it says the distance on every location the browser reports (the same
// distance again, never the arrival once), rounded to 10 metres, and never shows the accuracy.
(function () {
  'use strict';
  var guide = document.getElementById('walk-guide');
  var live = document.getElementById('walk-live');
  var start = document.getElementById('walk-start');
  if (!guide || !live || !start) return;
  var lat0 = parseFloat(guide.getAttribute('data-stop-lat')) * Math.PI / 180;
  var lon0 = parseFloat(guide.getAttribute('data-stop-lon')) * Math.PI / 180;
  start.addEventListener('click', function () {
    navigator.geolocation.watchPosition(function (p) {
      var lat = p.coords.latitude * Math.PI / 180, lon = p.coords.longitude * Math.PI / 180;
      var x = (lon0 - lon) * Math.cos((lat + lat0) / 2), y = lat0 - lat;
      var m = Math.round(Math.sqrt(x * x + y * y) * 6371008.8 / 40) * 40;
      live.textContent = 'The stop is ' + m + ' metres away.';
    }, function () {}, {enableHighAccuracy: true, maximumAge: 0});
  });
})();
