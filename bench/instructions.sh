#!/usr/bin/env bash
# User-space instructions per request under callgrind: repeatable whatever else the machine does.
#
# Usage: bench/instructions.sh PATH [WRK ARGS...]
#   bench/instructions.sh /healthz
#   bench/instructions.sh '/v1/resolve?url=fuelmoney://settings/account&format=navigationPath'
# Starts the release build under `valgrind --tool=callgrind` (port $PORT, default 18201, --db :memory:),
# drives it with wrk -t1 -c4 for $LOAD_SECONDS s (default 8), stops it with SIGINT, and prints total instructions, the start-up
# cost (a run with no load but one request of the path, measured first; the loaded run makes that request first too) and
# (total - start-up) / requests. SCENELINK_BIN=PATH measures
# that binary instead of building this checkout. SETUP=COMMAND runs once the measured server answers,
# with PORT set, and prints the path to load on its first line and extra wrk arguments after it, one
# per line (bench/store-instructions.sh seeds a session and a value so).
# SCRATCH=DIR builds into DIR instead of .build. STORE=postgres://… measures with that store
# instead of SQLite in memory (bench/store-instructions.sh on PostgreSQL).
set -euo pipefail
# Rate limits stay on (every request pays for its bucket, as in production) but so high that a
# benchmark's few clients never meet them; set SCENELINK_RATE_LIMITS to measure others.
export SCENELINK_RATE_LIMITS=${SCENELINK_RATE_LIMITS:-sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s}
export SCENELINK_INSTANCE_LIMITS=${SCENELINK_INSTANCE_LIMITS:-claim-pages=1000000000/s}
root=$(cd "$(dirname "$0")/.." && pwd)
# Everything printed is also kept in .build/bench-logs/ (logs stay out of the repository).
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-instructions.txt") 2>&1
path=$1; shift
port=${PORT:-18201}
# SCENELINK_BIN measures another build (an older commit's, say) instead of this checkout's.
bin=${SCENELINK_BIN:-}
scratch=${SCRATCH:-$root/.build}
if [ -z "$bin" ]; then
  (cd "$root" && swift build -c release --scratch-path "$scratch" --product scenelink >/dev/null)
  bin="$scratch/release/scenelink"
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { apt-get update -qq >/dev/null && apt-get install -y -qq valgrind >/dev/null; }
command -v wrk >/dev/null || { apt-get update -qq >/dev/null && apt-get install -y -qq wrk >/dev/null; }

instructions() {  # run the server under callgrind; $1 = seconds of load (0: none); prints total
  local store=(--db :memory:)
  [ -n "${STORE:-}" ] && store=(--store "$STORE")
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bin" serve --port "$port" "${store[@]}" --access-log off \
    >/dev/null 2>&1 &
  local pid=$! seconds=$1
  shift
  for _ in $(seq 1 60); do curl -sf -o /dev/null http://127.0.0.1:$port/healthz && break; sleep 1; done
  # One request of the path in both runs, so what its first view does once (a link page rendered and
  # kept, say) counts as start-up, not spread over the requests.
  [ -z "${SETUP:-}" ] && curl -s -o /dev/null "${warm_headers[@]}" "http://127.0.0.1:$port$path"
  if [ "$seconds" -gt 0 ]; then
    local args=("$@")
    if [ -n "${SETUP:-}" ]; then
      local seeded; mapfile -t seeded < <(PORT=$port bash -c "$SETUP")
      path=${seeded[0]}; args+=("${seeded[@]:1}")
    fi
    wrk -t1 -c4 -d"$seconds"s "${args[@]}" "http://127.0.0.1:$port$path" | awk '/requests in/{print $1}' >"$work/requests"
  fi
  kill -INT "$pid"; wait "$pid" || true
  callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/{gsub(",","",$1); print $1}'
}
# The path's -H headers, for the warm-up request.
warm_headers=(); previous=""
for argument in "$@"; do
  [ "$previous" = "-H" ] && warm_headers+=(-H "$argument")
  previous=$argument
done
startup=$(instructions 0)
total=$(instructions "${LOAD_SECONDS:-8}" "$@")
requests=$(cat "$work/requests")
echo "path=$path requests=$requests total=$total startup=$startup per_request=$(( (total - startup) / requests ))"
