#!/usr/bin/env bash
# make bench's instruction rows: the warm stop page's user-space instructions per request against the C hello's,
# counted by callgrind (Valgrind), which a loaded or noisy machine does not change, and what each part costs.
#   I1. One keep-alive connection asking as Chromium does (Scripts/bench_browser.py: its navigation headers, gzip,
#       and the cookie the first answer sets sent back, as a browser does), BENCH_INSTRUCTION_REQUESTS (2000) requests
#       counted after 200 to warm up, on: the C hello (Scripts/mhd_hello.c), and /stops/train/1071 on Trakx at the
#       default log level (the access log on) and at --log-level warning. Every thread of the server is counted.
#       Trakx renders the page again when it expires (5 s; the page store's lifetime): under Valgrind's slowdown that
#       falls in the counted window two or three times, where in service it is once in some hundred thousand requests,
#       so the tasks' instructions (swift_job_run: the render, on Swift's threads) are shown on a row of their own and
#       left out of the warm page's figure.
#       Budget: hello ÷ warm page (the access log on) >= 0.8.
#       INFO, line by line: libmicrohttpd's pool reset (memset of the connection's memory, the same in both servers),
#       the rest of libmicrohttpd and libc, and Trakx's own parts: the visitor rules, the page store's lookup, the
#       response made ready, Accept-Encoding, the request's record, the access log's writer and the request's end.
# Usage: BIN=path/to/trakx bash Scripts/bench_instructions.sh OUT_DIR   (bench.sh runs it; BENCH_ONLY=instructions alone)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:?an output folder}/instructions"
BIN="${BIN:?the trakx binary}"
N="${BENCH_INSTRUCTION_REQUESTS:-2000}"
NOW="${BENCH_NOW:-2026-11-20T08:30:00+11:00}"
PAGE=/stops/train/1071
mkdir -p "$OUT"
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# Valgrind 3.19 cannot read the DWARF 5 that lld writes: it counts a copy without debug information (names from the
# symbol table are kept).
objcopy --strip-debug "$BIN" "$OUT/trakx"
cc -O2 -o "$OUT/mhd_hello" "$ROOT/Scripts/mhd_hello.c" $(pkg-config --cflags --libs libmicrohttpd)

wait_for() {   # wait_for FILE SED_EXPRESSION: prints the first match, waiting up to 60 s
    for _ in $(seq 600); do
        local found
        found="$(sed -n "$2" "$1" 2>/dev/null | head -n1)"
        [ -n "$found" ] && { echo "$found"; return 0; }
        sleep 0.1
    done
    echo "nothing matched $2 in $1:" >&2
    cat "$1" >&2
    return 1
}

count() {   # count NAME PID PORT PATH: zero the counters, N requests, dump
    python3 "$ROOT/Scripts/bench_browser.py" 127.0.0.1 "$3" "$4" 200 >/dev/null
    callgrind_control -z "$2" >/dev/null
    python3 "$ROOT/Scripts/bench_browser.py" 127.0.0.1 "$3" "$4" "$N" >"$OUT/$1.client"
    callgrind_control -d "$2" >/dev/null
    kill "$2"
    wait "$2" 2>/dev/null || true
}

valgrind --tool=callgrind --callgrind-out-file="$OUT/hello.cg" "$OUT/mhd_hello" 4 >"$OUT/hello.log" 2>&1 &
pid=$!
PIDS+=("$pid")
port="$(wait_for "$OUT/hello.log" 's/^listening on \([0-9]*\)$/\1/p')"
count hello "$pid" "$port" /

KEY="bench-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
"$BIN" ptv-sim --port 0 --devid 3000001 --key "$KEY" --seed 1 --now "$NOW" >"$OUT/sim.log" 2>&1 &
PIDS+=("$!")
SIM="$(wait_for "$OUT/sim.log" 's|^PTV simulator listening at \(http://127\.0\.0\.1:[0-9]*\).*$|\1|p')"
for level in info warning; do
    mkdir -p "$OUT/$level"
    PTV_KEY="$KEY" valgrind --tool=callgrind --callgrind-out-file="$OUT/$level.cg" "$OUT/trakx" serve --port 0 \
        --database "$OUT/$level/trakx.sqlite" --seed 1 --now "$NOW" --threads 4 --log-level "$level" --no-learn-network \
        --templates "$ROOT/Templates" --public "$ROOT/Public" --ptv-base-url "$SIM" --ptv-devid 3000001 \
        >"$OUT/$level.log" 2>"$OUT/$level.err" &
    pid=$!
    PIDS+=("$pid")
    port="$(wait_for "$OUT/$level.log" 's|^Trakx is running at http://127\.0\.0\.1:\([0-9]*\)/$|\1|p')"
    # Until the page is answered from the page store (its first answer renders it, and a stop's lines are learnt).
    for _ in 1 2 3 4 5; do curl -s -o /dev/null -H 'Accept-Encoding: gzip, deflate, br, zstd' "http://127.0.0.1:$port$PAGE"; sleep 0.3; done
    count "$level" "$pid" "$port" "$PAGE"
done

python3 "$ROOT/Scripts/bench_callgrind.py" "$N" "$OUT/hello.cg.1" "$OUT/info.cg.1" "$OUT/warning.cg.1"
