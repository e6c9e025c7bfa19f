// Trakx: adds a "Use my location" button to the nearby-stops form.
// Progressive enhancement only: the typed latitude and longitude fields work without it.
(function () {
  'use strict';

  var form = document.getElementById('nearby-form');
  var slot = document.getElementById('location-slot');
  var lat = document.getElementById('lat');
  var lon = document.getElementById('lon');
  if (!form || !slot || !lat || !lon || !form.contains(slot)) return;
  if (!('geolocation' in navigator)) return;
  // Browsers refuse geolocation on insecure origins; a button that always fails would only confuse.
  if (window.isSecureContext === false) return;

  var TYPE_INSTEAD = ' Type a latitude and longitude instead.';
  var MESSAGES = {
    1: 'Your location is not available, as permission was denied.' + TYPE_INSTEAD,
    2: 'Your location is not available, as your device could not work out where you are.' + TYPE_INSTEAD,
    3: 'Your location is not available, as finding it took too long. Try again, or type a latitude and longitude instead.'
  };
  var FALLBACK = 'Your location is not available.' + TYPE_INSTEAD;

  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--secondary';
  button.textContent = 'Use my location';

  var status = document.createElement('p');
  // A polite live region without role=status: an empty status is spoken as "statusbar" by Orca.
  status.setAttribute('aria-live', 'polite');

  slot.appendChild(button);
  slot.appendChild(status);

  var busy = false;

  function say(text) {
    status.textContent = text;
  }

  function succeeded(position) {
    var coords = position && position.coords;
    if (!coords || !isFinite(coords.latitude) || !isFinite(coords.longitude)) {
      failed(null);
      return;
    }
    lat.value = coords.latitude.toFixed(5);
    lon.value = coords.longitude.toFixed(5);
    say('Location found. Finding stops near you.');
    if (typeof form.requestSubmit === 'function') {
      form.requestSubmit();
    } else {
      form.submit();
    }
  }

  function failed(error) {
    busy = false;
    button.removeAttribute('aria-disabled');
    say((error && MESSAGES[error.code]) || FALLBACK);
    lat.focus();
  }

  button.addEventListener('click', function () {
    if (busy) return;
    busy = true;
    button.setAttribute('aria-disabled', 'true');
    say('Finding your location.');
    try {
      navigator.geolocation.getCurrentPosition(succeeded, failed, {
        enableHighAccuracy: false,
        timeout: 15000,
        maximumAge: 60000
      });
    } catch (e) {
      failed(null);
    }
  });
}());
