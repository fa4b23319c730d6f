#!/usr/bin/env bash
# The raw-socket HTTP/1.1 edge-case suite (scripts/http_edge_probe.py) against a live server
# started here with short timeouts, so the slowloris, body and idle timeout cases run in seconds.
# Fails if any case fails, if the server's descriptors do not return to their start count, or if
# the server dies or does not stop cleanly on SIGTERM.
#
# Usage: scripts/http_edge_probe.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" serve --port "$port" --db :memory: --access-log off \
  --header-timeout 1s --body-timeout 1s --idle-timeout 2s > "$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
status=0
timeout 90 python3 "$root/scripts/http_edge_probe.py" --port "$port" --pid "$pid" \
  --header-timeout 1 --body-timeout 1 --idle-timeout 2 || status=$?
if ! kill -0 "$pid" 2>/dev/null; then
  echo "the server died during the probe:"; tail -20 "$work/server.log"; exit 1
fi
kill -TERM "$pid"
code=0; wait "$pid" || code=$?
trap 'rm -rf "$work"' EXIT
if [ "$code" -ne 0 ]; then echo "the server exited $code on SIGTERM:"; tail -20 "$work/server.log"; exit 1; fi
[ "$status" -eq 0 ] || { echo "http_edge_probe: failures (server log: $(tail -3 "$work/server.log" | tr '\n' ' '))"; exit "$status"; }
echo "http_edge_probe: every case passed; the server stopped cleanly"
