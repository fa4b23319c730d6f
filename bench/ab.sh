#!/usr/bin/env bash
# Two or more SceneLink builds (or flag sets) side by side on one URL path, in interleaved rounds.
#
# Usage: bench/ab.sh ROUNDS PATH "NAME@BINARY|EXTRA SERVE FLAGS" ...
#   bench/ab.sh 4 /healthz "old@/tmp/scenelink-old|" "new@.build/release/scenelink|"
#   bench/ab.sh 3 /healthz "q2@.build/release/scenelink|" "q4@.build/release/scenelink|--io-queues 4"
# Each server gets its own port (from 18100) and `--db :memory: --access-log off`; every round runs
# ../shared/bench/measure.sh once per server (wrk -t1 -c64 -d8s unless WRK is set), then the
# medians are printed by ../shared/bench/summarize.py. Compare within one run only.
set -euo pipefail
# Rate limits stay on (every request pays for its bucket, as in production) but so high that a
# benchmark's few clients never meet them; set SCENELINK_RATE_LIMITS to measure others.
export SCENELINK_RATE_LIMITS=${SCENELINK_RATE_LIMITS:-sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s}
export SCENELINK_INSTANCE_LIMITS=${SCENELINK_INSTANCE_LIMITS:-claim-pages=1000000000/s}
root=$(cd "$(dirname "$0")/.." && pwd)
# Everything printed is also kept in .build/bench-logs/ (logs stay out of the repository).
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-ab.txt") 2>&1
shared=${SHARED_BENCH:-$root/../shared/bench}
rounds=$1; path=$2; shift 2
pids=(); names=(); ports=()
port=18100
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
for spec in "$@"; do
  label=${spec%%|*}; flags=${spec#*|}
  name=${label%%@*}; binary=${label#*@}
  # shellcheck disable=SC2086  # the flags are words on purpose
  "$binary" serve --port "$port" --db :memory: --access-log off $flags >/dev/null 2>&1 &
  pids+=($!); names+=("$name"); ports+=("$port"); port=$((port + 1))
done
for p in "${ports[@]}"; do
  for _ in $(seq 1 50); do curl -sf -o /dev/null "http://127.0.0.1:$p/healthz" && break; sleep 0.1; done
done
log=$(mktemp)
for _ in $(seq 1 "$rounds"); do
  for i in "${!pids[@]}"; do
    # shellcheck disable=SC2086
    "$shared/measure.sh" "${names[$i]}" "http://127.0.0.1:${ports[$i]}$path" "${pids[$i]}" ${WRK:--t1 -c64 -d8s} | tee -a "$log"
  done
done
echo "--- medians (DIRTY runs dropped)"
"$shared/summarize.py" "$log"
