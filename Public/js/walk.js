// Trakx: guides a rider to a stop as they walk, from the browser's location (only after they press the button).
// Progressive enhancement only: without it the page gives the stop in words and a distance from a typed start.
// One polite live region says the distance and direction when they change meaningfully (20 metres, or another
// compass point), the direction as a clock face when the device reports its heading, and the arrival once.
(function () {
  'use strict';

  var guide = document.getElementById('walk-guide');
  if (!guide || !('geolocation' in navigator) || window.isSecureContext === false) return;
  var stopLat = parseFloat(guide.getAttribute('data-stop-lat'));
  var stopLon = parseFloat(guide.getAttribute('data-stop-lon'));
  if (!isFinite(stopLat) || !isFinite(stopLon)) return;
  var start = document.getElementById('walk-start');
  var stop = document.getElementById('walk-stop');
  var live = document.getElementById('walk-live');
  var accuracy = document.getElementById('walk-accuracy');

  var ARRIVED = 15;     // metres: "You are within 15 metres of the stop."
  var STEP = 20;        // metres of change worth saying again
  var POINTS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'];
  var MESSAGES = {
    1: 'Your location is not available, as permission was denied. The distance from a place you type still works below.',
    2: 'Your location is not available, as your device could not work out where you are.',
    3: 'Your location is not available, as finding it took too long.'
  };

  var LOST = 'Your location is not available just now. Trakx keeps trying.';
  var watch = null;
  var said = null;      // {metres, point} of the last distance said
  var state = '';       // '', 'guiding', 'unsure', 'arrived'

  function radians(d) { return d * Math.PI / 180; }

  function distance(lat, lon) {
    var p1 = radians(lat), p2 = radians(stopLat);
    var a = Math.pow(Math.sin(radians(stopLat - lat) / 2), 2) +
      Math.cos(p1) * Math.cos(p2) * Math.pow(Math.sin(radians(stopLon - lon) / 2), 2);
    a = Math.min(Math.max(a, 0), 1);
    return 2 * 6371008.8 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
  }

  function bearing(lat, lon) {
    var p1 = radians(lat), p2 = radians(stopLat), dl = radians(stopLon - lon);
    var y = Math.sin(dl) * Math.cos(p2);
    var x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
    return ((Math.atan2(y, x) * 180 / Math.PI) % 360 + 360) % 360;
  }

  function point(degrees) { return POINTS[Math.floor(((degrees % 360 + 360) % 360 + 22.5) / 45) % 8]; }

  // The same words as the server's DistanceWords: to 10 metres under a kilometre, then to 100 metres ("1200 metres",
  // never "1.2 kilometres": a screen reader says that as "1 dot 2").
  function metresWords(m) {
    if (m < 15) return 'less than 20 metres';
    var tens = Math.round(m / 10);
    if (tens < 100) return (tens * 10) + ' metres';
    var tenths = Math.round(m / 100);
    if (tenths >= 100) return Math.round(m / 1000) + ' kilometres';
    if (tenths === 10) return '1 kilometre';
    return tenths % 10 === 0 ? (tenths / 10) + ' kilometres' : (tenths * 100) + ' metres';
  }

  // "at 2 o'clock": the stop's direction relative to the way the rider is heading.
  function clock(toStop, heading) {
    var hour = Math.round((((toStop - heading) % 360 + 360) % 360) / 30) % 12;
    return 'at ' + (hour === 0 ? 12 : hour) + " o'clock";
  }

  function say(text) { live.textContent = text; }

  function finish() {
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    if (gap !== null) { window.clearTimeout(gap); gap = null; }
    watch = null;
    start.hidden = false;
    stop.hidden = true;
  }

  function moved(position) {
    if (gap !== null) { window.clearTimeout(gap); gap = null; }
    var c = position && position.coords;
    if (!c || !isFinite(c.latitude) || !isFinite(c.longitude) || state === 'arrived') return;
    var metres = distance(c.latitude, c.longitude);
    var toStop = bearing(c.latitude, c.longitude);
    var within = isFinite(c.accuracy) ? Math.round(c.accuracy) : null;
    accuracy.textContent = within === null ? 'Your browser does not say how accurate your location is.'
      : 'Your browser says your location is accurate to about ' + within + ' metres.';
    if (metres <= ARRIVED && (within === null || within <= ARRIVED)) {
      state = 'arrived';
      say('You are within 15 metres of the stop.');
      finish();
      return;
    }
    if (within !== null && within > metres) {
      if (state !== 'unsure') {
        state = 'unsure';
        say('Your location is accurate only to ' + within + ' metres, more than the ' + metresWords(metres) +
          ' left. Stop here, and look or ask for the stop.');
      }
      return;
    }
    var here = point(toStop);
    if (state === 'guiding' && said && Math.abs(said.metres - metres) < STEP && said.point === here) return;
    var heading = c.heading;
    var relative = (typeof heading === 'number' && isFinite(heading) && c.speed !== 0) ? ', ' + clock(toStop, heading) : '';
    var first = said === null;
    said = {metres: metres, point: here};
    state = 'guiding';
    say((first ? 'The stop is ' : '') + metresWords(metres) + ' ' + here + relative + (first ? ', in a straight line.' : '.'));
  }

  // A watch reports a passing "unavailable" or "timed out" now and then (Chromium does on every change of an
  // emulated location): guiding goes on, and only a gap of 10 seconds without a location is said, once.
  var gap = null;
  function failed(error) {
    if (watch !== null && error && error.code !== 1) {
      if (gap === null) gap = window.setTimeout(function () { say(LOST); }, 10000);
      return;
    }
    say((error && MESSAGES[error.code]) || 'Your location is not available.');
    finish();
  }

  start.addEventListener('click', function () {
    said = null;
    state = '';
    start.hidden = true;
    stop.hidden = false;
    say('Finding your location.');
    try {
      watch = navigator.geolocation.watchPosition(moved, failed, {enableHighAccuracy: true, timeout: 20000, maximumAge: 0});
    } catch (e) {
      failed(null);
    }
  });

  stop.addEventListener('click', function () {
    finish();
    say('Guiding stopped.');
    start.focus();
  });

  guide.hidden = false;
}());
