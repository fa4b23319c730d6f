#!/usr/bin/env bash
# The link page in a real browser: headless Chromium loads FuelMoney link pages from a live
# server as an iPhone, an Android phone and a desktop, checks the rendered DOM (scripts/link_page_browser.py:
# title, Open Graph and Twitter tags, the "Open in the app" href, the platform's fallback, a
# hostile link shown only as text, a QR code on the desktop page only, the claim on the phones' pages)
# and takes screenshots into
# .build/link-page/; zbarimg must read the desktop screenshot's QR code back as the page's link.
# Then the page in Japanese (Chromium with --lang=ja) and in a theme (a second server, FuelMoney's
# file with app.pages.theme and a Japanese app name), over the DevTools protocol: no CSP violation
# reported, axe-core finds no WCAG 2 A/AA violation (contrast included), a screenshot each.
#
# Usage: scripts/link_page_browser.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink;
#                                        CHROMIUM: the browser, default chromium; OUT: the screenshot folder;
#                                        AXE_JS: axe-core's axe.min.js, default the one the CI venv's
#                                        axe-playwright-python carries)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "chromium is not installed (.ci/run installs Debian's chromium)"; exit 1; }
command -v zbarimg >/dev/null || { echo "zbarimg is not installed (.ci/run installs zbar-tools)"; exit 1; }
axe=${AXE_JS:-$("$root/.build-venv/bin/python" -c 'import os, axe_playwright_python as a; print(os.path.join(os.path.dirname(a.__file__), "axe.min.js"))' 2>/dev/null || true)}
[ -f "$axe" ] || { echo "axe.min.js not found: set AXE_JS, or pip install --no-deps axe-playwright-python==0.1.8 into .build-venv (.ci/run does)"; exit 1; }
out=${OUT:-$root/.build/link-page}
mkdir -p "$out"
work=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
themed_port=$(free_port)
# FuelMoney in the team's colours (each pair at least 4.5:1), its logo, and its name in Japanese.
python3 - "$root/examples/fuelmoney.json" "$work/fuelmoney-themed.json" <<'PY'
import json, sys
routes = json.load(open(sys.argv[1], encoding="utf-8"))
routes["app"]["localized"] = {"ja": {"name": "フューエルマネー"}}
routes["app"]["pages"] = {"theme": {"accent": "#0b57d0", "background": "#fffdf7", "text": "#1f1f1f",
                                    "logo": "https://fuelmoney.example.com/images/logo.png"}}
json.dump(routes, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
"$bin" serve --port "$port" --db :memory: --access-log off --routes "$root/examples/fuelmoney.json" > "$work/server.log" 2>&1 &
pid=$!
"$bin" serve --port "$themed_port" --db :memory: --access-log off --routes "$work/fuelmoney-themed.json" > "$work/themed.log" 2>&1 &
themed_pid=$!
trap 'kill $pid $themed_pid 2>/dev/null; wait $pid $themed_pid 2>/dev/null; rm -rf "$work"' EXIT
for p in "$port" "$themed_port"; do
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$p/healthz" && break; sleep 0.1; done
done
timeout 240 python3 "$root/scripts/link_page_browser.py" --base "http://127.0.0.1:$port" \
  --themed-base "http://127.0.0.1:$themed_port" --axe "$axe" --out "$out" \
  --profile "$work/profile" --chromium "${CHROMIUM:-chromium}"
kill -0 "$pid" || { echo "the server died:"; tail -20 "$work/server.log"; exit 1; }
kill -0 "$themed_pid" || { echo "the themed server died:"; tail -20 "$work/themed.log"; exit 1; }
