#!/usr/bin/env bash
# Schemathesis (4.x) against a live SceneLink server: every check (all are on by default; not
# `--checks all`, which would override the per-operation settings of schemathesis.toml), every
# phase including the stateful one (it follows the OpenAPI links from session creation to value saves).
# Settings that tell it which statuses are expected, with the reasons, are in schemathesis.toml.
# One worker: with two, CPython 3.11's ast.parse (used by Hypothesis to describe filters) is not
# thread-safe and the coverage phase dies with "AST constructor recursion depth mismatch".
#
# Usage: scripts/schemathesis.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink;
#                                   SCHEMATHESIS_MAX_TIME: seconds for fuzzing/stateful, default 120)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
command -v schemathesis >/dev/null || { echo "schemathesis is not on PATH (.ci/run installs it into .build-venv)"; exit 1; }
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# Rate limits off: Schemathesis opens hundreds of sessions from one address in seconds, on
# purpose; the limits are proven by scripts/https_proxy.sh and scripts/flood.py.
"$bin" serve --port "$port" --db "$work/st.sqlite" --access-log off --rate-limit off > "$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
cd "$root"
export SCENELINK_URL="http://127.0.0.1:$port" SCHEMATHESIS_HOOKS=schemathesis_hooks
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}"
schemathesis run openapi.yaml --url "http://127.0.0.1:$port" \
  --phases examples,coverage,fuzzing,stateful --max-time "${SCHEMATHESIS_MAX_TIME:-120}" \
  --request-timeout 10 --workers 1
kill -0 "$pid" || { echo "the server died during the run:"; tail -20 "$work/server.log"; exit 1; }
echo "schemathesis: no failures; the server is still up"
