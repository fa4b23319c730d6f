#!/usr/bin/env bash
# Instructions per scene-state request under callgrind (bench/instructions.sh with a seeded session).
#
# Usage: [PORT=18201] [SCENELINK_BIN=PATH] bench/store-instructions.sh get|put
#   get  GET of one stored value (a restore), with its bearer token
#   put  PUT of distinct keys (a save, bench/put.lua), with its bearer token
# With --seed (how instructions.sh calls it back, as SETUP) it opens a session on PORT, stores the
# value, and prints the path and the wrk arguments instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --seed ]; then
  read -r session token value < <("$root/bench/seed-session.sh" "http://127.0.0.1:$PORT")
  echo "$value"
  printf '%s\n' -H "Authorization: Bearer $token"
  if [ "$2" = put ]; then
    # put.lua reads the session and token from the environment, which wrk does not get from here.
    script=$(mktemp --suffix .lua)
    sed -e "s|os.getenv(\"SCENELINK_SESSION\")|\"$session\"|" -e "s|os.getenv(\"SCENELINK_TOKEN\")|\"$token\"|" \
      "$root/bench/put.lua" >"$script"
    printf '%s\n' -s "$script"
  fi
  exit 0
fi
what=${1:-get}
case "$what" in get|put) ;; *) echo "usage: bench/store-instructions.sh get|put" >&2; exit 2 ;; esac
SETUP="'$root/bench/store-instructions.sh' --seed $what" exec "$root/bench/instructions.sh" "(seeded)"
