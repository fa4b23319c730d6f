import SceneLinkCore

/// A libFuzzer target over link parsing and matching: each input is a link resolved against
/// the kitchen-sink table (examples/kitchen-sink.json, as the binary carries it: `BuiltInRoutes`). Every format must
/// agree with the resolved stack (the CodableRepresentation and elements as the stack's own
/// encoding, the document carrying both), and no format may answer where `resolve` fails. Every successful stack is printed back to a link, which must
/// resolve to the same stack; the CodableRepresentation must round-trip through
/// `stack(fromNavigationPath:)` and `repair` must keep all of it.
/// Any mismatch traps, which libFuzzer records as a finding.
///
/// Built normally, `FuzzResolve FILE...` replays inputs (crash reproducers, a corpus).
enum FuzzResolve {
    static let table: RouteTable? = BuiltInRoutes.example(named: "kitchen-sink").flatMap { try? RouteTable(routeFile: Array($0.utf8)) }

    static func check(_ data: [UInt8]) {
        guard let table, let link = String(validating: data, as: UTF8.self) else { return }
        guard let resolved = try? table.resolve(link) else {
            for format in ResolveFormat.allCases where (try? table.resolve(link, format: format)) != nil {
                fail("format \(format) answers a link resolve rejects", link)
            }
            return
        }
        let bytes = NavigationPathEncoding.codableRepresentation(resolved.elements)
        guard let written = try? table.navigationPath(for: link), written == bytes else { fail("navigationPath differs", link) }
        let elements = NavigationPathEncoding.elements(resolved.elements)
        guard let writtenElements = try? table.resolve(link, format: .elements), writtenElements == elements else {
            fail("elements differ", link)
        }
        guard let document = try? table.resolve(link, format: .document),
              contains(document, Array(",\"elements\":".utf8) + elements + Array(",\"navigationPath\":".utf8) + bytes) else {
            fail("the resolve document does not carry the stack", link)
        }
        guard let decoded = try? table.stack(fromNavigationPath: bytes), decoded == resolved.elements else {
            fail("CodableRepresentation does not decode back", link)
        }
        guard let repaired = table.repair(navigationPath: bytes), repaired.dropped == 0 else { fail("repair dropped elements", link) }
        guard let links = try? table.links(for: resolved.elements, selection: resolved.selection) else {
            fail("no canonical link for a resolved stack", link)
        }
        for printed in [links.scheme, links.https].compactMap({ $0 }) {
            guard let again = try? table.resolve(printed), again.elements == resolved.elements,
                  again.selection == resolved.selection else { fail("canonical link \(printed) resolves elsewhere", link) }
        }
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    static func fail(_ what: String, _ link: String) -> Never {
        // Deliberate trap: this is a fuzz harness, and a trap is how it reports a finding.
        fatalError("FuzzResolve: \(what) for \(link.debugDescription)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolveOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    FuzzResolve.check(Array(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
#else
import Foundation

@main struct Replay {
    static func main() {
        guard FuzzResolve.table != nil else {
            print("the embedded kitchen-sink route file does not load")
            exit(1)
        }
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(1)
            }
            FuzzResolve.check(Array(data))
            print("ok: \(path)")
        }
    }
}
#endif

