#!/usr/bin/env bash
# SceneLink beside the floor of its own design and the nginx peer, in one run.
#
# Usage: bench/floor.sh [ROUNDS]      (default 3)
# The floor is bench/DispatchFloor: the same Dispatch structure as SceneLink (one read source
# per connection on one serial queue per core, one send per response) with no HTTP parsing,
# answering every read with a fixed /healthz-sized response. Each round runs
# ../shared/bench/measure.sh (wrk -t1 -c64 -d10s) on the floor, on SceneLink's /healthz and on
# nginx's static JSON, in turns; then prints medians and the ratios. What the floor reaches
# against nginx is what this design can reach on this machine at best.
set -euo pipefail
# Rate limits stay on (every request pays for its bucket, as in production) but so high that a
# benchmark's few clients never meet them; set SCENELINK_RATE_LIMITS to measure others.
export SCENELINK_RATE_LIMITS=${SCENELINK_RATE_LIMITS:-sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s}
export SCENELINK_INSTANCE_LIMITS=${SCENELINK_INSTANCE_LIMITS:-claim-pages=1000000000/s}
root=$(cd "$(dirname "$0")/.." && pwd)
# Everything printed is also kept in .build/bench-logs/ (logs stay out of the repository).
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-floor.txt") 2>&1
shared=${SHARED_BENCH:-$root/../shared/bench}
rounds=${1:-3}
echo "# bench/floor.sh $rounds  ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
(cd "$root" && swift build -c release --product scenelink >/dev/null && swift build -c release --product DispatchFloor >/dev/null)
command -v nginx >/dev/null && command -v wrk >/dev/null || {
  apt-get update -qq >/dev/null && apt-get install -y -qq wrk nginx-light >/dev/null
}
work=$(mktemp -d)
chmod 755 "$work"  # nginx workers run as nobody and must read the static file
floor_port=${FLOOR_PORT:-18090}; scene_port=${SCENE_PORT:-18091}; nginx_port=8086
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$work/nginx/nginx.pid" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$root/.build/release/DispatchFloor" "$floor_port" & floor_pid=$!; pids+=("$floor_pid")
"$root/.build/release/scenelink" serve --port "$scene_port" --db :memory: --access-log off >"$work/scenelink.log" 2>&1 &
scene_pid=$!; pids+=("$scene_pid")
mkdir -p "$work/nginx/html" "$work/nginx/logs"
printf '{"message":"Hello, World!"}' > "$work/nginx/html/json"
sed "s|8086|$nginx_port|" "$shared/peers/nginx.conf" > "$work/nginx/nginx.conf"
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"
for _ in $(seq 1 100); do
  curl -sf -o /dev/null "http://127.0.0.1:$floor_port/" && curl -sf -o /dev/null "http://127.0.0.1:$scene_port/healthz" \
    && curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/json" && break
  sleep 0.1
done
nginx_pids="$(cat "$work/nginx/nginx.pid") $(pgrep -d' ' -P "$(cat "$work/nginx/nginx.pid")" || true)"

log="$work/rounds.log"
for _ in $(seq 1 "$rounds"); do
  "$shared/measure.sh" floor "http://127.0.0.1:$floor_port/healthz" "$floor_pid" | tee -a "$log"
  "$shared/measure.sh" scenelink "http://127.0.0.1:$scene_port/healthz" "$scene_pid" | tee -a "$log"
  "$shared/measure.sh" nginx "http://127.0.0.1:$nginx_port/json" "$nginx_pids" | tee -a "$log"
done
echo "--- medians (DIRTY runs dropped)"
python3 "$shared/summarize.py" "$log" | tee "$log.sum"
awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^rps=/) { split($i, a, "="); r[$1] = a[2] } }
     END { if (r["floor"] && r["nginx"]) printf "ratio floor/nginx req/s         = %.2f\n", r["floor"] / r["nginx"]
           if (r["scenelink"] && r["nginx"]) printf "ratio scenelink/nginx req/s     = %.2f\n", r["scenelink"] / r["nginx"]
           if (r["scenelink"] && r["floor"]) printf "ratio scenelink/floor req/s     = %.2f\n", r["scenelink"] / r["floor"] }' "$log.sum"
