#!/usr/bin/env bash
# The operator console in a real browser (issue 33's browser proof): scripts/console_browser.py
# drives headless Chromium with Selenium (Debian's chromium and chromium-driver, Python selenium
# from .build-venv) against a live server it starts: sign in, every console page through the
# navigation (screenshots into .build/console/, axe-core 0 WCAG 2 A/AA violations, 0 console
# errors, 0 CSP reports, Tab reaches every control), a webhook made and rotated from the form
# (each secret shown once), the Overview's and Analytics page's numbers equal to the analytics
# API's after scripted visits, "try a link"'s QR code read back by zbarimg, sign out; then the
# same walk with JavaScript off; and negative controls that show axe, the CSP listener and the
# focus check can fail.
#
# Usage: scripts/console_browser.sh   (SCENELINK_BIN: the binary, default .build/release/scenelink;
#                                      CHROMIUM: the browser, default chromium; OUT: the screenshot
#                                      folder, default .build/console; AXE_JS: axe-core's axe.min.js,
#                                      default the one the CI venv's axe-playwright-python carries)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
python=$root/.build-venv/bin/python
[ -x "$python" ] && "$python" -c 'import selenium' 2>/dev/null || { echo "selenium is not installed: pip install selenium==4.51.0 into .build-venv (.ci/run does)"; exit 1; }
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "chromium is not installed (.ci/run installs Debian's chromium)"; exit 1; }
command -v chromedriver >/dev/null || { echo "chromedriver is not installed (.ci/run installs Debian's chromium-driver)"; exit 1; }
command -v zbarimg >/dev/null || { echo "zbarimg is not installed (.ci/run installs zbar-tools)"; exit 1; }
axe=${AXE_JS:-$("$python" -c 'import os, axe_playwright_python as a; print(os.path.join(os.path.dirname(a.__file__), "axe.min.js"))' 2>/dev/null || true)}
[ -f "$axe" ] || { echo "axe.min.js not found: set AXE_JS, or pip install --no-deps axe-playwright-python==0.1.8 into .build-venv (.ci/run does)"; exit 1; }
out=${OUT:-$root/.build/console}
mkdir -p "$out"
SCENELINK_BIN=$bin timeout --kill-after=10 480 "$python" "$root/scripts/console_browser.py" --axe "$axe" --out "$out" \
  --chromium "$(command -v "${CHROMIUM:-chromium}")"
