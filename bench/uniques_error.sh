#!/usr/bin/env bash
# The distinct-visitor count's error at 10^3 … 10^7 visitors, and the memory it holds
# (bench/UniquesBench, release build). Usage: bench/uniques_error.sh [DAYS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-uniques.txt") 2>&1
cd "$root"
swift build -c release --product UniquesBench >/dev/null
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $(git rev-parse --short HEAD) bench/uniques_error.sh ${1:-5}"
"$root/.build/release/UniquesBench" "${1:-5}"
