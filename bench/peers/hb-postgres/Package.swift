// swift-tools-version:6.0
// The fair peer for bench/postgres.sh: what a team would write with Hummingbird 2 and
// PostgresNIO for SceneLink's restore and save on the same database. Its own package: the
// product keeps no dependencies.
import PackageDescription

let package = Package(
    name: "hbpg",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    ],
    targets: [
        .executableTarget(name: "hbpg", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
    ]
)
