// libFuzzer entry point for link parsing and matching.
//
// Each input is a link, resolved in every format against the kitchen-sink route table
// (examples/kitchen-sink.json, read from the working directory; the built-in FuelMoney app
// if that file is absent). A link that resolves must print back to canonical links that
// resolve to the same stack; the input is also offered to stack repair as a stored path.
// Built by scripts/fuzz.sh with -sanitize=fuzzer and -DFUZZING; built normally, this is a
// replay tool: `swift run FuzzResolve fuzz-artifacts/FuzzResolve/crash-…`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SceneLinkCore

/// The table every input runs against, loaded once.
let table: RouteTable = {
    if let data = FileManager.default.contents(atPath: "examples/kitchen-sink.json"),
       let table = try? RouteTable(routeFile: Array(data)) {
        return table
    }
    do {
        return try BuiltInRoutes.fuelMoneyTable()
    } catch {
        printError("the built-in route table does not load: \(error)")
        exit(1)
    }
}()

func exercise(_ bytes: [UInt8]) -> String {
    _ = table.repair(navigationPath: bytes)
    let link = String(decoding: bytes, as: UTF8.self)
    for format in ResolveFormat.allCases {
        _ = try? table.resolve(link, format: format)
    }
    guard let stack = try? table.navigationPath(for: link) else { return "no match" }
    // Round trip: the canonical links of the stack resolve to the same stack.
    let links: CanonicalLinks
    do {
        links = try table.links(forJSON: stack)
    } catch {
        printError("\(link) resolved to \(String(decoding: stack, as: UTF8.self)) but no link prints for it: \(error)")
        abort()
    }
    for canonical in [links.scheme, links.https].compactMap({ $0 }) {
        guard let again = try? table.navigationPath(for: canonical), again == stack else {
            printError("\(link) → \(String(decoding: stack, as: UTF8.self)) → \(canonical) does not resolve back")
            abort()
        }
    }
    return String(decoding: stack, as: UTF8.self)
}

/// Writes one line to standard error.
func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    _ = exercise(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: FuzzResolve FILE... (replays links through resolution and printing)")
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                printError("cannot read \(path)")
                exit(1)
            }
            print("\(path): \(exercise(Array(data)))")
        }
    }
}
#endif
