#!/usr/bin/env bash
# Checks of the code's shape that a compiler does not make, run by .ci/run:
#   1. the console performs operations, never the API's handlers: no file under
#      Sources/SceneLinkService/Console names an API endpoint type or a runner of one (callAPI);
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

api='\b(ShortLinkEndpoints|WebhookEndpoints|AnalyticsEndpoints|APIKeyEndpoints|AuditEndpoints)\b|\bcallAPI\b'
if found=$(grep -rnE "$api" Sources/SceneLinkService/Console | grep -vE '^[^:]+:[0-9]+:\s*///'); then
  echo "The console must call operations (Sources/SceneLinkService/Operator), not the API's endpoint types:"
  echo "$found"
  status=1
else
  echo "console: no API endpoint type and no callAPI under Sources/SceneLinkService/Console"
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
builder=Sources/SceneLinkService/LinkPages/HTMLDocument.swift
if found=$(grep -rnE '(^|[^A-Za-z0-9_])(open|close)\("|\b(openTable|closeTable)\(' Sources --include='*.swift' \
             | grep -v "^$builder:" | grep -vE '^[^:]+:[0-9]+:\s*///'); then
  echo "HTML elements are written with HTMLDocument's element/void/table writers, not open(\"TAG\")/close(\"TAG\") calls:"
  echo "$found"
  status=1
else
  echo "HTML: no open(\"TAG\")/close(\"TAG\") or openTable/closeTable call outside $builder"
fi
exit $status
