#!/usr/bin/env bash
# A Trakx fleet on loopback: PostgreSQL and Redis (Scripts/test_services.sh, in a temporary folder), one PTV simulator
# (`trakx ptv-sim`, shared by every instance, so the fleet asks one PTV), N Trakx instances sharing both, and HAProxy in
# front of them, health-checking /healthz and retrying elsewhere what a stopping instance refuses.
#
#   Scripts/fleet.sh up DIR            starts it all in DIR (left running), writes DIR/fleet.env, prints the URL
#   Scripts/fleet.sh down DIR          stops it all and removes DIR
#   Scripts/fleet.sh stop DIR N        SIGTERM to instance N (it drains and exits 0); kill DIR N sends SIGKILL
#   Scripts/fleet.sh start DIR N       starts instance N again, as it was
#   Scripts/fleet.sh restart DIR N     stop, then start
#   Scripts/fleet.sh run               up in a temporary folder, then down on Ctrl-C (`make fleet`)
#
# Settings (environment): TRAKX_BIN (the trakx binary), FLEET_PORT (the proxy's, default 8080), FLEET_INSTANCES (3),
# FLEET_SIM_ARGS (more arguments for the simulator, e.g. "--seed 7"), FLEET_SERVE_ARGS (more for each instance).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
command=${1:?up, down, stop, kill, start, restart or run}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Waits up to $3 seconds for file $1 to hold text $2, giving up at once when process $4 (if given) has ended.
wait_for_line() {
    local file=$1 text=$2 seconds=${3:-60} pid=${4:-}
    for _ in $(seq 1 $((seconds * 10))); do
        grep -q "$text" "$file" 2>/dev/null && return 0
        if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
            echo "fleet: the process writing $file ended before '$text':" >&2
            tail -20 "$file" >&2 || true
            return 1
        fi
        sleep 0.1
    done
    echo "fleet: '$text' not seen in $file within ${seconds} s:" >&2
    tail -20 "$file" >&2 || true
    return 1
}

start_instance() {
    local dir=$1 n=$2
    # shellcheck disable=SC1091
    . "$dir/fleet.env"
    local port_var="FLEET_INSTANCE_${n}_PORT"
    local port=${!port_var}
    : >"$dir/trakx-$n.log"
    # The key reaches the instance through its environment, never its arguments (process lists show those).
    (cd "$root" && PTV_DEVID=$FLEET_PTV_DEVID PTV_KEY=$FLEET_PTV_KEY exec "$TRAKX_BIN" serve --host 127.0.0.1 --port "$port" \
        --shared --trusted-proxy 127.0.0.1 --allowed-host "127.0.0.1:$FLEET_PORT" --allowed-host "localhost:$FLEET_PORT" \
        --database "$FLEET_DATABASE_URL" --shared-cache "$FLEET_REDIS_URL" \
        --ptv-base-url "$FLEET_PTV_BASE_URL" --demo-upstream $FLEET_SERVE_ARGS) >>"$dir/trakx-$n.log" 2>&1 &
    local pid=$!
    echo "$pid" >"$dir/trakx-$n.pid"
    wait_for_line "$dir/trakx-$n.log" "Trakx is running at" 120 "$pid"
}

stop_instance() {
    local dir=$1 n=$2 signal=${3:-TERM}
    local pid
    pid=$(cat "$dir/trakx-$n.pid" 2>/dev/null) || return 0
    kill -"$signal" "$pid" 2>/dev/null || return 0
    for _ in $(seq 1 150); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

# Runs `$1 DIR N` for every instance N of $3 at once, and waits for those runs only (not for the processes they start).
all_instances() {
    local action=$1 dir=$2 count=$3 running=()
    for n in $(seq 1 "$count"); do
        "$action" "$dir" "$n" &
        running+=($!)
    done
    for pid in "${running[@]}"; do wait "$pid"; done
}

write_proxy_config() {
    local dir=$1
    . "$dir/fleet.env"
    {
        cat <<CFG
global
    maxconn 4096
    pidfile $dir/haproxy.pid
    stats socket $dir/haproxy.sock mode 600 level admin

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 30s
    timeout http-request 10s
    # A request an instance could not take (it is stopping, or gone) is tried on another, at most 3 times.
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response 503

frontend trakx
    bind 127.0.0.1:$FLEET_PORT
    option forwardfor
    default_backend instances

backend instances
    balance roundrobin
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1:$FLEET_PORT
    http-check expect status 200
    default-server inter 1s fastinter 250ms fall 2 rise 1
CFG
        for n in $(seq 1 "$FLEET_INSTANCES"); do
            local port_var="FLEET_INSTANCE_${n}_PORT"
            echo "    server trakx$n 127.0.0.1:${!port_var} check"
        done
    } >"$dir/haproxy.cfg"
}

up() {
    local dir=$1
    mkdir -p "$dir"
    [ -n "${TRAKX_BIN:-}" ] || TRAKX_BIN="$(cd "$root" && swift build --show-bin-path)/trakx"
    local port=${FLEET_PORT:-8080} instances=${FLEET_INSTANCES:-3}
    bash "$here/test_services.sh" start "$dir/services" >/dev/null
    . "$dir/services/env"
    local sim_port devid key
    sim_port=$(free_port)
    devid=fleet
    key=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
    {
        echo "TRAKX_BIN='$TRAKX_BIN'"
        echo "FLEET_PORT=$port"
        echo "FLEET_INSTANCES=$instances"
        echo "FLEET_DATABASE_URL='$TRAKX_TEST_POSTGRES_URL'"
        echo "FLEET_REDIS_URL='$TRAKX_TEST_REDIS_URL'"
        echo "FLEET_PTV_BASE_URL='http://127.0.0.1:$sim_port'"
        echo "FLEET_PTV_DEVID='$devid'"
        echo "FLEET_PTV_KEY='$key'"
        echo "FLEET_SERVE_ARGS='${FLEET_SERVE_ARGS:-}'"
        for n in $(seq 1 "$instances"); do echo "FLEET_INSTANCE_${n}_PORT=$(free_port)"; done
    } >"$dir/fleet.env"
    (cd "$root" && exec "$TRAKX_BIN" ptv-sim --port "$sim_port" --devid "$devid" --key "$key" ${FLEET_SIM_ARGS:-}) >"$dir/ptv-sim.log" 2>&1 &
    echo $! >"$dir/ptv-sim.pid"
    wait_for_line "$dir/ptv-sim.log" "PTV simulator listening" 60 "$(cat "$dir/ptv-sim.pid")"
    # The first instance migrates the database; the others start beside it (they would wait on its advisory lock).
    all_instances start_instance "$dir" "$instances"
    write_proxy_config "$dir"
    haproxy -f "$dir/haproxy.cfg" -D
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break
        sleep 0.1
    done
    echo "Trakx fleet of $instances is running at http://127.0.0.1:$port/ (PostgreSQL, Redis and logs in $dir)"
}

down() {
    local dir=$1
    [ -d "$dir" ] || return 0
    if [ -f "$dir/haproxy.pid" ]; then kill -USR1 "$(cat "$dir/haproxy.pid")" 2>/dev/null || true; fi
    if [ -f "$dir/fleet.env" ]; then
        . "$dir/fleet.env"
        all_instances stop_instance "$dir" "$FLEET_INSTANCES"
    fi
    if [ -f "$dir/ptv-sim.pid" ]; then kill -TERM "$(cat "$dir/ptv-sim.pid")" 2>/dev/null || true; fi
    bash "$here/test_services.sh" stop "$dir/services"
    if [ -f "$dir/haproxy.pid" ]; then kill -TERM "$(cat "$dir/haproxy.pid")" 2>/dev/null || true; fi
    rm -rf "$dir"
}

case "$command" in
up) up "${2:?a folder}" ;;
down) down "${2:?a folder}" ;;
stop) stop_instance "${2:?a folder}" "${3:?an instance number}" TERM ;;
kill) stop_instance "${2:?a folder}" "${3:?an instance number}" KILL ;;
start) start_instance "${2:?a folder}" "${3:?an instance number}" ;;
restart)
    stop_instance "${2:?a folder}" "${3:?an instance number}" TERM
    start_instance "$2" "$3"
    ;;
run)
    dir=$(mktemp -d /tmp/trakx-fleet.XXXXXX)
    # PostgreSQL runs as the postgres user, which must reach its folder inside this one (mktemp makes it 700).
    chmod 755 "$dir"
    trap 'down "$dir"' EXIT
    trap 'kill "$waiting" 2>/dev/null; exit 0' INT TERM
    up "$dir"
    echo "Stop with Ctrl-C."
    # Waited for with `wait`, which a signal ends at once (a plain `sleep` would hold SIGTERM until it ended).
    sleep infinity &
    waiting=$!
    wait "$waiting"
    ;;
*)
    echo "usage: see the comment at the top of $0" >&2
    exit 2
    ;;
esac
