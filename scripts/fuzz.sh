#!/usr/bin/env bash
# Builds a libFuzzer target and runs it for a given time.
#
#   scripts/fuzz.sh PRODUCT SECONDS      e.g. scripts/fuzz.sh FuzzHTTPDecoder 60
#
# Corpus: fuzz/corpus/PRODUCT (committed seeds; new finds are written to a scratch copy so
# the committed seeds stay small). Crashes go to fuzz-artifacts/PRODUCT/. Exits non-zero
# when libFuzzer reports a crash, leak or timeout. Replay one with a normal build:
#   swift run PRODUCT fuzz-artifacts/PRODUCT/crash-...
set -euo pipefail

product="${1:?usage: scripts/fuzz.sh PRODUCT SECONDS}"
seconds="${2:?usage: scripts/fuzz.sh PRODUCT SECONDS}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# One --sanitize=fuzzer for the link step and one -sanitize=fuzzer,address for the Swift
# compiler: two separate --sanitize flags silently drop coverage with Swift 6.3, and the
# entry file must not be main.swift (-parse-as-library).
# gold warns once per ASan helper symbol it cannot export: hundreds of harmless lines, left out.
build_log="$(mktemp)"
if ! swift build -c debug --product "$product" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -parse-as-library -Xswiftc -DFUZZING \
    --scratch-path .build-fuzz >"$build_log" 2>&1; then
    grep -v "Cannot export local symbol '__asan" "$build_log"
    echo "fuzz: building $product failed" >&2
    exit 1
fi
grep -v "Cannot export local symbol '__asan" "$build_log" | tail -n 2
rm -f "$build_log"
binary="$(swift build -c debug --product "$product" --scratch-path .build-fuzz --show-bin-path \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING)/$product"

seeds="fuzz/corpus/$product"
work=".build-fuzz/corpus/$product"
artifacts="fuzz-artifacts/$product"
mkdir -p "$seeds" "$work" "$artifacts"
log="$artifacts/fuzz.log"

# Per-product LeakSanitizer suppressions, each with its reason inside the file.
if [ -f "fuzz/$product.lsan.supp" ]; then
    export LSAN_OPTIONS="suppressions=$root/fuzz/$product.lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi

status=0
"$binary" "$work" "$seeds" \
    -max_total_time="$seconds" \
    -artifact_prefix="$artifacts/" \
    -print_final_stats=1 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    >"$log" 2>&1 || status=$?

tail -n 25 "$log"
executions="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo unknown)"
echo "fuzz: $product ran ${seconds}s, $executions executions, exit status $status (log: $log)"
if [ "$status" -ne 0 ]; then
    echo "fuzz: $product FOUND A FAILURE; inputs in $artifacts/" >&2
    exit 1
fi
