#!/usr/bin/env bash
# A short-link click with one subscribed webhook endpoint beside the same click with none, in one
# run, with the Hummingbird hello peer for scale.
#
# Usage: bench/webhooks.sh [ROUNDS]     (default 3; wrk -t1 -c64 -d5s per measurement; 0: only the delivery rate)
#
# One server (release build, SQLite file, --webhook-allow-private). Each round measures, in turn:
#   click-none   GET /s/bench (JSON) with no webhook endpoint registered: the click is one read,
#                its count queued on the writer (no outbox statement: nobody subscribes)
#   click-hook   the same click with one endpoint subscribed to short_link.clicked: the count's
#                write also inserts the event into the outbox (same transaction); the worker
#                delivers to a receiver on this machine (nginx answering 204, 1 worker) meanwhile
#   hummingbird  the Hummingbird hello peer, GET /json
# After each click-hook the endpoint is deleted (its backlog with it), so the worker's catching up
# does not run into the next measurement. Then, apart: the delivery rate, from a backlog made by
# a 2-second burst of clicks, drained with the machine otherwise idle.
# Prints the command, date and every figure; a copy goes to .build/bench-logs/.
set -euo pipefail
# Rate limits stay on (every request pays for its bucket, as in production) but so high that a
# benchmark's few clients never meet them (without this every click past 600 a minute was a 429).
export SCENELINK_RATE_LIMITS=${SCENELINK_RATE_LIMITS:-sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s}
export SCENELINK_INSTANCE_LIMITS=${SCENELINK_INSTANCE_LIMITS:-claim-pages=1000000000/s}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-webhooks.txt") 2>&1
shared=${SHARED_BENCH:-$root/../shared/bench}
rounds=${1:-3}
echo "# bench/webhooks.sh $rounds  ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(git -C "$root" rev-parse --short HEAD))"
bin=${SCENELINK_BIN:-}
if [ -z "$bin" ]; then
  (cd "$root" && swift build -c release --product scenelink >/dev/null)
  bin="$root/.build/release/scenelink"
fi
command -v wrk >/dev/null && command -v nginx >/dev/null || { apt-get update -qq >/dev/null && apt-get install -y -qq wrk nginx-light >/dev/null; }
work=$(mktemp -d)
port=${BENCH_PORT:-18280}; hook_port=$((port + 1)); hb_port=$((port + 2))
token=$(head -c 32 /dev/urandom | base64 | tr "+/" "-_" | tr -d "=\n")   # as scenelink token makes one
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$work/nginx/nginx.pid" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# The receiver: nginx answering every POST with 204.
mkdir -p "$work/nginx/logs"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid nginx.pid;
error_log logs/error.log warn;
events { worker_connections 4096; }
http { access_log off; server { listen 127.0.0.1:$hook_port; location / { return 204; } } }
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"

# The Hummingbird peer (built once under $PEERS_DIR, as compare.sh does).
peers=${PEERS_DIR:-$(dirname "$(mktemp -u)")/scenelink-peers}
if [ ! -x "$peers/hb/.build/release/hb" ]; then
  mkdir -p "$peers" && rm -rf "$peers/hb" && cp -r "$shared/peers/hummingbird" "$peers/hb"
  (cd "$peers/hb" && swift build -c release >/dev/null)
fi
PORT=$hb_port "$peers/hb/.build/release/hb" >/dev/null 2>&1 & hb_pid=$!; pids+=("$hb_pid")

"$bin" serve --port "$port" --db "$work/bench.sqlite" --access-log off --admin-token "$token" \
  --webhook-allow-private on >"$work/server.log" 2>&1 &
pid=$!; pids+=("$pid")
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
admin=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
curl -sf -o /dev/null "${admin[@]}" -X POST "http://127.0.0.1:$port/v1/short-links" \
  --data '{"link":"fuelmoney://settings/account","alias":"bench"}'
click="http://127.0.0.1:$port/s/bench"
metric() { curl -sf "http://127.0.0.1:$port/metrics" | awk -v m="$1" '$1==m {print $2}'; }

log=$(mktemp)
endpoint=""
for round in $(seq 1 "$rounds"); do
  [ -n "$endpoint" ] && curl -sf -o /dev/null "${admin[@]}" -X DELETE "http://127.0.0.1:$port/v1/webhooks/$endpoint"
  "$shared/measure.sh" click-none "$click" "$pid" -t1 -c64 -d5s -H 'Accept: application/json' | tee -a "$log"
  endpoint=$(curl -sf "${admin[@]}" -X POST "http://127.0.0.1:$port/v1/webhooks" \
    --data "{\"url\":\"http://127.0.0.1:$hook_port/hook\",\"events\":[\"short_link.clicked\"]}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  before=$(metric 'scenelink_webhook_deliveries_total{outcome="delivered"}')
  "$shared/measure.sh" click-hook "$click" "$pid" -t1 -c64 -d5s -H 'Accept: application/json' | tee -a "$log"
  after=$(metric 'scenelink_webhook_deliveries_total{outcome="delivered"}')
  echo "round $round: delivered during click-hook: $((after - before)); backlog after: $(metric scenelink_webhook_queue_depth)"
  curl -sf -o /dev/null "${admin[@]}" -X DELETE "http://127.0.0.1:$port/v1/webhooks/$endpoint"; endpoint=""
  "$shared/measure.sh" hummingbird "http://127.0.0.1:$hb_port/json" "$hb_pid" -t1 -c64 -d5s | tee -a "$log"
done
if [ "$rounds" -gt 0 ]; then
  echo "--- medians (DIRTY runs dropped)"
  "$shared/summarize.py" "$log"
fi
echo "--- delivery rate: a 2 s burst of clicks, then its backlog drained (up to 60 s)"
endpoint=$(curl -sf "${admin[@]}" -X POST "http://127.0.0.1:$port/v1/webhooks" \
  --data "{\"url\":\"http://127.0.0.1:$hook_port/hook\",\"events\":[\"short_link.clicked\"]}" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
wrk -t1 -c16 -d2s -H 'Accept: application/json' "$click" | grep -E 'Requests/sec' || true
start_depth=$(metric scenelink_webhook_queue_depth); start_delivered=$(metric 'scenelink_webhook_deliveries_total{outcome="delivered"}')
t0=$(date +%s.%N)
for _ in $(seq 1 600); do [ "$(metric scenelink_webhook_queue_depth)" = "0" ] && break; sleep 0.1; done
t1=$(date +%s.%N)
end_delivered=$(metric 'scenelink_webhook_deliveries_total{outcome="delivered"}')
python3 -c "import sys; d=$end_delivered-$start_delivered; s=$t1-$t0; print(f'backlog {$start_depth} -> {sys.argv[1]}: {d} delivered in {s:.1f} s = {d/s:,.0f} deliveries/s')" "$(metric scenelink_webhook_queue_depth)"
curl -sf "http://127.0.0.1:$port/metrics" | grep -E '^scenelink_webhook|^scenelink_store_commit_batch_size_(sum|count)' || true
