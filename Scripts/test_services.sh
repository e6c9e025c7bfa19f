#!/usr/bin/env bash
# The servers the tests need besides Trakx's own: PostgreSQL 15 and Redis 7 from Debian's packages, each on a free
# loopback port, in a temporary folder of its own, with nothing kept past the machine's life (no fsync, no snapshots).
# PostgreSQL commits synchronously all the same: a commit has reached the kernel before it is acknowledged, so a test
# that kills the server (FleetTests) loses no acknowledged change, as none is lost by a real server (with fsync).
#
#   Scripts/test_services.sh start DIR   starts both in DIR and writes DIR/env (TRAKX_TEST_POSTGRES_URL, TRAKX_TEST_REDIS_URL)
#   Scripts/test_services.sh stop DIR    stops both and removes DIR
#
# PostgreSQL's initdb refuses root, so its cluster belongs to the `postgres` user (made by Debian's package).
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a folder}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
start)
    mkdir -p "$dir"
    chmod 755 "$dir"
    pg_port=$(free_port)
    redis_port=$(free_port)
    mkdir -p "$dir/pg"
    [ "$(id -u)" = 0 ] && chown postgres "$dir/pg"
    as_postgres "$PG_BIN/initdb" -D "$dir/pg/data" -A trust -U trakx --no-sync -E UTF8 >"$dir/pg-initdb.log" 2>&1 \
        || { cat "$dir/pg-initdb.log" >&2; exit 1; }
    # Each server's start is written down as a script of its own, so a test that kills one can start it again as it was.
    cat >"$dir/start-postgres.sh" <<START
#!/usr/bin/env bash
$( [ "$(id -u)" = 0 ] && echo "runuser -u postgres -- " )"$PG_BIN/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w -t 30 \\
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $dir/pg -c fsync=off -c full_page_writes=off -c max_connections=300" \\
    start >/dev/null
START
    cat >"$dir/start-redis.sh" <<START
#!/usr/bin/env bash
redis-server --bind 127.0.0.1 --port $redis_port --save '' --appendonly no --daemonize yes \\
    --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --dir "$dir"
for _ in \$(seq 1 50); do redis-cli -h 127.0.0.1 -p $redis_port ping >/dev/null 2>&1 && break; sleep 0.1; done
START
    bash "$dir/start-postgres.sh"
    as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U trakx trakx
    bash "$dir/start-redis.sh"
    {
        echo "export TRAKX_TEST_POSTGRES_URL=postgres://trakx@127.0.0.1:$pg_port/trakx"
        echo "export TRAKX_TEST_REDIS_URL=redis://127.0.0.1:$redis_port"
    } >"$dir/env"
    echo "PostgreSQL on 127.0.0.1:$pg_port, Redis on 127.0.0.1:$redis_port (stop: $0 stop $dir)"
    ;;
stop)
    [ -d "$dir" ] || exit 0
    if [ -f "$dir/redis.pid" ]; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
    if [ -d "$dir/pg/data" ]; then as_postgres "$PG_BIN/pg_ctl" -D "$dir/pg/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
