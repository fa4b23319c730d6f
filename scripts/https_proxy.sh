#!/usr/bin/env bash
# HTTPS in front, proven: deploy/nginx-scenelink.conf itself (listen addresses, certificate
# paths and upstream port rewritten for this machine) with a self-signed certificate, in front
# of a live scenelink with --trusted-proxies 127.0.0.1/32 and --admin-listen. Checks:
#   - apple-app-site-association and assetlinks.json over HTTPS: 200 application/json, no redirect;
#     the HTTP port redirects to HTTPS
#   - the link page sees the host the visitor asked for (Host / X-Forwarded-Host), for each host
#   - /metrics, /v1/short-links and /v1/webhooks are 404 through the proxy, served on the admin port
#   - the rate limit keys on the forwarded client: two clients (127.0.0.2 and 127.0.0.3) have
#     separate budgets, and a client that sends its own X-Forwarded-For cannot change identity
#   - X-Request-ID passes through and is echoed; the access log names the real client
#   - a client's own country header (X-Country-Code, CF-IPCountry) never reaches SceneLink through
#     the proxy, while the same header from the trusted proxy's own address is counted
#
# Usage: scripts/https_proxy.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "nginx is not installed (.ci/run installs Debian's nginx)"; exit 1; }
work=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port); admin=$(free_port); https=$(free_port); http=$(free_port)
host=fuelmoney.example.com; second=go.fuelmoney.example.com
pids=()
cleanup() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
check() {  # check DESCRIPTION EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; failures=$((failures + 1)); fi
}

# A self-signed certificate for both hosts.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$host" \
  -addext "subjectAltName=DNS:$host,DNS:$second" -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null

# The FuelMoney routes with a second host, so the link page has a host to choose.
python3 - "$root/examples/fuelmoney.json" "$work/routes.json" "$second" <<'PY'
import json, sys
routes = json.load(open(sys.argv[1]))
routes["app"]["hosts"].append(sys.argv[3])
json.dump(routes, open(sys.argv[2], "w"))
PY

# deploy/nginx-scenelink.conf, with this machine's ports and files.
sed -e "s|listen 80;|listen 127.0.0.1:$http;|" -e "/listen \[::\]:80;/d" \
    -e "s|listen 443 ssl;|listen 127.0.0.1:$https ssl;|" -e "/listen \[::\]:443 ssl;/d" \
    -e "s|server_name links.example.com;|server_name $host $second;|" \
    -e "s|/etc/ssl/scenelink/|$work/|" -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$port;|" \
    "$root/deploy/nginx-scenelink.conf" > "$work/site.conf"
grep -q "127.0.0.1:$https ssl" "$work/site.conf" && grep -q "127.0.0.1:$port;" "$work/site.conf" \
  || { echo "deploy/nginx-scenelink.conf no longer has the lines this script rewrites"; exit 1; }
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    include $work/site.conf;
}
CONF
"$nginx" -t -c "$work/nginx.conf" -p "$work" 2>"$work/nginx-test.log" || { cat "$work/nginx-test.log"; exit 1; }

token=$("$bin" token)
"$bin" serve --port "$port" --db :memory: --routes "$work/routes.json" --trusted-proxies 127.0.0.1/32 \
  --admin-listen "127.0.0.1:$admin" --rate-limit sessions=3/h --admin-token "$token" \
  --country-header X-Country-Code --analytics-flush 200ms > "$work/server.log" 2>&1 &
pids+=($!)
"$nginx" -c "$work/nginx.conf" -p "$work"
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done

# curl as a visitor from SOURCE (a loopback address) to the proxy's HTTPS port, by host name.
visit() {  # visit SOURCE HOST PATH [curl args...]
  local source=$1 name=$2 path=$3; shift 3
  curl -s --interface "$source" --cacert "$work/fullchain.pem" --resolve "$name:$https:127.0.0.1" "$@" "https://$name:$https$path"
}

for file in apple-app-site-association assetlinks.json; do
  got=$(visit 127.0.0.1 "$host" "/.well-known/$file" -o /dev/null -w '%{http_code} %{content_type} %{redirect_url}')
  check "$file over HTTPS: 200 application/json, no redirect" "200 application/json " "$got"
done
got=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -H "Host: $host" "http://127.0.0.1:$http/.well-known/apple-app-site-association")
check "the HTTP port redirects to HTTPS" "301 https://$host/.well-known/apple-app-site-association" "$got"

# The link page's JSON names the link the visitor opened, on the host it was opened on (the
# HTML page's canonical URL is always the file's first host, by design).
for name in "$host" "$second"; do
  got=$(visit 127.0.0.1 "$name" '/settings/account?ref=proof' -H 'Accept: application/json' | python3 -c 'import json,sys; print(json.load(sys.stdin)["link"])')
  check "the link page on $name sees its host through the proxy" "https://$name/settings/account?ref=proof" "$got"
done

check "/metrics through the proxy" "404" "$(visit 127.0.0.1 "$host" /metrics -o /dev/null -w '%{http_code}')"
check "/v1/short-links through the proxy" "404" "$(visit 127.0.0.1 "$host" /v1/short-links -o /dev/null -w '%{http_code}')"
check "/v1/webhooks through the proxy" "404" "$(visit 127.0.0.1 "$host" /v1/webhooks -o /dev/null -w '%{http_code}')"
check "/metrics on the admin port" "200" "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$admin/metrics")"

# Budgets: 3 sessions an hour per client. 127.0.0.2 spends its three, then is refused, with or
# without an X-Forwarded-For of its own choosing; 127.0.0.3 still has its three.
open_session() {  # open_session SOURCE [curl args...] -> status
  local source=$1; shift
  visit "$source" "$host" /v1/sessions -X POST -o /dev/null -w '%{http_code}' "$@"
}
statuses=""
for _ in 1 2 3 4; do statuses+="$(open_session 127.0.0.2) "; done
check "client 127.0.0.2: three sessions, then 429" "201 201 201 429 " "$statuses"
check "client 127.0.0.2 with a spoofed X-Forwarded-For is still itself" "429" \
  "$(open_session 127.0.0.2 -H 'X-Forwarded-For: 203.0.113.77')"
check "client 127.0.0.2 with a spoofed Forwarded is still itself" "429" \
  "$(open_session 127.0.0.2 -H 'Forwarded: for=203.0.113.78')"
statuses=""
for _ in 1 2 3; do statuses+="$(open_session 127.0.0.3) "; done
check "client 127.0.0.3 has its own budget" "201 201 201 " "$statuses"
headers=$(visit 127.0.0.2 "$host" /v1/sessions -X POST -D - -o /dev/null)
check "a 429 carries Retry-After" "1" "$(grep -ci '^retry-after: [0-9]' <<<"$headers")"
check "a 429 carries RateLimit-Policy" "1" "$(grep -ci '^ratelimit-policy: "sessions";q=3;w=3600' <<<"$headers")"

got=$(visit 127.0.0.2 "$host" /healthz -D - -o /dev/null -H 'X-Request-ID: proof-1234' | grep -i '^x-request-id:' | tr -d '\r')
check "X-Request-ID passes through the proxy and is echoed" "X-Request-ID: proof-1234" "$got"
sleep 0.5  # the access log is flushed every 200 ms
check "the access log names the forwarded client" "1" \
  "$(grep -c '"path":"/healthz","status":200.*"client":"127.0.0.2","request_id":"proof-1234"' "$work/server.log")"
refused=$(curl -s "http://127.0.0.1:$admin/metrics" | grep '^scenelink_rate_limited_total{class="sessions"}' | awk '{print $2}')
check "the admin port's metrics count the refusals" "4" "$refused"

# The country: a visitor through the proxy claims JP in both headers a --country-header could
# name; nginx clears them (deploy/nginx-scenelink.conf), so the visit's country is unknown. The
# same header from 127.0.0.1 (a trusted proxy, straight to SceneLink) is believed: DE.
iphone='User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
visit 127.0.0.4 "$host" /settings/account -o /dev/null -H 'Accept: text/html' -H "$iphone" -H 'X-Country-Code: JP' -H 'CF-IPCountry: JP'
curl -s -o /dev/null "http://127.0.0.1:$port/settings/account" -H "Host: $host" -H 'Accept: text/html' -H "$iphone" -H 'X-Country-Code: DE'
sleep 1  # counts are written every --analytics-flush (200 ms here)
countries=$(curl -s "http://127.0.0.1:$admin/v1/analytics/breakdown?dimension=country&scope=all" -H "Authorization: Bearer $token" \
  | python3 -c 'import json,sys; print(" ".join(sorted("%s=%s" % (r["value"], r["count"]) for r in json.load(sys.stdin)["rows"])))')
check "a client's own country header is cleared by the proxy; the trusted proxy's own is counted" "DE=1 unknown=1" "$countries"

kill -0 "${pids[0]}" || { echo "the server died:"; tail -20 "$work/server.log"; exit 1; }
[ "$failures" -eq 0 ] || { echo "https_proxy: $failures failure(s); nginx errors:"; tail -5 "$work/nginx-error.log"; exit 1; }
echo "https_proxy: every check passed (nginx $("$nginx" -v 2>&1 | sed 's|.*/||'), TLS with a self-signed certificate)"
