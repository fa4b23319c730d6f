#!/usr/bin/env bash
# Proves `scenelink generate swift` and `generate swift-tests` (issue 18) by compiling their output.
#
#   scripts/check-generated-swift.sh [ROUTEFILE...]
#
# Default route files: examples/*.json and the two-module fixture
# Tests/SceneLinkSwiftGeneratorTests/Fixtures/shop.json. For them, in one scratch Swift package
# (reused between runs, so later runs are incremental):
#   1. every module's generated types (--access public) in a target of its own, and its
#      generated swift-tests file in a test target, built with warnings as errors (Swift 6);
#   2. the drift tests pass against the generated types;
#   3. every sample link of every route (scenelink-generate sample-links) is resolved by the
#      scenelink binary (`resolve --format navigationPath`), and each [tag, json] pair decodes with
#      JSONDecoder into the generated type and encodes back to the same JSON value;
#   4. the Links builders print what POST /v1/links prints (LinkPrinter) for the same stacks;
#   5. the swift-tests file fails against a drifted copy of one module: a raw value changed
#      (the test run fails naming the tag), then a case renamed (the test target does not build);
#   6. the SceneLinkGenerate build plugin generates examples/fuelmoney.json's types at build time
#      for a target that lists it as scenelink-routes.json, in the package docs/ios-quick-start.md
#      describes: its manifest and non-SwiftUI code verbatim (skipped when route files are given).
# Environment: SCENELINK_SCRATCH (the repository's build folder, default .build),
# SCENELINK_GEN_CHECK_DIR (the scratch package, default .build-gen-check).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=${SCENELINK_SCRATCH:-$root/.build}
work=${SCENELINK_GEN_CHECK_DIR:-$root/.build-gen-check}
start=$(date +%s)
say() { printf '  %s\n' "$*"; }
fail() { printf 'check-generated-swift: %s\n' "$*" >&2; exit 1; }

if [ $# -gt 0 ]; then files=("$@"); else
  files=(examples/*.json Tests/SceneLinkSwiftGeneratorTests/Fixtures/shop.json)
fi

swift build --scratch-path "$scratch" --product scenelink 2>&1 | grep -E 'error|warning: ' || true
swift build --scratch-path "$scratch" --product scenelink-generate 2>&1 | grep -E 'error|warning: ' || true
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
scenelink=$bin/scenelink
generate=$bin/scenelink-generate
[ -x "$scenelink" ] && [ -x "$generate" ] || fail "the scenelink binaries did not build"

pkg=$work/package
rm -rf "$pkg/Sources" "$pkg/Tests"
mkdir -p "$pkg/Sources" "$pkg/Tests/RoundTripTests"

# Module name -> its route file, and the modules each module imports.
declare -A owner=()
targets=""
fixture="$pkg/Tests/RoundTripTests/Fixture.swift"
{
  echo "// The server's navigationPath for every sample link (scenelink resolve --format navigationPath)."
  echo "let fixture: [(file: String, link: String, navigationPath: String)] = ["
} > "$fixture"
all_modules=()
for file in "${files[@]}"; do
  name=$(basename "$file")
  modules=$("$generate" modules "$file" | paste -sd' ' -)
  [ -n "$modules" ] || fail "$file: no module found (does it declare types?)"
  for module in $modules; do
    [ -z "${owner[$module]:-}" ] || fail "module $module is in $file and in ${owner[$module]}; check them in separate runs"
    owner[$module]=$file
    all_modules+=("$module")
    mkdir -p "$pkg/Sources/$module" "$pkg/Tests/${module}DriftTests"
    "$generate" swift "$file" --module "$module" --access public --output "$pkg/Sources/$module/SceneLinkTypes.swift"
    "$generate" swift-tests "$file" --module "$module" --output "$pkg/Tests/${module}DriftTests/SceneLinkRouteFileTests.swift"
    "$generate" links-check "$file" --module "$module" --output "$pkg/Tests/${module}DriftTests/LinksCheck.swift"
    # Determinism: a second run gives the same bytes.
    "$generate" swift "$file" --module "$module" --access public | cmp -s - "$pkg/Sources/$module/SceneLinkTypes.swift" \
      || fail "$file: generate swift --module $module is not deterministic"
    deps=$(grep -h '^import ' "$pkg/Sources/$module/SceneLinkTypes.swift" "$pkg/Tests/${module}DriftTests/"*.swift \
      | awk '{print $2}' | grep -vx -e Foundation -e Testing -e "$module" | sort -u | sed 's/.*/"&"/' | paste -sd, - || true)
    source_deps=$(grep -h '^import ' "$pkg/Sources/$module/SceneLinkTypes.swift" | awk '{print $2}' \
      | grep -vx -e Foundation | sort -u | sed 's/.*/"&"/' | paste -sd, - || true)
    targets+="        .target(name: \"$module\", dependencies: [${source_deps}]),"$'\n'
    targets+="        .testTarget(name: \"${module}DriftTests\", dependencies: [\"$module\"${deps:+, $deps}]),"$'\n'
  done
  count=0
  while IFS= read -r link; do
    [ -n "$link" ] || continue
    path=$("$scenelink" resolve "$link" --routes "$file" --format navigationPath) \
      || fail "$file: the sample link $link does not resolve"
    printf '    (file: %s, link: #"%s"#, navigationPath: #"%s"#),\n' "\"$name\"" "$link" "$path" >> "$fixture"
    count=$((count + 1))
  done < <("$generate" sample-links "$file")
  say "$name: modules ${modules}; $count sample links resolved by the server"
done
echo "]" >> "$fixture"

registries=""
for module in "${all_modules[@]}"; do registries+="    $module.SceneLinkTypes.byTag,"$'\n'; done
cat > "$pkg/Tests/RoundTripTests/RoundTripTests.swift" <<SWIFT
import Foundation
import Testing
$(for module in "${all_modules[@]}"; do echo "import $module"; done)

private let registries: [[String: any (Codable & Hashable & Sendable).Type]] = [
$registries    ["Swift.Int": Int.self, "Swift.String": String.self, "Swift.Bool": Bool.self,
     "Swift.Double": Double.self, "Foundation.UUID": UUID.self],
]

/// A JSON value, to compare the server's item with what the generated type encodes.
private indirect enum JSONShape: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONShape]), object([String: JSONShape])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONShape].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONShape].self)) }
    }
}

private func roundTrip<T: Codable>(_ type: T.Type, _ item: String) throws -> Data {
    let value = try JSONDecoder().decode(T.self, from: Data(item.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(value)
}

@Test func everyServerItemRoundTripsThroughTheGeneratedTypes() throws {
    var pairs = 0
    for entry in fixture {
        let strings = try JSONDecoder().decode([String].self, from: Data(entry.navigationPath.utf8))
        #expect(strings.count % 2 == 0, "\(entry.link)")
        for index in stride(from: 0, to: strings.count - 1, by: 2) {
            let (tag, item) = (strings[index], strings[index + 1])
            guard let type = registries.lazy.compactMap({ \$0[tag] }).first else {
                Issue.record("\(entry.file) \(entry.link): no generated type has the tag \(tag)")
                continue
            }
            if !["Swift.Int", "Swift.String", "Swift.Bool", "Swift.Double", "Foundation.UUID"].contains(tag) {
                #expect(String(reflecting: type) == tag, "\(entry.link): String(reflecting:) of the generated type")
            }
            do {
                let again = try roundTrip(type, item)
                let before = try JSONDecoder().decode(JSONShape.self, from: Data(item.utf8))
                let after = try JSONDecoder().decode(JSONShape.self, from: again)
                #expect(before == after, "\(entry.link): \(tag) \(item) came back as \(String(decoding: again, as: UTF8.self))")
            } catch {
                Issue.record("\(entry.file) \(entry.link): \(tag) \(item) does not round-trip: \(error)")
            }
            pairs += 1
        }
    }
    print("round-tripped \(pairs) [tag, json] pairs of \(fixture.count) links")
    #expect(pairs > 0)
}
SWIFT

write_manifest() { # $1: package dir, $2: target lines
  cat > "$1/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GeneratedSwiftCheck",
    targets: [
$2    ],
    swiftLanguageModes: [.v6]
)
SWIFT
}
deps_all=$(printf '"%s",' "${all_modules[@]}")
write_manifest "$pkg" "$targets        .testTarget(name: \"RoundTripTests\", dependencies: [${deps_all%,}]),"$'\n'

say "building the generated package (warnings are errors) and running its tests"
log=$work/test.log
if ! swift test --package-path "$pkg" -Xswiftc -warnings-as-errors > "$log" 2>&1; then
  grep -E 'error|failed|✘|recorded an issue' "$log" | head -40 >&2
  fail "the generated Swift does not build or its tests fail (log: $log)"
fi
grep -E 'round-tripped' "$log" | sed 's/^/  /'
grep -E 'Test run with' "$log" | sed 's/^/  /'

# Drift: one module with an enum with raw values, copied with one raw value changed, then a case renamed.
drift_module=""
for pattern in '^ *case [A-Za-z_][A-Za-z0-9_]* = -?[0-9]+$' '^ *case [A-Za-z_][A-Za-z0-9_]* = '; do
  for module in "${all_modules[@]}"; do
    if grep -Eq "$pattern" "$pkg/Sources/$module/SceneLinkTypes.swift"; then drift_module=$module; break 2; fi
  done
done
[ -n "$drift_module" ] || fail "no module has an enum with raw values to drift"
drift=$work/drift
rm -rf "$drift/Sources" "$drift/Tests"
mkdir -p "$drift/Sources/$drift_module" "$drift/Tests/DriftTests"
cp "$pkg/Tests/${drift_module}DriftTests/SceneLinkRouteFileTests.swift" "$drift/Tests/DriftTests/"
# The drifted module's imports must be available: copy the modules it needs as they are.
drift_targets=""
needed=$(grep -h '^import ' "$pkg/Sources/$drift_module/SceneLinkTypes.swift" "$drift/Tests/DriftTests/"*.swift \
  | awk '{print $2}' | grep -vx -e Foundation -e Testing -e "$drift_module" | sort -u || true)
for module in $needed; do
  mkdir -p "$drift/Sources/$module"
  cp "$pkg/Sources/$module/SceneLinkTypes.swift" "$drift/Sources/$module/"
  drift_targets+="        .target(name: \"$module\"),"$'\n'
done
needed_list=$(for m in $needed; do printf ', "%s"' "$m"; done)
src_needed=$(grep -h '^import ' "$pkg/Sources/$drift_module/SceneLinkTypes.swift" | awk '{print $2}' | grep -vx Foundation | sed 's/.*/"&"/' | paste -sd, - || true)
drift_targets+="        .target(name: \"$drift_module\", dependencies: [${src_needed}]),"$'\n'
drift_targets+="        .testTarget(name: \"DriftTests\", dependencies: [\"$drift_module\"$needed_list]),"$'\n'
write_manifest "$drift" "$drift_targets"

original=$pkg/Sources/$drift_module/SceneLinkTypes.swift
line=$(grep -nE '^ *case [A-Za-z_][A-Za-z0-9_]* = -?[0-9]+$' "$original" | head -1 || true)
[ -n "$line" ] || line=$(grep -nE '^ *case [A-Za-z_][A-Za-z0-9_]* = ' "$original" | head -1)
number=${line%%:*}
text=${line#*:}
case_name=$(echo "$text" | sed -E 's/^ *case ([A-Za-z_][A-Za-z0-9_]*) = .*/\1/')
if echo "$text" | grep -Eq '= -?[0-9]+$'; then
  changed=$(echo "$text" | sed -E 's/= (-?[0-9]+)$/= 90\1/')
else
  changed=$(echo "$text" | sed -E 's/"$/-drifted"/')
fi
awk -v n="$number" -v t="$changed" 'NR == n { print t; next } { print }' "$original" > "$drift/Sources/$drift_module/SceneLinkTypes.swift"
say "drift 1: $drift_module: '$(echo "$text" | sed 's/^ *//')' changed to '$(echo "$changed" | sed 's/^ *//')'"
if swift test --package-path "$drift" > "$work/drift1.log" 2>&1; then
  fail "the swift-tests file passed against a copy with a raw value changed (log: $work/drift1.log)"
fi
grep -q 'error:' "$work/drift1.log" && ! grep -q 'recorded an issue' "$work/drift1.log" \
  && fail "drift 1 should fail at run time, not at build time (log: $work/drift1.log)"
grep -E '^↳ (types|route)' "$work/drift1.log" | head -3 | cut -c1-200 | sed 's/^/    /'

sed -E "${number}s/case $case_name /case ${case_name}Renamed /" "$original" > "$drift/Sources/$drift_module/SceneLinkTypes.swift"
say "drift 2: $drift_module: case $case_name renamed to ${case_name}Renamed"
if swift test --package-path "$drift" > "$work/drift2.log" 2>&1; then
  fail "the swift-tests file passed against a copy with a case renamed (log: $work/drift2.log)"
fi
grep -E "error: .*$case_name" "$work/drift2.log" | head -2 | sed 's/^/    /'

if [ $# -eq 0 ]; then
  # The app package of docs/ios-quick-start.md: its manifest verbatim (plus a test target), with
  # ../scenelink a link to this repository, so the dependency and plugin lines are the guide's
  # own (the package is named after that folder); its non-SwiftUI code compiles against the
  # library and the types the plugin generated (the Keychain calls through the test stand-in
  # where there is no Security framework).
  ln -sfn "$root" "$work/scenelink"
  app=$work/plugin-app
  rm -rf "$app/Sources" "$app/Tests"
  mkdir -p "$app/Sources/FuelMoney" "$app/Tests/FuelMoneyTests"
  cp examples/fuelmoney.json "$app/Sources/FuelMoney/scenelink-routes.json"
  guide=docs/ios-quick-start.md
  awk '/^```swift$/ { block = ""; inside = 1; next }
       /^```$/ && inside { if (block ~ /^\/\/ swift-tools-version/) printf "%s", block; inside = 0; next }
       inside { block = block $0 "\n" }' "$guide" \
    | sed 's|^        ),$|        ),\n        .testTarget(name: "FuelMoneyTests", dependencies: ["FuelMoney"]),|' > "$app/Package.swift"
  grep -q '.package(path: "../scenelink")' "$app/Package.swift" && grep -q 'testTarget' "$app/Package.swift" \
    || fail "$guide has no package manifest with .package(path: \"../scenelink\") and a target to add the test target to"
  {
    printf 'import Foundation\nimport SceneLinkClient\n#if canImport(Security)\nimport Security\n#endif\n\n'
    awk '/^```swift$/ { block = ""; inside = 1; next }
         /^```$/ && inside { if (block !~ /SwiftUI|some View|swift-tools-version/) printf "%s\n", block; inside = 0; next }
         inside { block = block $0 "\n" }' "$guide"
  } > "$app/Sources/FuelMoney/QuickStart.swift"
  grep -q 'func restoreAtLaunch' "$app/Sources/FuelMoney/QuickStart.swift" || fail "$guide lost its launch helper"
  cp Tests/SceneLinkClientTests/KeychainStandIn.swift "$app/Sources/FuelMoney/"
  cat > "$app/Sources/FuelMoney/Share.swift" <<'SWIFT'
import Foundation

/// The app's own code uses the types the plugin generated at build time.
public func accountLink() -> URL? { Links.settings.account().https }
public let start: [HomePath] = [.setting, .account]
SWIFT
  cat > "$app/Tests/FuelMoneyTests/PluginTests.swift" <<'SWIFT'
import Foundation
import SceneLinkClient
import Testing
@testable import FuelMoney

@Test func thePluginGeneratedTheTypesAndLinks() {
    #expect(String(reflecting: HomePath.self) == "FuelMoney.HomePath")
    #expect(accountLink()?.absoluteString == "https://fuelmoney.example.com/settings/account")
}

@Test func theQuickStartCodeIsTheAppsOwn() {
    let launch: (NavigationState, SessionKeychain) async throws(SceneLinkError) -> Data? = restoreAtLaunch
    _ = launch
    #expect(SessionKeychain().service == "com.example.fuelmoney.scenelink")
}
SWIFT
  say "build plugin and quick start: the guide's manifest, its code, and the types generated at build time"
  if ! swift test --package-path "$app" > "$work/plugin.log" 2>&1; then
    grep -E 'error|✘' "$work/plugin.log" | head -20 >&2
    fail "the quick start's package (the SceneLinkGenerate plugin, its code) did not build or pass (log: $work/plugin.log)"
  fi
  grep -E 'Test run with' "$work/plugin.log" | sed 's/^/  /'
fi

say "ok: generated Swift builds, round-trips the server's items and catches drift ($(( $(date +%s) - start )) s)"
