#!/usr/bin/env bash
# Trakx accessibility gate (`make test-browser`). From a clean clone on Debian 12, as root:
#   1. installs Chromium, chromedriver, Java and the Python packages (shared/tools/a11y/install.sh),
#   2. builds Trakx,
#   3. starts three Trakx on the built-in simulator, seed 7, clock 2026-11-21T08:30:00+11:00
#      (main: seeded favourites; empty: empty favourites; journey: for the keyboard journey),
#   4. runs Tests/Browser/gate.py against them, and stops them on exit.
# Options are passed to gate.py, e.g.  bash Tests/Browser/run.sh --update-expected
# Environment: A11Y_DIR (default ../shared/tools/a11y beside the repo), GATE_OUT (reports,
# default .build/a11y-gate), SWIFT (default swift).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
A11Y="${A11Y_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/tools/a11y}"
OUT="${GATE_OUT:-$ROOT/.build/a11y-gate}"
SWIFT="${SWIFT:-swift}"
SEED=7
NOW=2026-11-21T08:30:00+11:00
T0=$(date +%s)

say() { printf '[gate] %s\n' "$*"; }
export PYTHONDONTWRITEBYTECODE=1

if [ ! -f "$A11Y/check.py" ] || [ ! -f "$A11Y/install.sh" ]; then
  echo "[gate] shared/tools/a11y not found at $A11Y (set A11Y_DIR)" >&2
  exit 2
fi
A11Y="$(cd "$A11Y" && pwd)"
mkdir -p "$OUT"
rm -rf "$OUT/screenshots"
rm -f "$OUT"/*.log "$OUT"/*.json "$OUT"/findings.txt

# 1. tools: apt (chromium, chromium-driver, fonts, a JRE) and the venv; idempotent. apt may be
#    busy (another apt-get holding the dpkg lock), so try a few times.
say "installing browser tools ($A11Y/install.sh; log $OUT/install.log)"
ok=0
for attempt in 1 2 3 4 5; do
  if bash "$A11Y/install.sh" >"$OUT/install.log" 2>&1; then ok=1; break; fi
  say "install.sh failed (attempt $attempt); retrying in 15s"
  tail -n 3 "$OUT/install.log" | sed 's/^/[gate]   /'
  sleep 15
done
if [ "$ok" != 1 ]; then
  cat "$OUT/install.log" >&2
  echo "[gate] could not install the browser tools" >&2
  exit 2
fi
PY="${A11Y_VENV:-$A11Y/.venv}/bin/python"
grep -E '^(chromium|chromedriver|axe_core|vnu|selenium):' "$OUT/install.log" | sed 's/^/[gate]   /' || true

# 2. build (make build also installs the -dev packages the build needs)
cd "$ROOT"
say "building Trakx (log $OUT/build.log)"
T_BUILD=$(date +%s)
if command -v make >/dev/null 2>&1; then
  make --no-print-directory build SWIFT="$SWIFT" >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log" >&2; exit 2; }
else
  "$SWIFT" build >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log" >&2; exit 2; }
fi
BIN="$("$SWIFT" build --show-bin-path)/trakx"
[ -x "$BIN" ] || { echo "[gate] $BIN was not built" >&2; exit 2; }
say "built in $(( $(date +%s) - T_BUILD ))s"

# 3. three Trakx instances on free loopback ports, stopped by the trap
TMP="$(mktemp -d -t trakx-gate.XXXXXX)"
PIDS=()
cleanup() {
  local p
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

read -r P_MAIN P_EMPTY P_JOURNEY < <("$PY" - <<'EOF'
import socket
socks = [socket.socket() for _ in range(3)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])
for s in socks:
    s.close()
EOF
)
start_trakx() {  # name port
  "$BIN" serve --port "$2" --database "$TMP/$1.sqlite" --seed "$SEED" --now "$NOW" \
    >"$OUT/trakx-$1.log" 2>&1 &
  PIDS+=("$!")
}
start_trakx gate "$P_MAIN"
start_trakx empty "$P_EMPTY"
start_trakx journey "$P_JOURNEY"
say "Trakx (seed $SEED, now $NOW): main :$P_MAIN, empty :$P_EMPTY, journey :$P_JOURNEY"

# 4. the gate (waits for /healthz itself)
set +e
"$PY" "$HERE/gate.py" \
  --main "http://127.0.0.1:$P_MAIN" --empty "http://127.0.0.1:$P_EMPTY" --journey "http://127.0.0.1:$P_JOURNEY" \
  --a11y "$A11Y" --out "$OUT" "$@"
rc=$?
set -e
say "run.sh wall time $(( $(date +%s) - T0 ))s (install, build and gate)"
exit "$rc"
