#!/usr/bin/env bash
# The QR encoder against independent tools (scripts/qr_proof.py): every example's links and
# 500 random URLs of 1-1,000 bytes, at levels L, M, Q and H, are rendered by rsvg-convert from
# `scenelink qr`'s SVG and decoded by zbarimg back to exactly the input, and the version chosen
# is the one qrencode chooses for the same input, level and mode.
#
# Usage: scripts/qr_proof.sh [--random N] [--seed S]
#        (SCENELINK_BIN: the binary, default .build/release/scenelink; needs zbarimg, rsvg-convert
#         and qrencode: apt zbar-tools librsvg2-bin qrencode)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SCENELINK_BIN:-$root/.build/release/scenelink}
[ -x "$bin" ] || (cd "$root" && swift build -c release --product scenelink >/dev/null)
for tool in zbarimg rsvg-convert qrencode; do
  command -v "$tool" >/dev/null || { echo "qr_proof: $tool is not installed (.ci/run installs zbar-tools librsvg2-bin qrencode)"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timeout 600 python3 "$root/scripts/qr_proof.py" --bin "$bin" --work "$work" --examples "$root/examples" "$@"
