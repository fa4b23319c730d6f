#!/usr/bin/env bash
# SceneLink over HTTP beside its peers, on this machine, in one run.
#
# Usage: bench/http.sh [healthz|c1000|idle|resolve|resolve-params|linkpage|claims|store|floor|all] [ROUNDS]
#   healthz  ../shared/bench/compare.sh on GET /healthz, -t1 -c64 -d10s, ROUNDS interleaved rounds (default 5)
#   c1000    compare.sh on GET /healthz with 1,000 keep-alive connections (one round)
#   idle     10,000 idle keep-alive connections held: server RSS, and new requests still answered
#   resolve  compare.sh on GET /v1/resolve?url=fuelmoney://settings/account (default document),
#            then on the same link with &format=navigationPath
#   resolve-params  the same two on a route with parameters (examples/lists.json,
#            lists://first/2/second/Item3): its document's template has holes for the values,
#            where a route without parameters (every FuelMoney route) is one constant run
#   linkpage compare.sh on the FuelMoney link page GET /settings/account as an iPhone browser
#            (HTML, targets: 1.2x the Hummingbird hello JSON), then on the association file
#            GET /.well-known/apple-app-site-association (target: 1.5x). Since claims (issue 24)
#            a phone's page also stores a claim: this is then the same page as `claims`.
#   claims   the mobile link page with its claim write (an iPhone's GET /settings/account: each
#            view stores a new claim, durably, before the page is sent), durable saves (PUT, as
#            `store`) on the same server and database, and the Hummingbird peer, interleaved in
#            ROUNDS rounds (targets: at least the rate of the saves, 0.5x the peer), then the
#            claims made as /metrics counts them
#   store    measure.sh on durable saves (PUT, distinct keys) and restores (GET), beside the
#            Hummingbird peer, 64 connections; prints the commit batch sizes seen
#   floor    bench/floor.sh: the design's floor (the same Dispatch loop with no HTTP) beside
#            SceneLink's /healthz and nginx, for what the nginx ratio can reach on this machine
# Builds SceneLink in release mode first. Prints the command, date and every figure.
set -euo pipefail
# Rate limits stay on (every request pays for its bucket, as in production) but so high that a
# benchmark's few clients never meet them; set SCENELINK_RATE_LIMITS to measure others.
export SCENELINK_RATE_LIMITS=${SCENELINK_RATE_LIMITS:-sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s}
export SCENELINK_INSTANCE_LIMITS=${SCENELINK_INSTANCE_LIMITS:-claim-pages=1000000000/s}
root=$(cd "$(dirname "$0")/.." && pwd)
# Everything printed is also kept in .build/bench-logs/ (logs stay out of the repository).
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-http.txt") 2>&1
shared=${SHARED_BENCH:-$root/../shared/bench}
what=${1:-all}; rounds=${2:-5}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

echo "# bench/http.sh $what $rounds  ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(swift --version 2>&1 | head -1))"
# SCENELINK_BIN=PATH measures that binary (another build, an older commit's) instead of building this checkout.
bin=${SCENELINK_BIN:-}
if [ -z "$bin" ]; then
  (cd "$root" && swift build -c release --product scenelink >/dev/null)
  bin="$root/.build/release/scenelink"
fi
work=$(mktemp -d)
port=${BENCH_PORT:-18080}
pid=""
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=""; }
hb_pid=""
trap 'stop; [ -n "$hb_pid" ] && kill "$hb_pid" 2>/dev/null; rm -rf "$work"' EXIT

start() {
  "$bin" serve --port "$port" --db "$work/bench.sqlite" --access-log off "$@" >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && return; sleep 0.1; done
  echo "server did not start:"; cat "$work/server.log"; exit 1
}

run_healthz() { start; "$shared/compare.sh" "http://127.0.0.1:$port/healthz" "$pid" "$rounds"; stop; }
run_c1000() { start; "$shared/compare.sh" "http://127.0.0.1:$port/healthz" "$pid" 1 -t1 -c1000 -d10s; stop; }
run_idle() { start; python3 "$root/bench/idle_connections.py" 127.0.0.1 "$port" "$pid" 10000; stop; }
run_resolve() {
  start
  "$shared/compare.sh" "http://127.0.0.1:$port/v1/resolve?url=fuelmoney://settings/account" "$pid" "$rounds"
  echo "--- the same link with format=navigationPath (what an app restores from)"
  "$shared/compare.sh" "http://127.0.0.1:$port/v1/resolve?url=fuelmoney://settings/account&format=navigationPath" "$pid" "$rounds"
  stop
}
run_resolve_params() {
  start --routes "$root/examples/lists.json"
  "$shared/compare.sh" "http://127.0.0.1:$port/v1/resolve?url=lists://first/2/second/Item3" "$pid" "$rounds"
  echo "--- the same link with format=navigationPath"
  "$shared/compare.sh" "http://127.0.0.1:$port/v1/resolve?url=lists://first/2/second/Item3&format=navigationPath" "$pid" "$rounds"
  stop
}
run_linkpage() {
  start --routes "$root/examples/fuelmoney.json"
  local iphone='User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  "$shared/compare.sh" "http://127.0.0.1:$port/settings/account" "$pid" "$rounds" -t1 -c64 -d10s \
    -H "$iphone" -H 'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
  echo "--- the association file"
  "$shared/compare.sh" "http://127.0.0.1:$port/.well-known/apple-app-site-association" "$pid" "$rounds"
  stop
}
# The Hummingbird peer, built as compare.sh builds it (and in the same cache folder), started on
# 8081; sets hb_pid.
start_hummingbird() {
  local peers=${PEERS_DIR:-$(dirname "$(mktemp -u)")/scenelink-peers}
  command -v wrk >/dev/null || { apt-get update -qq >/dev/null && apt-get install -y -qq wrk nginx-light >/dev/null; }
  if [ ! -x "$peers/hb/.build/release/hb" ]; then
    mkdir -p "$peers" && rm -rf "$peers/hb" && cp -r "$shared/peers/hummingbird" "$peers/hb"
    (cd "$peers/hb" && swift build -c release >/dev/null)
  fi
  PORT=8081 "$peers/hb/.build/release/hb" >/dev/null 2>&1 & hb_pid=$!
  sleep 1
}

# A session on the running server for durable saves, with one saved value (what measure.sh's
# first check reads); sets session, token and value (the value's URL).
new_session() {
  local path
  read -r session token path < <("$root/bench/seed-session.sh" "http://127.0.0.1:$port")
  value="http://127.0.0.1:$port$path"
}

# Per round, on one server and one database: the mobile claim page, durable saves (put.lua), and
# the Hummingbird peer; then the medians and the two ratios the targets are about.
run_claims() {
  start --routes "$root/examples/fuelmoney.json" --max-keys-per-scene 100000 --max-scenes-per-session 1000 \
    --max-session-bytes 1073741824
  local iphone='User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  local accept='Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
  local session token value
  new_session
  start_hummingbird
  local log; log=$(mktemp)
  for _ in $(seq 1 "$rounds"); do
    "$shared/measure.sh" scenelink-claim "http://127.0.0.1:$port/settings/account" "$pid" -t1 -c64 -d10s \
      -H "$iphone" -H "$accept" | tee -a "$log"
    SCENELINK_SESSION=$session SCENELINK_TOKEN=$token "$shared/measure.sh" scenelink-put "$value" "$pid" -t1 -c64 -d10s \
      -s "$root/bench/put.lua" -H "Authorization: Bearer $token" | tee -a "$log"
    "$shared/measure.sh" hummingbird http://127.0.0.1:8081/json "$hb_pid" -t1 -c64 -d10s | tee -a "$log"
  done
  kill "$hb_pid" 2>/dev/null || true; hb_pid=""
  echo "--- medians (DIRTY runs dropped)"
  "$shared/summarize.py" "$log" | tee "$log.sum"
  awk '{for(i=1;i<=NF;i++) if ($i ~ /^rps=/) {split($i,a,"="); r[$1]=a[2]}}
       END { if (r["scenelink-put"]) printf "ratio claim page/durable saves req/s = %.2f (target: at least 1)\n", r["scenelink-claim"]/r["scenelink-put"];
             if (r["hummingbird"])   printf "ratio claim page/hummingbird req/s   = %.2f (target: at least 0.5)\n", r["scenelink-claim"]/r["hummingbird"] }' "$log.sum"
  echo "--- claims made and stored (from /metrics), and the commit batch sizes"
  curl -sf "http://127.0.0.1:$port/metrics" | grep -E '^scenelink_claims_(made|unstored)_total|^scenelink_store_commit_batch' || true
  stop
}
run_store() {
  start --max-keys-per-scene 100000 --max-scenes-per-session 1000 --max-session-bytes 1073741824
  local session token value
  new_session
  start_hummingbird
  local log; log=$(mktemp)
  for _ in $(seq 1 "$rounds"); do
    SCENELINK_SESSION=$session SCENELINK_TOKEN=$token \
      "$shared/measure.sh" scenelink-put "$value" "$pid" -t1 -c64 -d10s -s "$root/bench/put.lua" -H "Authorization: Bearer $token" | tee -a "$log"
    "$shared/measure.sh" scenelink-get "$value" "$pid" -t1 -c64 -d10s -H "Authorization: Bearer $token" | tee -a "$log"
    "$shared/measure.sh" hummingbird http://127.0.0.1:8081/json "$hb_pid" -t1 -c64 -d10s | tee -a "$log"
  done
  kill "$hb_pid" 2>/dev/null || true; hb_pid=""
  echo "--- medians (DIRTY runs dropped)"
  "$shared/summarize.py" "$log"
  echo "--- commit batch sizes (from /metrics)"
  curl -sf "http://127.0.0.1:$port/metrics" | grep -E '^scenelink_store_commit_batch' || true
  stop
}

case "$what" in
  healthz) run_healthz ;;
  c1000) run_c1000 ;;
  idle) run_idle ;;
  resolve) run_resolve ;;
  resolve-params) run_resolve_params ;;
  linkpage) run_linkpage ;;
  claims) run_claims ;;
  store) run_store ;;
  floor) "$root/bench/floor.sh" "$rounds" ;;
  all) run_healthz; run_c1000; run_idle; run_resolve; run_resolve_params; run_linkpage; run_claims; run_store; "$root/bench/floor.sh" "$rounds" ;;
  *) echo "usage: bench/http.sh [healthz|c1000|idle|resolve|resolve-params|linkpage|claims|store|floor|all] [ROUNDS]" >&2; exit 2 ;;
esac
