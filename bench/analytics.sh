#!/usr/bin/env bash
# Click analytics' cost per request, beside --analytics off in one run: instructions per request
# (callgrind, bench/instructions.sh) for a link page and a short-link follow, each with analytics on
# and off, alternating, twice. A short link `bench` to /settings/account is made on each server first.
# Each run lasts 24 s (LOAD_SECONDS), so one-time costs that start-up does not include (the first
# flush prepares its statements) weigh little per request.
#
# Usage: bench/analytics.sh            (SCENELINK_BIN=PATH measures that binary)
set -euo pipefail
export LOAD_SECONDS=${LOAD_SECONDS:-24}
root=$(cd "$(dirname "$0")/.." && pwd)
export SCENELINK_ADMIN_TOKEN=$(head -c 32 /dev/urandom | base64 | tr "+/" "-_" | tr -d "=\n")   # as scenelink token makes one
ua='User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
accept='Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
language='Accept-Language: ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7'
# The follow's SETUP: make the short link on the measured server, then load /s/bench.
setup='curl -sf -o /dev/null -X POST http://127.0.0.1:$PORT/v1/short-links -H "Authorization: Bearer $SCENELINK_ADMIN_TOKEN" -d "{\"link\": \"fuelmoney://settings/account\", \"alias\": \"bench\"}"; echo /s/bench'
for round in 1 2; do
  for analytics in on off; do
    echo "round $round, analytics $analytics, link page:"
    SCENELINK_ANALYTICS=$analytics "$root/bench/instructions.sh" /settings/account -H "$ua" -H "$accept" -H "$language" | tail -1
    echo "round $round, analytics $analytics, short-link follow:"
    SETUP=$setup SCENELINK_ANALYTICS=$analytics "$root/bench/instructions.sh" /s/bench -H "$ua" -H "$accept" -H "$language" | tail -1
  done
done
