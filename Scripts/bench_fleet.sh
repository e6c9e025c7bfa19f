#!/usr/bin/env bash
# make bench's fleet rows (README, Running a fleet), on the release binary and Scripts/fleet.sh, all on loopback:
#   F1. Warm stop page (/stops/train/1071) through HAProxy: one instance behind it, then two; wrk -t2 -c32, BENCH_FLEET_ROUNDS
#       rounds (3) of BENCH_DURATION (4s) each, alternating. INFO: req/s of each, and two ÷ one (on two cores the proxy,
#       wrk and the instances share the same CPUs, so the figure says what the proxy costs more than what a second
#       machine would bring).
#   F2. PTV calls a minute for a fleet of three under a fixed load: wrk -t1 -c8 for BENCH_FLEET_LOAD_SECONDS (60) through
#       the proxy over eight stop pages (Scripts/bench_mix.lua), then every instance's /metrics summed.
#       Budget: departures calls <= 8 stops x (1 + seconds / 30), one per stop per freshness window for the whole
#       fleet, however the proxy spread the requests; and each instance's VmRSS <= 50 MiB.
# Usage: BIN=path/to/trakx bash Scripts/bench_fleet.sh OUT_DIR   (bench.sh runs it; BENCH_ONLY=fleet runs it alone)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:?an output folder}"
BIN="${BIN:?the trakx binary}"
DURATION="${BENCH_DURATION:-4s}"
ROUNDS="${BENCH_FLEET_ROUNDS:-3}"
LOAD_SECONDS="${BENCH_FLEET_LOAD_SECONDS:-60}"
NOW="${BENCH_NOW:-2026-11-20T08:30:00+11:00}"
STOPS="/stops/train/1071 /stops/train/1181 /stops/train/1104 /stops/train/1162 /stops/train/1155 /stops/train/1120 /stops/train/1068 /stops/train/1144"
fail=0

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

fleet_up() {   # fleet_up DIR N PORT
    FLEET_INSTANCES="$2" FLEET_PORT="$3" TRAKX_BIN="$BIN" FLEET_SIM_ARGS="--seed 1 --now $NOW" \
        FLEET_SERVE_ARGS="--now $NOW --log-level warning" bash "$ROOT/Scripts/fleet.sh" up "$1" >/dev/null
}

rps() {   # rps PORT PATH: wrk's requests a second for PATH through the proxy
    wrk -t2 -c32 -d"$DURATION" -H "Host: 127.0.0.1:$1" -H "Accept-Encoding: gzip, deflate, br, zstd" "http://127.0.0.1:$1$2" \
        | awk '/Requests\/sec/ { print $2 }'
}

echo "| fleet | figure |"
echo "| --- | --- |"
one=() two=()
for round in $(seq 1 "$ROUNDS"); do
    for n in 1 2; do
        dir="$OUT/fleet-$n-$round"
        port=$(free_port)
        fleet_up "$dir" "$n" "$port"
        for _ in 1 2 3; do curl -s -o /dev/null -H "Host: 127.0.0.1:$port" "http://127.0.0.1:$port/stops/train/1071"; done
        figure=$(rps "$port" /stops/train/1071)
        if [ "$n" = 1 ]; then one+=("$figure"); else two+=("$figure"); fi
        bash "$ROOT/Scripts/fleet.sh" down "$dir"
    done
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
m1=$(median "${one[@]}"); m2=$(median "${two[@]}")
echo "| F1. warm stop page through HAProxy, one instance (req/s, rounds ${one[*]}) | $m1 |"
echo "| F1. the same, two instances (req/s, rounds ${two[*]}) | $m2 |"
echo "| F1. two ÷ one (INFO) | $(python3 -c "print(round($m2 / $m1, 3))") |"

dir="$OUT/fleet-3"
port=$(free_port)
fleet_up "$dir" 3 "$port"
BENCH_MIX_STOPS="$STOPS" BENCH_MIX_LIMIT=100000000 BENCH_MIX_STOP_EVERY=1 BENCH_MIX_DONE="$OUT/fleet-mix-done" \
    wrk -t1 -c8 -d"${LOAD_SECONDS}s" -H "Host: 127.0.0.1:$port" -s "$ROOT/Scripts/bench_mix.lua" "http://127.0.0.1:$port/" >"$OUT/fleet-load.txt" 2>&1 || true
. "$dir/fleet.env"
calls=0 rss_max=0 requests=$(awk '/requests in/ { print $1 }' "$OUT/fleet-load.txt")
for n in 1 2 3; do
    var="FLEET_INSTANCE_${n}_PORT"
    metrics=$(curl -s -H "Host: 127.0.0.1:${!var}" "http://127.0.0.1:${!var}/metrics")
    c=$(printf '%s\n' "$metrics" | awk -F' ' '/^trakx_ptv_upstream_requests_total\{endpoint="departures",outcome="ok"\}/ { s += $2 } END { print s + 0 }')
    calls=$((calls + c))
    rss=$(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$(cat "$dir/trakx-$n.pid")/status")
    [ "$rss" -gt "$rss_max" ] && rss_max=$rss
done
bash "$ROOT/Scripts/fleet.sh" down "$dir"
budget=$(python3 -c "print(int(8 * (1 + $LOAD_SECONDS / 30)))")
verdict() { if [ "$1" -le "$2" ]; then echo pass; else echo FAIL; fail=1; fi; }
echo "| F2. PTV departures calls by a fleet of three in ${LOAD_SECONDS} s, ${requests:-?} requests over 8 stops (budget <= $budget) | $calls, $(verdict "$calls" "$budget") |"
echo "| F2. the fleet's PTV departures calls a minute | $(python3 -c "print(round($calls * 60 / $LOAD_SECONDS, 1))") |"
echo "| F2. largest instance VmRSS after the load (budget <= 50 MiB) | $rss_max MiB, $(verdict "$rss_max" 50) |"
exit "$fail"
