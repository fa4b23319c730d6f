#!/usr/bin/env bash
# Checks of the code's shape that a compiler does not make, run by .ci/run:
#   1. the console performs operations, never the API's handlers: the SceneLinkConsole target
#      depends on SceneLinkOperations and the layers below it, never on SceneLinkService (where the
#      API's handlers are), so the compiler refuses any use of one; here Package.swift's declaration
#      and the console's imports are checked, and no console file names an API endpoint type or a
#      runner of one (callAPI), even in code a build would not reach;
#   2. JSON (answers, scene documents, webhook payloads, log lines) is written by the one writer
#      (JSONWriter from JSONValue, or JSONObjectWriter member by member): JSONEscaping.quote, which
#      concatenated JSON is built with, appears only in the files listed below, each for a stated
#      reason. A new file that concatenates JSON fails here;
#   3. HTML elements balance by construction: pages write them through HTMLDocument's scoped writers
#      (element, void, table), so no Swift file under Sources/ but HTMLDocument.swift calls an
#      open("TAG")/close("TAG") pair or openTable/closeTable, the stream calls that nothing balanced.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

console_target=$(grep -E '\.target\(name: "SceneLinkConsole"' Package.swift || true)
if [ -z "$console_target" ]; then
  echo "Package.swift declares no SceneLinkConsole target on one line; the console must be a target of its own."
  status=1
elif echo "$console_target" | grep -q '"SceneLinkService"'; then
  echo "SceneLinkConsole must not depend on SceneLinkService (the API's handlers): $console_target"
  status=1
else
  echo "console: SceneLinkConsole depends on the operations, not on SceneLinkService"
fi
api='\b(ShortLinkEndpoints|WebhookEndpoints|AnalyticsEndpoints|APIKeyEndpoints|AuditEndpoints|QREndpoints|ResolveEndpoints|AssociationEndpoints)\b|\bcallAPI\b|^import SceneLinkService$'
if found=$(grep -rnE "$api" Sources/SceneLinkConsole | grep -vE '^[^:]+:[0-9]+:\s*///'); then
  echo "The console must perform operations (Sources/SceneLinkOperations/Operator), not import the service or name the API's endpoint types:"
  echo "$found"
  status=1
else
  echo "console: no import of SceneLinkService, no API endpoint type and no callAPI under Sources/SceneLinkConsole"
fi

# Where JSONEscaping.quote may still stand, and why.
allowed=(
  Sources/SceneLinkText/JSONEscaping.swift                  # the escaper itself
  Sources/SceneLinkHTTP/HTTPProblem.swift                   # the problem type (below the JSON writer's layer)
)
used=$(grep -rlF 'JSONEscaping.quote' Sources --include='*.swift' | sort)
unexpected=$(comm -23 <(echo "$used") <(printf '%s\n' "${allowed[@]}" | sort))
if [ -n "$unexpected" ]; then
  echo "JSON built by concatenation (JSONEscaping.quote) outside the listed files; write it from JSONValue (HTTPResponse.json) or with JSONObjectWriter:"
  echo "$unexpected"
  status=1
else
  echo "JSON writer: JSONEscaping.quote only in the $(echo "$used" | wc -l) listed files"
fi
# Bare open(" too: an extension of HTMLDocument would call it without a receiver.
builder=Sources/SceneLinkOperations/LinkPages/HTMLDocument.swift
if found=$(grep -rnE '(^|[^A-Za-z0-9_])(open|close)\("|\b(openTable|closeTable)\(' Sources --include='*.swift' \
             | grep -v "^$builder:" | grep -vE '^[^:]+:[0-9]+:\s*///'); then
  echo "HTML elements are written with HTMLDocument's element/void/table writers, not open(\"TAG\")/close(\"TAG\") calls:"
  echo "$found"
  status=1
else
  echo "HTML: no open(\"TAG\")/close(\"TAG\") or openTable/closeTable call outside $builder"
fi
exit $status
