#!/usr/bin/env bash
# Makes a session on a running SceneLink and saves one value in it, for load that needs a session
# (durable saves, restores).
#
# Usage: bench/seed-session.sh BASE_URL     (e.g. http://127.0.0.1:18080)
# Prints one line: SESSION_ID TOKEN VALUE_PATH (the saved value's path, /v1/sessions/…/values/path).
set -euo pipefail
base=$1
doc=$(curl -sf -X POST "$base/v1/sessions")
session=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' <<<"$doc")
token=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])' <<<"$doc")
path="/v1/sessions/$session/scenes/main/values/path"
curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  --data '["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]' "$base$path"
echo "$session $token $path"
