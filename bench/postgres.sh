#!/usr/bin/env bash
# SceneLink on PostgreSQL beside the fair peer: the same restore and the same save, on the same
# database, in one run.
#
# Usage: bench/postgres.sh [ROUNDS]          (one round by default; 64 connections, 10 s each)
#   BENCH_PORT     SceneLink's port (default 18387)    BENCH_PEER_PORT  the peer's (18382)
#   BENCH_PG_PORT  the throwaway PostgreSQL's (54387)  SCENELINK_BIN    a built binary to measure
#   PEER_CONNECTIONS  the peer's pool size (default 8)
#
# 1. A throwaway PostgreSQL (scripts/postgres.sh: fsync and synchronous_commit on).
# 2. pgbench, 64 clients, prepared statements: the single-row upsert of a value, autocommit (the
#    database's own floor for one durable write per transaction).
# 3. SceneLink `--store postgres://…`, one instance, and the peer (bench/peers/hb-postgres:
#    Hummingbird 2 + PostgresNIO, built here) on the same database: it runs the same restore
#    SELECT and the same save function (scenelink_put_value), one transaction per save, and
#    authenticates the same way (SHA-256 of the Bearer token, sessions kept in memory).
#    Interleaved in each round: PUT of distinct keys spread over 64 sessions (bench/put.lua),
#    then GET of one value, 64 connections (wrk through ../shared/bench/measure.sh).
# Prints the command, date, every figure, the ratios the issue asks for, and the CPU per request
# of each server (srv_us/req) and of PostgreSQL itself (pg_us/req: the postmaster and all its
# processes, including backends that exited). A copy goes to .build/bench-logs/.
set -euo pipefail
# Rate limits stay on (every request pays for its bucket, as in production) but so high that a
# benchmark's few clients never meet them; set SCENELINK_RATE_LIMITS to measure others.
export SCENELINK_RATE_LIMITS=${SCENELINK_RATE_LIMITS:-sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s}
export SCENELINK_INSTANCE_LIMITS=${SCENELINK_INSTANCE_LIMITS:-claim-pages=1000000000/s}
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED_BENCH:-$root/../shared/bench}
rounds=${1:-1}
port=${BENCH_PORT:-18387}; peer_port=${BENCH_PEER_PORT:-18382}; pg_port=${BENCH_PG_PORT:-54387}
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/postgres-$(date -u +%Y%m%dT%H%M).txt") 2>&1
echo "# bench/postgres.sh $rounds  ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(swift --version 2>&1 | head -1))"
bin=${SCENELINK_BIN:-}
if [ -z "$bin" ]; then
  (cd "$root" && swift build -c release --product scenelink >/dev/null)
  bin="$root/.build/release/scenelink"
fi
work=$(mktemp -d)
pid=""; peer_pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [ -n "$peer_pid" ] && kill "$peer_pid" 2>/dev/null
  "$root/scripts/postgres.sh" stop "$pg_port" || true
  rm -rf "$work"
}
trap cleanup EXIT
store=$("$root/scripts/postgres.sh" start "$pg_port")
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
tick=$(getconf CLK_TCK)
costs=$work/pg-costs.txt
# CPU ticks of the throwaway PostgreSQL: the postmaster (with its reaped children) and its live children.
pg_ticks() {
  local master; master=$(head -1 "/tmp/scenelink-pg-$pg_port/data/postmaster.pid")
  { awk '{print $14 + $15 + $16 + $17}' "/proc/$master/stat"
    for child in $(pgrep -P "$master"); do awk '{print $14 + $15}' "/proc/$child/stat" 2>/dev/null || true; done
  } | awk '{s += $1} END {print s}'
}
# pg_cost NAME TICKS_BEFORE TICKS_AFTER RATE_PER_SECOND (over 10 s): PostgreSQL's CPU per request.
pg_cost() {
  awk -v n="$1" -v t=$(($3 - $2)) -v r="$4" -v k="$tick" 'BEGIN {printf "%s pg_us/req=%.1f\n", n, t / k * 1e6 / (r * 10)}' | tee -a "$costs"
}

echo "--- pgbench: single-row upsert, 64 clients, prepared, 10 s"
psql -q "$store" <<'SQL'
CREATE TABLE bench_values (session_id text, scene text, value_key text, content_type text NOT NULL,
                           revision bigint NOT NULL, bytes bytea NOT NULL, PRIMARY KEY (session_id, scene, value_key));
SQL
cat >"$work/upsert.sql" <<'SQL'
\set k random(1, 2000000000)
INSERT INTO bench_values (session_id, scene, value_key, content_type, revision, bytes)
VALUES ('bench', 'main', 'k' || :k, 'application/json', :k, '\x5b224675656c4d6f6e65792e486f6d6550617468222c2232225d')
ON CONFLICT (session_id, scene, value_key)
DO UPDATE SET content_type = excluded.content_type, revision = excluded.revision, bytes = excluded.bytes;
SQL
pgbench_log=$work/pgbench.txt
for _ in $(seq 1 "$rounds"); do
  before=$(pg_ticks)
  "$pgbin/pgbench" -n -M prepared -c 64 -j 2 -T 10 -f "$work/upsert.sql" "$store" >"$work/pgbench-round.txt" 2>&1
  after=$(pg_ticks)
  tee -a "$pgbench_log" <"$work/pgbench-round.txt" | grep -E "^tps|latency average"
  pg_cost pgbench "$before" "$after" "$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$work/pgbench-round.txt")"
done

echo "--- SceneLink --store (one instance), 64 connections, 10 s"
"$bin" serve --port "$port" --store "$store" --access-log off \
  --max-keys-per-scene 100000 --max-scenes-per-session 1000 >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/readyz" && break; sleep 0.1; done
read -r session token path < <("$root/bench/seed-session.sh" "http://127.0.0.1:$port")
value="http://127.0.0.1:$port$path"
sessions=$work/sessions.txt
for _ in $(seq 1 64); do
  curl -sf -X POST "http://127.0.0.1:$port/v1/sessions" | python3 -c 'import json,sys; d = json.load(sys.stdin); print(d["id"], d["token"])'
done >"$sessions"
# Built in a copy outside the work tree (its .build holds copies of the packages).
peer_dir=${PEERS_DIR:-$(dirname "$(mktemp -u)")/scenelink-peers}/hbpg
mkdir -p "$peer_dir" && cp -rp "$root/bench/peers/hb-postgres/." "$peer_dir/"
(cd "$peer_dir" && swift build -c release >/dev/null)
PORT=$peer_port PGHOST=127.0.0.1 PGPORT=$pg_port PGUSER=scenelink PGDATABASE=scenelink \
  PG_CONNECTIONS=${PEER_CONNECTIONS:-8} "$peer_dir/.build/release/hbpg" >"$work/peer.log" 2>&1 &
peer_pid=$!
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$peer_port/" && break; sleep 0.1; done
peer_value="http://127.0.0.1:$peer_port/v1/sessions/$session/scenes/main/values/path"
log=$work/measure.txt
# measured NAME ARGS...: measure.sh NAME ARGS..., then PostgreSQL's CPU per request in that run.
measured() {
  local before after line
  before=$(pg_ticks)
  line=$("$shared/measure.sh" "$@")
  after=$(pg_ticks)
  echo "$line" | tee -a "$log"
  pg_cost "$1" "$before" "$after" "$(awk '{sub("rps=", "", $2); print $2}' <<<"$line")"
}
for _ in $(seq 1 "$rounds"); do
  SCENELINK_SESSIONS=$sessions \
    measured scenelink-put "$value" "$pid" -t1 -c64 -d10s -s "$root/bench/put.lua" -H "Authorization: Bearer $token"
  SCENELINK_SESSIONS=$sessions \
    measured peer-put "$peer_value" "$peer_pid" -t1 -c64 -d10s -s "$root/bench/put.lua" -H "Authorization: Bearer $token"
  measured scenelink-get "$value" "$pid" -t1 -c64 -d10s -H "Authorization: Bearer $token"
  measured peer-get "$peer_value" "$peer_pid" -t1 -c64 -d10s -H "Authorization: Bearer $token"
done
echo "--- commit batch sizes (from /metrics)"
curl -sf "http://127.0.0.1:$port/metrics" | grep -E '^scenelink_store_commit_batch_size_(sum|count)' || true
python3 - "$pgbench_log" "$log" "$costs" <<'PY'
import re, statistics, sys
tps = [float(m) for m in re.findall(r"^tps = ([0-9.]+)", open(sys.argv[1]).read(), re.M)]
rps, srv, pg = {}, {}, {}
for line in open(sys.argv[2]):
    fields = line.split()
    if len(fields) > 1 and fields[1].startswith("rps="):
        rps.setdefault(fields[0], []).append(float(fields[1][4:]))
        for f in fields:
            if f.startswith("srv_us/req="):
                srv.setdefault(fields[0], []).append(float(f.split("=")[1]))
for line in open(sys.argv[3]):
    name, value = line.split()
    pg.setdefault(name, []).append(float(value.split("=")[1]))
med = lambda xs: statistics.median(xs) if xs else float("nan")
print("--- medians (target: restores >= 1.2x the peer, saves >= 2x the peer)")
for kind, label in (("put", "saves over 64 sessions"), ("get", "restores")):
    s, p = f"scenelink-{kind}", f"peer-{kind}"
    print(f"{label}: SceneLink {med(rps.get(s, [])):.0f}/s (server {med(srv.get(s, [])):.1f} us, PostgreSQL "
          f"{med(pg.get(s, [])):.1f} us per request) vs peer {med(rps.get(p, [])):.0f}/s (server "
          f"{med(srv.get(p, [])):.1f} us, PostgreSQL {med(pg.get(p, [])):.1f} us) = "
          f"{med(rps.get(s, [])) / med(rps.get(p, [])):.2f}x")
print(f"pgbench (one upsert per transaction): {med(tps):.0f} tps, PostgreSQL {med(pg.get('pgbench', [])):.1f} us per transaction")
PY
