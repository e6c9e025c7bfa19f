#!/usr/bin/env bash
# Installs what the accessibility gate needs, only what is missing (root or sudo; Debian 12):
#   Debian: chromium, chromium-driver, fonts, espeak-ng, and default-jre-headless when there is no java;
#           the screen-reader rig (gatelib/orca): orca, xvfb, xdotool, at-spi2-core, dbus, dbus-x11,
#           speech-dispatcher, x11-utils, python3-pyatspi, openbox;
#   PyPI:   Tests/Browser/requirements*.txt into a virtual environment, .build/browser-venv (GATE_VENV).
# With everything present it contacts nothing (no apt-get update, no pip) and takes about a second.
# Prints the versions of the tools at the end.
# Environment: GATE_VENV (the venv folder), GATE_PYTHON (the interpreter to build it from).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="${GATE_VENV:-$ROOT/.build/browser-venv}"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
say() { printf '[install] %s\n' "$*"; }

# ------------------------------------------------------------------ Debian packages
pkgs=(chromium chromium-driver fonts-liberation fonts-dejavu-core espeak-ng)
# the screen-reader rig: Orca listening to Chromium under Xvfb, speech captured by speech-dispatcher
pkgs+=(orca xvfb xdotool at-spi2-core dbus dbus-x11 speech-dispatcher x11-utils python3-pyatspi openbox)
command -v java >/dev/null 2>&1 || pkgs+=(default-jre-headless)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

apt_install() {  # retried: another apt-get may hold the dpkg lock for a while
  local attempt
  for attempt in 1 2 3 4 5 6 7 8; do
    if $SUDO apt-get -o DPkg::Lock::Timeout=60 update -qq \
      && DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=60 install -y -qq --no-install-recommends "$@"; then
      return 0
    fi
    say "apt-get failed (attempt $attempt of 8; apt may be busy); retrying in 15 s"
    sleep 15
  done
  return 1
}

if [ "${#missing[@]}" -gt 0 ]; then
  say "apt-get install ${missing[*]}"
  apt_install "${missing[@]}"
else
  say "Debian packages present: ${pkgs[*]}"
fi

# ------------------------------------------------------------------ Python venv
if [ ! -x "$VENV/bin/python" ]; then
  PY="${GATE_PYTHON:-$(command -v python3)}"
  "$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' \
    || { echo "[install] $PY is older than Python 3.10 (selenium needs 3.10 or newer)" >&2; exit 1; }
  if ! "$PY" -c 'import ensurepip, venv' 2>/dev/null; then
    say "apt-get install python3-venv (for $PY)"
    apt_install python3-venv
  fi
  say "creating $VENV with $PY ($("$PY" --version 2>&1))"
  mkdir -p "$(dirname "$VENV")"
  "$PY" -m venv "$VENV"
fi

# pip runs only when the requirement files changed since the last install (a stamp in the venv)
STAMP="$VENV/.gate-requirements"
want="$(cat "$HERE/requirements.txt" "$HERE/requirements-nodeps.txt" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]; then
  say "pip install -r requirements.txt, requirements-nodeps.txt (into $VENV)"
  "$VENV/bin/python" -m pip install --disable-pip-version-check -q -r "$HERE/requirements.txt"
  # axe-playwright-python is only the carrier of axe.min.js: its Playwright dependency is not wanted
  "$VENV/bin/python" -m pip install --disable-pip-version-check -q --no-deps -r "$HERE/requirements-nodeps.txt"
  echo "$want" >"$STAMP"
else
  say "Python packages present in $VENV"
fi

"$VENV/bin/python" "$HERE/gatelib/tools.py"
