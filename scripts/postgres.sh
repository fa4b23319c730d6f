#!/usr/bin/env bash
# A throwaway PostgreSQL for tests, proofs and benchmarks (Debian's `postgresql` package).
#
# Usage: scripts/postgres.sh start [PORT]   # prints the store URL on stdout
#        scripts/postgres.sh stop  [PORT]   # stops it and deletes its folder
#        scripts/postgres.sh crash [PORT]   # pg_ctl stop -m immediate (no shutdown checkpoint)
#        scripts/postgres.sh restart [PORT] # starts it again after a crash
#
# The cluster lives in /tmp/scenelink-pg-PORT, listens on 127.0.0.1:PORT only, trusts local
# connections (user scenelink, database scenelink) and keeps fsync and synchronous_commit on,
# so a crash test means something. With SCENELINK_PG_PASSWORD set at start, TCP connections
# need that password (scram-sha-256; the Unix socket in the folder stays trusted) and the
# printed URL still leaves it out. PostgreSQL refuses to run as root: under root (CI) every
# server command runs as the unprivileged `postgres` user the package creates.
set -euo pipefail
command=${1:-start}
port=${2:-${SCENELINK_PG_PORT:-54329}}
dir=/tmp/scenelink-pg-$port
bindir=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bindir" ]; then
  echo "postgres.sh: PostgreSQL is not installed; apt-get install postgresql" >&2
  exit 1
fi
as_server_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
pg_ctl_start() {
  as_server_user "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=on -c synchronous_commit=on -c shared_buffers=128MB" \
    start >/dev/null
}

case $command in
  start)
    if [ -f "$dir/data/postmaster.pid" ]; then
      echo "postgres.sh: a server already runs in $dir; stop it first" >&2
      exit 1
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    auth=(-A trust)
    if [ -n "${SCENELINK_PG_PASSWORD:-}" ]; then
      (umask 077 && printf '%s\n' "$SCENELINK_PG_PASSWORD" >"$dir/password")
      [ "$(id -u)" = 0 ] && chown postgres: "$dir/password"
      auth=(--auth-local=trust --auth-host=scram-sha-256 --pwfile="$dir/password")
    fi
    as_server_user "$bindir/initdb" -D "$dir/data" -U scenelink "${auth[@]}" -E UTF8 --no-instructions >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    rm -f "$dir/password"
    pg_ctl_start
    as_server_user "$bindir/createdb" -h "$dir" -p "$port" -U scenelink scenelink
    echo "postgres://scenelink@127.0.0.1:$port/scenelink"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_server_user "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  crash)
    as_server_user "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    ;;
  restart)
    pg_ctl_start
    ;;
  *)
    echo "usage: scripts/postgres.sh start|stop|crash|restart [PORT]" >&2
    exit 2
    ;;
esac
