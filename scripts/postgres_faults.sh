#!/usr/bin/env bash
# PostgreSQL faults against live instances (scripts/postgres_faults.py): a dropped connection, a
# frozen backend, a statement timeout, a full pool and a PostgreSQL restart each answer 503 with
# Retry-After, never hang, and the instances recover by themselves; no credential leaks out.
# Builds the release binary when it is missing; a run that itself hangs is stopped after 150 s.
#
# Usage: scripts/postgres_faults.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
SCENELINK_BIN=$bin exec timeout --kill-after=10 150 python3 "$root/scripts/postgres_faults.py" "$@"
