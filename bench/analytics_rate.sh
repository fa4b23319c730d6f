#!/usr/bin/env bash
# Click analytics' cost in requests per second, beside --analytics off in one run: a link page and a
# short-link follow (Chrome's desktop headers, as bench/analytics.sh), each server with analytics on
# and off, alternating, ROUNDS rounds (default 3; on first in odd rounds, off first in even ones, so
# neither side always runs first), wrk -t1 -c64 -d10s on the release build with --db :memory: and
# the rate limits lifted. Prints each run's req/s and the server's CPU per request (utime + stime
# from /proc), then the medians and their on/off ratios, and the median of each round's own ratio
# (on and off of one round ran a minute apart, so drift of the machine cancels in it).
#
# Usage: bench/analytics_rate.sh [ROUNDS]      (SCENELINK_BIN=PATH measures that binary)
set -euo pipefail
rounds=${1:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/.build/bench-logs"
exec > >(tee "$root/.build/bench-logs/$(date -u +%Y-%m-%dT%H%M%SZ)-analytics-rate.txt") 2>&1
export SCENELINK_RATE_LIMITS=sessions=1000000000/s,links=1000000000/s,resolve=1000000000/s,state=1000000000/s,claims=1000000000/s,claim-pages=1000000000/s,qr=1000000000/s
export SCENELINK_INSTANCE_LIMITS=claim-pages=1000000000/s
export SCENELINK_ADMIN_TOKEN=$(head -c 32 /dev/urandom | base64 | tr "+/" "-_" | tr -d "=\n")   # as scenelink token makes one
bin=${SCENELINK_BIN:-}
if [ -z "$bin" ]; then
  (cd "$root" && swift build -c release --product scenelink >/dev/null)
  bin="$root/.build/release/scenelink"
fi
port=${PORT:-18251}
tick=$(getconf CLK_TCK)
headers=(-H 'User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
         -H 'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
         -H 'Accept-Language: ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7')
echo "command: bench/analytics_rate.sh $rounds; $(date -u +%FT%TZ); $(git -C "$root" rev-parse --short HEAD)"

run() {  # $1 = on|off, $2 = path; prints "req/s cpu_us_per_request"
  SCENELINK_ANALYTICS=$1 "$bin" serve --port "$port" --db :memory: --access-log off >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
  curl -sf -o /dev/null -X POST "http://127.0.0.1:$port/v1/short-links" -H "Authorization: Bearer $SCENELINK_ADMIN_TOKEN" \
    -d '{"link": "fuelmoney://settings/account", "alias": "bench"}'
  wrk -t1 -c64 -d2s "${headers[@]}" "http://127.0.0.1:$port$2" >/dev/null  # warm-up
  local before after out
  before=$(awk '{print $14+$15}' "/proc/$pid/stat")
  out=$(wrk -t1 -c64 -d10s "${headers[@]}" "http://127.0.0.1:$port$2")
  after=$(awk '{print $14+$15}' "/proc/$pid/stat")
  kill -INT "$pid"; wait "$pid" || true
  if grep -q -E 'Socket errors|Non-2xx' <<<"$out"; then echo "errors in the run: $out" >&2; exit 1; fi
  awk -v cpu=$((after - before)) -v tick="$tick" '/requests in/ {n=$1} /Requests\/sec/ {r=$2}
    END {printf "%.0f %.1f\n", r, cpu / tick * 1e6 / n}' <<<"$out"
}

declare -A results
for round in $(seq 1 "$rounds"); do
  for path in /settings/account /s/bench; do
    order="on off"; [ $((round % 2)) -eq 0 ] && order="off on"
    for analytics in $order; do
      line=$(run "$analytics" "$path")
      echo "round $round, $path, analytics $analytics: req/s and server µs per request: $line"
      results["$path $analytics"]+="$line"$'\n'
    done
  done
done
for path in /settings/account /s/bench; do
  python3 - "$path" "${results["$path on"]}" "${results["$path off"]}" <<'EOF'
import statistics, sys
path, on, off = sys.argv[1], sys.argv[2], sys.argv[3]
def parse(text): return [tuple(map(float, line.split())) for line in text.strip().splitlines()]
on, off = parse(on), parse(off)
rate_on, rate_off = statistics.median(r for r, _ in on), statistics.median(r for r, _ in off)
cpu_on, cpu_off = statistics.median(c for _, c in on), statistics.median(c for _, c in off)
paired_rate = statistics.median(a[0] / b[0] for a, b in zip(on, off))
paired_cpu = statistics.median(a[1] / b[1] for a, b in zip(on, off))
print(f"{path}: median req/s on {rate_on:.0f}, off {rate_off:.0f}, ratio {rate_on / rate_off:.3f}; "
      f"server µs per request on {cpu_on:.1f}, off {cpu_off:.1f}, ratio {cpu_on / cpu_off:.3f}; "
      f"median of the rounds' own ratios: req/s {paired_rate:.3f}, µs per request {paired_cpu:.3f}")
EOF
done
