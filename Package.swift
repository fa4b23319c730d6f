// swift-tools-version:6.0
import PackageDescription

// SceneLink: deep-link resolution to whole NavigationPath back stacks, and
// SceneStorage-style scene state on the server. No package dependencies.
// SPDX-License-Identifier: Apache-2.0 (the LICENSE file).
//
// Layers (dependencies point one way):
//   SceneLinkText     byte-level text helpers both of the next two need: percent-decoding,
//                     hex digits, JSON string escaping. No Foundation.
//   SceneLinkCore     domain: routes, trie, NavigationPath encoding, scene-state model. No I/O.
//   SceneLinkNetwork  sockets, the resolver, IP addresses and their scopes, the monotonic clock. No HTTP.
//   SceneLinkHTTP     HTTP/1.1 on sockets + Dispatch. Knows nothing of deep links.
//   CSQLite           system library: libsqlite3.
//   SceneLinkSQLite   the SQLite scene-state and short-link store.
//   CLibPQ            system library: libpq, PostgreSQL's C client.
//   CLibCurl          system library: libcurl, which sends webhook attempts.
//   SceneLinkPostgres the PostgreSQL scene-state and short-link store (several instances share one database).
//   SceneLinkService  wiring: endpoints, problem mapping, configuration.
//   scenelink         the executable.
//   SceneLinkClient   the library an app adds: Foundation only, none of the targets above.
let package = Package(
    name: "SceneLink",
    // For apps that add SceneLinkClient (NavigationStack needs iOS 16 / macOS 13); Linux ignores it.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "SceneLinkClient", targets: ["SceneLinkClient"]),
        .executable(name: "scenelink", targets: ["scenelink"]),
        .executable(name: "scenelink-generate", targets: ["scenelink-generate"]),
        .plugin(name: "SceneLinkGenerate", targets: ["SceneLinkGenerate"]),
        .executable(name: "FuzzHTTPDecoder", targets: ["FuzzHTTPDecoder"]),
        .executable(name: "FuzzResolve", targets: ["FuzzResolve"]),
        .executable(name: "FuzzAnalytics", targets: ["FuzzAnalytics"]),
        .executable(name: "ResolveBench", targets: ["ResolveBench"]),
        .executable(name: "QRBench", targets: ["QRBench"]),
        .executable(name: "UniquesBench", targets: ["UniquesBench"]),
        .executable(name: "LinkReadings", targets: ["LinkReadings"]),
        .executable(name: "DispatchFloor", targets: ["DispatchFloor"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "SceneLinkText"),
        .target(name: "SceneLinkCore", dependencies: ["SceneLinkText"]),
        // The networking layer under the server, the webhook egress guard and `scenelink healthcheck`.
        .target(name: "SceneLinkNetwork"),
        .target(name: "SceneLinkHTTP", dependencies: ["SceneLinkText", "SceneLinkNetwork"]),
        // Swift from the route file (`scenelink generate swift|swift-tests`): the domain only.
        .target(name: "SceneLinkSwiftGenerator", dependencies: ["SceneLinkCore"]),
        .executableTarget(name: "scenelink-generate", dependencies: ["SceneLinkSwiftGenerator"]),
        .plugin(name: "SceneLinkGenerate", capability: .buildTool(), dependencies: ["scenelink-generate"]),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "SceneLinkSQLite", dependencies: ["CSQLite", "SceneLinkCore"]),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        .target(name: "SceneLinkPostgres", dependencies: ["CLibPQ", "SceneLinkCore"]),
        .systemLibrary(
            name: "CLibCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // What an operator can do, each operation checking its caller's permission and writing its audit
        // entry, and the doors both front ends share: routes with their policies, guards, rate limits,
        // problems, pages. The link pages' strings are data (LinkPages/Strings/*.json), embedded by
        // scripts/embed-page-strings.sh.
        .target(name: "SceneLinkOperations", dependencies: ["SceneLinkText", "SceneLinkCore", "SceneLinkNetwork", "SceneLinkHTTP"],
                exclude: ["LinkPages/Strings"]),
        // The console: pages and forms over the operations, never over the JSON API's handlers.
        .target(name: "SceneLinkConsole", dependencies: ["SceneLinkText", "SceneLinkCore", "SceneLinkNetwork", "SceneLinkHTTP", "SceneLinkOperations"]),
        .target(name: "SceneLinkService", dependencies: ["SceneLinkText", "SceneLinkCore", "SceneLinkNetwork", "SceneLinkHTTP", "SceneLinkSQLite",
                                                         "SceneLinkPostgres", "SceneLinkSwiftGenerator", "CLibCurl",
                                                         "SceneLinkOperations", "SceneLinkConsole"]),
        .executableTarget(name: "scenelink", dependencies: ["SceneLinkService"]),
        // The client library depends on Foundation only, so an app that adds it builds none of the server.
        .target(name: "SceneLinkClient"),
        // libFuzzer entry points. Built normally they replay files given on the command line;
        // scripts/fuzz.sh builds them with -sanitize=fuzzer and -DFUZZING.
        .executableTarget(name: "FuzzHTTPDecoder", dependencies: ["SceneLinkHTTP"]),
        .executableTarget(name: "FuzzResolve", dependencies: ["SceneLinkCore"]),
        .executableTarget(name: "FuzzAnalytics", dependencies: ["SceneLinkCore"]),
        // In-process resolve benchmark (bench/resolve.sh runs it in release mode).
        .executableTarget(name: "ResolveBench", dependencies: ["SceneLinkCore"], path: "bench/ResolveBench"),
        // In-process QR encoding beside libqrencode (bench/qr.sh runs it in release mode).
        .executableTarget(name: "QRBench", dependencies: ["SceneLinkCore"], path: "bench/QRBench"),
        // The distinct-visitor count's error and memory (bench/uniques_error.sh).
        .executableTarget(name: "UniquesBench", dependencies: ["SceneLinkCore"], path: "bench/UniquesBench"),
        // How SceneLink reads links, for scripts/whatwg_differential.py.
        .executableTarget(name: "LinkReadings", dependencies: ["SceneLinkCore", "SceneLinkText"]),
        // The design's floor: the same Dispatch loop with no HTTP (bench/floor.sh).
        .executableTarget(name: "DispatchFloor", path: "bench/DispatchFloor"),
        .testTarget(name: "SceneLinkTextTests", dependencies: ["SceneLinkText"]),
        // Fixtures/: data the tests read at run time (user-agents.json for the visit classifier).
        .testTarget(name: "SceneLinkCoreTests", dependencies: ["SceneLinkCore"], exclude: ["Fixtures"]),
        .testTarget(name: "SceneLinkNetworkTests", dependencies: ["SceneLinkNetwork"]),
        .testTarget(name: "SceneLinkHTTPTests", dependencies: ["SceneLinkHTTP", "SceneLinkNetwork"]),
        .testTarget(name: "SceneLinkSwiftGeneratorTests", dependencies: ["SceneLinkSwiftGenerator", "SceneLinkCore"], exclude: ["Fixtures"]),
        // SQLite only: the writer, the cache, opening, checkpoints, rows.
        .testTarget(name: "SceneLinkSQLiteTests", dependencies: ["CSQLite", "SceneLinkSQLite", "SceneLinkCore"]),
        // The store contract: the behaviour every store shares, run on each of them: SQLite (a file and
        // :memory:), the in-memory fake, and PostgreSQL when SCENELINK_TEST_POSTGRES names a test database.
        .testTarget(name: "SceneLinkStoreContractTests", dependencies: ["SceneLinkSQLite", "SceneLinkPostgres", "SceneLinkCore"]),
        // PostgreSQL only: the pool's and store's fault paths (without a database where they can
        // be), and several instances on one database when SCENELINK_TEST_POSTGRES names one.
        .testTarget(name: "SceneLinkPostgresTests", dependencies: ["SceneLinkPostgres", "SceneLinkCore"]),
        .testTarget(name: "SceneLinkOperationsTests", dependencies: ["SceneLinkOperations", "SceneLinkHTTP", "SceneLinkNetwork", "SceneLinkCore"]),
        .testTarget(name: "SceneLinkServiceTests", dependencies: ["SceneLinkService", "SceneLinkNetwork", "SceneLinkHTTP", "SceneLinkCore", "SceneLinkText",
                                                                 "SceneLinkPostgres", "SceneLinkSQLite", "SceneLinkOperations", "SceneLinkConsole"],
                    exclude: ["CommandLine/Fixtures"]),
        // Runs the client against the real server in process.
        .testTarget(name: "SceneLinkClientTests", dependencies: ["SceneLinkClient", "SceneLinkService", "SceneLinkOperations", "SceneLinkCore"]),
    ],
    swiftLanguageModes: [.v6]
)
