#!/usr/bin/env bash
# The hostile soak for an hour: scripts/hostile_soak.py (what CI runs for 2 minutes) run for SECONDS
# (default 3,600). 1,000 forwarded addresses at the default rate limits send random referrers,
# User-Agents and countries, unknown codes, known short links, link pages and resolves, with 7
# webhook endpoints subscribed to short_link.clicked; it checks every answer, RSS within 64 MB of
# its value after the warm-up (the first 20 %), the database's growth against 50 MB an hour, and
# that visits, clicks and deliveries equal what was answered. Prints the script's summary.
#
# Usage: bench/hostile_soak.sh [SECONDS]      (SCENELINK_BIN=PATH runs that binary instead of
#                                             building this checkout's release build)
# The database lives in a temporary folder (TMPDIR) and is deleted at the end; the webhook outbox
# in it stays within --webhook-outbox-limit (about 35 MB for the 7 endpoints). Everything printed
# is also kept in .build/bench-logs/ (logs stay out of the repository). Exits with the script's status.
set -euo pipefail
seconds=${1:-3600}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-hostile-soak.txt") 2>&1
echo "# bench/hostile_soak.sh $seconds  ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(git -C "$root" rev-parse --short HEAD))"
bin=${SCENELINK_BIN:-}
if [ -z "$bin" ]; then
  (cd "$root" && swift build -c release --product scenelink >/dev/null)
  bin="$root/.build/release/scenelink"
fi
SCENELINK_BIN=$bin python3 "$root/scripts/hostile_soak.py" --seconds "$seconds"
