#!/usr/bin/env bash
# The link page in a real browser: headless Chromium loads FuelMoney link pages from a live
# server as an iPhone, an Android phone and a desktop, checks the rendered DOM (scripts/link_page_browser.py:
# title, Open Graph and Twitter tags, the "Open in the app" href, the platform's fallback, a
# hostile link shown only as text, a QR code on the desktop page only, the claim on the phones' pages)
# and takes screenshots into
# .build/link-page/; zbarimg must read the desktop screenshot's QR code back as the page's link.
#
# Usage: scripts/link_page_browser.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink;
#                                        CHROMIUM: the browser, default chromium; OUT: the screenshot folder)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "chromium is not installed (.ci/run installs Debian's chromium)"; exit 1; }
command -v zbarimg >/dev/null || { echo "zbarimg is not installed (.ci/run installs zbar-tools)"; exit 1; }
out=${OUT:-$root/.build/link-page}
mkdir -p "$out"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" serve --port "$port" --db :memory: --access-log off --routes "$root/examples/fuelmoney.json" > "$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
timeout 120 python3 "$root/scripts/link_page_browser.py" --base "http://127.0.0.1:$port" --out "$out" \
  --profile "$work/profile" --chromium "${CHROMIUM:-chromium}"
kill -0 "$pid" || { echo "the server died:"; tail -20 "$work/server.log"; exit 1; }
