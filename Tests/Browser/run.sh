#!/usr/bin/env bash
# Trakx accessibility gate (`make test-browser`). From a fresh clone on Debian 12, as root (or sudo):
#   1. installs what is missing (Tests/Browser/install.sh: Chromium, chromedriver, espeak-ng, fonts,
#      a JRE if there is no java; the pinned Python packages into .build/browser-venv),
#   2. checks the harness itself on selftest/ (pagecheck.py --selftest),
#   3. builds Trakx,
#   4. starts four Trakx on the built-in simulator, seed 7, clock 2026-11-21T08:30:00+11:00
#      (main: seeded favourites; empty: empty favourites; journey: for the keyboard journey;
#      orca: for the screen-reader journeys, which Orca hears; GATE_ORCA=off leaves them out),
#   5. runs Tests/Browser/gate.py against them, and stops them on exit.
# Nothing outside the repository is used. Options are passed to gate.py, e.g.
#   bash Tests/Browser/run.sh --update-expected
# Environment: GATE_OUT (reports, default .build/a11y-gate), GATE_VENV (default .build/browser-venv),
# GATE_BUDGETS (report: listening budgets are reported, not enforced), SWIFT (default swift).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="${GATE_OUT:-$ROOT/.build/a11y-gate}"
SWIFT="${SWIFT:-swift}"
SEED=7
NOW=2026-11-21T08:30:00+11:00
T0=$(date +%s)

say() { printf '[gate] %s\n' "$*"; }
export PYTHONDONTWRITEBYTECODE=1

mkdir -p "$OUT"
rm -rf "$OUT/screenshots" "$OUT/orca"
rm -f "$OUT"/*.log "$OUT"/*.json "$OUT"/findings.txt

# 1. tools, only what is missing (install.sh retries while apt is busy)
say "installing what is missing (Tests/Browser/install.sh; log $OUT/install.log)"
T_STEP=$(date +%s)
if ! bash "$HERE/install.sh" >"$OUT/install.log" 2>&1; then
  cat "$OUT/install.log" >&2
  echo "[gate] could not install the browser tools" >&2
  exit 2
fi
PY="${GATE_VENV:-$ROOT/.build/browser-venv}/bin/python"
grep -E '^[a-z-]+: ' "$OUT/install.log" | sed 's/^/[gate]   /' || true
say "tools ready in $(( $(date +%s) - T_STEP ))s"

# 2. the harness on pages with known problems, before it judges Trakx
say "harness self-test (pagecheck.py --selftest on selftest/good.html and selftest/broken.html)"
if ! "$PY" "$HERE/pagecheck.py" --selftest; then
  echo "[gate] the harness self-test failed: the page checks cannot be trusted" >&2
  exit 1
fi

# 3. build (make build also installs the -dev packages the build needs)
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

# 4. three Trakx instances on free loopback ports, stopped by the trap
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

read -r P_MAIN P_EMPTY P_JOURNEY P_ORCA P_FAILING < <("$PY" - <<'EOF'
import socket
socks = [socket.socket() for _ in range(5)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])
for s in socks:
    s.close()
EOF
)
start_trakx() {  # name port [serve options]
  local name="$1" port="$2"
  shift 2
  "$BIN" serve --port "$port" --database "$TMP/$name.sqlite" --seed "$SEED" --now "$NOW" "$@" \
    >"$OUT/trakx-$name.log" 2>&1 &
  PIDS+=("$!")
}
start_trakx gate "$P_MAIN"
start_trakx empty "$P_EMPTY"
start_trakx journey "$P_JOURNEY"
ORCA_ARGS=()
if [ "${GATE_ORCA:-on}" != off ]; then
  start_trakx orca "$P_ORCA"
  # PTV answering without the answer a minute after start (the gate loads its board before): the Orca journey with PTV failing.
  start_trakx failing "$P_FAILING" --demo-fault message-only --demo-fault-after 60
  ORCA_ARGS=(--orca "http://127.0.0.1:$P_ORCA" --orca-failing "http://127.0.0.1:$P_FAILING")
fi
say "Trakx (seed $SEED, now $NOW): main :$P_MAIN, empty :$P_EMPTY, journey :$P_JOURNEY, orca :$P_ORCA, failing :$P_FAILING"

# 5. the gate (waits for /healthz itself)
set +e
"$PY" "$HERE/gate.py" \
  --main "http://127.0.0.1:$P_MAIN" --empty "http://127.0.0.1:$P_EMPTY" --journey "http://127.0.0.1:$P_JOURNEY" \
  "${ORCA_ARGS[@]}" --out "$OUT" "$@"
rc=$?
set -e
say "run.sh wall time $(( $(date +%s) - T0 ))s (install, build and gate)"
exit "$rc"
