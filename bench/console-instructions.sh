#!/usr/bin/env bash
# Instructions per console page under callgrind (bench/instructions.sh with a signed-in session).
#
# Usage: [PORT=18201] [SCENELINK_BIN=PATH] bench/console-instructions.sh /console/claims
# The server is started with a random admin token (SCENELINK_ADMIN_TOKEN) and an empty in-memory
# store, so the figure is the page's own cost (guard, session, permission, page) without the
# store's rows: bench/console_pages.py times the pages over 10^8 visits of rollups.
# With --sign-in (how instructions.sh calls it back, as SETUP) it signs in on PORT and prints the
# page and the session's Cookie header for wrk instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --sign-in ]; then
  # The console takes a sign-in only from its own origin (a form posted from its page).
  cookie=$(curl -sf -o /dev/null -D - -X POST -H "Origin: http://127.0.0.1:$PORT" --data-urlencode "token=$SCENELINK_ADMIN_TOKEN" "http://127.0.0.1:$PORT/console/sign-in" \
    | awk -F'[: ;]+' 'tolower($1)=="set-cookie"{print $2; exit}')
  [ -n "$cookie" ] || { echo "bench/console-instructions.sh: the sign-in set no cookie" >&2; exit 1; }
  echo "$2"
  printf '%s\n' -H "Cookie: $cookie"
  exit 0
fi
page=${1:?usage: bench/console-instructions.sh /console/PAGE}
# A fresh random admin token (the sign-in below reads it from the environment).
export SCENELINK_ADMIN_TOKEN=$(od -An -tx1 -N32 /dev/urandom | tr -d " \n")
SETUP="'$root/bench/console-instructions.sh' --sign-in '$page'" exec "$root/bench/instructions.sh" "(signed in)"
